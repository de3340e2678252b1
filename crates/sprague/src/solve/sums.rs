//! [`SumGraph`]: every sum reachable from some positions, as a graph.
//!
//! Misère play, remoteness, random play and loopy games do not decompose
//! into component values the way normal play does, so their exact solvers
//! work on the whole sum. A state is a sum in canonical form: its
//! components sorted (a multiset), with the components that have no move
//! left out (they change nothing under any convention). The graph is built
//! once, breadth first and iteratively, and every analysis
//! ([`super::retrograde`], [`super::random`], [`super::loopy`],
//! [`SumGraph::mex_values`]) is a pass over its arrays.

use super::{Limits, Play};
use crate::rules::{Convention, Moves, Ruleset};
use crate::{excerpt, Error, Outcome, Result};
use rustc_hash::FxHashMap as HashMap;

/// Parts are tested for having no move (and then left out of sums) only
/// when the rules promise at most this many moves.
pub(crate) const INERT_CHECK: u64 = 64;

/// The steps one part of one whole sum costs when it is built: copying,
/// sorting and hashing sums is some tens of table steps (measured), and
/// [`Limits::max_work`] counts table steps (about 10^9 a second).
pub(crate) const SUM_STEP: u64 = 64;

/// The least memory a graph of sums may use, in bytes, whatever
/// [`Limits::max_states`] says: 512 MiB.
pub const MIN_GRAPH_BYTES: u64 = 512 << 20;

/// The memory a graph of sums may use for each state that
/// [`Limits::max_states`] allows, in bytes (the bound is the larger of this
/// times `max_states` and [`MIN_GRAPH_BYTES`]: 640 MB by default). A graph
/// of small states (a few heaps) reaches `max_states` first; one of large
/// states (long sums, scripted positions, whose move lists are cached
/// too) reaches this bound first, before it has taken gigabytes.
pub const GRAPH_BYTES_PER_STATE: u64 = 64;

/// The memory a graph of sums within `limits` may use, in bytes.
pub fn graph_bytes_bound(limits: &Limits) -> u64 {
    limits
        .max_states
        .saturating_mul(GRAPH_BYTES_PER_STATE)
        .max(MIN_GRAPH_BYTES)
}

/// The index of a state in a [`SumGraph`].
pub type StateId = u32;

/// The sums reachable from one or more roots, with one edge per move.
///
/// Moves are edges with multiplicity: two equal heaps give two edges to the
/// same sum, since random play picks each move with equal chance.
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{Limits, SumGraph};
///
/// let mut g = SumGraph::new(&Nim, Limits::default());
/// let root = g.add_root(&[1, 1]).unwrap();
/// // 1 + 1 -> 1 (twice: either heap) -> nothing left.
/// assert_eq!(g.len(), 3);
/// assert_eq!(g.successors(root).len(), 2);
/// ```
pub struct SumGraph<'r, R: Ruleset> {
    rules: &'r R,
    limits: Limits,
    special: bool,
    states: Vec<Vec<R::Position>>,
    index: HashMap<Vec<R::Position>, StateId>,
    /// Successors of state `s` are `edges[starts[s]..starts[s + 1]]`.
    starts: Vec<usize>,
    edges: Vec<StateId>,
    decided: Vec<Option<Outcome>>,
    /// Whether a component has no move (such parts are left out of sums).
    inert: HashMap<R::Position, bool>,
    work: u64,
    /// The parts of all states together (for the memory estimate).
    parts: u64,
    root_text: String,
    /// The bytes that the states' own lists of parts hold on the heap
    /// (each list twice: in `states` and as a key of `index`).
    part_bytes: u64,
    /// The most bytes [`SumGraph::memory`] may reach.
    max_bytes: u64,
}

impl<'r, R: Ruleset> SumGraph<'r, R> {
    /// An empty graph of `rules`' sums, within `limits`.
    pub fn new(rules: &'r R, limits: Limits) -> Self {
        SumGraph {
            rules,
            limits: limits.clone(),
            special: rules.convention() == Convention::Special,
            states: Vec::new(),
            index: HashMap::default(),
            starts: vec![0],
            edges: Vec::new(),
            decided: Vec::new(),
            inert: HashMap::default(),
            work: 0,
            parts: 0,
            root_text: String::new(),
            part_bytes: 0,
            max_bytes: graph_bytes_bound(&limits),
        }
    }

    /// The bounds and the stop token the graph was built within (the
    /// analyses run on it look at the token too).
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The rules whose sums these are.
    pub fn rules(&self) -> &'r R {
        self.rules
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the graph has no state.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The steps spent so far (moves listed, times the parts of the sums
    /// they build).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The sum that state `s` stands for (canonical: sorted, no inert part).
    pub fn state(&self, s: StateId) -> &[R::Position] {
        &self.states[s as usize]
    }

    /// The state reached by each move from `s`, one entry per move.
    pub fn successors(&self, s: StateId) -> &[StateId] {
        &self.edges[self.starts[s as usize]..self.starts[s as usize + 1]]
    }

    /// Where the rules have decided the game at `s` (special conventions).
    pub fn decided(&self, s: StateId) -> Option<Outcome> {
        self.decided[s as usize]
    }

    /// Who wins at a state with no successor: the rules' decision, else the
    /// convention (normal: the player to move loses; misère: wins).
    pub fn terminal_outcome(&self, s: StateId, play: Play) -> Outcome {
        match (self.decided[s as usize], play) {
            (Some(o), _) => o,
            (None, Play::Normal) => Outcome::P,
            (None, Play::Misere) => Outcome::N,
        }
    }

    /// Adds `sum` and every sum reachable from it; returns its state.
    ///
    /// # Errors
    /// [`Error::LimitExceeded`] past `max_states` states,
    /// [`Error::WorkExceeded`] past `max_work` moves listed, and
    /// [`Error::Unsupported`] for a sum of a game whose positions do not add
    /// up (special conventions).
    ///
    /// # Complexity
    /// O(states × moves × k log k) for sums of k components.
    pub fn add_root(&mut self, sum: &[R::Position]) -> Result<StateId> {
        // A table adds a root per cell, most of them in the graph already
        // (nothing to expand, so no work counted): look at the token here.
        self.limits.check_stop()?;
        crate::rules::check_sum(self.rules, sum)?;
        if self.special && sum.len() != 1 {
            return Err(Error::Unsupported(format!(
                "`{}` positions do not add up as sums: give exactly one position",
                self.rules.spec()
            )));
        }
        self.root_text = sum
            .iter()
            .map(|p| self.rules.format_position(p))
            .collect::<Vec<_>>()
            .join(" + ");
        let root = self.intern(sum.to_vec())?;
        self.expand_all()?;
        Ok(root)
    }

    /// The state of `sum` if it is in the graph.
    pub fn find(&mut self, sum: &[R::Position]) -> Option<StateId> {
        let key = self.canonical(sum.to_vec()).ok()?;
        self.index.get(&key).copied()
    }

    /// Refuses a component whose moves are too many to list.
    fn check_branching(&self, p: &R::Position) -> Result<()> {
        if self.rules.branching(p) > self.limits.max_states {
            return Err(Error::LimitExceeded {
                what: format!(
                    "listing the moves of `{}`",
                    excerpt(&self.rules.format_position(p))
                ),
                limit: self.limits.max_states,
            });
        }
        Ok(())
    }

    /// Whether `p` is known to have no move (asked only where the rules
    /// promise few moves; see [`INERT_CHECK`]).
    fn inert(&mut self, p: &R::Position, scratch: &mut Moves<R::Position>) -> Result<bool> {
        if let Some(&i) = self.inert.get(p) {
            return Ok(i);
        }
        // Leaving out parts without moves only merges states: not worth
        // listing many moves to find out.
        if self.rules.branching(p) > INERT_CHECK {
            return Ok(false);
        }
        scratch.clear();
        self.rules.moves(p, scratch)?;
        self.work += scratch.len() as u64 + 1;
        self.inert.insert(p.clone(), scratch.is_empty());
        Ok(scratch.is_empty())
    }

    /// `sum` in canonical form: parts without moves left out (where that is
    /// cheap to know), the rest sorted.
    fn canonical(&mut self, mut sum: Vec<R::Position>) -> Result<Vec<R::Position>> {
        if !self.special {
            let mut scratch = Moves::new(false).stopped_by(&self.limits.stop);
            let mut kept = Vec::with_capacity(sum.len());
            for p in sum {
                if !self.inert(&p, &mut scratch)? {
                    kept.push(p);
                }
            }
            sum = kept;
        }
        sum.sort_unstable();
        Ok(sum)
    }

    /// The canonical sum after a move in component `i` of the canonical
    /// `sum` leaves `parts`: only the new parts are tested and inserted in
    /// order, the rest is canonical already.
    fn successor(
        &mut self,
        sum: &[R::Position],
        i: usize,
        parts: &[R::Position],
        scratch: &mut Moves<R::Position>,
    ) -> Result<Vec<R::Position>> {
        let mut next = Vec::with_capacity(sum.len() + parts.len());
        next.extend_from_slice(&sum[..i]);
        next.extend_from_slice(&sum[i + 1..]);
        for p in parts {
            if self.special || !self.inert(p, scratch)? {
                let at = next.partition_point(|q| q < p);
                next.insert(at, p.clone());
            }
        }
        Ok(next)
    }

    /// Doubles the room for states ahead of their growth, or
    /// [`Error::OutOfMemory`] where the system refuses it: the graph's
    /// large allocations happen here, so a search under a memory limit
    /// ends with an error, not an abort.
    fn make_room(&mut self) -> Result<()> {
        let more = self.states.len().max(1024);
        self.check_room(self.states.len() + more, self.edges.capacity())?;
        let ok = self.states.try_reserve(more).is_ok()
            && self.decided.try_reserve(more).is_ok()
            && self.starts.try_reserve(more).is_ok()
            && self.index.try_reserve(more).is_ok();
        if ok {
            Ok(())
        } else {
            Err(self.out_of_memory())
        }
    }

    /// The memory the graph holds, in bytes: an estimate from its
    /// arrays' capacities and its lists of parts. The positions' own heap
    /// memory (a scripted position that is a list) is not counted.
    pub fn memory(&self) -> u64 {
        let p = std::mem::size_of::<R::Position>();
        let list = std::mem::size_of::<Vec<R::Position>>();
        let bytes = self.states.capacity() * list
            + self.index.capacity() * (list + std::mem::size_of::<StateId>() + 1)
            + self.starts.capacity() * std::mem::size_of::<usize>()
            + self.decided.capacity() * std::mem::size_of::<Option<Outcome>>()
            + self.edges.capacity() * std::mem::size_of::<StateId>()
            + self.inert.capacity() * (p + 2);
        bytes as u64 + self.part_bytes
    }

    /// [`Error::OutOfMemory`] once the graph holds more than
    /// [`graph_bytes_bound`] allows: a graph of large states (long sums,
    /// scripted positions) reaches it before `max_states`.
    fn check_memory(&self) -> Result<()> {
        let bound = self.max_bytes;
        let used = self.memory();
        if used <= bound {
            return Ok(());
        }
        let n = self.states.len().max(1) as u64;
        Err(Error::OutOfMemory(format!(
            "the sums reachable from `{}` hold {} MiB in {} states (about {} bytes each), past the memory bound of a graph of sums, {} MiB ({GRAPH_BYTES_PER_STATE} bytes for each state --max-states allows, and at least {} MiB); raise --max-states to allow more",
            excerpt(&self.root_text),
            used >> 20,
            n,
            used / n,
            bound >> 20,
            MIN_GRAPH_BYTES >> 20,
        )))
    }

    /// This graph with a memory bound of `bytes` instead of
    /// [`graph_bytes_bound`] (for tests of the bound).
    #[cfg(test)]
    fn with_memory_bound(mut self, bytes: u64) -> Self {
        self.max_bytes = bytes;
        self
    }

    /// [`Error::OutOfMemory`] when the graph, grown to room for `states`
    /// states and `edges` moves, would pass the memory bound of the
    /// computation ([`Limits::max_memory`]). Each
    /// state costs its sum twice (the list and the index), the index's
    /// slot, its start and outcome, and the analyses' arrays over it
    /// (outcomes, probabilities, predecessors): some 100 bytes besides
    /// its parts; each move a state id in the graph and among the
    /// predecessors.
    fn check_room(&self, states: usize, edges: usize) -> Result<()> {
        let part = std::mem::size_of::<R::Position>() as u64;
        let parts_per_state = match self.states.len() {
            0 => 1,
            n => (self.parts / n as u64).max(1),
        };
        let per_state = 2 * (32 + parts_per_state * part) + 100;
        let bytes = states as u64 * per_state + edges as u64 * 8;
        self.limits.check_memory(bytes, || {
            format!("the sums reachable from `{}`", excerpt(&self.root_text))
        })
    }

    fn out_of_memory(&self) -> Error {
        Error::OutOfMemory(format!(
            "the sums reachable from `{}` ({} states, {} moves)",
            excerpt(&self.root_text),
            self.states.len(),
            self.edges.len()
        ))
    }

    fn intern(&mut self, sum: Vec<R::Position>) -> Result<StateId> {
        let key = self.canonical(sum)?;
        self.intern_canonical(key)
    }

    fn intern_canonical(&mut self, key: Vec<R::Position>) -> Result<StateId> {
        if let Some(&s) = self.index.get(&key) {
            return Ok(s);
        }
        if self.states.len() as u64 >= self.limits.max_states {
            return Err(Error::LimitExceeded {
                what: format!(
                    "the graph of the sums reachable from `{}`",
                    excerpt(&self.root_text)
                ),
                limit: self.limits.max_states,
            });
        }
        if self.states.len() == self.states.capacity() {
            self.make_room()?;
        }
        if self.states.len().is_multiple_of(1024) {
            self.check_memory()?;
        }
        // A list of k parts: its allocation, rounded as allocators do, twice.
        let size = (key.len() * std::mem::size_of::<R::Position>()) as u64;
        self.part_bytes += 2 * (size.div_ceil(16) * 16 + 16);
        let s = self.states.len() as StateId;
        let decided = match &key[..] {
            [p] if self.special => self.rules.decided(p),
            _ => None,
        };
        self.parts += key.len() as u64;
        self.index.insert(key.clone(), s);
        self.states.push(key);
        self.decided.push(decided);
        Ok(s)
    }

    /// Lists the moves of every state not yet expanded, in order, so that
    /// the successors of state s are stored right after those of s − 1.
    fn expand_all(&mut self) -> Result<()> {
        let mut moves = Moves::new(false).stopped_by(&self.limits.stop);
        let mut scratch = Moves::new(false).stopped_by(&self.limits.stop);
        let mut targets: Vec<StateId> = Vec::new();
        while self.starts.len() <= self.states.len() {
            let s = self.starts.len() - 1;
            if self.decided[s].is_none() {
                let sum = self.states[s].clone();
                // The successors of the last distinct component listed.
                let mut run = 0..0;
                for i in 0..sum.len() {
                    if i > 0 && sum[i] == sum[i - 1] {
                        // An equal component: the same sums once more.
                        targets.extend_from_within(run.clone());
                        continue;
                    }
                    let first = targets.len();
                    let p = &sum[i];
                    self.check_branching(p)?;
                    moves.clear();
                    self.rules.moves(p, &mut moves)?;
                    // Each move builds a sum of about this many parts.
                    let before = self.work;
                    self.work += (moves.len() as u64 + 1) * (sum.len() as u64 + 1) * SUM_STEP;
                    self.limits.check_stop()?;
                    super::progress::search_steps(before, self.work, self.limits.max_work);
                    if self.work > self.limits.max_work {
                        return Err(Error::WorkExceeded {
                            what: format!("listing the sums reachable from `{}`", excerpt(&self.root_text)),
                            limit: self.limits.max_work,
                        });
                    }
                    for parts in moves.iter() {
                        if self.special && parts.len() > 1 {
                            return Err(Error::Unsupported(
                                "a move of a special-convention game left a sum".into(),
                            ));
                        }
                        let next = self.successor(&sum, i, parts, &mut scratch)?;
                        let t = self.intern_canonical(next)?;
                        targets.push(t);
                    }
                    run = first..targets.len();
                }
            }
            if self.edges.capacity() - self.edges.len() < targets.len() {
                let more = targets.len().max(self.edges.len());
                self.check_room(self.states.capacity(), self.edges.len() + more)?;
                self.edges.try_reserve(more).map_err(|_| self.out_of_memory())?;
            }
            self.edges.append(&mut targets);
            self.starts.push(self.edges.len());
        }
        Ok(())
    }

    /// The predecessors of every state, one entry per move (CSR form:
    /// `(starts, preds)`, the predecessors of t being
    /// `preds[starts[t]..starts[t + 1]]`).
    pub fn predecessors(&self) -> (Vec<usize>, Vec<StateId>) {
        let n = self.len();
        let mut starts = vec![0usize; n + 1];
        for &t in &self.edges {
            starts[t as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut preds = vec![0 as StateId; self.edges.len()];
        for s in 0..n {
            for &t in self.successors(s as StateId) {
                preds[fill[t as usize]] = s as StateId;
                fill[t as usize] += 1;
            }
        }
        (starts, preds)
    }

    /// The states in an order where every state comes after all of its
    /// successors, or [`Error::Loopy`] naming a state on a cycle.
    ///
    /// # Complexity
    /// O(states + moves) (Kahn's algorithm on the reversed graph).
    pub fn topological_order(&self) -> Result<Vec<StateId>> {
        let n = self.len();
        let (pstarts, preds) = self.predecessors();
        let mut left: Vec<usize> = (0..n).map(|s| self.successors(s as StateId).len()).collect();
        let mut order: Vec<StateId> = (0..n as StateId).filter(|&s| left[s as usize] == 0).collect();
        let mut head = 0;
        while head < order.len() {
            let t = order[head] as usize;
            head += 1;
            for &s in &preds[pstarts[t]..pstarts[t + 1]] {
                left[s as usize] -= 1;
                if left[s as usize] == 0 {
                    order.push(s);
                }
            }
        }
        if order.len() < n {
            let s = (0..n).find(|&s| left[s] > 0).expect("a state is left");
            let text: Vec<String> = self.states[s]
                .iter()
                .map(|p| self.rules.format_position(p))
                .collect();
            return Err(Error::Loopy(excerpt(&text.join(" + "))));
        }
        Ok(order)
    }

    /// The Grundy value of every state as a whole game, by mex over its
    /// successors; a state without moves has value 0 under normal play and
    /// 1 under misère play (the misère Grundy value g⁻).
    ///
    /// Under normal play this is plain Sprague–Grundy on whole sums (a
    /// reference for the component-wise solver); under misère play it is
    /// the only general way: misère values do not add.
    ///
    /// # Errors
    /// [`Error::Loopy`] on a cycle; [`Error::Unsupported`] where the rules
    /// decide games by other means (special conventions).
    ///
    /// # Complexity
    /// O(states + moves).
    ///
    /// # Examples
    /// ```
    /// use sprague::rules::Nim;
    /// use sprague::solve::{Limits, Play, SumGraph};
    ///
    /// let mut g = SumGraph::new(&Nim, Limits::default());
    /// let s = g.add_root(&[1]).unwrap();
    /// // Misère: a lone heap of 1 must be taken, and taking the last loses.
    /// assert_eq!(g.mex_values(Play::Misere).unwrap()[s as usize], 0);
    /// assert_eq!(g.mex_values(Play::Normal).unwrap()[s as usize], 1);
    /// ```
    pub fn mex_values(&self, play: Play) -> Result<Vec<u64>> {
        if self.special {
            return Err(Error::Unsupported(format!(
                "`{}` is not played under the normal convention: its positions have no Grundy value",
                self.rules.spec()
            )));
        }
        let order = self.topological_order()?;
        let mut value = vec![0u64; self.len()];
        let mut seen: Vec<bool> = Vec::new();
        for s in order {
            let succ = self.successors(s);
            value[s as usize] = if succ.is_empty() {
                match play {
                    Play::Normal => 0,
                    Play::Misere => 1,
                }
            } else {
                seen.clear();
                seen.resize(succ.len() + 1, false);
                for &t in succ {
                    let v = value[t as usize];
                    if (v as usize) < seen.len() {
                        seen[v as usize] = true;
                    }
                }
                seen.iter().position(|&b| !b).unwrap_or(succ.len()) as u64
            };
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Nim;

    #[test]
    fn the_memory_bound_stops_a_graph_of_large_states_with_its_numbers() {
        // Sums of twelve Nim heaps: some 800 bytes a state; stopped near
        // 4 MiB, long before the states bound.
        let mut g = SumGraph::new(&Nim, Limits::default()).with_memory_bound(4 << 20);
        let sum: Vec<u64> = (1..=12).collect();
        let e = g.add_root(&sum).unwrap_err();
        let Error::OutOfMemory(text) = &e else {
            panic!("{e}")
        };
        assert!(
            text.contains("past the memory bound of a graph of sums, 4 MiB"),
            "{text}"
        );
        assert!(text.contains("raise --max-states"), "{text}");
        assert!(g.memory() > 4 << 20 && g.memory() < 6 << 20, "{}", g.memory());
    }

    #[test]
    fn the_memory_bound_grows_with_the_states_bound() {
        let at = |max_states| {
            graph_bytes_bound(&Limits {
                max_states,
                max_work: 1,
                ..Limits::default()
            })
        };
        assert_eq!(at(1000), MIN_GRAPH_BYTES);
        assert_eq!(at(10_000_000), 640_000_000);
        assert_eq!(at(u64::MAX), u64::MAX);
    }
}
