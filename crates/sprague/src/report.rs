//! Reports that every front end shares: what `value` and `analyze` answer,
//! as plain data with the keys of the CLI's `--json`.
//!
//! The CLI renders them as text or JSON; the Python module turns them into
//! dicts. Building them here, once, keeps the two from drifting apart: a
//! key added for one is there for the other. Nothing here prints.

use crate::pattern::{self, Finding, HeapLimits, Proof};
use crate::query::{Answer, RatedMove};
use crate::rules::{Game, GameVisitor, Ruleset};
use crate::solve::Limits;
use crate::{Error, Outcome, Result};
use serde::Serialize;

/// What `value` reports about a sum of positions (the keys of
/// `sprague value --json`).
#[derive(Clone, Debug, Serialize)]
pub struct ValueReport {
    /// The canonical spec of the game.
    pub spec: String,
    /// `"normal"` or `"misere"`.
    pub convention: &'static str,
    /// The positions as the user wrote them.
    pub positions: Vec<String>,
    /// Each component, as the game writes it, with its value.
    pub components: Vec<ComponentReport>,
    /// The Grundy value of the sum, where it has one and it was computed.
    pub grundy: Option<u64>,
    /// Smith's generalised value (loopy games): `"3"`, `"∞"`, `"∞0,2"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generalized: Option<String>,
    /// Who wins.
    pub outcome: Outcome,
    /// The outcome in words.
    pub outcome_text: &'static str,
    /// Moves to the end with the winner hurrying, where computed.
    pub remoteness: Option<u32>,
    /// How the outcome was found.
    pub method: String,
    /// The winning moves listed (at most `max_moves`; none from a draw).
    pub winning_moves: Vec<MoveReport>,
    /// How many winning moves there are (more than listed past `max_moves`).
    pub winning_moves_total: u64,
    /// From a draw: the moves that keep it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing_moves: Option<Vec<MoveReport>>,
    /// The proven pattern that gave heap values, if one was used.
    pub pattern: Option<String>,
    /// The chance that the player to move wins under the skills asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_probability: Option<f64>,
    /// That chance as `p/q` in lowest terms, when exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_probability_exact: Option<String>,
    /// A bound on the float's error, when not exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_probability_error: Option<f64>,
    /// `[mover, opponent]` skills, when a skill was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill: Option<[f64; 2]>,
    /// What was not computed, and why.
    pub notes: Vec<String>,
}

/// One component of a [`ValueReport`].
#[derive(Clone, Debug, Serialize)]
pub struct ComponentReport {
    /// The position as the game writes it.
    pub position: String,
    /// Its Grundy value, where it has one.
    pub grundy: Option<u64>,
    /// Its generalised value (loopy games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generalized: Option<String>,
}

/// One move of a [`ValueReport`].
#[derive(Clone, Debug, Serialize)]
pub struct MoveReport {
    /// What the move is called.
    pub label: String,
    /// The component it moves in (0-based).
    pub component: usize,
    /// The whole sum after the move, one string a component.
    pub position: Vec<String>,
    /// The remoteness of the position the move leaves.
    pub remoteness: Option<u32>,
}

impl ValueReport {
    /// The report of answer `a` about `sum`.
    ///
    /// # Arguments
    /// * `positions`: the positions as the user wrote them.
    /// * `max_moves`: the most moves to list.
    /// * `skill`: the skills to echo, when the user gave `--skill`.
    pub fn new<R: Ruleset>(
        rules: &R,
        sum: &[R::Position],
        a: &Answer<R::Position>,
        positions: Vec<String>,
        max_moves: usize,
        skill: Option<[f64; 2]>,
    ) -> ValueReport {
        let listed = || -> Vec<MoveReport> {
            a.moves
                .iter()
                .take(max_moves)
                .map(|m| MoveReport::new(rules, m, sum))
                .collect()
        };
        let draw = a.outcome == Outcome::D;
        ValueReport {
            spec: rules.spec(),
            convention: a.play.name(),
            positions,
            components: sum
                .iter()
                .zip(&a.components)
                .map(|(p, c)| ComponentReport {
                    position: rules.format_position(p),
                    grundy: c.grundy.map(|g| g.0),
                    generalized: c.generalized.as_ref().map(|g| g.to_string()),
                })
                .collect(),
            grundy: a.grundy.map(|g| g.0),
            generalized: a.generalized.as_ref().map(|g| g.to_string()),
            outcome: a.outcome,
            outcome_text: a.outcome.describe(),
            remoteness: a.remoteness,
            method: a.method.clone(),
            winning_moves: if draw { Vec::new() } else { listed() },
            winning_moves_total: if draw { 0 } else { a.moves_total },
            drawing_moves: draw.then(listed),
            pattern: a.pattern.clone(),
            win_probability: a.probability.as_ref().map(|p| p.value),
            win_probability_exact: a.probability.as_ref().and_then(|p| p.exact_text()),
            win_probability_error: a
                .probability
                .as_ref()
                .filter(|p| p.exact.is_none())
                .map(|p| p.error_bound),
            skill,
            notes: a.notes.clone(),
        }
    }
}

impl MoveReport {
    /// Move `m` of the sum `sum`, with the whole sum it leaves.
    pub fn new<R: Ruleset>(rules: &R, m: &RatedMove<R::Position>, sum: &[R::Position]) -> MoveReport {
        MoveReport {
            label: m.play.label.clone(),
            component: m.play.component,
            position: m
                .play
                .apply(sum)
                .expect("an answer's moves are moves of the sum it answers")
                .iter()
                .map(|p| rules.format_position(p))
                .collect(),
            remoteness: m.remoteness,
        }
    }
}

/// What `analyze` found (the keys of `sprague analyze --json`: `spec`,
/// `checked_upto`, `findings`).
#[derive(Clone, Debug, Serialize)]
pub struct AnalyzeReport {
    /// The canonical spec of the game.
    pub spec: String,
    /// The last heap (or coordinate) whose values were looked at.
    pub checked_upto: u64,
    /// Each structure found, proven or observed.
    pub findings: Vec<Finding>,
    /// The proven pattern of a heap game, with its evaluator.
    #[serde(skip)]
    pub proof: Option<Proof>,
    /// Whether the game is a heap game (else a game on pairs).
    #[serde(skip)]
    pub heap: bool,
}

/// Whether a game is a heap game.
struct IsHeap;

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
        let a = pattern::analyze_heap(
            moves,
            HeapLimits {
                upto: self.upto,
                max_states: self.limits.max_states,
                max_work: self.limits.max_work,
            },
        )?;
        Ok(Some(AnalyzeReport {
            spec: rules.spec(),
            checked_upto: a.values.len() as u64 - 1,
            findings: a.findings,
            proof: a.proof,
            heap: true,
        }))
    }
}

/// The patterns in a game's values, as `sprague analyze` reports them.
///
/// # Arguments
/// * `game`: any game with a table: a heap game, or a game on pairs.
/// * `upto`: the last heap `(N, None)`, or the last cell `(N, Some(M))` of
///   a 2-D table; `None` for the defaults (until a pattern is proven for a
///   heap game, 32 × 32 cells for pairs).
/// * `limits`: bounds on the tables.
///
/// # Errors
/// [`Error::Unsupported`] for `N,M` on a heap game; what the tables hit.
///
/// ```
/// use sprague::report::analyze;
/// let r = analyze(&"subtract:1,2".parse().unwrap(), None, Default::default()).unwrap();
/// assert!(r.heap && r.proof.is_some());
/// ```
pub fn analyze(game: &Game, upto: Option<(u64, Option<u64>)>, limits: Limits) -> Result<AnalyzeReport> {
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
        limits,
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
    })
}
