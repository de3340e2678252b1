//! The win chance of one sum against the players' skills: a curve for
//! equal skills and a map of skills apart, as plain data for any front end
//! to draw (the CLI's `plot --skill-curve`, the web's `POST /api/skill`,
//! Python's `Game.skill_curve`).
//!
//! A skill is the chance that a player makes the perfect move (else a
//! uniformly random one), as in [`super::random`]. Every point is one
//! floating-point pass of [`Skills`] over the graph of sums, with a proven
//! error bound; the points are spread over the machine's cores.
//!
//! The resolution is decided here, once: the curve steps by
//! 1/[`CURVE_STEPS`]; the map by the finest of [`HEAT_STEPS`] whose passes
//! fit in [`HEAT_WORK`] steps (a step: one state or one move of the graph),
//! else the coarsest. The choice depends only on the graph's size, so the
//! same question gets the same answer on every machine.

use super::progress::{report, Task};
use super::random::{Probability, Skills};
use super::retrograde::solve_all;
use super::sums::{StateId, SumGraph};
use super::Stop;
use super::{Limits, Play};
use crate::rules::Ruleset;
use crate::{Error, Outcome, Result};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The curve's skills are k/CURVE_STEPS for k = 0..=CURVE_STEPS (dyadic,
/// so that the skills themselves are exact floats).
pub const CURVE_STEPS: usize = 32;

/// The map's steps, finest first: the finest whose points fit in
/// [`HEAT_WORK`], else the last. Each divides [`CURVE_STEPS`], so that the
/// map's diagonal is points of the curve.
pub const HEAT_STEPS: [usize; 3] = [32, 16, 8];

/// The most steps (states and moves, counted once a pass) that the map's
/// points may take together: about two seconds on two cores in a release
/// build, at some 10 ns a step on a graph past the caches (measured at 14
/// on graphs of 10^6 moves, under 3 on graphs of 10^4-10^5).
pub const HEAT_WORK: u64 = 400_000_000;

/// A point of the map holds two skills, so its pass keeps two chances per
/// state: it costs about this many points of the curve, in halves
/// (measured at 1.2 to 1.7 times).
const APART_COST_HALVES: u64 = 3;

/// The win chance of the player to move in one sum, against the skills.
///
/// The skills are floats k/steps; `curve[k]` is the chance when both
/// players have skill `curve_skills[k]`, and `heat[a][b]` the chance when
/// the player to move has skill `heat_skills[a]` and the opponent
/// `heat_skills[b]` (so `heat[k][k]` is a point of the curve).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SkillCurve {
    /// The convention the chances are under.
    pub play: Play,
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The skills of the curve, from 0 to 1 by 1/[`CURVE_STEPS`].
    pub curve_skills: Vec<f64>,
    /// The chance with both players of skill `curve_skills[k]`.
    pub curve: Vec<f64>,
    /// The skills of each axis of the map, from 0 to 1 by one of
    /// [`HEAT_STEPS`].
    pub heat_skills: Vec<f64>,
    /// `heat[a][b]`: the chance with the player to move of skill
    /// `heat_skills[a]` and the opponent of skill `heat_skills[b]`.
    pub heat: Vec<Vec<f64>>,
    /// The largest proven bound on a chance's floating-point error.
    pub error_bound: f64,
    /// The states of the graph of sums (each point is one pass over it).
    pub states: usize,
    /// The moves of the graph of sums.
    pub moves: u64,
}

impl SkillCurve {
    /// The number of steps of the map's axes (`heat_skills.len() - 1`):
    /// [`CURVE_STEPS`] unless the graph is large.
    pub fn heat_steps(&self) -> usize {
        self.heat_skills.len().saturating_sub(1)
    }

    /// The chance with both players of skill `p`, where `p` is a point of
    /// the curve (k/[`CURVE_STEPS`]).
    pub fn equal(&self, p: f64) -> Option<f64> {
        index(&self.curve_skills, p).map(|k| self.curve[k])
    }

    /// The chance with the player to move of skill `a` and the opponent of
    /// skill `b`, where both are points of the map's axes.
    pub fn apart(&self, a: f64, b: f64) -> Option<f64> {
        Some(self.heat[index(&self.heat_skills, a)?][index(&self.heat_skills, b)?])
    }

    /// The share of the map's points where the player to move is
    /// favoured (a chance above 1/2).
    pub fn favoured_share(&self) -> f64 {
        let all = self.heat.iter().flatten();
        let n = all.clone().count().max(1);
        all.filter(|&&p| p > 0.5).count() as f64 / n as f64
    }
}

/// Where `x` is in `skills`, exactly.
fn index(skills: &[f64], x: f64) -> Option<usize> {
    skills.iter().position(|&s| s == x)
}

/// The win chance of the sum `sum` against the players' skills, under
/// `play`, building its graph of sums within `limits`.
///
/// # Arguments
/// * `rules`: the ruleset; a loopy one is refused (random play need not end).
/// * `sum`: the positions of the sum.
/// * `play`: the convention.
/// * `limits`: the bounds of the graph of sums.
///
/// # Returns
/// The curve and the map ([`SkillCurve`]); [`Error::Loopy`] for a game
/// with cycles, the graph's errors past `limits`, [`Error::Stopped`] when
/// the stop token of `limits` is stopped ([`super::Stop`]).
///
/// # Complexity
/// O((states + moves) × points), the points being 33 for the curve and
/// at most 33² for the map, spread over the available cores.
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::skill_curve;
/// use sprague::solve::{Limits, Play};
///
/// let c = skill_curve(&Nim, &[3, 4, 5], Play::Normal, Limits::default()).unwrap();
/// assert_eq!(c.equal(1.0), Some(1.0)); // perfect players: the winner wins
/// assert_eq!(c.apart(1.0, 0.0), Some(1.0));
/// assert!(c.equal(0.0).unwrap() < 1.0); // random players may not
/// ```
pub fn skill_curve<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    play: Play,
    limits: Limits,
) -> Result<SkillCurve> {
    if rules.may_loop() {
        return Err(loopy(&rules.spec()));
    }
    let mut graph = SumGraph::new(rules, limits);
    let root = graph.add_root(sum)?;
    skill_curve_in(&graph, root, play)
}

/// The error for a loopy game.
fn loopy(spec: &str) -> Error {
    Error::Loopy(format!(
        "`{spec}` is loopy: random play may never end, so it has no win chance against skill"
    ))
}

/// [`skill_curve`] on a graph of sums already built, from its state `root`.
///
/// # Complexity
/// As [`skill_curve`].
pub fn skill_curve_in<R: Ruleset>(graph: &SumGraph<'_, R>, root: StateId, play: Play) -> Result<SkillCurve> {
    // A cycle the rules did not announce: the same refusal, from the graph.
    match graph.topological_order() {
        Err(Error::Loopy(_)) => return Err(loopy(&graph.rules().spec())),
        Err(e) => return Err(e),
        Ok(_) => {}
    }
    let outcome = solve_all(graph, play)[root as usize].outcome;
    let states = graph.len();
    let moves: u64 = (0..states)
        .map(|s| graph.successors(s as StateId).len() as u64)
        .sum();
    let heat_steps = heat_steps(states as u64 + moves);
    let n = CURVE_STEPS;
    let scale = n / heat_steps;
    // The curve's points, then the map's off its diagonal, in k/CURVE_STEPS.
    let mut points: Vec<(usize, usize)> = (0..=n).map(|k| (k, k)).collect();
    points.extend(
        (0..=heat_steps)
            .flat_map(|a| (0..=heat_steps).map(move |b| (a * scale, b * scale)))
            .filter(|(a, b)| a != b),
    );
    let skills = Skills::new(graph, play)?;
    let found = chances(&skills, root, &points, &graph.limits().stop)?;
    let error_bound = found.iter().map(|p| p.error_bound).fold(0.0, f64::max);
    let curve: Vec<f64> = found[..=n].iter().map(|p| p.value).collect();
    let mut apart = points[n + 1..].iter().zip(&found[n + 1..]);
    // The map row by row, as `points` lists it, the diagonal from the curve.
    let heat = (0..=heat_steps)
        .map(|a| {
            (0..=heat_steps)
                .map(|b| match a == b {
                    true => curve[a * scale],
                    false => apart.next().map_or(f64::NAN, |(_, p)| p.value),
                })
                .collect()
        })
        .collect();
    let skill = |k: usize, m: usize| k as f64 / m as f64;
    Ok(SkillCurve {
        play,
        outcome,
        curve_skills: (0..=n).map(|k| skill(k, n)).collect(),
        curve,
        heat_skills: (0..=heat_steps).map(|k| skill(k, heat_steps)).collect(),
        heat,
        error_bound,
        states,
        moves,
    })
}

/// The finest of [`HEAT_STEPS`] whose map fits in [`HEAT_WORK`] on a graph
/// of `size` states and moves, else the coarsest.
fn heat_steps(size: u64) -> usize {
    HEAT_STEPS
        .iter()
        .copied()
        .find(|&m| {
            let points = ((m + 1) * m) as u64;
            points.saturating_mul(size).saturating_mul(APART_COST_HALVES) / 2 <= HEAT_WORK
        })
        .unwrap_or(HEAT_STEPS[HEAT_STEPS.len() - 1])
}

/// The chance at each pair of skills (a, b)/[`CURVE_STEPS`] of `points`,
/// one pass each, on as many threads as the machine has cores, each ending
/// with [`Error::Stopped`] soon after `stop` is; progress is reported from
/// the calling thread ([`Task::SkillPoints`]).
fn chances<R: Ruleset>(
    skills: &Skills<'_, '_, R>,
    root: StateId,
    points: &[(usize, usize)],
    stop: &Stop,
) -> Result<Vec<Probability>> {
    let n = CURVE_STEPS as f64;
    let total = points.len();
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(total);
    let next = AtomicUsize::new(0);
    let mut found: Vec<Option<Probability>> = vec![None; total];
    let (tx, rx) = mpsc::channel::<(usize, Result<Probability>)>();
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    return;
                }
                let (a, b) = points[i];
                let p = skills.try_float(root, a as f64 / n, b as f64 / n, stop);
                if p.is_err() {
                    // Stop the others: every point fails alike.
                    next.store(total, Ordering::Relaxed);
                }
                if tx.send((i, p)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let mut done = 0u64;
        let mut failed = None;
        // Until every worker has ended (their senders dropped).
        for (i, p) in rx {
            match p {
                Ok(p) => {
                    found[i] = Some(p);
                    done += 1;
                    report(Task::SkillPoints, done, Some(total as u64));
                }
                Err(e) => failed = failed.or(Some(e)),
            }
        }
        failed.map_or(Ok(()), Err)
    })?;
    found
        .into_iter()
        .map(|p| p.ok_or_else(|| Error::Internal("a point of the skill curve was not computed".into())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_is_as_fine_as_its_work_allows() {
        // 33 × 32 points at 3/2 the cost of a curve's point each.
        let fits =
            |m: u64, size: u64| (m as u128 + 1) * m as u128 * size as u128 * 3 / 2 <= HEAT_WORK as u128;
        for size in [
            0,
            1,
            1000,
            250_000,
            252_525,
            252_526,
            980_000,
            980_393,
            980_394,
            5_000_000,
            u64::MAX / 4,
        ] {
            let m = heat_steps(size);
            assert!(HEAT_STEPS.contains(&m));
            let finest = HEAT_STEPS.iter().copied().find(|&m| fits(m as u64, size));
            assert_eq!(m, finest.unwrap_or(8), "size {size}");
        }
        assert_eq!(heat_steps(1000), 32);
        assert_eq!(heat_steps(500_000), 16);
        assert_eq!(heat_steps(2_000_000), 8);
        assert_eq!(heat_steps(u64::MAX), 8);
    }
}
