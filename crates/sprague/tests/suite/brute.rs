//! Every catalog game against an independent brute force.
//!
//! The brute force knows nothing of Grundy values: it searches whole sums
//! (a multiset of components) for wins and losses. The solver's answers,
//! which rest on the Sprague–Grundy theorem, closed forms and the dense
//! engine, must agree with it on random small sums.

use proptest::prelude::*;
use sprague::rules::{
    Convention, Divide, GcdGame, Grid, GrundyGame, Moves, Nim, OctalGame, Ruleset, Subtraction,
    SubtractionSet, Wizards, Wythoff,
};
use sprague::solve::{Limits, Solver};
use sprague::Outcome;
use std::collections::HashMap;

/// A sum in canonical order, so equal multisets are one state.
fn canonical<P: std::fmt::Debug + Clone>(mut sum: Vec<P>) -> Vec<P> {
    sum.sort_by_key(|p| format!("{p:?}"));
    sum
}

/// Every sum reachable in one move from `sum`.
fn successors<R: Ruleset>(rules: &R, sum: &[R::Position]) -> Vec<Vec<R::Position>> {
    let mut out = Vec::new();
    for (i, p) in sum.iter().enumerate() {
        let mut moves = Moves::new(false);
        rules.moves(p, &mut moves).unwrap();
        for parts in moves.iter() {
            let mut next = sum[..i].to_vec();
            next.extend_from_slice(parts);
            next.extend_from_slice(&sum[i + 1..]);
            out.push(canonical(next));
        }
    }
    out
}

/// Whether the player to move wins `sum`, by plain search over whole sums.
/// Iterative, memoised; knows only the rules and the convention.
fn brute_wins<R: Ruleset>(
    rules: &R,
    sum: Vec<R::Position>,
    memo: &mut HashMap<Vec<R::Position>, bool>,
) -> bool {
    let root = canonical(sum);
    let mut stack = vec![(root.clone(), successors(rules, &root), 0usize)];
    while let Some((state, succ, i)) = stack.last_mut() {
        if let [p] = &state[..] {
            if let Some(o) = rules.decided(p) {
                let s = state.clone();
                stack.pop();
                memo.insert(s, o == Outcome::N);
                continue;
            }
        }
        if *i < succ.len() {
            let next = succ[*i].clone();
            match memo.get(&next) {
                Some(true) => *i += 1,
                Some(false) => *i = usize::MAX,
                None => {
                    let s = successors(rules, &next);
                    stack.push((next, s, 0));
                }
            }
            continue;
        }
        let wins = *i == usize::MAX;
        let s = state.clone();
        stack.pop();
        memo.insert(s, wins);
    }
    memo[&root]
}

/// Checks outcome and winning moves of `sum` against the brute force.
fn check<R: Ruleset>(rules: &R, sum: Vec<R::Position>) -> Result<(), TestCaseError> {
    let mut memo = HashMap::new();
    let wins = brute_wins(rules, sum.clone(), &mut memo);
    let mut solver = Solver::new(rules, Limits::default());
    let outcome = solver
        .outcome(&sum)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(
        outcome == Outcome::N,
        wins,
        "outcome of {:?} in {}",
        sum,
        rules.spec()
    );
    let winning = solver
        .winning_moves(&sum)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut claimed: Vec<Vec<R::Position>> = winning
        .iter()
        .map(|m| canonical(m.apply(&sum).unwrap()))
        .collect();
    claimed.sort_by_key(|s| format!("{s:?}"));
    claimed.dedup();
    // Exactly the successors that the brute force calls losses.
    let mut losing: Vec<Vec<R::Position>> = successors(rules, &sum)
        .into_iter()
        .filter(|s| !brute_wins(rules, s.clone(), &mut memo))
        .collect();
    losing.sort_by_key(|s| format!("{s:?}"));
    losing.dedup();
    prop_assert_eq!(claimed, losing, "winning moves of {:?} in {}", sum, rules.spec());
    Ok(())
}

fn heaps(max: u64) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0..=max, 1..=3)
}

fn octal_code() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(0u8), Just(4u8)],
        prop::collection::vec(0u8..8, 1..=4),
    )
        .prop_filter("some move", |(d0, ds)| *d0 != 0 || ds.iter().any(|&d| d != 0))
        .prop_map(|(d0, ds)| format!("{d0}.{}", ds.iter().map(|d| d.to_string()).collect::<String>()))
}

/// A hexadecimal code with at least one digit 8–f (some move leaves three
/// heaps), d₀ among 0, 4, 8, c.
fn hex_code() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(0u8), Just(4), Just(8), Just(12)],
        prop::collection::vec(0u8..16, 1..=3),
    )
        .prop_filter("a three-heap move", |(d0, ds)| {
            (*d0 | ds.iter().fold(0, |x, d| x | d)) & 8 != 0
        })
        .prop_map(|(d0, ds)| {
            format!(
                "{d0:x}.{}",
                ds.iter().map(|d| format!("{d:x}")).collect::<String>()
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn hexadecimal(code in hex_code(), sum in heaps(8)) {
        let game = OctalGame::new_hex("test", &code).unwrap();
        check(&game, sum)?;
    }

    #[test]
    fn nim(sum in heaps(7)) {
        check(&Nim, sum)?;
    }

    #[test]
    fn subtraction(set in prop::collection::btree_set(1u64..6, 1..4), sum in heaps(12)) {
        let set = SubtractionSet::Finite(set.into_iter().collect());
        check(&Subtraction { set }, sum)?;
    }

    #[test]
    fn all_but(set in prop::collection::btree_set(1u64..5, 0..3), sum in heaps(8)) {
        let set = SubtractionSet::AllBut(set.into_iter().collect());
        check(&Subtraction { set }, sum)?;
    }

    #[test]
    fn powers(a in 2u64..6, sum in heaps(20)) {
        check(&Subtraction { set: SubtractionSet::Powers(a) }, sum)?;
    }

    #[test]
    fn octal(code in octal_code(), sum in heaps(8)) {
        let game = OctalGame::new("test", &code).unwrap();
        check(&game, sum)?;
    }

    #[test]
    fn grundy_game(sum in heaps(11)) {
        check(&GrundyGame, sum)?;
    }

    #[test]
    fn divide(ds in prop::collection::btree_set(2u64..8, 1..4), sum in heaps(60)) {
        check(&Divide { divisors: ds.into_iter().collect() }, sum)?;
    }

    #[test]
    fn grid(r in 1u64..4, u in 1u64..4, sum in prop::collection::vec((1u64..7, 1u64..7), 1..=2)) {
        check(&Grid { right: r, up: u }, sum)?;
    }

    #[test]
    fn wizards(sum in prop::collection::vec((0u64..8, 0u64..25), 1..=2)) {
        let sum = sum.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
        check(&Wizards, sum)?;
    }

    #[test]
    fn wythoff(sum in prop::collection::vec((0u64..6, 0u64..6), 1..=2)) {
        let sum = sum.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
        check(&Wythoff, sum)?;
    }

    #[test]
    fn gcd(cards in prop::collection::vec(1u64..40, 1..=7)) {
        let p = GcdGame.parse_position(&cards.iter().map(u64::to_string).collect::<Vec<_>>().join(",")).unwrap();
        check(&GcdGame, vec![p])?;
    }

    /// The closed-form outcomes (used when a Grundy value is out of reach)
    /// agree with plain search on single components.
    #[test]
    fn closed_outcomes(a in 0u64..40, b in 0u64..120) {
        let p = (a.min(b), a.max(b));
        let mut memo = HashMap::new();
        let w = brute_wins(&Wizards, vec![p], &mut memo);
        prop_assert_eq!(Wizards.closed_outcome(&p) == Some(Outcome::N), w, "wizards {:?}", p);
        let q = (a.min(b) % 25, a.max(b) % 25);
        let q = (q.0.min(q.1), q.0.max(q.1));
        let w = brute_wins(&Wythoff, vec![q], &mut HashMap::new());
        prop_assert_eq!(Wythoff.closed_outcome(&q) == Some(Outcome::N), w, "wythoff {:?}", q);
    }
}

#[test]
fn gcd_is_special_and_refuses_sums() {
    assert_eq!(GcdGame.convention(), Convention::Special);
    let p = GcdGame.parse_position("6,10,15").unwrap();
    let mut s = Solver::new(&GcdGame, Limits::default());
    assert!(s.grundy(&p).is_err());
    assert!(s.outcome(&[p.clone(), p]).is_err());
}

/// The same rules with their structure hidden: no dense table, no closed
/// forms, so the solver must search (splitting moves, sums of parts).
struct Searched<R>(R);

impl<R: Ruleset> Ruleset for Searched<R> {
    type Position = R::Position;
    fn spec(&self) -> String {
        self.0.spec()
    }
    fn parse_position(&self, text: &str) -> sprague::Result<R::Position> {
        self.0.parse_position(text)
    }
    fn format_position(&self, p: &R::Position) -> String {
        self.0.format_position(p)
    }
    fn moves(&self, p: &R::Position, out: &mut Moves<R::Position>) -> sprague::Result<()> {
        self.0.moves(p, out)
    }
}

/// Checks with a given solver limit (tiny limits force closed-form paths).
fn check_limited<R: Ruleset>(rules: &R, sum: Vec<R::Position>, limits: Limits) -> Result<(), TestCaseError> {
    let mut memo = HashMap::new();
    let wins = brute_wins(rules, sum.clone(), &mut memo);
    let mut solver = Solver::new(rules, limits);
    let outcome = solver
        .outcome(&sum)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(outcome == Outcome::N, wins);
    let winning = solver
        .winning_moves(&sum)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut claimed: Vec<_> = winning
        .iter()
        .map(|m| canonical(m.apply(&sum).unwrap()))
        .collect();
    claimed.sort_by_key(|s| format!("{s:?}"));
    claimed.dedup();
    let mut losing: Vec<_> = successors(rules, &sum)
        .into_iter()
        .filter(|s| !brute_wins(rules, s.clone(), &mut memo))
        .collect();
    losing.sort_by_key(|s| format!("{s:?}"));
    losing.dedup();
    prop_assert_eq!(claimed, losing, "winning moves of {:?}", sum);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn searched_octal(code in octal_code(), sum in heaps(9)) {
        let game = OctalGame::new("test", &code).unwrap();
        check(&Searched(game), sum)?;
    }

    #[test]
    fn searched_hexadecimal(code in hex_code(), sum in heaps(8)) {
        let game = OctalGame::new_hex("test", &code).unwrap();
        check(&Searched(game), sum)?;
    }

    #[test]
    fn searched_grundy_and_grid(sum in heaps(12), cells in prop::collection::vec((1u64..6, 1u64..6), 1..=2)) {
        check(&Searched(GrundyGame), sum)?;
        check(&Searched(Grid { right: 2, up: 3 }), cells)?;
    }

    /// With a budget too small for any Grundy value, lone Wizards and
    /// Wythoff positions are answered from closed forms alone.
    #[test]
    fn closed_paths_alone(a in 0u64..30, b in 0u64..60) {
        let tiny = Limits { max_states: 100, max_work: 1, ..Limits::default() };
        check_limited(&Wizards, vec![(a.min(b), a.max(b))], tiny.clone())?;
        let (x, y) = (a % 20, b % 20);
        check_limited(&Wythoff, vec![(x.min(y), x.max(y))], tiny)?;
    }
}

#[test]
fn limits_bound_states_and_work() {
    let kayles = OctalGame::new("kayles", "0.77").unwrap();
    let searched = Searched(kayles.clone());
    let mut s = Solver::new(
        &searched,
        Limits {
            max_states: 50,
            max_work: u64::MAX,
            ..Limits::default()
        },
    );
    assert!(matches!(
        s.grundy(&200),
        Err(sprague::Error::LimitExceeded { .. })
    ));
    let mut s = Solver::new(
        &searched,
        Limits {
            max_states: u64::MAX,
            max_work: 1000,
            ..Limits::default()
        },
    );
    assert!(matches!(s.grundy(&200), Err(sprague::Error::WorkExceeded { .. })));
    let mut s = Solver::new(
        &kayles,
        Limits {
            max_states: u64::MAX,
            max_work: 1000,
            ..Limits::default()
        },
    );
    assert!(matches!(
        s.heap_table(10_000),
        Err(sprague::Error::WorkExceeded { .. })
    ));
}
