//! What the computer knows about positions: outcome and remoteness of
//! every sum of a solved graph, kept by a hash of the sum so that the
//! session holds no positions of a generic type.
//!
//! A graph solved from any root gives each of its sums its true value, so
//! the values of graphs built from different positions of one game (the
//! start, and a smaller position later when the start's graph did not fit)
//! go into one map.

use crate::rules::{Convention, Moves, Ruleset};
use crate::solve::retrograde::{solve_all, Solved};
use crate::solve::sums::{SumGraph, INERT_CHECK};
use crate::solve::{Limits, Play};
use crate::{Error, Result};
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// The budget of one graph: the same as the `value` command's remoteness,
/// so that the computer plays by remoteness wherever `value` gives one.
pub(crate) const GRAPH_STATES: u64 = 1_000_000;
/// The steps one graph may take (see [`GRAPH_STATES`]).
pub(crate) const GRAPH_WORK: u64 = 20_000_000;

/// The budget of a graph tried later in a game, once the start's graph
/// did not fit: small (some milliseconds), so that every move stays quick;
/// the game's positions shrink until one fits.
pub(crate) const RETRY_STATES: u64 = 100_000;
/// The steps of such a graph (see [`RETRY_STATES`]).
pub(crate) const RETRY_WORK: u64 = 2_000_000;

/// A sum, by a 128-bit hash of its canonical form (two independent 64-bit
/// hashes: a collision among a million sums has odds below 10^-25).
pub(crate) type Key = u128;

/// The canonical form of a sum as [`SumGraph`] keeps it: parts without a
/// move left out (where the rules promise few moves), the rest sorted;
/// special-convention games as they are.
pub(crate) fn key<R: Ruleset>(rules: &R, sum: &[R::Position]) -> Key {
    let mut parts: Vec<&R::Position> = Vec::with_capacity(sum.len());
    let mut scratch = Moves::new(false);
    let special = rules.convention() == Convention::Special;
    for p in sum {
        if !special && rules.branching(p) <= INERT_CHECK {
            scratch.clear();
            // A part whose moves cannot be listed is kept: the key is then
            // less canonical, never wrong (the sum's search fails anyway).
            if rules.moves(p, &mut scratch).is_ok() && scratch.is_empty() {
                continue;
            }
        }
        parts.push(p);
    }
    parts.sort_unstable();
    hash_of(&parts)
}

fn hash_of<T: Hash>(value: &T) -> Key {
    let mut a = DefaultHasher::new();
    0x5eed_u32.hash(&mut a);
    value.hash(&mut a);
    let mut b = DefaultHasher::new();
    0xfeed_cafe_u64.hash(&mut b);
    value.hash(&mut b);
    (u128::from(a.finish()) << 64) | u128::from(b.finish())
}

/// Values known so far, and the roots whose graphs did not fit.
#[derive(Clone, Debug, Default)]
pub(crate) struct Known {
    values: HashMap<Key, Solved>,
    refused: HashSet<Key>,
}

impl Known {
    /// The value of the sum with this key, if a solved graph held it.
    pub(crate) fn get(&self, k: Key) -> Option<Solved> {
        self.values.get(&k).copied()
    }

    /// Makes sure `sum` is known when its graph fits the budget (that of
    /// `value`'s remoteness for the first sum asked about, a small one
    /// after): builds and solves the graph of every sum reachable from it
    /// once, and remembers a refusal so that it is not tried again. Returns
    /// its value ([`Error::Stopped`] when the computation was stopped from
    /// outside: that is not remembered).
    pub(crate) fn learn<R: Ruleset>(
        &mut self,
        rules: &R,
        sum: &[R::Position],
        play: Play,
        limits: Limits,
    ) -> Result<Option<Solved>> {
        let root = key(rules, sum);
        if let Some(s) = self.get(root) {
            return Ok(Some(s));
        }
        if self.refused.contains(&root) {
            return Ok(None);
        }
        let (states, work) = if self.values.is_empty() && self.refused.is_empty() {
            (GRAPH_STATES, GRAPH_WORK)
        } else {
            (RETRY_STATES, RETRY_WORK)
        };
        let limits = limits.within(&Limits {
            max_states: states,
            max_work: work,
            ..Limits::default()
        });
        let mut graph = SumGraph::new(rules, limits);
        match graph.add_root(sum) {
            Ok(_) => {}
            // Stopped from outside: not a graph too large, so not refused
            // for the rest of the game.
            Err(Error::Stopped) => return Err(Error::Stopped),
            Err(_) => {
                self.refused.insert(root);
                return Ok(None);
            }
        }
        let solved = solve_all(&graph, play);
        for (s, v) in solved.iter().enumerate() {
            let parts: Vec<&R::Position> = graph.state(s as u32).iter().collect();
            self.values.insert(hash_of(&parts), *v);
        }
        Ok(self.get(root))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Grid, Nim, OctalGame};
    use crate::Outcome;

    #[test]
    fn keys_ignore_order_and_dead_parts() {
        let k = OctalGame::new("kayles", "0.77").unwrap();
        assert_eq!(key(&k, &[3, 5]), key(&k, &[5, 3]));
        assert_ne!(key(&k, &[3, 5]), key(&k, &[3, 6]));
        let g = Grid { right: 2, up: 3 };
        // A 1x1 board has no move: it changes nothing.
        assert_eq!(key(&g, &[(1, 1), (4, 4)]), key(&g, &[(4, 4)]));
    }

    #[test]
    fn learned_values_match_the_graph() {
        let mut known = Known::default();
        let s = known
            .learn(&Nim, &[1, 2, 3], Play::Normal, Limits::default())
            .unwrap()
            .unwrap();
        assert_eq!(s.outcome, Outcome::P);
        // Every sum below the root is known too.
        assert_eq!(known.get(key(&Nim, &[1, 2, 2])).unwrap().outcome, Outcome::N);
        assert_eq!(known.get(key(&Nim, &[2, 2])).unwrap().outcome, Outcome::P);
        // A heap of 10^18 is refused at once, and remembered as refused.
        assert!(known
            .learn(
                &Nim,
                &[1_000_000_000_000_000_000],
                Play::Normal,
                Limits::default()
            )
            .unwrap()
            .is_none());
        // A computation stopped from outside is an error, and not refused
        // for good: the same sum is learnt with a token not stopped.
        let stopped = Limits::default();
        stopped.stop.stop();
        let mut fresh = Known::default();
        let r = fresh.learn(&Nim, &[3, 4, 5], Play::Normal, stopped);
        assert_eq!(r, Err(Error::Stopped));
        assert!(fresh
            .learn(&Nim, &[3, 4, 5], Play::Normal, Limits::default())
            .unwrap()
            .is_some());
    }
}
