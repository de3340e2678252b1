//! [`AnalyzeReport`]: the patterns `sprague analyze` finds in a game's
//! values, with the proof of a heap game's pattern.

use crate::pattern::{self, Finding, HeapLimits, Proof};
use crate::rules::{Game, GameVisitor, Ruleset};
use crate::solve::Limits;
use crate::{Error, Result};

/// What was found, for a heap game or a pair game. Serialises as
/// `analyze --json` prints it.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AnalyzeReport {
    /// The game's canonical spec.
    pub spec: String,
    /// The largest n (or coordinate) whose value was checked.
    pub checked_upto: u64,
    /// Each pattern, proven or observed.
    pub findings: Vec<Finding>,
    /// The proven pattern of a heap game, with its evaluator.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub proof: Option<Proof>,
    /// Whether the game is a heap game (else a pair game).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub heap: bool,
    /// Whether a proof of a heap game's pattern can exist here: the game
    /// has a theorem that proves a pattern from finitely many values
    /// ([`pattern::has_prover`]), so that more values may find one.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub provable: bool,
}

/// Looks for the patterns in `game`'s values: of g(0..=N) for a heap game
/// (N from `upto`, else as far as a proof needs), of g(x, y) for a pair
/// game (32 × 32 unless `upto` says otherwise).
///
/// # Errors
/// One board or graph ([`not_one_board`](super::not_one_board));
/// `upto` with two numbers for a heap game; any error of
/// [`pattern::analyze_heap`] or [`pattern::analyze_pairs`].
///
/// # Examples
/// ```
/// use sprague::report::analyze;
/// use sprague::solve::Limits;
///
/// let r = analyze(&"kayles".parse().unwrap(), None, Limits::default()).unwrap();
/// assert!(r.proof.is_some());
/// ```
pub fn analyze(game: &Game, upto: Option<(u64, Option<u64>)>, limits: Limits) -> Result<AnalyzeReport> {
    super::not_one_board(game)?;
    let heap_upto = match upto {
        Some((_, Some(_))) if game.visit(IsHeap) => {
            return Err(Error::Unsupported(format!(
                "`{}` is a heap game: give --upto N, not N,M",
                game.spec()
            )))
        }
        Some((n, _)) => Some(n),
        None => None,
    };
    if let Some(r) = game.visit(AnalyzeHeap {
        upto: heap_upto,
        limits: limits.clone(),
    })? {
        return Ok(r);
    }
    let (x, y) = match upto {
        Some((x, y)) => (x, y.unwrap_or(x)),
        None => (32, 32),
    };
    let a = pattern::analyze_pairs(game, x, y, limits)?;
    Ok(AnalyzeReport {
        spec: game.spec(),
        checked_upto: x.max(y),
        findings: a.findings,
        proof: None,
        heap: false,
        provable: false,
    })
}

/// Whether a game is a heap game.
pub struct IsHeap;

impl GameVisitor for IsHeap {
    type Output = bool;
    fn visit<R: Ruleset>(self, rules: &R) -> bool {
        rules.heap_moves().is_some()
    }
}

struct AnalyzeHeap {
    upto: Option<u64>,
    limits: Limits,
}

impl GameVisitor for AnalyzeHeap {
    type Output = Result<Option<AnalyzeReport>>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let Some(moves) = rules.heap_moves() else {
            return Ok(None);
        };
        let a = pattern::analyze_heap(moves, HeapLimits::within(self.upto, &self.limits))?;
        Ok(Some(AnalyzeReport {
            spec: rules.spec(),
            checked_upto: a.values.len() as u64 - 1,
            findings: a.findings,
            proof: a.proof,
            heap: true,
            provable: pattern::has_prover(moves),
        }))
    }
}
