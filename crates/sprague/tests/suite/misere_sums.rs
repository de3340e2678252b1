//! Misère answers from quotients built by construction, against a plain
//! reference: the misère outcome of a sum of octal heaps by memoised search
//! over whole sums (a sum is its sorted heaps; P exactly when it has a move
//! and no move reaches P). No quotient, genus or Sprague–Grundy theory in
//! the reference. Sums of up to 40 tokens over wild octal codes, through
//! the quotient itself and through `query::answer` (what `value`, play,
//! the web and Python print); and large positions of misère Kayles, where
//! the reference cannot go, checked for consistency: a listed winning move
//! leaves a P-position, and a P-position has no move to one.

use proptest::prelude::*;
use sprague::query::{answer, Query};
use sprague::rules::{Moves, OctalGame, Ruleset};
use sprague::solve::MisereQuotient;
use sprague::solve::{Limits, Play};
use sprague::Outcome;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Wild codes and the largest heap whose quotient the tests build: all
/// the codes with a complete solution go to 40.
const CODES: &[(&str, u64)] = &[
    ("0.77", 40),
    ("0.07", 22),
    ("0.75", 40),
    ("4.7", 16),
    ("0.312", 40),
    ("0.34", 40),
    ("0.512", 40),
    ("0.712", 40),
    ("4.56", 40),
    ("0.137", 24),
];

/// Outcomes of whole sums, remembered per code across cases.
type Memo = HashMap<Vec<u8>, bool>;

static MEMO: Mutex<Option<HashMap<String, Memo>>> = Mutex::new(None);

/// The options of a sum (heaps ascending), as sorted sums.
fn options(game: &OctalGame, sum: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut moves = Moves::new(false);
    for i in 0..sum.len() {
        if i > 0 && sum[i] == sum[i - 1] {
            continue;
        }
        moves.clear();
        game.moves(&(sum[i] as u64), &mut moves).unwrap();
        for parts in moves.iter() {
            let mut next: Vec<u8> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
            next.extend(parts.iter().map(|&h| h as u8));
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

/// Whether a sum is a misère P-position, by plain search (an explicit
/// stack, no recursion).
fn is_p(code: &str, sum: &[u64]) -> bool {
    let game = OctalGame::new(code, code).unwrap();
    let mut root: Vec<u8> = sum.iter().map(|&h| h as u8).collect();
    root.sort_unstable();
    let mut guard = MEMO.lock().unwrap_or_else(|e| e.into_inner());
    let memo = guard
        .get_or_insert_with(HashMap::new)
        .entry(code.to_string())
        .or_default();
    let mut stack = vec![root.clone()];
    while let Some(top) = stack.last().cloned() {
        if memo.contains_key(&top) {
            stack.pop();
            continue;
        }
        let opts = options(&game, &top);
        let pending: Vec<Vec<u8>> = opts.iter().filter(|o| !memo.contains_key(*o)).cloned().collect();
        if pending.is_empty() {
            let p = !opts.is_empty() && opts.iter().all(|o| !memo[o]);
            memo.insert(top, p);
            stack.pop();
        } else {
            stack.extend(pending);
        }
    }
    memo[&root]
}

static QUOTIENTS: Mutex<Option<HashMap<String, Arc<MisereQuotient>>>> = Mutex::new(None);

/// The quotient of a code's heaps up to its bound, built once.
fn quotient(code: &str, upto: u64) -> Arc<MisereQuotient> {
    let mut guard = QUOTIENTS.lock().unwrap_or_else(|e| e.into_inner());
    let map = guard.get_or_insert_with(HashMap::new);
    Arc::clone(map.entry(code.to_string()).or_insert_with(|| {
        let game = OctalGame::new(code, code).unwrap();
        Arc::new(MisereQuotient::of(&game, upto, Limits::default()).unwrap())
    }))
}

/// A random sum of at most 40 tokens, heaps from 1 to `cap`.
fn sum_strategy() -> impl Strategy<Value = (usize, Vec<u64>)> {
    (0..CODES.len(), prop::collection::vec(1u64..=40, 1..6)).prop_map(|(c, raw)| {
        let cap = CODES[c].1;
        let mut total = 0;
        let mut heaps = Vec::new();
        for h in raw {
            let h = 1 + (h - 1) % cap;
            if total + h <= 40 {
                total += h;
                heaps.push(h);
            }
        }
        (c, heaps)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Outcome and every winning move of a random sum, from the quotient.
    #[test]
    fn quotient_answers_equal_the_plain_search((c, heaps) in sum_strategy()) {
        let (code, upto) = CODES[c];
        let q = quotient(code, upto);
        let want = if is_p(code, &heaps) { Outcome::P } else { Outcome::N };
        prop_assert_eq!(q.outcome(&heaps), Some(want), "{} {:?}", code, heaps);
        let moves = q.winning_moves(&heaps).unwrap();
        for (i, left) in &moves {
            let mut after = heaps.clone();
            after.remove(*i);
            after.extend(left);
            prop_assert!(is_p(code, &after), "{} {:?}: move to {:?}", code, heaps, after);
        }
        // A sum without moves is N in misère play, with no move to list.
        let mut sorted: Vec<u8> = heaps.iter().map(|&h| h as u8).collect();
        sorted.sort_unstable();
        let game = OctalGame::new(code, code).unwrap();
        let terminal = options(&game, &sorted).is_empty();
        prop_assert_eq!(moves.is_empty(), want == Outcome::P || terminal, "{} {:?}", code, heaps);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// What `value --misere` answers (the query every front end shares).
    #[test]
    fn query_answers_equal_the_plain_search((c, heaps) in sum_strategy()) {
        let (code, _) = CODES[c];
        let game = OctalGame::new(code, code).unwrap();
        let query = Query { play: Play::Misere, remoteness: false, ..Query::default() };
        let a = answer(&game, &heaps, &query).unwrap();
        let want = if is_p(code, &heaps) { Outcome::P } else { Outcome::N };
        prop_assert_eq!(a.outcome, want, "{} {:?} by {}", code, heaps, a.method);
        for m in &a.moves {
            let after = m.play.apply(&heaps).unwrap();
            prop_assert!(is_p(code, &after), "{} {:?}: {}", code, heaps, m.play.label);
        }
        // A sum without moves is N in misère play, with no move to list.
        let mut sorted: Vec<u8> = heaps.iter().map(|&h| h as u8).collect();
        sorted.sort_unstable();
        let terminal = options(&game, &sorted).is_empty();
        prop_assert_eq!(a.moves.is_empty(), want == Outcome::P || terminal, "{} {:?}", code, heaps);
    }

    /// Misère Kayles at any size: a listed winning move leaves what sprague
    /// calls P, and from P no move does (counted by residue class for huge
    /// heaps, every move listed for small ones).
    #[test]
    fn kayles_at_any_size_is_consistent(
        heaps in prop::collection::vec(prop_oneof![1u64..200, 1u64..=1_000_000_000_000_000_000], 1..4)
    ) {
        let kayles = OctalGame::new("0.77", "0.77").unwrap();
        let q = MisereQuotient::cached_complete(&kayles, 1000, 500, Limits::default()).unwrap();
        prop_assert!(q.all_heaps());
        let query = Query { play: Play::Misere, remoteness: false, max_moves: 5, ..Query::default() };
        let a = answer(&kayles, &heaps, &query).unwrap();
        prop_assert_eq!(Some(a.outcome), q.outcome(&heaps));
        if heaps.iter().any(|&h| h > 64) {
            prop_assert!(a.method.contains("every heap size"), "{}", a.method);
        }
        if a.outcome == Outcome::N {
            prop_assert!(!a.moves.is_empty() && a.moves_total >= a.moves.len() as u64);
            for m in &a.moves {
                let after = m.play.apply(&heaps).unwrap();
                let b = answer(&kayles, &after, &query).unwrap();
                prop_assert_eq!(b.outcome, Outcome::P, "{:?} then {}", heaps, m.play.label);
            }
        } else {
            prop_assert_eq!(a.moves_total, 0);
            for (i, &n) in heaps.iter().enumerate() {
                let mut rest = heaps.clone();
                rest.remove(i);
                let x = q.element(&rest).unwrap();
                prop_assert_eq!(q.moves_to_p(n, x, 3).unwrap().total, 0, "{:?} heap {}", heaps, n);
            }
        }
    }
}

/// The counts by residue class agree with listing every move, on heaps
/// just past the listing bound's scale (checked small enough to list).
#[test]
fn residue_counts_equal_listing() {
    let kayles = OctalGame::new("0.77", "0.77").unwrap();
    let q = MisereQuotient::cached_complete(&kayles, 1000, 500, Limits::default()).unwrap();
    for n in [300u64, 301, 777, 1000, 4321] {
        for rest in 0..q.order() {
            let listed = q.moves_to_p(n, rest, usize::MAX).unwrap();
            let counted = q.moves_to_p_counted(n, rest, 2).unwrap();
            assert_eq!(listed.total, counted.total, "heap {n}, rest {rest}");
            assert_eq!(
                listed.first[..counted.first.len()],
                counted.first[..],
                "heap {n}, rest {rest}"
            );
        }
    }
}
