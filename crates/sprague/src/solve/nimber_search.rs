//! Nimbers of large components by outcome search, after Lemoine and
//! Viennot ("Nimbers are inevitable", arXiv 1011.5841): a component G has
//! value n exactly when G + *n is a P-position, and whether a sum is P can
//! often be settled without the value of every position below it — one
//! move to a P-position proves N.
//!
//! A state of the search is a sum of large components (keys, sorted, equal
//! pairs cancelled: G + G = 0) and a nim heap *n holding the xor of the
//! components whose value is known. Components of at most
//! `small` cells (see [`NimberSearch::new`]) are valued exactly by the
//! [`ComponentSolver`] on the shared memo and folded into the heap. A state
//! is N iff some move — in one component, or on the heap to a smaller one —
//! leads to a P state; the search is depth-first and iterative, tries the
//! moves to the fewest cells first, stops at the first winning move, and
//! remembers every state it settles. A single component found P with heap
//! n has value n, which goes into the component memo.

use super::components::{ComponentMemo, ComponentSolver};
use super::Limits;
use crate::rules::board::{Key, Splitting};
use crate::rules::Moves;
use crate::{Error, Nimber, Result};
use rustc_hash::FxHashMap;

/// A sum of large components and a nim heap.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct State {
    keys: Vec<Key>,
    heap: u32,
}

/// One state being expanded: the states its moves lead to that are not
/// settled yet, fewest cells first.
struct Frame {
    state: State,
    children: Vec<State>,
    next: usize,
}

/// Values of large components by outcome search (see the module docs).
pub struct NimberSearch<'a, P> {
    rules: &'a dyn Splitting<P>,
    memo: &'a mut ComponentMemo,
    limits: Limits,
    /// Components of at most this many cells are valued exactly.
    small: u32,
    /// Settled states: true for P.
    outcomes: FxHashMap<State, bool>,
    work: u64,
}

impl<'a, P> NimberSearch<'a, P> {
    /// A search for `rules` on `memo` within `limits` (the memo and the
    /// settled states together at most `limits.max_states`); components of
    /// at most `small` cells are valued exactly.
    ///
    /// # Errors
    /// [`Error::Internal`] when the memo is of another family.
    pub fn new(
        rules: &'a dyn Splitting<P>,
        memo: &'a mut ComponentMemo,
        limits: Limits,
        small: u32,
    ) -> Result<Self> {
        ComponentSolver::new(rules, &mut *memo, limits.clone())?;
        Ok(NimberSearch {
            rules,
            memo,
            limits,
            small,
            outcomes: FxHashMap::default(),
            work: 0,
        })
    }

    /// The states settled so far.
    pub fn settled(&self) -> usize {
        self.outcomes.len()
    }

    /// The value of `key`: from the memo, exactly for a small component,
    /// else the least n with `key` + *n a P-position.
    pub fn key_value(&mut self, key: &Key) -> Result<Nimber> {
        if let Some(v) = self.memo.get(key) {
            return Ok(v);
        }
        if self.rules.size(key) <= self.small {
            return ComponentSolver::new(self.rules, &mut *self.memo, self.limits.clone())?.key_value(key);
        }
        for n in 0u32.. {
            if self.is_p(std::slice::from_ref(key), n)? {
                return Ok(Nimber(n as u64));
            }
        }
        unreachable!("some heap makes a P-position")
    }

    /// The value of `p`: the xor of its components' values.
    pub fn grundy(&mut self, p: &P) -> Result<Nimber> {
        let mut keys = Vec::new();
        self.rules.keys(p, &mut keys);
        let mut g = Nimber::ZERO;
        for k in &keys {
            g += self.key_value(k)?;
        }
        Ok(g)
    }

    /// Whether the sum of the components `keys` and a heap of `heap` is a
    /// P-position.
    pub fn is_p(&mut self, keys: &[Key], heap: u32) -> Result<bool> {
        let root = self.normal(keys.iter(), heap)?;
        if let Some(p) = self.settled_value(&root) {
            return Ok(p);
        }
        let mut path: Vec<Frame> = Vec::new();
        let mut pending = Some(root.clone());
        // The result of the frame just popped, for its parent.
        let mut result: Option<bool> = None;
        loop {
            if let Some(state) = pending.take() {
                match self.expand(state)? {
                    Ok(frame) => path.push(frame),
                    Err(p) => result = Some(p),
                }
            }
            if let Some(p) = result.take() {
                let Some(top) = path.last_mut() else {
                    return Ok(p);
                };
                if p {
                    // A move to a P-position: the parent is N.
                    let f = path.pop().expect("a frame");
                    self.settle(f.state, false);
                    result = Some(false);
                    continue;
                }
                top.next += 1;
            }
            let Some(top) = path.last_mut() else {
                return Ok(self.settled_value(&root).expect("the root is settled"));
            };
            // The next child still unsettled (others may have been settled
            // since the frame was made).
            let mut found = None;
            while top.next < top.children.len() {
                match self.outcomes.get(&top.children[top.next]) {
                    Some(true) => {
                        found = Some(true);
                        break;
                    }
                    Some(false) => top.next += 1,
                    None => break,
                }
            }
            if found == Some(true) {
                let f = path.pop().expect("a frame");
                self.settle(f.state, false);
                result = Some(false);
                continue;
            }
            if top.next == top.children.len() {
                let f = path.pop().expect("a frame");
                self.settle(f.state, true);
                result = Some(true);
                continue;
            }
            // The child is read again only through the settled states.
            pending = Some(std::mem::take(&mut top.children[top.next]));
            if path.len() > 4096 {
                return Err(Error::Internal(
                    "the outcome search went deeper than any board".into(),
                ));
            }
        }
    }

    /// A state settled already, or settled by the values in the memo.
    fn settled_value(&self, s: &State) -> Option<bool> {
        if s.keys.is_empty() {
            return Some(s.heap == 0);
        }
        self.outcomes.get(s).copied()
    }

    /// Records the outcome of `s`; a lone component with a heap that is P
    /// has the heap's value.
    fn settle(&mut self, s: State, p: bool) {
        if p && s.keys.len() == 1 {
            self.memo_insert(&s.keys[0], s.heap);
        }
        self.outcomes.insert(s, p);
    }

    fn memo_insert(&mut self, key: &Key, v: u32) {
        self.memo.insert(key.clone(), v);
    }

    /// The state of `keys` and `heap` with every component of known value
    /// (or at most `small` cells) folded into the heap, equal pairs
    /// cancelled, the rest sorted.
    fn normal<'k>(&mut self, keys: impl Iterator<Item = &'k Key>, mut heap: u32) -> Result<State> {
        let mut big: Vec<Key> = Vec::with_capacity(keys.size_hint().0);
        for k in keys {
            if let Some(v) = self.memo.get(k) {
                heap ^= v.0 as u32;
            } else if self.rules.size(k) <= self.small {
                heap ^= ComponentSolver::new(self.rules, &mut *self.memo, self.limits.clone())?
                    .key_value(k)?
                    .0 as u32;
            } else {
                big.push(k.clone());
            }
        }
        big.sort_unstable();
        // Cancel equal pairs in place: G + G = 0.
        let mut kept = 0;
        for i in 0..big.len() {
            if kept > 0 && big[kept - 1] == big[i] {
                kept -= 1;
            } else {
                big.swap(kept, i);
                kept += 1;
            }
        }
        big.truncate(kept);
        Ok(State { keys: big, heap })
    }

    /// The frame of `state`, or its outcome when a move to a settled
    /// P-position (or no unsettled move) decides it at once.
    fn expand(&mut self, state: State) -> Result<std::result::Result<Frame, bool>> {
        if let Some(p) = self.settled_value(&state) {
            return Ok(Err(p));
        }
        if (self.memo.len() + self.outcomes.len()) as u64 >= self.limits.max_states {
            return Err(Error::LimitExceeded {
                what: format!("the outcome search of large components ({})", self.rules.family()),
                limit: self.limits.max_states,
            });
        }
        self.limits.check_stop()?;
        let mut children: Vec<(u32, State)> = Vec::new();
        let mut options = Moves::new(false);
        for i in 0..state.keys.len() {
            if i > 0 && state.keys[i] == state.keys[i - 1] {
                continue;
            }
            options.clear();
            self.rules.options(&state.keys[i], &mut options);
            self.work += options.len() as u64 + 1;
            for parts in options.iter() {
                let rest = state
                    .keys
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, k)| k);
                let child = self.normal(rest.chain(parts.iter()), state.heap)?;
                match self.settled_value(&child) {
                    Some(true) => {
                        self.settle(state, false);
                        return Ok(Err(false));
                    }
                    Some(false) => {}
                    None => {
                        let cells = child.keys.iter().map(|k| self.rules.size(k)).sum();
                        children.push((cells, child));
                    }
                }
            }
        }
        if self.work > self.limits.max_work {
            return Err(Error::WorkExceeded {
                what: format!("the outcome search of large components ({})", self.rules.family()),
                limit: self.limits.max_work,
            });
        }
        // Moves on the heap: to a smaller heap with the same components.
        let mut probe = State {
            keys: state.keys.clone(),
            heap: 0,
        };
        for h in 0..state.heap {
            probe.heap = h;
            match self.outcomes.get(&probe) {
                Some(true) => {
                    self.settle(state, false);
                    return Ok(Err(false));
                }
                Some(false) => {}
                None => children.push((u32::MAX, probe.clone())),
            }
        }
        if children.is_empty() {
            self.settle(state, true);
            return Ok(Err(true));
        }
        children.sort_by_key(|c| c.0);
        children.dedup_by(|a, b| a.1 == b.1);
        Ok(Ok(Frame {
            state,
            children: children.into_iter().map(|c| c.1).collect(),
            next: 0,
        }))
    }
}
