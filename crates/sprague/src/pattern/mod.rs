//! Patterns: from a table of Grundy values to structure, proof and a
//! closed-form evaluator.
//!
//! A person staring at a table sees periods, runs and self-similarity; this
//! module finds the same structure and, where a theorem turns a finite check
//! into a statement about every n, carries out that check. Each
//! [`Finding`] says which it is: [`Status::Proven`] (with the argument) or
//! [`Status::Observed`] (true for every value computed, nothing more). A
//! wrong "proven" is the worst bug this module could have, so every prover
//! states its window in its doc comment and the tests attack it with
//! sequences that look regular for a long time and then break.
//!
//! Proven heap patterns yield an [`Evaluator`], which answers g(n) for any
//! `u64` n in O(1) (periodic) or O(log n) (floor division), and can print
//! itself as a small function in Rust, C++ or Python ([`Evaluator::emit`]).
//!
//! The finders, each in a part of its own whose items are re-exported here:
//! - periods: (arithmetic) periodicity, proven for finite subtraction
//!   sets, octal codes and powers ([`proven_period`], [`observed_period`]);
//! - floor division: self-similarity g(n) = g(⌊n/b⌋) of floor-division
//!   games, proven, with the run table it implies ([`prove_floor`],
//!   [`runs`]);
//! - rare values: sparse space, a bit mask splitting common and rare
//!   values ([`find_sparse`]);
//! - pairs: 2-D tables, periodic in each coordinate, xor-separable,
//!   Wythoff's P-positions ([`analyze_pairs`]);
//! - splits: the moves of a sum of heaps to a given value, counted by
//!   residue class of a proven period ([`moves_to_value`]).
//!
//! Surveys run many codes, one engine run each, and write the table a paper
//! prints (with the `serde` feature): which codes ([`code_family`],
//! [`parse_codes`]), one code's run ([`run_code`]) and its
//! [`SurveyRecord`] with its [`SurveyStatus`], reading a survey file back
//! ([`read_survey`]) and the report ([`write_survey_markdown`]); the misère
//! survey finds one quotient a code ([`run_misere_code`]). The statuses are
//! described on [`SurveyStatus`], the command in `docs/surveys.md`.

mod analyze;
mod emit;
pub(crate) mod floor;
pub(crate) mod pairs;
pub(crate) mod periodic;
pub(crate) mod rare;
pub(crate) mod splits;
#[cfg(feature = "serde")]
pub(crate) mod survey;

pub use analyze::{analyze_heap, has_prover, prove, prove_by_engine, HeapAnalysis, HeapLimits, Proof};
pub use emit::Language;
pub use floor::{prove_floor, runs, FloorPattern, MAX_BASE as FLOOR_MAX_BASE};
pub use pairs::{analyze_pairs, pair_table, PairAnalysis, MAX_CELLS as PAIR_MAX_CELLS};
pub use periodic::{
    observed_arithmetic, observed_period, powers_settle, proven_period, Periodicity,
    SEARCH_BUDGET as PERIOD_SEARCH_BUDGET,
};
pub use rare::{find_sparse, is_rare, SparseSpace, RARE_FRACTION};
pub use splits::{moves_to_value, MovesToValue};
#[cfg(feature = "serde")]
pub use survey::{
    check_misere_resume, compare as compare_codes, dedup as dedup_codes, family as code_family,
    family_size as code_family_size, is_misere_survey, parse_code, parse_codes, parse_record_code,
    read_misere_survey, read_survey, repeating_tail, run_code, run_code_watched, run_misere_code,
    sorted as sorted_records, summary_line as survey_summary_line, write_csv as write_survey_csv,
    write_markdown as write_survey_markdown, write_misere_csv, write_misere_markdown, Counts as SurveyCounts,
    MisereRecord, Record as SurveyRecord, RunState as SurveyRunState, Status as SurveyStatus, SurveyFile,
    MAX_FAMILY as MAX_CODE_FAMILY, MAX_UPTO as SURVEY_MAX_UPTO,
};

use crate::Nimber;
use std::fmt;

/// Whether a finding holds for every n or only for the values computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Status {
    /// A theorem extends the finite check to every n.
    Proven,
    /// True for every value computed (up to `checked_upto`); nothing more.
    Observed,
}

/// What kind of structure a finding describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Kind {
    /// g(n + p) = g(n) for n ≥ o.
    Periodic,
    /// g(n + p) = g(n) + s for n ≥ o, s ≠ 0.
    ArithmeticPeriodic,
    /// g(n) = g(⌊n/b⌋) for n ≥ n0.
    FloorDivision,
    /// Intervals of constant value.
    Runs,
    /// A bit mask splits values into common and rare classes.
    RareValues,
    /// g(x, y) = f(x) xor h(y).
    XorSeparable,
    /// The P-positions of Wythoff's game.
    WythoffPositions,
}

impl Kind {
    /// The kind's name as in JSON (`periodic`, `floor_division`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Periodic => "periodic",
            Kind::ArithmeticPeriodic => "arithmetic_periodic",
            Kind::FloorDivision => "floor_division",
            Kind::Runs => "runs",
            Kind::RareValues => "rare_values",
            Kind::XorSeparable => "xor_separable",
            Kind::WythoffPositions => "wythoff_positions",
        }
    }
}

/// A maximal interval `[from, to)` of constant value.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Run {
    /// First n of the interval.
    pub from: u64,
    /// One past the last n.
    pub to: u64,
    /// g(n) on the interval.
    pub value: u64,
}

/// One structure found in a table, with its status.
///
/// Only the fields that apply to the kind are set; the JSON form leaves the
/// others out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Finding {
    /// What kind of structure.
    pub kind: Kind,
    /// Proven or observed.
    pub status: Status,
    /// The argument that proves it (proven findings only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub argument: Option<String>,
    /// The structure as a formula a person reads.
    pub formula: String,
    /// The largest n (or coordinate) whose value was computed and checked.
    pub checked_upto: u64,
    /// For 2-D tables: which coordinate (`x` or `y`) a period runs along.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub axis: Option<&'static str>,
    /// Pre-period o.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub preperiod: Option<u64>,
    /// Period p.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub period: Option<u64>,
    /// Saltus s of an arithmetic period.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub saltus: Option<i64>,
    /// Base b of a floor-division pattern.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub base: Option<u64>,
    /// Start n0 of a floor-division pattern.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub n0: Option<u64>,
    /// Run table (for geometric runs: the runs of one block `[n0, b·n0)`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub runs: Option<Vec<Run>>,
    /// Bitmask of a sparse space: v is rare iff popcount(v & !mask) is even.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub mask: Option<u64>,
    /// How many positions hold a rare value.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rare_count: Option<u64>,
    /// The last position holding a rare value.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub last_rare: Option<u64>,
}

impl Finding {
    /// A finding of `kind` with only the common fields set.
    pub fn new(
        kind: Kind,
        status: Status,
        argument: Option<String>,
        formula: String,
        checked_upto: u64,
    ) -> Self {
        Finding {
            kind,
            status,
            argument,
            formula,
            checked_upto,
            axis: None,
            preperiod: None,
            period: None,
            saltus: None,
            base: None,
            n0: None,
            runs: None,
            mask: None,
            rare_count: None,
            last_rare: None,
        }
    }

    /// The status in words: `proven (argument)` or `observed up to N`.
    pub fn status_text(&self) -> String {
        match (&self.status, &self.argument) {
            (Status::Proven, Some(a)) => format!("proven ({a})"),
            (Status::Proven, None) => "proven".into(),
            (Status::Observed, _) => format!("observed up to {}", self.checked_upto),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} — {}",
            self.kind.name(),
            self.formula,
            self.status_text()
        )
    }
}

/// A closed form for g(n) of a heap game, built from a proven pattern.
///
/// # Examples
/// ```
/// use sprague::pattern::Evaluator;
/// // subtract:1,2 — period 3 from 0.
/// let e = Evaluator::Periodic { prefix: vec![], cycle: vec![0, 1, 2], saltus: 0 };
/// assert_eq!(e.value(1_000_000_000_000_000_001), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evaluator {
    /// g(n) = `prefix[n]` for n < o = `prefix.len()`; otherwise, with
    /// p = `cycle.len()` and m = n − o: `cycle[m mod p]` + saltus·⌊m/p⌋.
    Periodic {
        /// g(0..o).
        prefix: Vec<u32>,
        /// g(o..o+p).
        cycle: Vec<u32>,
        /// Added once per period (0 for plain periodicity).
        saltus: u64,
    },
    /// g(n) = g(⌊n/base⌋) while n ≥ n0 = `low.len()`; then `low[n]`.
    FloorDivision {
        /// b ≥ 2.
        base: u64,
        /// g(0..n0), n0 ≥ 1.
        low: Vec<u32>,
    },
}

impl Evaluator {
    /// g(n), in O(1) (periodic) or O(log n) (floor division).
    ///
    /// An arithmetic-periodic value beyond `u64::MAX` saturates (no game in
    /// the catalog gets near it).
    ///
    /// # Panics
    /// If the evaluator breaks its own invariants: an empty `cycle`, an
    /// empty `low` or a `base` below 2 (the provers never build one).
    pub fn value(&self, n: u64) -> u64 {
        match self {
            Evaluator::Periodic {
                prefix,
                cycle,
                saltus,
            } => {
                let o = prefix.len() as u64;
                if n < o {
                    return prefix[n as usize] as u64;
                }
                let m = n - o;
                let p = cycle.len() as u64;
                let base = cycle[(m % p) as usize] as u64;
                base.saturating_add(saltus.saturating_mul(m / p))
            }
            Evaluator::FloorDivision { base, low } => {
                assert!(
                    *base >= 2 && !low.is_empty(),
                    "a floor-division evaluator needs b ≥ 2 and n0 ≥ 1"
                );
                let mut n = n;
                while n >= low.len() as u64 {
                    n /= base;
                }
                low[n as usize] as u64
            }
        }
    }

    /// g(n) as a nimber.
    pub fn grundy(&self, n: u64) -> Nimber {
        Nimber(self.value(n))
    }

    /// A self-contained function `grundy(n)` in `lang` that computes g(n)
    /// for every n < 2^64, for pasting into a contest solution.
    ///
    /// `comment` becomes the function's leading comment (one line).
    pub fn emit(&self, lang: Language, comment: &str) -> String {
        emit::emit(self, lang, comment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluators_follow_their_definition() {
        let e = Evaluator::Periodic {
            prefix: vec![5, 6],
            cycle: vec![1, 2, 3],
            saltus: 10,
        };
        let got: Vec<u64> = (0..9).map(|n| e.value(n)).collect();
        assert_eq!(got, [5, 6, 1, 2, 3, 11, 12, 13, 21]);
        let f = Evaluator::FloorDivision {
            base: 12,
            low: vec![0, 1, 2, 2, 3, 3],
        };
        assert_eq!(f.value(5), 3);
        assert_eq!(f.value(6), 0);
        assert_eq!(f.value(12), 1);
        assert_eq!(f.value(50), 3);
        assert_eq!(f.value(u64::MAX), f.value(u64::MAX / 12));
    }
}
