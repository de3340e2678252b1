//! Solvers: Grundy values, outcomes and winning moves for any ruleset.
//!
//! Normal play decomposes: [`Solver`] adds component values, from a dense
//! bottom-up table for heap games ([`extend_dense`]) or an iterative
//! memoised search for every other position, whose depth is bounded by
//! memory, never by the call stack; [`ComponentSolver`] does the same for
//! rules whose positions split into components. What does not decompose —
//! misère play, remoteness, random and skilled play, loopy games with
//! draws — is solved exactly on the graph of whole sums ([`SumGraph`]):
//! retrograde analysis for outcomes and remoteness, [`probability_of`] for
//! win chances, [`Generalized`] for Smith's values of loopy games,
//! [`bouton`], [`tame()`] and [`MisereQuotient`] for the rules that shortcut
//! misère play; [`OutcomeSearch`] finds who wins sums too large for the
//! whole graph. The sequence engine ([`Engine`]) computes g(0..=N) of octal
//! codes and Grundy's game for N in the hundreds of millions, and reads
//! and writes its checkpoints and sequence files ([`read_checkpoint`],
//! [`write_sequence`], …).
//!
//! Most programs ask through [`crate::Game`] and [`crate::query`] and need
//! none of this; the items here are the solvers themselves, for a program
//! that drives one directly. Every long computation takes [`Limits`], whose
//! [`Stop`] token ends it from another thread, and reports how far it is
//! to a [`Progress`] the front end sets ([`reporting`]).
//!
//! The module's parts are private: what a user needs of them is
//! re-exported here, renamed where two parts use one name (the engine's
//! [`EnginePeriod`] and [`EngineStatus`], the quotient's
//! [`QuotientPeriod`]).

// Each part is private to the crate: its public items are re-exported
// below, so that the public surface is this list.
pub(crate) mod chomp3;
pub(crate) mod components;
pub(crate) mod dense;
pub(crate) mod engine;
pub(crate) mod loopy;
pub(crate) mod misere;
pub(crate) mod nimber_search;
pub(crate) mod outcome;
pub(crate) mod prefetch;
pub(crate) mod progress;
pub(crate) mod quotient;
pub(crate) mod random;
pub(crate) mod retrograde;
pub(crate) mod skill_curve;
mod solver;
pub(crate) mod sums;
pub(crate) mod tame;
#[cfg(test)]
pub(crate) mod test_rng;

pub use chomp3::{
    by_third_row, three_row_p_positions, Run as ChompRun, ThirdRow, MAX_LISTED as CHOMP3_MAX_LISTED,
};
pub use components::{shared_memo, ComponentMemo, ComponentSolver};
pub use dense::{extend as extend_dense, extend_within as extend_dense_within};
pub use engine::store::{
    read_checkpoint, read_sequence, write_checkpoint, write_sequence, Checkpoint, SequenceFile,
};
pub use engine::{
    checksum_upto, checksum_upto_with, needed_len, needed_len_heaps, Checksum, Engine,
    Period as EnginePeriod, SeqGame, Simd, Status as EngineStatus, Tuning, SEQUENCE_FROM,
};
pub use loopy::{sum_value as generalized_sum, Generalized};
pub use misere::{bouton, bouton_moves, genus, misere_values, Genus};
pub use nimber_search::NimberSearch;
pub use outcome::OutcomeSearch;
pub use progress::{reporting, Progress, SolvedSoFar, Step, Task};
pub use quotient::moves::LIST_MAX as QUOTIENT_LIST_MAX;
pub use quotient::{
    bytes_for_order, MisereQuotient, Period as QuotientPeriod, Presentation, QuotientAsk, Word,
    QUOTIENT_MAX_HEAP, QUOTIENT_MAX_ORDER, QUOTIENT_ORDER_CEILING, SEARCH_HEAPS as QUOTIENT_SEARCH_HEAPS,
    SEARCH_ORDER as QUOTIENT_SEARCH_ORDER, TAME_SEARCH_HEAPS as QUOTIENT_TAME_SEARCH_HEAPS,
};
pub use random::{
    parse_probability, probability_of, random_probabilities, win_probability, ChanceGraph, Probability,
    Skill, Skills,
};
pub use retrograde::{solve_all as solve_retrograde, Solved};
pub use skill_curve::{skill_curve, skill_curve_in, SkillCurve, CURVE_STEPS, HEAT_STEPS, HEAT_WORK};
pub use sums::{StateId, SumGraph};
pub use tame::{tame, NimLike, Tame, Wild};

pub use crate::os::{give_memory_back, CpuClock};
pub use crate::stop::Stop;
use crate::{Error, Result};
pub use solver::{HeapOracle, Solver, WinningMove};

/// Bounds on a computation, passed in by the caller, and the token that
/// stops it.
///
/// `Clone`, not `Copy`: a clone shares the stop token ([`Stop`]), so a
/// computation and the threads it starts are stopped together.
///
/// # Examples
/// A bound on memory ends a computation whose tables would grow past it:
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{probability_of, Limits, Play, Skill};
///
/// let sum = [30, 31, 32];
/// let ask = |bytes| {
///     let limits = Limits { max_memory: Some(bytes), ..Limits::default() };
///     probability_of(&Nim, &sum, Play::Normal, &Skill::random(), limits)
/// };
/// // Some thousands of sums: more than 64 KiB.
/// assert!(matches!(ask(1 << 16), Err(sprague::Error::OutOfMemory(_))));
/// assert!(ask(1 << 30).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions a search may remember, and the most entries a
    /// dense table may hold.
    pub max_states: u64,
    /// The most steps a computation may take: moves listed by a search,
    /// or option values looked at by the dense engine (about 10^9 a second).
    pub max_work: u64,
    /// The most bytes the big tables of the computation (the graph of
    /// sums, a search's memo, a dense table) may take, from an estimate
    /// checked before they grow; `None`: no bound but the others. A
    /// server answers a question too big with [`Error::OutOfMemory`]
    /// before the machine runs short.
    pub max_memory: Option<u64>,
    /// The token that ends the computation early with [`Error::Stopped`]
    /// (see [`Stop`]); by default one nobody else holds.
    pub stop: Stop,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 10_000_000,
            max_work: 100_000_000_000,
            max_memory: None,
            stop: Stop::default(),
        }
    }
}

impl Limits {
    /// These limits, each bound no larger than the same bound of `cap`;
    /// the stop token is this one's.
    ///
    /// ```
    /// use sprague::solve::Limits;
    /// let cap = Limits { max_states: 10, max_work: 1000, ..Limits::default() };
    /// let l = Limits { max_states: 50, max_work: 100, ..Limits::default() }.within(&cap);
    /// assert_eq!((l.max_states, l.max_work), (10, 100));
    /// ```
    pub fn within(&self, cap: &Limits) -> Limits {
        Limits {
            max_states: self.max_states.min(cap.max_states),
            max_work: self.max_work.min(cap.max_work),
            max_memory: match (self.max_memory, cap.max_memory) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            stop: self.stop.clone(),
        }
    }

    /// [`Error::Stopped`] once the stop token is stopped.
    #[inline]
    pub fn check_stop(&self) -> Result<()> {
        self.stop.check()
    }

    /// [`Error::OutOfMemory`] if tables of about `bytes` bytes would pass
    /// [`Limits::max_memory`]; `what` names them.
    pub fn check_memory(&self, bytes: u64, what: impl FnOnce() -> String) -> Result<()> {
        match self.max_memory {
            Some(limit) if bytes > limit => Err(Error::OutOfMemory(format!(
                "{} would take about {} MB, past this computation's bound of {} MB",
                what(),
                bytes.div_ceil(1 << 20),
                limit / (1 << 20)
            ))),
            _ => Ok(()),
        }
    }
}

/// Who wins when the player to move cannot move: a parameter of every
/// question, not a property of the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
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
