//! Solvers: Grundy values, outcomes and winning moves for any ruleset.
//!
//! Two engines sit behind [`Solver`]: a dense bottom-up table for heap games
//! ([`dense`]), and an iterative memoised search for every other position,
//! whose depth is bounded by memory, never by the call stack. [`random`]
//! gives win probabilities under uniformly random play.

pub mod dense;
pub mod random;
mod solver;

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
