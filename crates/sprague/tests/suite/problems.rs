//! The contest problems against plain search over the real games.
//!
//! Every fast path of `sprague::report::problems` (closed forms, the compressed
//! SEAGM states, the f64 probability with its exact fallback) is compared
//! with a brute force that knows only the rules: whole boards for FDIVGAME
//! (win/loss search on the multiset, no Sprague–Grundy), whole pairs for
//! Wizards, every cell for TUZGMBR, full card multisets for SEAGM and every
//! heap for PotatoGame. The brute forces here are deliberately naive.

use num_rational::Ratio;
use proptest::prelude::*;
use sprague::report::problems::{self, fdivgame, potato, seagm, tuzgmbr, Output};
use sprague::rules::{gcd, wizards_outcome, GcdGame, GcdPosition, Ruleset, Subtraction, SubtractionSet};
use sprague::solve::{probability_of, Skill};
use sprague::solve::{Limits, Play, Solver};
use sprague::{mex, Error, Outcome};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::Hash;

/// Plain win/loss search: a position is won iff some move reaches a lost
/// one. Iterative, memoised across calls; knows nothing of Grundy values.
struct Search<S> {
    memo: HashMap<S, bool>,
}

impl<S: Clone + Eq + Hash> Search<S> {
    fn new() -> Self {
        Search { memo: HashMap::new() }
    }

    fn wins(&mut self, start: &S, moves: impl Fn(&S) -> Vec<S>) -> bool {
        let mut stack = vec![(start.clone(), moves(start), 0usize)];
        while let Some((s, opts, i)) = stack.last_mut() {
            if self.memo.contains_key(s) {
                stack.pop();
                continue;
            }
            if *i == opts.len() {
                let s = s.clone();
                stack.pop();
                self.memo.insert(s, false);
                continue;
            }
            let q = opts[*i].clone();
            match self.memo.get(&q) {
                Some(false) => {
                    let s = s.clone();
                    stack.pop();
                    self.memo.insert(s, true);
                }
                Some(true) => *i += 1,
                None => {
                    let o = moves(&q);
                    stack.push((q, o, 0));
                }
            }
        }
        self.memo[start]
    }
}

/// Runs a problem on `input`; the answer lines, or the error with the
/// answers printed before it.
fn run(name: &str, input: &str, explain: bool) -> (Vec<String>, Result<(), Error>) {
    let mut lines = Vec::new();
    let problem = problems::find(name).unwrap();
    let result = {
        let mut out = Output::new(explain, |l: &str| {
            lines.push(l.to_string());
            true
        });
        (problem.solve)(input.as_bytes(), &mut out)
    };
    (lines, result)
}

/// The answers of a well-formed input; with --explain the same answers.
fn answers(name: &str, input: &str) -> Vec<String> {
    let (plain, r) = run(name, input, false);
    r.unwrap();
    let (explained, r) = run(name, input, true);
    r.unwrap();
    let kept: Vec<String> = explained.into_iter().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(plain, kept, "--explain changed the answers of {name}");
    plain
}

// ---------------------------------------------------------------- FDIVGAME

fn fdiv_board_moves(board: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..board.len() {
        for d in 2..=6 {
            let mut b = board.to_vec();
            let q = b[i] / d;
            if q == 0 {
                b.remove(i);
            } else {
                b[i] = q;
            }
            b.sort_unstable();
            out.push(b);
        }
    }
    out
}

#[test]
fn fdivgame_closed_form_matches_the_dense_table() {
    let rules = fdivgame::rules();
    let mut solver = Solver::new(&rules, Limits::default());
    let table = solver.heap_table(200_000).unwrap().to_vec();
    for (n, &g) in table.iter().enumerate() {
        assert_eq!(fdivgame::grundy(n as u64), u64::from(g), "n = {n}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Beyond any table: the closed form satisfies the mex rule at n.
    #[test]
    fn fdivgame_closed_form_obeys_the_mex_rule(n in 1u64..) {
        let opts = (2..=6).map(|d| fdivgame::grundy(n / d));
        prop_assert_eq!(fdivgame::grundy(n), mex(opts));
    }

    /// Whole boards: the solver's answer against win/loss search.
    #[test]
    fn fdivgame_answers_whole_boards(boards in prop::collection::vec(
        prop_oneof![prop::collection::vec(1u64..400, 1..4), prop::collection::vec(1u64..40, 4..6)],
        1..6,
    )) {
        let mut input = format!("{}\n", boards.len());
        for b in &boards {
            let nums: Vec<String> = b.iter().map(u64::to_string).collect();
            let _ = write!(input, "{}\n{}\n", b.len(), nums.join(" "));
        }
        let got = answers("fdivgame", &input);
        let mut search = Search::new();
        for (b, line) in boards.iter().zip(&got) {
            let mut start = b.clone();
            start.sort_unstable();
            let henry = search.wins(&start, |b: &Vec<u64>| fdiv_board_moves(b));
            prop_assert_eq!(line.as_str(), if henry { "Henry" } else { "Derek" }, "board {:?}", b);
        }
    }
}

// ----------------------------------------------------------------- Wizards

fn ordered(a: u64, b: u64) -> (u64, u64) {
    (a.min(b), a.max(b))
}

fn wizards_moves(&(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    if a == 0 {
        return out;
    }
    out.push(ordered(a, b % a));
    let mut p = a as u128;
    while p <= b as u128 {
        out.push(ordered(a, b - p as u64));
        if a == 1 {
            break;
        }
        p *= a as u128;
    }
    out
}

#[test]
fn wizards_outcome_matches_search_on_every_small_pair() {
    let mut search = Search::new();
    for a in 0..90u64 {
        for b in 0..90u64 {
            let wins = search.wins(&ordered(a, b), wizards_moves);
            assert_eq!(wizards_outcome(a, b) == Outcome::N, wins, "({a}, {b})");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Pairs with a long chain of subtractions, against search.
    #[test]
    fn wizards_answers_pairs_against_search(pairs in prop::collection::vec((0u64..14, 0u64..2500), 1..6)) {
        let mut input = format!("{}\n", pairs.len());
        for (a, b) in &pairs {
            let _ = writeln!(input, "{a} {b}");
        }
        let got = answers("wizards", &input);
        let mut search = Search::new();
        for (&(a, b), line) in pairs.iter().zip(&got) {
            let first = search.wins(&ordered(a, b), wizards_moves);
            prop_assert_eq!(line.as_str(), if first { "First" } else { "Second" }, "({}, {})", a, b);
        }
    }

    /// Huge pairs (powers overflow u64): the outcome is consistent with
    /// the outcomes of every move, which pins it down by induction.
    #[test]
    fn wizards_outcome_is_consistent_with_its_moves(a in 0u64.., b in 0u64.., small in 2u64..5000) {
        for (a, b) in [(a, b), (small, b), (a >> 32, b)] {
            let wins = wizards_moves(&ordered(a, b)).iter().any(|&(x, y)| wizards_outcome(x, y) == Outcome::P);
            prop_assert_eq!(wizards_outcome(a, b) == Outcome::N, wins, "({}, {})", a, b);
        }
    }
}

#[test]
fn wizards_outcome_survives_the_longest_euclid_chain() {
    // Consecutive Fibonacci numbers below 2^64 give the longest chain.
    let (mut x, mut y) = (1u64, 1u64);
    while let Some(z) = x.checked_add(y) {
        (x, y) = (y, z);
    }
    for (a, b) in [
        (x, y),
        (y, x),
        (x - 1, y),
        (u64::MAX, u64::MAX),
        (u64::MAX - 1, u64::MAX),
        (1, u64::MAX),
    ] {
        let wins = wizards_moves(&ordered(a, b))
            .iter()
            .any(|&(p, q)| wizards_outcome(p, q) == Outcome::P);
        assert_eq!(wizards_outcome(a, b) == Outcome::N, wins, "({a}, {b})");
    }
}

// ----------------------------------------------------------------- TUZGMBR

#[test]
fn tuzgmbr_answers_every_cell() {
    let moves = |&(n, m): &(u64, u64)| {
        let mut out = Vec::new();
        for u in 1..=3 {
            if n > u {
                out.push((n - u, m));
            }
        }
        for r in 1..=2 {
            if m > r {
                out.push((n, m - r));
            }
        }
        out
    };
    let mut search = Search::new();
    let mut input = format!("{}\n", 60 * 60);
    let mut want = Vec::new();
    for n in 1..=60u64 {
        for m in 1..=60u64 {
            let _ = writeln!(input, "{n} {m}");
            let wins = search.wins(&(n, m), moves);
            want.push(if wins { "Tuzik" } else { "Vanya" });
            assert_eq!(tuzgmbr::grundy(n, m).unwrap().0 != 0, wins, "{n}x{m}");
        }
    }
    assert_eq!(answers("tuzgmbr", &input), want);
}

// ------------------------------------------------------------------ potato

#[test]
fn potato_answers_every_heap() {
    let rules = potato::rules();
    let table = Solver::new(&rules, Limits::default())
        .heap_table(100_000)
        .unwrap()
        .to_vec();
    for (n, &g) in table.iter().enumerate() {
        assert_eq!(potato::grundy(n as u64), u64::from(g), "n = {n}");
    }
    let moves = |&n: &u64| {
        let mut out = Vec::new();
        let mut p = 1;
        while p <= n {
            out.push(n - p);
            p *= 4;
        }
        out
    };
    let mut search = Search::new();
    let top = 3000u64;
    let input: String = std::iter::once(format!("{}\n", top + 1))
        .chain((0..=top).map(|n| format!("{n}\n")))
        .collect();
    let got = answers("potato", &input);
    for n in 0..=top {
        let taro = search.wins(&n, moves);
        assert_eq!(got[n as usize], if taro { "Taro" } else { "Hanako" }, "n = {n}");
    }
    // The closed form holds far out too: one step of the mex rule.
    let pow4 = Subtraction {
        set: SubtractionSet::Powers(4),
    };
    assert_eq!(pow4.spec(), "powers:4");
    for n in [u64::MAX, u64::MAX - 1, 1 << 62, 999_999_999_999] {
        let opts = pow4.amounts(n).into_iter().map(|k| potato::grundy(n - k));
        assert_eq!(potato::grundy(n), mex(opts), "n = {n}");
    }
}

// ------------------------------------------------------------------- SEAGM

/// The full game on the card multiset: state = which cards were thrown.
/// Returns (first player wins, exact random-play probability).
fn seagm_brute(cards: &[u64]) -> (bool, Ratio<i64>) {
    let n = cards.len();
    let full = (1usize << n) - 1;
    let mut win = vec![false; full + 1];
    let mut prob = vec![Ratio::from_integer(0); full + 1];
    // Supersets of a mask are larger numbers: go downwards.
    for mask in (0..=full).rev() {
        let g = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .fold(0, |g, i| gcd(g, cards[i]));
        if mask != 0 && g == 1 {
            win[mask] = true; // the previous player made g = 1
            prob[mask] = Ratio::from_integer(1);
            continue;
        }
        let next: Vec<usize> = (0..n)
            .filter(|i| mask >> i & 1 == 0)
            .map(|i| mask | 1 << i)
            .collect();
        if next.is_empty() {
            continue;
        }
        win[mask] = next.iter().any(|&q| !win[q]);
        let s: Ratio<i64> = next.iter().map(|&q| Ratio::from_integer(1) - prob[q]).sum();
        prob[mask] = s / next.len() as i64;
    }
    (win[0], prob[0])
}

fn round4(p: Ratio<i64>) -> u64 {
    // Halves up, like the solver.
    let x = p * 10_000 + Ratio::new(1, 2);
    x.floor().to_integer() as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Full card multisets: perfect play and random play, against the
    /// bitmask brute force, the generic Solver and the generic random-play
    /// solver on `GcdGame`.
    #[test]
    fn seagm_matches_brute_force_on_card_multisets(
        cards in prop::collection::vec(prop_oneof![1u64..13, 1u64..40], 1..8)
    ) {
        let (win, p) = seagm_brute(&cards);
        let deal = seagm::Deal::new(&cards).unwrap();
        let a = deal.analyse(false);
        prop_assert_eq!(a.first_wins, win);
        prop_assert_eq!(a.probability, round4(p));
        prop_assert_eq!(deal.analyse(true).probability, round4(p));
        let (q, total) = deal.exact_probability();
        prop_assert_eq!(
            q * num_bigint::BigUint::from(*p.denom() as u64),
            total * num_bigint::BigUint::from(*p.numer() as u64)
        );
        let pf = *p.numer() as f64 / *p.denom() as f64;
        prop_assert!((deal.probability() - pf).abs() < 1e-12);

        let start = GcdPosition::new(0, cards.clone());
        let mut solver = Solver::new(&GcdGame, Limits::default());
        prop_assert_eq!(solver.outcome(std::slice::from_ref(&start)).unwrap() == Outcome::N, win);
        let rp = probability_of(&GcdGame, &[start], Play::Normal, &Skill::random(), Limits::default()).unwrap();
        prop_assert!((rp.value - pf).abs() < 1e-12, "{} vs {}", rp.value, pf);
        // The general solver's exact answer is the adapter's fraction.
        let exact = rp.exact.unwrap();
        prop_assert_eq!(exact.numer().to_string(), p.numer().to_string());
        prop_assert_eq!(exact.denom().to_string(), p.denom().to_string());
        // Each winning card really wins: the opponent loses after it.
        for &c in &a.winning_cards {
            let mut rest = cards.clone();
            let i = rest.iter().position(|&x| x == c).unwrap();
            rest.remove(i);
            let after = GcdPosition::new(c, rest);
            prop_assert_eq!(solver.outcome(&[after]).unwrap(), Outcome::P);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Full-size deals: the f64 path rounds exactly as exact arithmetic.
    #[test]
    fn seagm_f64_rounding_agrees_with_exact_on_full_deals(
        cards in prop::collection::vec(prop_oneof![1u64..=100, (1u64..=10).prop_map(|k| 6 * k)], 100)
    ) {
        let deal = seagm::Deal::new(&cards).unwrap();
        let fast = deal.analyse(false);
        let exact = deal.analyse(true);
        prop_assert_eq!(fast.probability, exact.probability);
        prop_assert_eq!(fast.first_wins, exact.first_wins);
    }
}

#[test]
fn seagm_samples() {
    let input = "4\n5\n6 10 15 22 28\n5\n2 4 8 16 32\n4\n2 4 8 16\n4\n1 2 3 4\n";
    assert_eq!(
        answers("seagm", input),
        ["0 0.4000", "1 1.0000", "0 0.0000", "1 0.5833"]
    );
}

#[test]
fn random_play_on_nim_sums_matches_a_direct_count() {
    // Nim with heaps (1, 2): moves to (2), (1, 1), (1); p = mean of 1 − p.
    // p(1) = 1, p(1,1) = 0, p(2) = 1/2 → p(1,2) = (1/2 + 1 + 0) / 3 = 1/2.
    let p = probability_of(
        &sprague::rules::Nim,
        &[1, 2],
        Play::Normal,
        &Skill::random(),
        Limits::default(),
    )
    .unwrap();
    assert_eq!(p.exact_text().unwrap(), "1/2");
}

// ------------------------------------------------------- malformed input

#[test]
fn malformed_input_keeps_earlier_answers_and_names_line_and_token() {
    let cases: &[(&str, &str, usize, usize, &str, &str)] = &[
        (
            "fdivgame",
            "3\n2\n3 4\n3\n1 3\n",
            1,
            5,
            "<end of line>",
            "line ends early",
        ),
        (
            "fdivgame",
            "2\n1\n7\n1\n",
            1,
            5,
            "<end of input>",
            "input ends early",
        ),
        ("fdivgame", "1\n1\n12 13\n", 0, 3, "13", "unexpected text"),
        ("wizards", "2\n1 2\n3 -4\n", 1, 3, "-4", "whole number"),
        (
            "wizards",
            "1\n1 18446744073709551616\n",
            0,
            2,
            "18446744073709551616",
            "larger than",
        ),
        ("wizards", "1\n1 2\n9 9\n", 1, 3, "9", "after the last test"),
        ("tuzgmbr", "2\n4 4\n0 1\n", 1, 3, "0", "at least 1"),
        ("seagm", "2\n1\n5\n2\n5 0\n", 1, 5, "0", "card"),
        ("potato", "x\n", 0, 1, "x", "whole number"),
        ("potato", "", 0, 1, "<end of input>", "number of tests"),
    ];
    for &(name, input, kept, line, token, reason) in cases {
        let (lines, r) = run(name, input, false);
        assert_eq!(lines.len(), kept, "{name} {input:?}: {lines:?}");
        match r {
            Err(Error::Input {
                line: l,
                token: t,
                reason: why,
            }) => {
                assert_eq!((l, t.as_str()), (line, token), "{name} {input:?}");
                assert!(why.contains(reason), "{name} {input:?}: {why}");
            }
            other => panic!("{name} {input:?}: {other:?}"),
        }
    }
}
