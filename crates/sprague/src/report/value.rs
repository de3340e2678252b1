//! [`ValueReport`]: who wins a sum, its value and its winning moves.

use crate::query::{answer, Answer, Query, RatedMove};
use crate::rules::{Game, GameVisitor, Ruleset};
use crate::{Outcome, Result};

/// What `sprague value` reports about a sum of positions.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ValueReport {
    /// The game's canonical spec.
    pub spec: String,
    /// `normal` or `misere`.
    pub convention: &'static str,
    /// The positions as asked.
    pub positions: Vec<String>,
    /// Each component with its value.
    pub components: Vec<ValueComponent>,
    /// The Grundy value of the sum (normal play, where known).
    pub grundy: Option<u64>,
    /// Smith's generalised value (loopy games): `"3"`, `"∞"`, `"∞0,2"`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub generalized: Option<String>,
    /// `N`, `P` or `D`.
    pub outcome: Outcome,
    /// The outcome in words.
    pub outcome_text: &'static str,
    /// Smith's remoteness, where computed.
    pub remoteness: Option<u32>,
    /// The solver that answered.
    pub method: String,
    /// The winning moves, at most `max_moves` of them.
    pub winning_moves: Vec<ReportedMove>,
    /// How many winning moves there are (more than listed past `max_moves`).
    pub winning_moves_total: u64,
    /// From a draw: the moves that keep it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub drawing_moves: Option<Vec<ReportedMove>>,
    /// The proven pattern that gave heap values, if one was used.
    pub pattern: Option<String>,
    /// The chance that the player to move wins under the query's skills.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub win_probability: Option<f64>,
    /// That chance as an exact fraction, where it is exact.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub win_probability_exact: Option<String>,
    /// The bound on the floating-point error of an inexact chance.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub win_probability_error: Option<f64>,
    /// The skills asked for (mover, opponent), when given as skills.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub skill: Option<[f64; 2]>,
    /// What the solver wants the reader to know.
    pub notes: Vec<String>,
}

/// One component of the sum and its value.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ValueComponent {
    /// The position as the rules write it.
    pub position: String,
    /// Its Grundy value, where known.
    pub grundy: Option<u64>,
    /// Its generalised value (loopy games).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub generalized: Option<String>,
}

/// A move of the report: its label and the sum it leaves.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReportedMove {
    /// The ruleset's label.
    pub label: String,
    /// The component it is made in (0-based).
    pub component: usize,
    /// The sum after the move, one text per component.
    pub position: Vec<String>,
    /// The remoteness of the position the move leaves.
    pub remoteness: Option<u32>,
}

/// Answers `query` about the sum `positions` (as the rules read them) of
/// `game`, as `sprague value` reports it.
///
/// `skill_given` says whether the query's skill was asked for as skills
/// (then they are echoed in [`ValueReport::skill`]) rather than as random
/// play.
///
/// # Errors
/// A position the rules cannot read, or any error of [`answer`].
///
/// # Examples
/// ```
/// use sprague::query::Query;
/// use sprague::report::value_report;
///
/// let game = "kayles".parse().unwrap();
/// let r = value_report(&game, &["7".into(), "11".into()], &Query::default(), false).unwrap();
/// assert_eq!(r.grundy, Some(4)); // g(7) = 2, g(11) = 6
/// ```
pub fn value_report(
    game: &Game,
    positions: &[String],
    query: &Query,
    skill_given: bool,
) -> Result<ValueReport> {
    game.visit(Job {
        positions,
        query,
        skill_given,
    })
}

struct Job<'a> {
    positions: &'a [String],
    query: &'a Query,
    skill_given: bool,
}

impl GameVisitor for Job<'_> {
    type Output = Result<ValueReport>;

    fn visit<R: Ruleset>(self, rules: &R) -> Result<ValueReport> {
        let sum: Vec<R::Position> = self
            .positions
            .iter()
            .map(|t| rules.parse_position(t))
            .collect::<Result<_>>()?;
        let a = answer(rules, &sum, self.query)?;
        let skill = match &self.query.skill {
            Some(s) if self.skill_given => Some(s.as_f64()),
            _ => None,
        };
        Ok(build(rules, &sum, a, self.positions, self.query.max_moves, skill))
    }
}

fn build<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    a: Answer<R::Position>,
    positions: &[String],
    max_moves: usize,
    skill: Option<[f64; 2]>,
) -> ValueReport {
    let moves: Vec<ReportedMove> = a
        .moves
        .iter()
        .take(max_moves)
        .map(|m| reported(rules, m, sum))
        .collect();
    let draw = a.outcome == Outcome::D;
    let (winning_moves, drawing_moves) = if draw {
        (Vec::new(), Some(moves))
    } else {
        (moves, None)
    };
    ValueReport {
        spec: rules.spec(),
        convention: a.play.name(),
        positions: positions.to_vec(),
        components: sum
            .iter()
            .zip(&a.components)
            .map(|(p, c)| ValueComponent {
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
        winning_moves,
        winning_moves_total: if draw { 0 } else { a.moves_total },
        drawing_moves,
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

fn reported<R: Ruleset>(rules: &R, m: &RatedMove<R::Position>, sum: &[R::Position]) -> ReportedMove {
    ReportedMove {
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
