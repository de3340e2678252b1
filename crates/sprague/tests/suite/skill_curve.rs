//! The win chance against skill ([`sprague::solve::skill_curve()`]): every
//! point checked against the random-play probability computed directly
//! and exactly ([`probability_of`] with the same skills) on small sums.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use proptest::prelude::*;
use sprague::report::skill_report;
use sprague::rules::{Game, GameVisitor, Ruleset};
use sprague::solve::SumGraph;
use sprague::solve::{probability_of, Skill, Skills};
use sprague::solve::{skill_curve_in, SkillCurve, CURVE_STEPS};
use sprague::solve::{Limits, Play};
use sprague::Stop;
use sprague::{Error, Outcome};

/// The exact chance of `positions` under `play` with skills `a/m` for the
/// player to move and `b/m` for the opponent.
struct Direct<'a> {
    positions: &'a [String],
    play: Play,
    skill: Skill,
}

impl GameVisitor for Direct<'_> {
    type Output = BigRational;
    fn visit<R: Ruleset>(self, rules: &R) -> BigRational {
        let sum: Vec<R::Position> = self
            .positions
            .iter()
            .map(|t| rules.parse_position(t).unwrap())
            .collect();
        let p = probability_of(rules, &sum, self.play, &self.skill, Limits::default()).unwrap();
        p.exact.expect("small sums are exact")
    }
}

fn ratio(k: usize, m: usize) -> BigRational {
    BigRational::new(BigInt::from(k), BigInt::from(m))
}

/// Checks the points `(a, b)` (in 1/`m`, `m` the map's steps) of `c`
/// against the direct computation, within the curve's error bound.
fn check(game: &Game, positions: &[String], play: Play, c: &SkillCurve, points: &[(usize, usize)]) {
    let m = c.heat_steps();
    for &(a, b) in points {
        let exact = game.visit(Direct {
            positions,
            play,
            skill: Skill {
                mover: ratio(a, m),
                opponent: ratio(b, m),
            },
        });
        let want = exact.to_f64().unwrap();
        let got = c.heat[a][b];
        assert!(
            (got - want).abs() <= c.error_bound.max(f64::EPSILON),
            "{} {positions:?} {play:?} at ({a}, {b})/{m}: {got} vs exactly {exact} (bound {})",
            game.spec(),
            c.error_bound
        );
        assert_eq!(c.apart(a as f64 / m as f64, b as f64 / m as f64), Some(got));
    }
}

fn arb_case() -> impl Strategy<Value = (&'static str, Vec<u64>, bool, Vec<(usize, usize)>)> {
    (
        prop::sample::select(vec!["nim", "kayles", "subtract:1,3,4", "octal:0.07", "grundy"]),
        prop::collection::vec(0u64..9, 1..4),
        any::<bool>(),
        prop::collection::vec((0usize..=32, 0usize..=32), 4),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random points of the map, the curve's ends and middle, and the
    /// corners, each as `probability_of` computes it exactly.
    #[test]
    fn every_point_agrees_with_the_direct_probability((spec, heaps, misere, points) in arb_case()) {
        let game: Game = spec.parse().unwrap();
        let positions: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let play = if misere { Play::Misere } else { Play::Normal };
        let r = skill_report(&game, &positions, play, Limits::default()).unwrap();
        let c = &r.chances;
        prop_assert_eq!(c.heat_steps(), CURVE_STEPS, "small graphs get the finest map");
        prop_assert_eq!(c.curve.len(), CURVE_STEPS + 1);
        prop_assert_eq!(c.heat.len(), CURVE_STEPS + 1);
        for (k, row) in c.heat.iter().enumerate() {
            prop_assert_eq!(row.len(), CURVE_STEPS + 1);
            prop_assert_eq!(row[k], c.curve[k], "the map's diagonal is the curve");
            prop_assert_eq!(c.curve_skills[k], k as f64 / CURVE_STEPS as f64);
            prop_assert_eq!(c.heat_skills[k], k as f64 / CURVE_STEPS as f64);
        }
        let n = CURVE_STEPS;
        let mut all = points;
        all.extend([(0, 0), (n / 2, n / 2), (n, n), (n, 0), (0, n), (n, n / 2), (n / 2, n)]);
        check(&game, &positions, play, c, &all);
        // Perfect players: the perfect-play winner wins.
        let perfect = if c.outcome == Outcome::N { 1.0 } else { 0.0 };
        prop_assert_eq!(c.equal(1.0), Some(perfect));
        prop_assert_eq!(r.components.len(), positions.len());
    }
}

#[test]
fn a_large_graph_gets_a_coarser_map_whose_points_still_agree() {
    // Kayles 12 + 13 + 14: about 4·10^4 sums and 10^6 moves, past the
    // work of a map on steps of 1/32 and 1/16.
    let game: Game = "kayles".parse().unwrap();
    let positions: Vec<String> = ["12", "13", "14"].map(String::from).to_vec();
    let r = skill_report(&game, &positions, Play::Normal, Limits::default()).unwrap();
    let c = &r.chances;
    assert_eq!(c.heat_steps(), 8, "{} sums, {} moves", c.states, c.moves);
    assert_eq!(c.curve.len(), CURVE_STEPS + 1);
    assert_eq!(c.heat_skills, (0..=8).map(|k| k as f64 / 8.0).collect::<Vec<_>>());
    for k in 0..=8 {
        assert_eq!(c.heat[k][k], c.curve[k * 4]);
    }
    // A few points against one pass each of `Skills` (exact rationals on
    // 10^6 moves would take a minute).
    let direct = game.visit(Passes {
        positions: &positions,
        points: &[(1.0, 0.0), (0.375, 0.625), (0.0, 1.0)],
    });
    assert_eq!(direct, vec![c.heat[8][0], c.heat[3][5], c.heat[0][8]]);
}

/// The float chances of `positions` at `points` (mover, opponent), one
/// [`Skills`] pass each.
struct Passes<'a> {
    positions: &'a [String],
    points: &'a [(f64, f64)],
}

impl GameVisitor for Passes<'_> {
    type Output = Vec<f64>;
    fn visit<R: Ruleset>(self, rules: &R) -> Vec<f64> {
        let sum: Vec<R::Position> = self
            .positions
            .iter()
            .map(|t| rules.parse_position(t).unwrap())
            .collect();
        let mut graph = SumGraph::new(rules, Limits::default());
        let root = graph.add_root(&sum).unwrap();
        let skills = Skills::new(&graph, Play::Normal).unwrap();
        self.points
            .iter()
            .map(|&(a, b)| skills.float(root, a, b).value)
            .collect()
    }
}

#[test]
fn loopy_games_are_refused() {
    let game: Game = "updown:1,2/3/20".parse().unwrap();
    let e = skill_report(&game, &["7".into()], Play::Normal, Limits::default()).unwrap_err();
    assert!(matches!(e, Error::Loopy(_)), "{e:?}");
    assert!(e.to_string().contains("random play may never end"), "{e}");
}

#[test]
fn a_stopped_computation_ends_with_stopped_not_a_panic() {
    struct Stopped;
    impl GameVisitor for Stopped {
        type Output = Result<SkillCurve, Error>;
        fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
            let sum: Vec<R::Position> = ["5", "6"]
                .iter()
                .map(|t| rules.parse_position(t).unwrap())
                .collect();
            let stop = Stop::new();
            let limits = Limits {
                stop: stop.clone(),
                ..Limits::default()
            };
            let mut graph = SumGraph::new(rules, limits);
            let root = graph.add_root(&sum).unwrap();
            // The graph is built; the passes on the worker threads see the token.
            stop.stop();
            skill_curve_in(&graph, root, Play::Normal)
        }
    }
    let game: Game = "kayles".parse().unwrap();
    assert_eq!(game.visit(Stopped), Err(Error::Stopped));
}
