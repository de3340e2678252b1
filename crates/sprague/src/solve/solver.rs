//! [`Solver`]: Grundy values, outcomes and winning moves of sums, for any
//! ruleset, memoised and iterative.

use super::{dense, Limits};
use crate::rules::{check_sum, Convention, HeapMoves, Moves, Ruleset};
use crate::{Error, Nimber, Outcome, Result};
use std::collections::{HashMap, HashSet};

/// A source of heap values known by other means (a proven pattern), asked
/// before any table or search.
pub type HeapOracle<'a> = Box<dyn Fn(u64) -> Option<Nimber> + Send + Sync + 'a>;

/// Heaps of a game with listed moves ([`HeapMoves::Listed`]) below this are
/// valued from a dense table; larger ones by search, which visits only the
/// heaps that the moves reach.
const LISTED_TABLE: u64 = 1 << 16;

/// A move in a sum that leaves the opponent a losing position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove<P> {
    /// Which component (0-based) the move is made in.
    pub component: usize,
    /// The ruleset's label of the move in that component.
    pub label: String,
    /// What the component becomes: the move's parts (none if erased).
    pub parts: Vec<P>,
}

impl<P: Clone> WinningMove<P> {
    /// The whole sum after the move: the other components as they were,
    /// this one replaced by the move's parts.
    ///
    /// # Errors
    /// [`Error::BadPosition`] when the move's component is not in `sum` (a
    /// move found for another sum).
    pub fn apply(&self, sum: &[P]) -> Result<Vec<P>> {
        if self.component >= sum.len() {
            return Err(Error::BadPosition {
                text: format!("component {}", self.component + 1),
                reason: format!(
                    "the move `{}` is for a sum of more than {} components",
                    self.label,
                    sum.len()
                ),
            });
        }
        let mut result = sum[..self.component].to_vec();
        result.extend_from_slice(&self.parts);
        result.extend_from_slice(&sum[self.component + 1..]);
        Ok(result)
    }
}

/// Solves positions of one ruleset, remembering what it has computed.
///
/// # Examples
/// ```
/// use sprague::rules::Divide;
/// use sprague::solve::{Limits, Solver};
/// use sprague::{Nimber, Outcome};
///
/// let fdiv = Divide { divisors: vec![2, 3, 4, 5, 6] };
/// let mut s = Solver::new(&fdiv, Limits::default());
/// assert_eq!(s.grundy(&12).unwrap(), Nimber(1));
/// assert_eq!(s.outcome(&[1, 3, 5]).unwrap(), Outcome::P);
/// // Works far beyond any table: only ~10^3 distinct quotients are visited.
/// assert_eq!(s.grundy(&999_999_999_999_999_999).unwrap(), s.grundy(&(999_999_999_999_999_999 / 12)).unwrap());
/// ```
pub struct Solver<'r, R: Ruleset> {
    rules: &'r R,
    limits: Limits,
    memo: HashMap<R::Position, Nimber>,
    outcomes: HashMap<R::Position, Outcome>,
    table: Vec<u32>,
    oracle: Option<HeapOracle<'r>>,
    /// Steps spent by searches so far, against `limits.max_work`.
    work: u64,
}

/// One position being expanded by the iterative search.
struct Frame<P> {
    pos: P,
    moves: Moves<P>,
    next: usize,
}

/// The positions being expanded, root first, with a set to catch loops.
struct Path<P> {
    frames: Vec<Frame<P>>,
    members: HashSet<P>,
}

impl<P: Clone + Eq + std::hash::Hash> Path<P> {
    fn new(root: Frame<P>) -> Self {
        let members = HashSet::from([root.pos.clone()]);
        Path {
            frames: vec![root],
            members,
        }
    }

    fn pop(&mut self) -> Option<Frame<P>> {
        let f = self.frames.pop()?;
        self.members.remove(&f.pos);
        Some(f)
    }
}

impl<'r, R: Ruleset> Solver<'r, R> {
    /// A solver for `rules` within `limits`.
    pub fn new(rules: &'r R, limits: Limits) -> Self {
        Solver {
            rules,
            limits,
            memo: HashMap::new(),
            outcomes: HashMap::new(),
            table: Vec::new(),
            oracle: None,
            work: 0,
        }
    }

    /// Asks `oracle` for heap values before tables and searches.
    pub fn set_heap_oracle(&mut self, oracle: HeapOracle<'r>) {
        self.oracle = Some(oracle);
    }

    /// The rules being solved.
    pub fn rules(&self) -> &'r R {
        self.rules
    }

    /// g(0..=upto) of a heap game, from the dense engine.
    pub fn heap_table(&mut self, upto: u64) -> Result<&[u32]> {
        let moves = self
            .rules
            .heap_moves()
            .ok_or_else(|| crate::rules::not_a_line(self.rules))?;
        dense::extend_within(moves, &mut self.table, upto, &self.limits)?;
        Ok(&self.table[..=upto as usize])
    }

    fn require_normal(&self) -> Result<()> {
        match self.rules.convention() {
            Convention::Normal => Ok(()),
            Convention::Special => Err(Error::Unsupported(format!(
                "`{}` is not played under the normal convention: its positions have no Grundy value and do not add up as sums",
                self.rules.spec()
            ))),
        }
    }

    /// A value known without search: closed form, oracle, table or memo.
    fn known(&self, p: &R::Position) -> Option<Nimber> {
        if let Some(g) = self.rules.closed_grundy(p) {
            return Some(g);
        }
        if let Some(n) = self.rules.heap_size(p) {
            if let Some(g) = self.oracle.as_ref().and_then(|o| o(n)) {
                return Some(g);
            }
            if let Some(&g) = self.table.get(n as usize) {
                return Some(Nimber(g as u64));
            }
        }
        self.memo.get(p).copied()
    }

    /// The Grundy value of one component.
    ///
    /// Heap games within the state limit are served by the dense table; all
    /// else by an iterative depth-first search with an explicit stack.
    ///
    /// # Complexity
    /// Proportional to the positions reachable from `p` times their moves.
    pub fn grundy(&mut self, p: &R::Position) -> Result<Nimber> {
        self.require_normal()?;
        self.rules.check_position(p)?;
        if let Some(g) = self.known(p) {
            return Ok(g);
        }
        if let (Some(n), Some(moves)) = (self.rules.heap_size(p), self.rules.heap_moves()) {
            // A dense table is cheapest when the whole range is wanted anyway
            // (listed moves may skip most heaps, as division does: a table
            // only while it is small).
            let listed = matches!(moves, HeapMoves::Listed(_));
            if n < self.limits.max_states && (!listed || n < LISTED_TABLE) {
                dense::extend_within(moves, &mut self.table, n, &self.limits)?;
                return Ok(Nimber(self.table[n as usize] as u64));
            }
            if !matches!(moves, HeapMoves::Divide(_) | HeapMoves::Listed(_)) {
                // Every option of n is near n: a search would visit them all.
                return Err(Error::LimitExceeded {
                    what: format!("the Grundy value of heap {n} (it needs every value below it)"),
                    limit: self.limits.max_states,
                });
            }
        }
        self.search(p)
    }

    fn check_branching(&self, p: &R::Position) -> Result<()> {
        if self.rules.branching(p) > self.limits.max_states {
            return Err(Error::LimitExceeded {
                what: format!(
                    "listing the moves of `{}`",
                    crate::error::excerpt(&self.rules.format_position(p))
                ),
                limit: self.limits.max_states,
            });
        }
        Ok(())
    }

    fn frame(&mut self, pos: R::Position) -> Result<Frame<R::Position>> {
        self.check_branching(&pos)?;
        let mut moves = Moves::new(false).stopped_by(&self.limits.stop);
        self.rules.moves(&pos, &mut moves)?;
        let before = self.work;
        self.work += moves.len() as u64 + 1;
        self.limits.check_stop()?;
        super::progress::search_steps(before, self.work, self.limits.max_work);
        if self.work > self.limits.max_work {
            return Err(Error::WorkExceeded {
                what: format!(
                    "searching from `{}`",
                    crate::error::excerpt(&self.rules.format_position(&pos))
                ),
                limit: self.limits.max_work,
            });
        }
        Ok(Frame { pos, moves, next: 0 })
    }

    /// Pushes `q` onto the search path, refusing loops and searches that
    /// would remember more than the limit (`remembered` so far).
    fn descend(
        &mut self,
        path: &mut Path<R::Position>,
        q: R::Position,
        remembered: usize,
        what: &str,
        root: &R::Position,
    ) -> Result<()> {
        if path.members.contains(&q) {
            return Err(Error::Loopy(crate::error::excerpt(
                &self.rules.format_position(&q),
            )));
        }
        if (remembered + path.frames.len()) as u64 >= self.limits.max_states {
            return Err(Error::LimitExceeded {
                what: format!(
                    "{what} of `{}`",
                    crate::error::excerpt(&self.rules.format_position(root))
                ),
                limit: self.limits.max_states,
            });
        }
        if remembered >= 1 << 16 && remembered.is_power_of_two() {
            // The memo doubles its room about now: each entry a position
            // and its value, the hash table's slack besides.
            let entry = 2 * (std::mem::size_of::<R::Position>() + 8) as u64;
            self.limits.check_memory(2 * remembered as u64 * entry, || {
                format!(
                    "{what} of `{}`",
                    crate::error::excerpt(&self.rules.format_position(root))
                )
            })?;
        }
        let f = self.frame(q.clone())?;
        path.members.insert(q);
        path.frames.push(f);
        Ok(())
    }

    fn search(&mut self, root: &R::Position) -> Result<Nimber> {
        let mut path = Path::new(self.frame(root.clone())?);
        while let Some(top) = path.frames.last_mut() {
            // Find the next part whose value is still unknown.
            let mut pending = None;
            while top.next < top.moves.all_parts().len() {
                let q = &top.moves.all_parts()[top.next];
                if self.known(q).is_none() {
                    pending = Some(q.clone());
                    break;
                }
                top.next += 1;
            }
            match pending {
                Some(q) => self.descend(&mut path, q, self.memo.len(), "the Grundy value", root)?,
                None => {
                    let f = path.pop().expect("the path is not empty");
                    let mut vals: Vec<u64> = Vec::with_capacity(f.moves.len());
                    for parts in f.moves.iter() {
                        let v: Nimber = parts
                            .iter()
                            .map(|q| self.known(q).expect("parts are solved"))
                            .sum();
                        vals.push(v.0);
                    }
                    self.memo.insert(f.pos, Nimber(crate::mex(vals)));
                }
            }
        }
        Ok(self.memo[root])
    }

    /// The Grundy value of a sum: the xor of its components' values.
    pub fn grundy_of_sum(&mut self, sum: &[R::Position]) -> Result<Nimber> {
        let mut g = Nimber::ZERO;
        for p in sum {
            g += self.grundy(p)?;
        }
        Ok(g)
    }

    /// Who wins the sum `sum` with perfect play.
    ///
    /// # Arguments
    /// * `sum`: the components; an empty sum is a loss for the player to move.
    ///
    /// # Returns
    /// Normal play: N iff the xor of the components' values is non-zero; a
    /// single component is answered from the rules' closed-form outcome
    /// where there is one (Wizards, Wythoff), so its size does not matter.
    /// Special conventions (one component only): an iterative win/loss
    /// search with early exit.
    ///
    /// # Complexity
    /// That of the Grundy values (or the search) it needs; O(1) plus the
    /// closed form for a lone component that has one.
    ///
    /// # Examples
    /// ```
    /// use sprague::rules::Wythoff;
    /// use sprague::solve::{Limits, Solver};
    /// use sprague::Outcome;
    /// let mut s = Solver::new(&Wythoff, Limits::default());
    /// assert_eq!(s.outcome(&[(3, 5)]).unwrap(), Outcome::P);
    /// assert_eq!(s.outcome(&[(1, 2), (3, 5)]).unwrap(), Outcome::P);
    /// assert_eq!(s.outcome(&[(1, 3), (3, 5)]).unwrap(), Outcome::N);
    /// ```
    pub fn outcome(&mut self, sum: &[R::Position]) -> Result<Outcome> {
        check_sum(self.rules, sum)?;
        match self.rules.convention() {
            Convention::Special => match sum {
                [p] => self.special_outcome(p),
                _ => Err(Error::Unsupported(format!(
                    "`{}` positions do not add up as sums: give exactly one position",
                    self.rules.spec()
                ))),
            },
            Convention::Normal => match sum {
                [p] => match self.rules.closed_outcome(p) {
                    Some(o) => Ok(o),
                    None => Ok(self.grundy(p)?.outcome()),
                },
                _ => Ok(self.grundy_of_sum(sum)?.outcome()),
            },
        }
    }

    fn special_outcome(&mut self, root: &R::Position) -> Result<Outcome> {
        let decided = |s: &Self, p: &R::Position| s.rules.decided(p).or_else(|| s.outcomes.get(p).copied());
        if let Some(o) = decided(self, root) {
            return Ok(o);
        }
        let mut path = Path::new(self.frame(root.clone())?);
        while let Some(top) = path.frames.last_mut() {
            let mut result = None;
            let mut pending = None;
            while top.next < top.moves.len() {
                let q = match top.moves.parts(top.next) {
                    [q] => q,
                    [] => {
                        result = Some(Outcome::N); // the move ends the game: the mover wins
                        break;
                    }
                    _ => {
                        return Err(Error::Unsupported(
                            "a move of a special-convention game left a sum".into(),
                        ))
                    }
                };
                match decided(self, q) {
                    Some(Outcome::P) => {
                        result = Some(Outcome::N);
                        break;
                    }
                    // `decided` never answers a draw; treat one as no win.
                    Some(Outcome::N | Outcome::D) => top.next += 1,
                    None => {
                        pending = Some(q.clone());
                        break;
                    }
                }
            }
            if result.is_none() && pending.is_none() {
                result = Some(Outcome::P);
            }
            if let Some(o) = result {
                let f = path.pop().expect("the path is not empty");
                self.outcomes.insert(f.pos, o);
                continue;
            }
            let q = pending.expect("pending is set");
            self.descend(&mut path, q, self.outcomes.len(), "the outcome", root)?;
        }
        Ok(self.outcomes[root])
    }

    /// Every move of the sum that leaves a losing position (none if the sum
    /// is already lost), labelled, in component order.
    ///
    /// A winning move in component c turns the xor x of the sum to 0: it
    /// moves c to an option of value g(c) xor x. A lone component whose
    /// value is out of reach but whose outcome has a closed form is served
    /// by the rules' moves to P-positions, or by the outcome of each move.
    ///
    /// # Returns
    /// The moves, each with its component, label and replacement parts
    /// ([`WinningMove::apply`] gives the whole resulting sum).
    ///
    /// # Complexity
    /// The Grundy values of every component and of every option of every
    /// component, unless the rules list moves to a value directly (Nim).
    ///
    /// # Examples
    /// ```
    /// use sprague::rules::Nim;
    /// use sprague::solve::{Limits, Solver};
    /// let mut s = Solver::new(&Nim, Limits::default());
    /// let m = s.winning_moves(&[3, 4, 5]).unwrap();
    /// assert_eq!(m.len(), 1);
    /// assert_eq!(m[0].apply(&[3, 4, 5]).unwrap(), [1, 4, 5]);
    /// ```
    pub fn winning_moves(&mut self, sum: &[R::Position]) -> Result<Vec<WinningMove<R::Position>>> {
        check_sum(self.rules, sum)?;
        let values = match self.rules.convention() {
            Convention::Normal => match self.grundy_of_sum(sum) {
                Ok(_) => Some(sum.iter().map(|p| self.grundy(p)).collect::<Result<Vec<_>>>()?),
                Err(e @ (Error::LimitExceeded { .. } | Error::WorkExceeded { .. })) => {
                    if sum.len() != 1 || self.rules.closed_outcome(&sum[0]).is_none() {
                        return Err(e);
                    }
                    None
                }
                Err(e) => return Err(e),
            },
            Convention::Special => {
                self.outcome(sum)?;
                None
            }
        };
        let mut out = Vec::new();
        let total: Nimber = values.iter().flatten().copied().sum();
        if values.is_some() && total == Nimber::ZERO {
            return Ok(out);
        }
        for (i, p) in sum.iter().enumerate() {
            let target = values.as_ref().map(|v| v[i] + total);
            let mut moves = Moves::new(true).stopped_by(&self.limits.stop);
            // Without values (a lone component known by its closed-form
            // outcome), the winning moves are the moves to value 0.
            let listed = self
                .rules
                .moves_to_value(p, target.unwrap_or(Nimber::ZERO), &mut moves);
            if !listed {
                self.check_branching(p)?;
                self.rules.moves(p, &mut moves)?;
            }
            for m in 0..moves.len() {
                let parts = moves.parts(m);
                let wins = listed
                    || match target {
                        Some(t) => parts.iter().map(|q| self.grundy(q)).sum::<Result<Nimber>>()? == t,
                        None => self.outcome(parts)? == Outcome::P,
                    };
                if wins {
                    out.push(WinningMove {
                        component: i,
                        label: moves.label(m).to_string(),
                        parts: parts.to_vec(),
                    });
                }
            }
        }
        Ok(out)
    }
}

/// A solver can be moved to and shared between threads (a server's
/// worker, a thread pool), whatever the rules, as long as they can.
#[allow(dead_code)]
fn solvers_are_send_and_sync() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Solver<'static, crate::rules::Nim>>();
    send_sync::<Solver<'static, crate::rules::Dynamic>>();
    send_sync::<crate::rules::Game>();
}
