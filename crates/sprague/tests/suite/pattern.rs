//! Pattern finders against brute force: known results from the literature,
//! evaluators from proofs checked far beyond the window that proved them,
//! and provers run on every prefix of a table, so a window one value too
//! short would be caught claiming a pattern that later breaks.

use proptest::prelude::*;
use sprague::pattern::{analyze_heap, analyze_pairs, prove, Evaluator, HeapLimits, Kind, Status};
use sprague::pattern::{prove_floor, proven_period};
use sprague::rules::{Game, HeapMoves, OctalCode, Ruleset};
use sprague::solve::{extend_dense, Limits, Solver};

fn table(moves: HeapMoves<'_>, upto: u64) -> Vec<u32> {
    let mut g = Vec::new();
    extend_dense(moves, &mut g, upto, u64::MAX).unwrap();
    g
}

fn game(spec: &str) -> Game {
    spec.parse().unwrap()
}

/// The proof for a catalog heap game, computed with default limits.
fn proof_of(spec: &str) -> Option<sprague::pattern::Proof> {
    struct P;
    impl sprague::rules::GameVisitor for P {
        type Output = Option<sprague::pattern::Proof>;
        fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
            prove(rules.heap_moves().unwrap(), HeapLimits::default()).unwrap()
        }
    }
    game(spec).visit(P)
}

fn assert_agrees(e: &Evaluator, g: &[u32]) {
    for (n, &v) in g.iter().enumerate() {
        assert_eq!(e.value(n as u64), v as u64, "n = {n}");
    }
}

#[test]
fn known_octal_periods() {
    for (spec, o, p) in [
        ("octal:0.77", 71, 12),
        ("octal:0.07", 53, 34),
        ("octal:0.137", 52, 34),
    ] {
        let proof = proof_of(spec).unwrap_or_else(|| panic!("{spec} not proven"));
        let f = &proof.finding;
        assert_eq!((f.kind, f.status), (Kind::Periodic, Status::Proven), "{spec}");
        assert_eq!((f.preperiod, f.period), (Some(o), Some(p)), "{spec}");
        let Game::Octal(r) = game(spec) else {
            unreachable!()
        };
        assert_agrees(&proof.evaluator, &table(r.heap_moves().unwrap(), 3000));
    }
}

#[test]
fn subtract_one_to_k_has_period_k_plus_one() {
    for k in 1..=12u64 {
        let proof = proof_of(&format!("subtract:1..{k}")).unwrap();
        assert_eq!(
            (proof.finding.preperiod, proof.finding.period),
            (Some(0), Some(k + 1))
        );
        assert_eq!(proof.evaluator.value(10u64.pow(18)), 10u64.pow(18) % (k + 1));
    }
}

#[test]
fn powers_four_has_period_five_proven() {
    let proof = proof_of("powers:4").unwrap();
    assert_eq!(
        (proof.finding.preperiod, proof.finding.period),
        (Some(0), Some(5))
    );
    // PotatoGame: the player to move loses iff n mod 5 ∈ {0, 2}.
    for n in [0u64, 2, 5, 7, 999_999_999_999_999_997] {
        assert_eq!(proof.evaluator.value(n), 0, "{n}");
    }
    assert_ne!(proof.evaluator.value(999_999_999_999_999_998), 0);
}

#[test]
fn divide_two_to_six_is_base_twelve_from_six() {
    let proof = proof_of("divide:2..6").unwrap();
    let f = &proof.finding;
    assert_eq!(
        (f.kind, f.status, f.base, f.n0),
        (Kind::FloorDivision, Status::Proven, Some(12), Some(6))
    );
    // docs/theory.md: 1 on [12^k, 2·12^k), 2 on [2·12^k, 4·12^k), 3 on [4·12^k, 6·12^k), else 0.
    let mut k = 1u64;
    while let Some(next) = k.checked_mul(12) {
        for (lo, v) in [(1, 1), (2, 2), (4, 3), (6, 0)] {
            assert_eq!(proof.evaluator.value(lo * k), v);
        }
        k = next;
    }
}

#[test]
fn nim_is_arithmetic_with_saltus_one() {
    let proof = proof_of("nim").unwrap();
    assert_eq!(proof.finding.kind, Kind::ArithmeticPeriodic);
    assert_eq!(proof.evaluator.value(123_456_789_012), 123_456_789_012);
}

#[test]
fn octal_016_prefix_is_not_claimed_periodic() {
    // True pre-period 105351, period 149459: no prefix of 20000 values proves anything.
    let code = OctalCode::parse("0.16").unwrap();
    let g = table(HeapMoves::Octal(&code), 20_000);
    assert!(proven_period(HeapMoves::Octal(&code), &g).is_none());
    let a = analyze_heap(
        HeapMoves::Octal(&code),
        HeapLimits {
            upto: Some(20_000),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(a.proof.is_none());
    assert!(a.findings.iter().all(|f| f.status == Status::Observed));
}

#[test]
#[ignore = "slow: about 5·10^5 values of an O(n²) table"]
fn octal_016_full_period_is_proven() {
    let code = OctalCode::parse("0.16").unwrap();
    let g = table(HeapMoves::Octal(&code), 2 * (105_351 + 149_459) + 149_459 + 10);
    let (per, _) = proven_period(HeapMoves::Octal(&code), &g).unwrap();
    assert_eq!((per.preperiod, per.period), (105_351, 149_459));
}

#[test]
fn all_but_sets_are_observed_arithmetic_periodic() {
    let a = analyze_heap(
        HeapMoves::AllBut(&[2, 3]),
        HeapLimits {
            upto: Some(2000),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(a.proof.is_none());
    let f = &a.findings[0];
    assert_eq!((f.kind, f.status), (Kind::ArithmeticPeriodic, Status::Observed));
    let (o, p, s) = (
        f.preperiod.unwrap() as usize,
        f.period.unwrap() as usize,
        f.saltus.unwrap(),
    );
    for n in o..a.values.len() - p {
        assert_eq!(a.values[n + p] as i64 - a.values[n] as i64, s);
    }
}

#[test]
fn grid_is_proven_xor_separable() {
    let a = analyze_pairs(&game("grid:2x3"), 24, 24, Limits::default()).unwrap();
    let sep = a.findings.iter().find(|f| f.kind == Kind::XorSeparable).unwrap();
    assert_eq!(sep.status, Status::Proven);
    assert_eq!(sep.formula, "g(x, y) = ((x − 1) mod 4) xor ((y − 1) mod 3)");
    for (i, row) in a.table.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            assert_eq!(v, (i as u64 % 4) ^ (j as u64 % 3));
        }
    }
}

#[test]
fn wythoff_positions_are_recognised() {
    let a = analyze_pairs(&game("wythoff"), 40, 40, Limits::default()).unwrap();
    assert!(a.findings.iter().any(|f| f.kind == Kind::WythoffPositions));
    assert!(a.findings.iter().all(|f| f.kind != Kind::XorSeparable));
    let w = analyze_pairs(&game("wizards"), 20, 20, Limits::default()).unwrap();
    assert!(w.findings.iter().all(|f| f.status == Status::Observed));
    assert!(analyze_pairs(&game("kayles"), 5, 5, Limits::default()).is_err());
}

#[test]
fn grundys_game_has_bitmask_one() {
    // Flammenkamp: rare iff popcount(v & …11110) is even; 1287 rare values known.
    let a = analyze_heap(
        HeapMoves::Grundy,
        HeapLimits {
            upto: Some(8000),
            ..Default::default()
        },
    )
    .unwrap();
    let f = a.findings.iter().find(|f| f.kind == Kind::RareValues).unwrap();
    assert_eq!(f.mask, Some(1));
    let rare: Vec<usize> = (0..a.values.len())
        .filter(|&n| (a.values[n] >> 1).count_ones().is_multiple_of(2))
        .collect();
    assert_eq!(rare.len() as u64, f.rare_count.unwrap());
    assert_eq!(rare.last().map(|&n| n as u64), f.last_rare);
    assert!(rare.len() < 1287);
}

#[test]
fn sparse_space_is_not_claimed_where_rare_values_keep_coming() {
    // Values 0..3 uniformly: every class keeps occurring, nothing is rare.
    let g: Vec<u32> = (0..5000u32)
        .map(|n| (n.wrapping_mul(2_654_435_761) >> 7) % 4)
        .collect();
    assert!(sprague::pattern::find_sparse(&g).is_none());
}

fn subtraction_set() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::btree_set(1u64..=14, 1..5).prop_map(|s| s.into_iter().collect())
}

fn octal_code() -> impl Strategy<Value = OctalCode> {
    (
        prop_oneof![Just("0"), Just("4")],
        proptest::collection::vec(0u8..8, 1..4),
    )
        .prop_filter_map("code allows a move", |(d0, ds)| {
            let code = format!("{d0}.{}", ds.iter().map(u8::to_string).collect::<String>());
            OctalCode::parse(&code).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every prefix the subtraction prover accepts yields values that hold
    /// over the whole (much longer) table.
    #[test]
    fn subtraction_proofs_hold_beyond_their_window(s in subtraction_set()) {
        let g = table(HeapMoves::Subtract(&s), 6000);
        for len in (2..400).chain([1000, 2000]) {
            if let Some((per, _)) = proven_period(HeapMoves::Subtract(&s), &g[..len]) {
                let (o, p) = (per.preperiod as usize, per.period as usize);
                for n in o..g.len() - p {
                    prop_assert_eq!(g[n + p], g[n], "{:?} prefix {} claimed ({}, {})", s, len, o, p);
                }
                prop_assert!(o == 0 || g[o - 1 + p] != g[o - 1], "pre-period {} is not the smallest", o);
            }
        }
        let proof = prove(HeapMoves::Subtract(&s), HeapLimits::default()).unwrap().unwrap();
        assert_agrees(&proof.evaluator, &g);
    }

    #[test]
    fn grid_claims_match_the_searched_table(r in 1u64..6, u in 1u64..6) {
        let game: Game = format!("grid:{r}x{u}").parse().unwrap();
        let a = analyze_pairs(&game, 20, 20, Limits::default()).unwrap();
        // Brute force from the moves (the solver would use the closed form).
        let rules = sprague::rules::Grid { right: r, up: u };
        let mut brute = vec![vec![0u64; 21]; 21];
        for x in 1..=20u64 {
            for y in 1..=20u64 {
                let mut moves = sprague::rules::Moves::new(false);
                rules.moves(&(x, y), &mut moves).unwrap();
                let opts = moves.iter().map(|m| brute[m[0].0 as usize][m[0].1 as usize]);
                brute[x as usize][y as usize] = sprague::mex(opts);
            }
        }
        let periods: Vec<(Option<&str>, Option<u64>)> =
            a.findings.iter().filter(|f| f.kind == Kind::Periodic).map(|f| (f.axis, f.period)).collect();
        prop_assert_eq!(periods, vec![(Some("x"), Some(u + 1)), (Some("y"), Some(r + 1))]);
        let sep = a.findings.iter().find(|f| f.kind == Kind::XorSeparable).unwrap();
        prop_assert_eq!(sep.status, Status::Proven);
        for (i, row) in a.table.iter().enumerate() {
            for (j, &v) in row.iter().enumerate() {
                prop_assert_eq!(v, brute[i + 1][j + 1]);
                prop_assert_eq!(v, (i as u64 % (u + 1)) ^ (j as u64 % (r + 1)));
            }
        }
    }

    #[test]
    fn powers_proofs_hold_beyond_their_window(a in 2u64..12) {
        let g = table(HeapMoves::Powers(a), 100_000);
        for len in 2..300 {
            if let Some((per, _)) = proven_period(HeapMoves::Powers(a), &g[..len]) {
                let p = per.period as usize;
                for n in 0..g.len() - p {
                    prop_assert_eq!(g[n + p], g[n], "powers:{} prefix {} claimed period {}", a, len, p);
                }
            }
        }
        let proof = prove(HeapMoves::Powers(a), HeapLimits::default()).unwrap().unwrap();
        assert_agrees(&proof.evaluator, &g);
    }
}

/// Runs `property` on `cases` generated values and fails unless at least
/// `min_checked` of them reached the check that the property guards with an
/// `if let` (the property returns `Ok(true)` when it did): a property whose
/// guard is never taken would otherwise pass without checking anything.
fn run_counting<S: Strategy>(
    strategy: S,
    cases: u32,
    min_checked: usize,
    property: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) {
    let checked = std::sync::atomic::AtomicUsize::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(cases));
    runner
        .run(&strategy, |v| {
            if property(v)? {
                checked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            Ok(())
        })
        .unwrap();
    let checked = checked.into_inner();
    assert!(
        checked >= min_checked,
        "only {checked} of {cases} cases reached the check (want {min_checked})"
    );
}

#[test]
fn octal_proofs_hold_beyond_their_window() {
    run_counting(octal_code(), 48, 12, |code| {
        let g = table(HeapMoves::Octal(&code), 2500);
        for len in (2..300).step_by(3) {
            if let Some((per, _)) = proven_period(HeapMoves::Octal(&code), &g[..len]) {
                let (o, p) = (per.preperiod as usize, per.period as usize);
                for n in o..g.len() - p {
                    prop_assert_eq!(g[n + p], g[n], "{} prefix {} claimed ({}, {})", code, len, o, p);
                }
                prop_assert!(
                    o == 0 || g[o - 1 + p] != g[o - 1],
                    "pre-period {} is not the smallest",
                    o
                );
                // No smaller period holds from o on (over the whole table).
                for q in 1..p {
                    prop_assert!(
                        (o..g.len() - q).any(|n| g[n + q] != g[n]),
                        "{} has period {} < {}",
                        code,
                        q,
                        p
                    );
                }
            }
        }
        let limits = HeapLimits {
            upto: Some(1200),
            ..Default::default()
        };
        match prove(HeapMoves::Octal(&code), limits).unwrap() {
            Some(proof) => {
                assert_agrees(&proof.evaluator, &g);
                Ok(true)
            }
            None => {
                // No proof within 1200 values: then no prefix of that length
                // proves a period either.
                prop_assert!(
                    proven_period(HeapMoves::Octal(&code), &g[..1201]).is_none(),
                    "{} has a period",
                    code
                );
                Ok(false)
            }
        }
    });
}

#[test]
fn floor_division_proofs_hold_beyond_their_window() {
    let strategy = (
        proptest::collection::btree_set(2u64..=9, 1..4),
        proptest::collection::vec(any::<u64>(), 8),
    );
    run_counting(strategy, 48, 24, |(d, probes)| {
        let d: Vec<u64> = d.into_iter().collect();
        let g = table(HeapMoves::Divide(&d), 200_000);
        let mut checked = std::collections::HashSet::new();
        for len in (2..600).chain([2000, 20_000]) {
            if let Some(f) = prove_floor(&d, &g[..len]).filter(|f| checked.insert((f.base, f.n0))) {
                for n in f.n0 as usize..g.len() {
                    prop_assert_eq!(
                        g[n],
                        g[n / f.base as usize],
                        "{:?} prefix {} claimed {:?}",
                        d,
                        len,
                        f
                    );
                }
            }
        }
        let Some(proof) = prove(HeapMoves::Divide(&d), HeapLimits::default()).unwrap() else {
            return Ok(false);
        };
        assert_agrees(&proof.evaluator, &g);
        // Far beyond any table: the plain memoised search agrees.
        let rules = sprague::rules::Divide { divisors: d.clone() };
        let mut solver = Solver::new(&rules, Limits::default());
        for n in probes {
            prop_assert_eq!(
                proof.evaluator.value(n),
                solver.grundy(&n).unwrap().0,
                "n = {}",
                n
            );
        }
        Ok(true)
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Moves of a heap to a value counted by residue class agree with
    /// listing every move of the heap and valuing its parts.
    #[test]
    fn split_moves_by_residue_match_listing_every_move(
        code in prop::sample::select(vec!["0.77", "0.07", "0.137", "0.26", "0.51", "0.33", "0.71", "4.7", "0.4"]),
        n in 0u64..1500,
        target in 0u64..9,
        limit in 0usize..20,
    ) {
        let Some(proof) = proof_of(&format!("octal:{code}")) else { return Ok(()) };
        let parsed = OctalCode::parse(code).unwrap();
        let Some(got) = sprague::pattern::moves_to_value(&parsed, n, target, &proof.evaluator, limit) else {
            return Ok(());
        };
        let Game::Octal(rules) = game(&format!("octal:{code}")) else { unreachable!() };
        let mut moves = sprague::rules::Moves::new(false);
        rules.moves(&n, &mut moves).unwrap();
        let want: Vec<Vec<u64>> = moves
            .iter()
            .filter(|parts| parts.iter().fold(0, |x, &h| x ^ proof.evaluator.value(h)) == target)
            .map(<[u64]>::to_vec)
            .collect();
        prop_assert_eq!(got.total, want.len() as u64);
        let listed: Vec<Vec<u64>> = got.first.iter().map(|(_, p)| p.clone()).collect();
        prop_assert_eq!(&listed[..], &want[..want.len().min(limit)]);
        for (k, parts) in &got.first {
            prop_assert_eq!(parts.iter().sum::<u64>() + k, n);
        }
    }
}
