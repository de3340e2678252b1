//! Known values from the literature, recomputed.

use sprague::rules::{Divide, Game, Ruleset, Wythoff};
use sprague::solve::{Limits, Solver};
use sprague::{Nimber, Outcome};

fn table(spec: &str, upto: u64) -> Vec<u32> {
    let game: Game = spec.parse().unwrap();
    let Game::Octal(rules) = game else {
        panic!("{spec} is not octal")
    };
    let mut s = Solver::new(&rules, Limits::default());
    s.heap_table(upto).unwrap().to_vec()
}

/// The last n where g(n + p) ≠ g(n), plus one: the pre-period for period p.
fn preperiod(t: &[u32], p: usize) -> usize {
    (0..t.len() - p)
        .rev()
        .find(|&n| t[n + p] != t[n])
        .map_or(0, |n| n + 1)
}

#[test]
fn kayles_has_period_12_from_71() {
    let t = table("kayles", 2000);
    assert_eq!(preperiod(&t, 12), 71);
}

#[test]
fn dawsons_kayles_has_period_34_from_53() {
    let t = table("octal:0.07", 2000);
    assert_eq!(preperiod(&t, 34), 53);
}

#[test]
fn dawsons_chess_has_period_34_from_52() {
    let t = table("octal:0.137", 2000);
    assert_eq!(preperiod(&t, 34), 52);
}

#[test]
fn grundys_game_starts_as_published() {
    let Ok(Game::Grundy(g)) = "grundy".parse::<Game>() else {
        panic!()
    };
    let mut s = Solver::new(&g, Limits::default());
    let want = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0];
    assert_eq!(s.heap_table(20).unwrap(), want);
}

#[test]
fn wythoff_p_positions_are_the_beatty_pairs() {
    let mut s = Solver::new(&Wythoff, Limits::default());
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let beatty: Vec<(u64, u64)> = (0..20u64)
        .map(|k| ((k as f64 * phi) as u64, (k as f64 * phi * phi) as u64))
        .collect();
    for a in 0..=30u64 {
        for b in a..=30u64 {
            let zero = s.grundy(&(a, b)).unwrap() == Nimber::ZERO;
            assert_eq!(zero, beatty.contains(&(a, b)), "({a}, {b})");
            assert_eq!(Wythoff.closed_outcome(&(a, b)) == Some(Outcome::P), zero);
        }
    }
}

#[test]
fn fdivgame_values_run_in_powers_of_12() {
    let fdiv = Divide {
        divisors: vec![2, 3, 4, 5, 6],
    };
    let mut s = Solver::new(&fdiv, Limits::default());
    let want = [0, 1, 2, 2, 3, 3];
    for (n, &g) in want.iter().enumerate() {
        assert_eq!(s.grundy(&(n as u64)).unwrap(), Nimber(g));
    }
    for k in 1..=14u32 {
        let b = 12u64.pow(k);
        for (lo, hi, g) in [(1, 2, 1), (2, 4, 2), (4, 6, 3), (6, 12, 0)] {
            for n in [lo * b, hi * b - 1, (lo * b + hi * b) / 2] {
                assert_eq!(s.grundy(&n).unwrap(), Nimber(g), "g({n})");
            }
        }
    }
    assert_eq!(fdiv.spec(), "divide:2..6");
}
