//! The tame rule of misère play (genus theory) against the plain reference
//! of `sums`: wherever `tame` answers, every sum reachable from a random
//! sum has the misère outcome its label gives.

use super::sums::{outcomes, reach};
use proptest::prelude::*;
use sprague::rules::{Game, GameVisitor, Ruleset};
use sprague::solve::{tame, Wild};
use sprague::solve::{Limits, Play};

/// Checks the tame labels of a sum's positions against the reference on
/// every sum it reaches; whether the game was tame.
struct Check<'a> {
    positions: &'a [String],
}

impl GameVisitor for Check<'_> {
    type Output = Result<bool, TestCaseError>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let sum: Vec<R::Position> = self
            .positions
            .iter()
            .map(|p| rules.parse_position(p).unwrap())
            .collect();
        let t = match tame(rules, &sum, Limits::default()).unwrap() {
            Ok(t) => t,
            Err(Wild::Loopy) => panic!("{} is not loopy", rules.spec()),
            Err(Wild::Position(..)) => return Ok(false),
        };
        let r = reach(rules, &sum);
        let want = outcomes(&r, Play::Misere);
        for (s, (o, _)) in r.sums.iter().zip(&want) {
            let label = t.sum(s).expect("every position reached is labelled");
            prop_assert_eq!(label.outcome(), *o, "{} {:?} labelled {}", rules.spec(), s, label);
        }
        Ok(true)
    }
}

fn check(spec: &str, positions: &[String]) -> Result<bool, TestCaseError> {
    let g: Game = spec.parse().unwrap();
    g.visit(Check { positions })
}

/// Heap games, small enough that every sum of a few heaps is searched.
const HEAP_GAMES: &[&str] = &[
    "nim",
    "subtract:1,2",
    "subtract:1,3,4",
    "subtract:2,3",
    "subtract:1..3",
    "subtract:1,4",
    "allbut:1",
    "powers:2",
    "divide:2..3",
    "octal:0.3",
    "octal:0.31",
    "octal:0.51",
    "octal:0.6",
    "octal:0.17",
    "octal:0.13",
    "octal:4.7",
    "octal:0.07",
    "octal:0.77",
    "octal:0.137",
    "grundy",
    "hex:0.f",
];

fn octal_code() -> impl Strategy<Value = String> {
    (0u8..8, proptest::collection::vec(0u8..8, 1..4))
        .prop_map(|(d0, ds)| {
            let digits: String = ds.iter().map(|d| char::from(b'0' + d)).collect();
            format!("octal:{}.{digits}", if d0 & 4 == 0 { 0 } else { 4 })
        })
        .prop_filter("a code with a move", |spec| spec.parse::<Game>().is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Catalog heap games and random octal codes, sums of up to four heaps.
    #[test]
    fn tame_labels_give_the_misere_outcome_of_every_sum_reached(
        spec in prop_oneof![proptest::sample::select(HEAP_GAMES).prop_map(str::to_string), octal_code()],
        heaps in proptest::collection::vec(0u64..10, 1..4),
    ) {
        let positions: Vec<String> = heaps.iter().map(u64::to_string).collect();
        check(&spec, &positions)?;
    }

    /// Games of pairs.
    #[test]
    fn tame_labels_hold_for_games_of_pairs(
        spec in proptest::sample::select(&["wythoff", "grid:2x3", "grid:1x1", "wizards"][..]),
        pairs in proptest::collection::vec((1u64..6, 1u64..6), 1..3),
    ) {
        let positions: Vec<String> = pairs
            .iter()
            .map(|&(a, b)| if spec == "wizards" || spec == "wythoff" { format!("{},{}", a.min(b), a.max(b)) } else { format!("{a},{b}") })
            .collect();
        check(spec, &positions)?;
    }
}

/// The rule answers tame games and refuses wild ones: Nim and take-1-or-2
/// are tame; Kayles is wild from heap 5 (genus 4^146) and Dawson's Kayles
/// from heap 10 (genus 3^1431), the first heaps whose genus is not a nim
/// position's (Winning Ways, ch. 13; `sprague table … --genus`).
#[test]
fn tame_games_are_answered_and_wild_ones_refused() {
    let heaps = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>();
    for spec in ["nim", "subtract:1,2", "subtract:1..3"] {
        assert!(check(spec, &heaps(&[3, 5, 7])).unwrap(), "{spec} should be tame");
    }
    for (spec, first_wild) in [("kayles", 5), ("dawson-kayles", 10)] {
        let g: Game = spec.parse().unwrap();
        let wild = (1..40u64)
            .find(|&n| !check(spec, &heaps(&[n])).unwrap())
            .expect("wild below 40");
        assert_eq!(wild, first_wild, "{}", g.spec());
    }
}

/// The catalog's heap games, each checked on every sum of two heaps up to
/// 9 against the reference: the wild ones are named, every other is
/// answered (so the property tests above do meet tame games).
#[test]
fn the_tame_heap_games_of_the_list() {
    let mut wild = Vec::new();
    for spec in HEAP_GAMES {
        let mut all = true;
        for a in 0..10u64 {
            for b in a..10 {
                all &= check(spec, &[a.to_string(), b.to_string()]).unwrap();
            }
        }
        if !all {
            wild.push(*spec);
        }
    }
    // Kayles (0.77) from heap 5; 0.6, 4.7 and Dawson's chess likewise
    // early. Every other game of the list is tame that far.
    assert_eq!(wild, ["octal:0.6", "octal:4.7", "octal:0.77", "octal:0.137"]);
}
