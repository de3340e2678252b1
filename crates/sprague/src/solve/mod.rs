//! Solvers: Grundy values, outcomes and winning moves for any ruleset.
//!
//! Normal play decomposes: [`Solver`] adds component values, from a dense
//! bottom-up table for heap games ([`dense`]) or an iterative memoised
//! search for every other position, whose depth is bounded by memory, never
//! by the call stack. What does not decompose — misère play, remoteness,
//! random and skilled play, loopy games with draws — is solved exactly on
//! the graph of whole sums ([`sums`]): [`retrograde`] for outcomes and
//! remoteness, [`random`] for probabilities, [`loopy`] for Smith's values,
//! [`misere`] for the rules that shortcut misère play; [`outcome`] finds
//! who wins sums too large for the whole graph.

pub mod chomp3;
pub mod components;
pub mod dense;
pub mod engine;
pub mod loopy;
pub mod misere;
pub mod nimber_search;
pub mod outcome;
pub mod progress;
pub mod quotient;
pub mod random;
pub mod retrograde;
mod solver;
pub mod stop;
pub mod sums;
pub mod tame;

pub use crate::os::{give_memory_back, CpuClock};
pub use solver::{HeapOracle, Solver, WinningMove};

/// Bounds on a computation, passed in by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions a search may remember, and the most entries a
    /// dense table may hold.
    pub max_states: u64,
    /// The most steps a computation may take: moves listed by a search,
    /// or option values looked at by the dense engine (about 10^9 a second).
    pub max_work: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 10_000_000,
            max_work: 100_000_000_000,
        }
    }
}

impl Limits {
    /// These limits, each no larger than the same limit of `cap`.
    ///
    /// ```
    /// use sprague::solve::Limits;
    /// let cap = Limits { max_states: 10, max_work: 1000 };
    /// let l = Limits { max_states: 50, max_work: 100 }.within(cap);
    /// assert_eq!((l.max_states, l.max_work), (10, 100));
    /// ```
    pub fn within(self, cap: Limits) -> Limits {
        Limits {
            max_states: self.max_states.min(cap.max_states),
            max_work: self.max_work.min(cap.max_work),
        }
    }
}

/// Who wins when the player to move cannot move: a parameter of every
/// question, not a property of the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (the last mover loses).
    Misere,
}

impl Play {
    /// `normal` or `misere`, as JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}
