//! [`OutcomeSearch`]: who wins a sum of an acyclic game under normal or
//! misère play, by a memoised depth-first search over whole sums that
//! stops at the first winning move.
//!
//! It answers only win or loss, so it visits far fewer sums than the full
//! graph that remoteness needs ([`super::sums::SumGraph`]); it is the
//! fallback for misère sums too large for that graph.

use super::{Limits, Play};
use crate::rules::{Moves, Ruleset};
use crate::{excerpt, Error, Outcome, Result};
use rustc_hash::FxHashMap as HashMap;

/// A memoised win/loss search over canonical sums (sorted, without
/// components that have no move).
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{Limits, OutcomeSearch, Play};
/// use sprague::Outcome;
///
/// let mut s = OutcomeSearch::new(&Nim, Play::Misere, Limits::default());
/// assert_eq!(s.outcome(&[1, 1, 1]).unwrap(), Outcome::P);
/// assert_eq!(s.outcome(&[2, 2]).unwrap(), Outcome::P);
/// assert_eq!(s.outcome(&[2, 3]).unwrap(), Outcome::N);
/// ```
pub struct OutcomeSearch<'r, R: Ruleset> {
    rules: &'r R,
    play: Play,
    limits: Limits,
    wins: HashMap<Vec<R::Position>, bool>,
    inert: HashMap<R::Position, bool>,
    work: u64,
}

/// A sum being searched: its options, and the next one to look at.
struct Frame<P> {
    sum: Vec<P>,
    options: Vec<Vec<P>>,
    next: usize,
}

impl<'r, R: Ruleset> OutcomeSearch<'r, R> {
    /// A search of `rules` under `play`, within `limits`.
    pub fn new(rules: &'r R, play: Play, limits: Limits) -> Self {
        OutcomeSearch {
            rules,
            play,
            limits,
            wins: HashMap::default(),
            inert: HashMap::default(),
            work: 0,
        }
    }

    /// The number of sums whose outcome is remembered.
    pub fn states(&self) -> usize {
        self.wins.len()
    }

    /// Whether `p` is known to have no move (tested only where the rules
    /// promise few moves).
    fn inert(&mut self, p: &R::Position, scratch: &mut Moves<R::Position>) -> Result<bool> {
        if self.rules.branching(p) > super::sums::INERT_CHECK {
            return Ok(false);
        }
        if let Some(&i) = self.inert.get(p) {
            return Ok(i);
        }
        scratch.clear();
        self.rules.moves(p, scratch)?;
        self.inert.insert(p.clone(), scratch.is_empty());
        Ok(scratch.is_empty())
    }

    fn canonical(&mut self, sum: Vec<R::Position>) -> Result<Vec<R::Position>> {
        let mut scratch = Moves::new(false).stopped_by(&self.limits.stop);
        let mut kept = Vec::with_capacity(sum.len());
        for p in sum {
            if !self.inert(&p, &mut scratch)? {
                kept.push(p);
            }
        }
        kept.sort_unstable();
        Ok(kept)
    }

    /// The canonical sums one move from `sum` (a canonical sum).
    fn options(&mut self, sum: &[R::Position]) -> Result<Vec<Vec<R::Position>>> {
        let mut out = Vec::new();
        let mut moves = Moves::new(false).stopped_by(&self.limits.stop);
        let mut scratch = Moves::new(false).stopped_by(&self.limits.stop);
        for i in 0..sum.len() {
            if i > 0 && sum[i] == sum[i - 1] {
                continue; // an equal component gives the same sums
            }
            let p = &sum[i];
            if self.rules.branching(p) > self.limits.max_states {
                return Err(Error::LimitExceeded {
                    what: format!(
                        "listing the moves of `{}`",
                        excerpt(&self.rules.format_position(p))
                    ),
                    limit: self.limits.max_states,
                });
            }
            moves.clear();
            self.rules.moves(p, &mut moves)?;
            let before = self.work;
            self.work += (moves.len() as u64 + 1) * (sum.len() as u64 + 1) * super::sums::SUM_STEP;
            self.limits.check_stop()?;
            super::progress::search_steps(before, self.work, self.limits.max_work);
            if self.work > self.limits.max_work {
                return Err(Error::WorkExceeded {
                    what: "searching the outcome".into(),
                    limit: self.limits.max_work,
                });
            }
            for parts in moves.iter() {
                // The rest of the sum is canonical: insert the new parts.
                let mut next = Vec::with_capacity(sum.len() + parts.len());
                next.extend_from_slice(&sum[..i]);
                next.extend_from_slice(&sum[i + 1..]);
                for q in parts {
                    if !self.inert(q, &mut scratch)? {
                        let at = next.partition_point(|x| x < q);
                        next.insert(at, q.clone());
                    }
                }
                out.push(next);
            }
        }
        Ok(out)
    }

    /// Who wins `sum` (any order of components).
    ///
    /// # Errors
    /// [`Error::LimitExceeded`] past `max_states` remembered sums,
    /// [`Error::WorkExceeded`] past `max_work` steps, [`Error::Loopy`] on a
    /// sum that recurs.
    ///
    /// # Complexity
    /// At most the sums reachable from `sum` times their moves; usually far
    /// fewer, since a sum is settled by its first winning move.
    pub fn outcome(&mut self, sum: &[R::Position]) -> Result<Outcome> {
        crate::rules::check_sum(self.rules, sum)?;
        let root = self.canonical(sum.to_vec())?;
        let lone = |o: bool| if o { Outcome::N } else { Outcome::P };
        if let Some(&w) = self.wins.get(&root) {
            return Ok(lone(w));
        }
        let options = self.options(&root)?;
        let mut held = options.len();
        let mut stack = vec![Frame {
            sum: root.clone(),
            options,
            next: 0,
        }];
        let mut on_path: rustc_hash::FxHashSet<Vec<R::Position>> = rustc_hash::FxHashSet::default();
        on_path.insert(root.clone());
        while let Some(top) = stack.last_mut() {
            let mut settled = None;
            if top.options.is_empty() {
                settled = Some(self.play == Play::Misere);
            }
            let mut pending = None;
            while settled.is_none() && top.next < top.options.len() {
                match self.wins.get(&top.options[top.next]) {
                    Some(false) => settled = Some(true),
                    Some(true) => top.next += 1,
                    None => {
                        pending = Some(top.options[top.next].clone());
                        break;
                    }
                }
            }
            if settled.is_none() && pending.is_none() {
                settled = Some(false);
            }
            if let Some(w) = settled {
                let f = stack.pop().expect("the stack is not empty");
                held -= f.options.len();
                on_path.remove(&f.sum);
                self.wins.insert(f.sum, w);
                continue;
            }
            let q = pending.expect("a pending option");
            if on_path.contains(&q) {
                let text: Vec<String> = q.iter().map(|p| self.rules.format_position(p)).collect();
                return Err(Error::Loopy(excerpt(&text.join(" + "))));
            }
            // The sums remembered, and the options the path holds.
            if (self.wins.len() + stack.len() + held) as u64 >= self.limits.max_states {
                let text: Vec<String> = root.iter().map(|p| self.rules.format_position(p)).collect();
                return Err(Error::LimitExceeded {
                    what: format!("the outcome of `{}`", excerpt(&text.join(" + "))),
                    limit: self.limits.max_states,
                });
            }
            let options = self.options(&q)?;
            held += options.len();
            on_path.insert(q.clone());
            stack.push(Frame {
                sum: q,
                options,
                next: 0,
            });
        }
        Ok(lone(self.wins[&root]))
    }
}
