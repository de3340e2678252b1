//! [`SkillReport`]: the win chance of a sum against the players' skills,
//! for a front end to draw (`plot --skill-curve`, `POST /api/skill`,
//! Python's `Game.skill_curve`).

use crate::rules::{Game, GameVisitor, Ruleset};
use crate::solve::skill_curve::{skill_curve, SkillCurve};
use crate::solve::{Limits, Play};
use crate::Result;

/// The win chance of one sum against skill, with the game and the sum.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SkillReport {
    /// The game's canonical spec.
    pub spec: String,
    /// The positions as asked.
    pub positions: Vec<String>,
    /// Each component as the rules write it.
    pub components: Vec<String>,
    /// The curve and the map of chances (their keys at the top level of
    /// the JSON).
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub chances: SkillCurve,
}

/// The win chance of the sum `positions` (as the rules read them) of
/// `game` under `play` against skill ([`skill_curve`]), its graph of sums
/// built within `limits`.
///
/// # Errors
/// A position the rules cannot read, or any error of [`skill_curve`].
///
/// # Examples
/// ```
/// use sprague::report::skill_report;
/// use sprague::solve::{Limits, Play};
///
/// let game = "nim".parse().unwrap();
/// let r = skill_report(&game, &["2".into()], Play::Normal, Limits::default()).unwrap();
/// // Random play: take 2 and win, or take 1 and lose.
/// assert_eq!(r.chances.equal(0.0), Some(0.5));
/// ```
pub fn skill_report(game: &Game, positions: &[String], play: Play, limits: Limits) -> Result<SkillReport> {
    game.visit(Job {
        positions,
        play,
        limits,
    })
}

struct Job<'a> {
    positions: &'a [String],
    play: Play,
    limits: Limits,
}

impl GameVisitor for Job<'_> {
    type Output = Result<SkillReport>;

    fn visit<R: Ruleset>(self, rules: &R) -> Result<SkillReport> {
        let sum: Vec<R::Position> = self
            .positions
            .iter()
            .map(|t| rules.parse_position(t))
            .collect::<Result<_>>()?;
        let chances = skill_curve(rules, &sum, self.play, self.limits)?;
        Ok(SkillReport {
            spec: rules.spec(),
            positions: self.positions.to_vec(),
            components: sum.iter().map(|p| rules.format_position(p)).collect(),
            chances,
        })
    }
}
