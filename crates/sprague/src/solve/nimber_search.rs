//! Nimbers of large components by outcome search, after Lemoine and
//! Viennot ("Nimbers are inevitable", arXiv 1011.5841): a component G has
//! value n exactly when G + *n is a P-position, and whether a sum is P can
//! often be settled without the value of every position below it — one
//! move to a P-position proves N.
//!
//! A state of the search is a sum of large components (keys, sorted, equal
//! pairs cancelled: G + G = 0) and a nim heap *n holding the xor of the
//! components whose value is known. Components of at most
//! `small` cells (see [`NimberSearch::new`]), and those whose rules count
//! few positions below them (Chomp's, whose values are too large for a
//! search per candidate value), are valued exactly by the
//! [`ComponentSolver`] on the shared memo and folded into the heap. A state
//! is N iff some move — in one component, or on the heap to a smaller one —
//! leads to a P state; the search is depth-first and iterative, tries the
//! moves to the fewest cells first, stops at the first winning move, and
//! remembers every state it settles. A single component found P with heap
//! n has value n, which goes into the component memo.
//!
//! A state of several large components is first made one: every component
//! but the largest is valued (by this same search, nested; each is at
//! most half the cells of the state, so the nesting is shallow) and folded
//! into the heap: Lemoine and Viennot's point (the title of their paper)
//! is that the parts' nimbers, computed apart, cost less than the game
//! tree of their sum, and Beling's solver values the parts of a move the
//! same way (github.com/beling/impartial-games). So the states settled are
//! a component and a heap, and a component's value is found as a
//! byproduct.
//!
//! The search keeps its states small (see `table.rs`): each large
//! component's key is numbered once (its bytes in one arena), a state is a
//! u64 (a component number and the heap; larger states are kept in full
//! and numbered), and the settled states are one open-addressed array of
//! u64s with the outcome in the top bit. A lone component with a heap past
//! its number of moves is N without a search (its value is at most that).
//!
//! The settled states are a cache (module `bounds`), as a transposition
//! table is: when the memo and they reach `max_states`, they are
//! forgotten with the components' numbers, and the question is asked
//! again with the shapes valued so far (a settled P-position is a lone
//! component whose value is in the memo, so what is searched again is
//! N-positions); a state forgotten is searched again if the search meets
//! it again. So a search runs within a fixed number of states (and the
//! components it numbers, freed when a sweep starts it again, within
//! what it meets between two) for as long as its shapes valued, which
//! are kept, hold less than half of them. Asking again values more
//! shapes and takes more work than keeping the numbers did (5×7 within
//! 400 000 states: 10% more shapes, 15% more work), for memory that no
//! longer grows past the bound.

use super::components::{ComponentMemo, ComponentSolver};
use super::Limits;
use crate::rules::board::{Key, Splitting};
use crate::rules::Moves;
use crate::{Error, Nimber, Result};

mod bounds;
mod table;
use table::{KeyIds, Settled, Sums};

/// The value of a component not known yet.
const UNKNOWN: u32 = u32::MAX;

/// A component with at most this many positions below it, counted by its
/// rules ([`Splitting::positions_below`]), is valued exactly.
const EXACT_BELOW: u64 = 1 << 20;

/// One state being expanded: the states its moves lead to that were not
/// settled, fewest cells first.
struct Frame {
    state: u64,
    children: Vec<Child>,
    next: usize,
}

/// A state a move leads to: packed, or — when it holds a large component
/// never numbered, so that it cannot have been settled — its numbered
/// components, the keys of the others and its heap, numbered only if the
/// search goes there (most moves after a winning one never are).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Child {
    State(u64),
    Fresh {
        ids: Vec<u32>,
        keys: Vec<Key>,
        heap: u32,
    },
}

/// Values of large components by outcome search (see the module docs).
///
/// It tells the front end's reporter ([`super::reporting`]) how far it is
/// — shapes valued, sums settled, bytes held ([`Task::Components`](super::Task::Components)) —
/// every 2^16 steps, and once more when it ends with an error (its stop
/// token, a bound). The memo then holds only exact values: a shape goes
/// into it when its value is proven (a lone component found P with its
/// heap, or the mex of its options' values), never while it is searched,
/// so a memo saved after a stop is one that a later run can resume from.
pub struct NimberSearch<'a, P> {
    rules: &'a dyn Splitting<P>,
    memo: &'a mut ComponentMemo,
    limits: Limits,
    /// Components of at most this many cells are valued exactly.
    small: u32,
    /// The components numbered and the sums settled.
    t: Tables,
    /// Whether a state of several large components has all but the
    /// largest valued first (else sums are searched whole).
    one_large: bool,
    /// Settled sums forgotten to make room, and the sweeps that did it.
    forgotten: u64,
    sweeps: u64,
    /// Set by a sweep that starts the search again (module `bounds`): the
    /// error it returns unwinds to the question asked, which clears the
    /// tables and asks again.
    restart: bool,
    /// The shapes valued at the last sweep that started again (or at the
    /// start).
    valued_at_restart: usize,
    /// Sweeps that started again, and the most components numbered when
    /// one did.
    restarts: u64,
    peak_components: usize,
    work: u64,
    moves: Moves<Key>,
}

/// What the search holds besides the memo: everything a start again
/// forgets (module `bounds`).
#[derive(Default)]
struct Tables {
    /// The large components met, numbered.
    ids: KeyIds,
    /// Per component: its value, or [`UNKNOWN`].
    value: Vec<u32>,
    /// Per component: its cells.
    cells: Vec<u32>,
    sums: Sums,
    /// Settled states and their outcomes.
    settled: Settled,
}

impl<'a, P> NimberSearch<'a, P> {
    /// A search for `rules` on `memo` within `limits` (the memo and the
    /// settled states together at most `limits.max_states`: settled
    /// states are forgotten to make room while they hold at least half of
    /// it, and the search ends with [`Error::LimitExceeded`] once the
    /// memo holds more than half; its tables at most `limits.max_memory`);
    /// components of at most `small` cells (and those the rules count few
    /// positions below, [`Splitting::positions_below`]) are valued exactly.
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
        let valued = memo.len();
        Ok(NimberSearch {
            rules,
            memo,
            limits,
            small,
            t: Tables::default(),
            one_large: true,
            forgotten: 0,
            sweeps: 0,
            restart: false,
            valued_at_restart: valued,
            restarts: 0,
            peak_components: 0,
            work: 0,
            moves: Moves::new(false),
        })
    }

    /// Whether the component `key` is valued exactly (by the mex over
    /// every position below it) rather than by outcome search: when it has
    /// at most `small` cells, or its rules count at most [`EXACT_BELOW`]
    /// positions below it (and at most a quarter of the states allowed).
    fn exact(&self, key: &Key) -> bool {
        self.rules.size(key) <= self.small
            || self
                .rules
                .positions_below(key, EXACT_BELOW.min(self.limits.max_states / 4))
                .is_some()
    }

    /// The states settled so far.
    pub fn settled(&self) -> usize {
        self.t.settled.len()
    }

    /// Settled sums forgotten so far to stay within `max_states` (see
    /// [`NimberSearch::new`]).
    pub fn forgotten(&self) -> u64 {
        self.forgotten
    }

    /// The large components met so far (each keyed and numbered once),
    /// since the last sweep that started the search again.
    pub fn components(&self) -> usize {
        self.t.ids.len()
    }

    /// The most large components numbered at once (the numbers are
    /// forgotten when a sweep starts the search again).
    pub fn peak_components(&self) -> usize {
        self.peak_components.max(self.t.ids.len())
    }

    /// The sweeps that started the search again (module `bounds`).
    pub fn restarts(&self) -> u64 {
        self.restarts
    }

    /// The bytes the search's own tables take (besides the memo's,
    /// [`ComponentMemo::bytes`]).
    pub fn table_bytes(&self) -> usize {
        self.t.ids.bytes()
            + self.t.settled.bytes()
            + self.t.sums.bytes()
            + 4 * (self.t.value.capacity() + self.t.cells.capacity())
    }

    /// The value of `key`: from the memo, exactly for a small component
    /// (see `exact`), else the least n with `key` + *n a P-position.
    pub fn key_value(&mut self, key: &Key) -> Result<Nimber> {
        let r = self.restarting(|s| s.key_value_inner(key));
        self.told(r)
    }

    fn key_value_inner(&mut self, key: &Key) -> Result<Nimber> {
        if let Some(v) = self.known(key) {
            return Ok(Nimber(v as u64));
        }
        if self.exact(key) {
            return ComponentSolver::new(self.rules, &mut *self.memo, self.limits.clone())?.key_value(key);
        }
        let id = self.id(key);
        self.value_of(id).map(|v| Nimber(v as u64))
    }

    /// The value of the large component `id`: the least n with the
    /// component + *n a P-position.
    fn value_of(&mut self, id: u32) -> Result<u32> {
        for n in 0u32.. {
            if self.t.value[id as usize] != UNKNOWN {
                break;
            }
            let root = self.t.sums.pack(&[id], n);
            if self.search(root)? {
                break;
            }
        }
        match self.t.value[id as usize] {
            UNKNOWN => Err(Error::Internal(
                "the outcome search found a P-position but no value".into(),
            )),
            v => Ok(v),
        }
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
        let r = self.restarting(|s| s.is_p_inner(keys, heap));
        self.told(r)
    }

    fn is_p_inner(&mut self, keys: &[Key], heap: u32) -> Result<bool> {
        let mut ids = Vec::with_capacity(keys.len());
        let mut heap = heap;
        for k in keys {
            heap ^= self.fold(k, &mut ids)?;
        }
        let root = self.normal(&mut ids, heap);
        self.search(root)
    }

    /// Whether the state `root` is a P-position, by the iterative search.
    fn search(&mut self, root: u64) -> Result<bool> {
        if let Some(p) = self.settled_value(root) {
            return Ok(p);
        }
        let mut path: Vec<Frame> = Vec::new();
        let mut pending = Some(root);
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
                return Err(Error::Internal("the outcome search lost its root".into()));
            };
            // The next child still unsettled (others may have been settled
            // since the frame was made).
            let mut found = None;
            while top.next < top.children.len() {
                let s = self.peek(&top.children[top.next]);
                match s.and_then(|s| self.settled_value(s)) {
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
            pending = Some(match &top.children[top.next] {
                Child::State(s) => *s,
                Child::Fresh { ids, keys, heap } => {
                    let mut ids = ids.clone();
                    let mut h = *heap;
                    for k in keys {
                        h ^= self.fold(k, &mut ids)?;
                    }
                    self.child(&mut ids, h)
                }
            });
            if path.len() > 4096 {
                return Err(Error::Internal(
                    "the outcome search went deeper than any board".into(),
                ));
            }
        }
    }

    /// The number of the large component `key`, met for the first time
    /// or again.
    fn id(&mut self, key: &Key) -> u32 {
        let (id, new) = self.t.ids.intern(key.as_bytes());
        if new {
            let v = self.known(key).unwrap_or(UNKNOWN);
            self.t.value.push(v);
            self.t.cells.push(self.rules.size(key));
        }
        id
    }

    /// The value of `key` from the memo, or from a theorem of the rules
    /// ([`Splitting::known_value`]; then it goes into the memo).
    fn known(&mut self, key: &Key) -> Option<u32> {
        if let Some(v) = self.memo.get(key) {
            return Some(v.0 as u32);
        }
        let v = self.rules.known_value(key)?;
        self.memo.insert_by_theorem(key.clone(), v);
        Some(v)
    }

    /// The packed state of `c` without numbering a component: `None` when
    /// one of its large components is not numbered yet (the state is not
    /// settled) and its value not known.
    fn peek(&mut self, c: &Child) -> Option<u64> {
        match c {
            Child::State(s) => Some(*s),
            Child::Fresh { ids, keys, heap } => {
                let mut ids = ids.clone();
                let mut h = *heap;
                for k in keys {
                    match self.t.ids.find(k.as_bytes()) {
                        Some(id) => match self.t.value[id as usize] {
                            UNKNOWN => ids.push(id),
                            v => h ^= v,
                        },
                        None => h ^= self.memo.get(k)?.0 as u32,
                    }
                }
                Some(self.child(&mut ids, h))
            }
        }
    }

    /// The value of the component `key` when it is known or valued
    /// exactly (see `exact`; to be folded into the heap); else 0, with its
    /// number pushed on `ids`.
    fn fold(&mut self, key: &Key, ids: &mut Vec<u32>) -> Result<u32> {
        if self.exact(key) {
            if let Some(v) = self.memo.get(key) {
                return Ok(v.0 as u32);
            }
            let v = ComponentSolver::new(self.rules, &mut *self.memo, self.limits.clone())?.key_value(key)?;
            return Ok(v.0 as u32);
        }
        let id = self.id(key);
        match self.t.value[id as usize] {
            UNKNOWN => {
                ids.push(id);
                Ok(0)
            }
            v => Ok(v),
        }
    }

    /// The packed state of the components `ids` (of unknown values) and
    /// `heap`: sorted, equal pairs cancelled (G + G = 0).
    fn normal(&mut self, ids: &mut Vec<u32>, heap: u32) -> u64 {
        ids.sort_unstable();
        let mut kept = 0;
        for i in 0..ids.len() {
            if kept > 0 && ids[kept - 1] == ids[i] {
                kept -= 1;
            } else {
                ids[kept] = ids[i];
                kept += 1;
            }
        }
        ids.truncate(kept);
        self.t.sums.pack(ids, heap)
    }

    /// The packed state of the components `ids` and `heap`, each
    /// component whose value is known by now folded into the heap.
    fn child(&mut self, ids: &mut Vec<u32>, mut heap: u32) -> u64 {
        let value = &self.t.value;
        ids.retain(|&d| match value[d as usize] {
            UNKNOWN => true,
            v => {
                heap ^= v;
                false
            }
        });
        self.normal(ids, heap)
    }

    /// A state settled already, or a bare heap.
    fn settled_value(&self, s: u64) -> Option<bool> {
        match self.t.sums.bare_heap(s) {
            Some(h) => Some(h == 0),
            None => self.t.settled.get(s),
        }
    }

    /// Records the outcome of `s`; a lone component with a heap that is P
    /// has the heap's value.
    fn settle(&mut self, s: u64, p: bool) {
        if p {
            let mut ids = Vec::new();
            let heap = self.t.sums.unpack(s, &mut ids);
            if let [id] = ids[..] {
                self.t.value[id as usize] = heap;
                self.memo.insert(Key::from_bytes(self.t.ids.key(id)), heap);
            }
        }
        self.t.settled.insert(s, p);
    }

    /// Pushes the unsettled states the moves of the state `ids` + *`heap`
    /// lead to (with their cells) on `children`, and says whether one of
    /// them is a settled P-position or the heap is past the value of a
    /// lone component (the state is N).
    fn children(
        &mut self,
        ids: &[u32],
        heap: u32,
        moves: &mut Moves<Key>,
        children: &mut Vec<(u32, Child)>,
    ) -> Result<bool> {
        let mut child = Vec::with_capacity(ids.len() + 2);
        let mut fresh = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            moves.clear();
            self.rules.options(&Key::from_bytes(self.t.ids.key(id)), moves);
            self.work += moves.len() as u64 + 1;
            // A component is worth at most its number of moves: a heap
            // past that makes a lone component and the heap N.
            if ids.len() == 1 && heap > moves.len() as u32 {
                return Ok(true);
            }
            // Every key's slots start loading now, so that the lookups
            // below do not wait for memory one after another.
            for k in moves.all_parts() {
                self.memo.prefetch(k);
                if !self.exact(k) {
                    self.t.ids.prefetch(k.as_bytes());
                }
            }
            for parts in moves.iter() {
                child.clear();
                child.extend(ids.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &d)| d));
                let mut h = heap;
                for k in parts {
                    if self.exact(k) {
                        h ^= self.fold(k, &mut child)?;
                        continue;
                    }
                    // A large component: numbered only if the search goes
                    // to this state (see `Child`).
                    match self.t.ids.find(k.as_bytes()) {
                        Some(id) => match self.t.value[id as usize] {
                            UNKNOWN => child.push(id),
                            v => h ^= v,
                        },
                        None => match self.memo.get(k) {
                            Some(v) => h ^= v.0 as u32,
                            None => fresh.push(k.clone()),
                        },
                    }
                }
                if !fresh.is_empty() {
                    let cells = child.iter().map(|&d| self.t.cells[d as usize]).sum::<u32>()
                        + fresh.iter().map(|k| self.rules.size(k)).sum::<u32>();
                    children.push((
                        cells,
                        Child::Fresh {
                            ids: child.clone(),
                            keys: std::mem::take(&mut fresh),
                            heap: h,
                        },
                    ));
                    continue;
                }
                let s = self.child(&mut child, h);
                match self.settled_value(s) {
                    Some(true) => return Ok(true),
                    Some(false) => {}
                    None => {
                        let cells = child.iter().map(|&d| self.t.cells[d as usize]).sum();
                        children.push((cells, Child::State(s)));
                    }
                }
            }
        }
        Ok(false)
    }

    /// The frame of `state`, or its outcome when a move to a settled
    /// P-position (or no unsettled move, or a bound on the components'
    /// values) decides it at once.
    fn expand(&mut self, mut state: u64) -> Result<std::result::Result<Frame, bool>> {
        if let Some(p) = self.settled_value(state) {
            return Ok(Err(p));
        }
        self.check_bounds()?;
        let mut ids = Vec::new();
        let mut heap = self.t.sums.unpack(state, &mut ids);
        if self.one_large && ids.len() > 1 {
            // Every component but the largest valued first (see the module
            // docs); each has at most half the cells of the state, so
            // these searches nest only a few deep.
            let cells = &self.t.cells;
            let largest = (0..ids.len())
                .max_by_key(|&j| (cells[ids[j] as usize], ids[j]))
                .expect("two ids");
            let keep = ids[largest];
            for &id in &ids {
                if id != keep {
                    self.value_of(id)?;
                }
            }
        }
        if ids.iter().any(|&d| self.t.value[d as usize] != UNKNOWN) {
            // Components valued since the state was made: into the heap.
            state = self.child(&mut ids, heap);
            if let Some(p) = self.settled_value(state) {
                return Ok(Err(p));
            }
            ids.clear();
            heap = self.t.sums.unpack(state, &mut ids);
        }
        let mut children: Vec<(u32, Child)> = Vec::new();
        let mut moves = std::mem::replace(&mut self.moves, Moves::new(false));
        let before = self.work;
        let won = self.children(&ids, heap, &mut moves, &mut children);
        self.moves = moves;
        if before >> 16 != self.work >> 16 {
            self.report();
            crate::solve::progress::offer(&*self.memo);
        }
        if won? {
            self.settle(state, false);
            return Ok(Err(false));
        }
        let mut child = Vec::with_capacity(ids.len());
        // Moves on the heap: to a smaller heap with the same components.
        for h in 0..heap {
            child.clear();
            child.extend_from_slice(&ids);
            let s = self.child(&mut child, h);
            match self.settled_value(s) {
                Some(true) => {
                    self.settle(state, false);
                    return Ok(Err(false));
                }
                Some(false) => {}
                None => children.push((u32::MAX, Child::State(s))),
            }
        }
        if children.is_empty() {
            self.settle(state, true);
            return Ok(Err(true));
        }
        children.sort_unstable();
        children.dedup();
        Ok(Ok(Frame {
            state,
            children: children.into_iter().map(|c| c.1).collect(),
            next: 0,
        }))
    }
}

#[cfg(test)]
mod tests;
