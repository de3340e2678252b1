//! Tame games in misère play: sums whose every component plays as a
//! position of misère Nim, answered from normal-play values (genus theory,
//! Winning Ways ch. 13; Conway, On Numbers and Games ch. 12).
//!
//! The rule and why it holds are on [`tame`], the crate's entry to it.

use super::Limits;
use crate::rules::{Moves, Ruleset};
use crate::{Error, Outcome, Result};
use std::collections::HashMap;
use std::fmt;

/// How a tame position plays in misère sums: as a nim position of value
/// `value`, fickle (every heap ≤ 1) or `firm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimLike {
    /// The normal-play Grundy value, the xor of the nim heaps it plays as.
    pub value: u64,
    /// Whether it plays as nim heaps with one of at least 2.
    pub firm: bool,
}

impl NimLike {
    /// The empty sum: fickle, value 0.
    pub const ZERO: NimLike = NimLike {
        value: 0,
        firm: false,
    };

    /// The misère outcome of a sum with this label: P iff firm with value
    /// 0 or fickle with value 1.
    pub fn outcome(self) -> Outcome {
        if (self.firm && self.value == 0) || (!self.firm && self.value == 1) {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl std::ops::Add for NimLike {
    type Output = NimLike;

    /// The label of the sum of two tame positions.
    fn add(self, other: NimLike) -> NimLike {
        NimLike {
            value: self.value ^ other.value,
            firm: self.firm || other.firm,
        }
    }
}

impl fmt::Display for NimLike {
    /// Its genus symbol: `0^120`, `1^031`, `0^02`, `1^13`, `5^57`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.value;
        match (self.firm, a) {
            (false, 0) => f.write_str("0^120"),
            (false, _) => f.write_str("1^031"),
            (true, _) if a < 10 && (a ^ 2) < 10 => write!(f, "{a}^{a}{}", a ^ 2),
            (true, _) => write!(f, "{a}^{a},{}", a ^ 2),
        }
    }
}

/// The tame labels of every position some components reach (see
/// [`tame`]).
#[derive(Clone, Debug)]
pub struct Tame<P> {
    labels: HashMap<P, NimLike>,
}

impl<P: Clone + Eq + std::hash::Hash> Tame<P> {
    /// The label of a position that was reached, `None` for others.
    pub fn label(&self, p: &P) -> Option<NimLike> {
        self.labels.get(p).copied()
    }

    /// The label of a sum of positions that were reached.
    pub fn sum(&self, parts: &[P]) -> Option<NimLike> {
        parts
            .iter()
            .try_fold(NimLike::ZERO, |acc, p| Some(acc + self.label(p)?))
    }

    /// How many positions were labelled.
    pub fn positions(&self) -> usize {
        self.labels.len()
    }
}

/// Why a game is not answered by the tame rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wild {
    /// A position can be reached again (the game is loopy).
    Loopy,
    /// A position (its text) breaks the condition named.
    Position(String, &'static str),
}

impl fmt::Display for Wild {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Wild::Loopy => f.write_str("a position can be reached again"),
            Wild::Position(p, why) => write!(f, "`{p}` {why}"),
        }
    }
}

/// A position reached: its moves as indices of their parts, and how far
/// the walk is with it.
struct Node<P> {
    position: P,
    /// Every move's parts, one after another.
    parts: Vec<usize>,
    /// Where each move's parts end in `parts`.
    ends: Vec<usize>,
    state: State,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Reached, moves not listed yet.
    New,
    /// On the walk's current path.
    Open,
    /// Labelled.
    Done(NimLike),
}

/// Labels every position the `roots` reach and checks the conditions
/// below: `Ok(Ok(tame))` if they all hold, so that [`NimLike::outcome`]
/// of a sum's label is its misère outcome (genus theory, Winning Ways
/// ch. 13; Conway, On Numbers and Games ch. 12); `Ok(Err(why))` where the
/// game is wild or loopy.
///
/// # The rule, and why it holds
///
/// Each position x gets a label ([`NimLike`]): its normal-play value a =
/// g⁺(x) and whether it is *fickle* (plays as nim heaps all ≤ 1, genus
/// 0^120 or 1^031) or *firm* (plays as nim heaps with one ≥ 2, genus
/// a^{a, a⊕2}). A sum's label is the xor of the values, firm if any part
/// is. The claim, as in Bouton's misère rule: a sum is a misère P-position
/// iff it is firm with value 0 or fickle with value 1.
///
/// It holds for every sum of positions whose labels satisfy these local
/// conditions (an option's label is that of all the parts it leaves):
///
/// 1. a position with no move is fickle with value 0;
/// 2. a fickle position has value 0 or 1; with value 1 it has a fickle
///    option of value 0; with value 0 and a move, a fickle option of
///    value 1; it has no firm option of value a ⊕ 1;
/// 3. a firm position has no fickle option of value a ⊕ 1; with value 1
///    it has a firm option of value 0; with value a ≥ 2, for r = 0 and 1,
///    a fickle option of value r ⊕ 1 or a firm option of value r.
///
/// By induction on the sum. A predicted P-position has a move (by 1, a
/// firm part or a part of value 1 has one), and every move leads to a
/// predicted N-position: it changes the value (a is a mex), and, by 2 and
/// 3, it cannot reach the other P form either. From a predicted N-position
/// with a move, Nim's winning move exists: with two or more firm parts,
/// the usual move to value 0; with one firm part y and fickle rest of
/// value r ≠ a(y), y's option from 3 (or, when a(y) = 0, a fickle part of
/// value 1 moving to 0, by 2); with all parts fickle and value 0, a fickle
/// move of a part, by 2. The sum with no move is fickle of value 0: N.
///
/// The labels are forced: a ≥ 2 is firm, and for a ≤ 1 the misère outcome
/// of x alone decides. This function finds every position each component
/// reaches, labels them from the leaves up and checks the conditions; where
/// one fails (a *wild* game, or a loopy one), it says so and other methods
/// answer.
///
/// # Errors
/// A root the rules refuse, [`Error::LimitExceeded`] past
/// `limits.max_states` positions, [`Error::WorkExceeded`] past
/// `limits.max_work` parts of moves listed (or at a position whose moves
/// the rules count above either bound, before listing them), and a stop
/// (`limits.stop`). Rulesets of a special convention (whose positions do not
/// add as sums) are for the caller to keep away.
///
/// # Complexity
/// O(positions + parts of all their moves), one hash-map entry a position;
/// iterative, whatever the game's depth.
///
/// # Examples
/// ```
/// use sprague::rules::{Subtraction, SubtractionSet};
/// use sprague::solve::{tame, Limits};
/// use sprague::Outcome;
/// // Take 1 or 2: tame. Heaps 2 and 5 each play as a nim heap of 2 (firm),
/// // heap 4 as a heap of 1 (fickle).
/// let rules = Subtraction { set: SubtractionSet::Finite(vec![1, 2]) };
/// let t = tame(&rules, &[2, 5], Limits::default()).unwrap().unwrap();
/// let sum = t.sum(&[2, 5]).unwrap();
/// assert_eq!((sum.value, sum.firm), (0, true));
/// assert_eq!(sum.outcome(), Outcome::P);
/// assert_eq!(t.label(&4).unwrap().to_string(), "1^031");
/// ```
pub fn tame<R: Ruleset>(
    rules: &R,
    roots: &[R::Position],
    limits: Limits,
) -> Result<std::result::Result<Tame<R::Position>, Wild>> {
    let mut walk = Walk {
        rules,
        listed: Moves::new(false).stopped_by(&limits.stop),
        limits,
        nodes: Vec::new(),
        index: HashMap::new(),
        work: 0,
    };
    for root in roots {
        rules.check_position(root)?;
        let r = walk.id(root)?;
        if walk.nodes[r].state != State::New {
            continue;
        }
        walk.open(r)?;
        // Frames: a node and the next of its parts to visit.
        let mut stack = vec![(r, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (n, next) = *top;
            if let Some(&child) = walk.nodes[n].parts.get(next) {
                top.1 += 1;
                match walk.nodes[child].state {
                    State::Open => return Ok(Err(Wild::Loopy)),
                    State::Done(_) => {}
                    State::New => {
                        walk.open(child)?;
                        stack.push((child, 0));
                    }
                }
                continue;
            }
            stack.pop();
            match walk.label(n) {
                Ok(l) => walk.nodes[n].state = State::Done(l),
                Err(why) => {
                    let text = rules.format_position(&walk.nodes[n].position);
                    return Ok(Err(Wild::Position(text, why)));
                }
            }
        }
    }
    let labels = walk
        .nodes
        .into_iter()
        .filter_map(|n| match n.state {
            State::Done(l) => Some((n.position, l)),
            _ => None,
        })
        .collect();
    Ok(Ok(Tame { labels }))
}

/// The state of [`tame`]'s walk.
struct Walk<'r, R: Ruleset> {
    rules: &'r R,
    limits: Limits,
    nodes: Vec<Node<R::Position>>,
    index: HashMap<R::Position, usize>,
    work: u64,
    listed: Moves<R::Position>,
}

impl<R: Ruleset> Walk<'_, R> {
    /// The node of `p`, added if new.
    fn id(&mut self, p: &R::Position) -> Result<usize> {
        if let Some(&n) = self.index.get(p) {
            return Ok(n);
        }
        if self.nodes.len() as u64 >= self.limits.max_states {
            return Err(Error::LimitExceeded {
                what: "the positions a tame check reaches".into(),
                limit: self.limits.max_states,
            });
        }
        let n = self.nodes.len();
        self.nodes.push(Node {
            position: p.clone(),
            parts: Vec::new(),
            ends: Vec::new(),
            state: State::New,
        });
        self.index.insert(p.clone(), n);
        Ok(n)
    }

    /// Lists the moves of node n (its parts become nodes) and puts it on
    /// the path.
    fn open(&mut self, n: usize) -> Result<()> {
        if n.is_multiple_of(1024) {
            self.limits.check_stop()?;
        }
        let p = self.nodes[n].position.clone();
        // Refuse a position with too many moves before listing them.
        if self.rules.branching(&p) > self.limits.max_work.min(self.limits.max_states) {
            return Err(Error::WorkExceeded {
                what: "the moves a tame check lists".into(),
                limit: self.limits.max_work,
            });
        }
        self.listed.clear();
        self.rules.moves(&p, &mut self.listed)?;
        self.work += self.listed.all_parts().len() as u64 + 1;
        if self.work > self.limits.max_work {
            return Err(Error::WorkExceeded {
                what: "the moves a tame check lists".into(),
                limit: self.limits.max_work,
            });
        }
        let listed = std::mem::replace(&mut self.listed, Moves::new(false).stopped_by(&self.limits.stop));
        let (mut parts, mut ends) = (Vec::new(), Vec::with_capacity(listed.len()));
        for mv in listed.iter() {
            for part in mv {
                parts.push(self.id(part)?);
            }
            ends.push(parts.len());
        }
        self.listed = listed;
        let node = &mut self.nodes[n];
        (node.parts, node.ends, node.state) = (parts, ends, State::Open);
        Ok(())
    }

    /// The label of node n, all of whose parts are labelled, or the
    /// condition of the [module docs](self) it breaks.
    fn label(&self, n: usize) -> std::result::Result<NimLike, &'static str> {
        let node = &self.nodes[n];
        let options: Vec<NimLike> = (0..node.ends.len())
            .map(|m| {
                let from = if m == 0 { 0 } else { node.ends[m - 1] };
                node.parts[from..node.ends[m]]
                    .iter()
                    .fold(NimLike::ZERO, |acc, &c| match self.nodes[c].state {
                        State::Done(l) => acc + l,
                        _ => unreachable!("parts are labelled first"),
                    })
            })
            .collect();
        if options.is_empty() {
            return Ok(NimLike::ZERO);
        }
        let mut seen: Vec<u64> = options.iter().map(|o| o.value).collect();
        seen.sort_unstable();
        seen.dedup();
        let a = seen
            .iter()
            .enumerate()
            .find(|&(i, &v)| v != i as u64)
            .map_or(seen.len(), |(i, _)| i) as u64;
        // x alone is a misère P-position iff every option is an N-position.
        let p_alone = options.iter().all(|o| o.outcome() == Outcome::N);
        let firm = match (a, p_alone) {
            (0, p) => p,
            (1, p) => !p,
            (_, false) => true,
            (_, true) => return Err("is a misère P-position with a normal value of 2 or more"),
        };
        let has = |firm: bool, value: u64| options.iter().any(|o| o.firm == firm && o.value == value);
        if !firm {
            if a == 1 && !has(false, 0) {
                return Err("has value 1 but no move to a fickle position of value 0");
            }
            if a == 0 && !has(false, 1) {
                return Err("has value 0 but no move to a fickle position of value 1");
            }
            if has(true, a ^ 1) {
                return Err("is fickle with a move to a firm position of the other value 0 or 1");
            }
        } else {
            if has(false, a ^ 1) {
                return Err("is firm with a move to a fickle position of value a ⊕ 1");
            }
            if a == 1 && !has(true, 0) {
                return Err("is firm of value 1 with no move to a firm position of value 0");
            }
            if a >= 2 && !(0..2).all(|r| has(false, r ^ 1) || has(true, r)) {
                return Err("is firm of value ≥ 2 without Nim's moves to both 0 and 1");
            }
        }
        Ok(NimLike { value: a, firm })
    }
}
