//! Periodicity: g(n + p) = g(n) + s for all n ≥ o, found in a table and
//! proven where a theorem turns a finite check into a statement for all n.
//!
//! The search tries p = 1, 2, … in order and, for each p, scans the table
//! backwards from its end while the relation holds; the scan stops at the
//! first failure, which gives the smallest pre-period the table allows for
//! that p. A wrong p almost always fails within a few steps, so the search
//! costs little more than one pass per true period multiple tried.
//!
//! Three provers, each with its window (N = number of values computed):
//!
//! - **Finite subtraction set S, m = max S.** For n ≥ m every move is
//!   available, so g(n) is one fixed function of g(n−m..n). If
//!   g(j + p) = g(j) on a window o ≤ j < o + m, then by induction on
//!   n ≥ o + m: g(n + p) and g(n) are the same function of windows that are
//!   equal, hence equal. Needs o + m + p ≤ N.
//! - **Octal codes (Guy–Smith octal periodicity theorem).** Moves take at
//!   most t tokens and leave at most two heaps. If g(n + p) = g(n) for
//!   o ≤ n < 2o + 2p + t, it holds for all n ≥ o. Induction on
//!   m ≥ 2o + 2p + t: a move taking k ≤ t from m + p leaves one heap
//!   m + p − k (matched with m − k ≥ o) or two heaps a ≤ b with
//!   b ≥ (m + p − k)/2 ≥ o + p, matched with (a, b − p), a split of m − k
//!   (b − p ≥ 1); conversely a split a ≤ c of m − k has c ≥ o + p and
//!   matches (a, c + p). Taking a whole heap needs m ≤ t, which never
//!   happens here. Needs 2o + 3p + t ≤ N (Winning Ways, ch. 4).
//! - **Hexadecimal codes (the same theorem for three heaps; S. Howse and
//!   R. J. Nowakowski, "Periodicity and arithmetic-periodicity in
//!   hexadecimal games", Theoret. Comput. Sci. 313 (2004) 463–472).** Moves
//!   take at most t tokens and leave at most three heaps. If g(n + p) = g(n)
//!   for o ≤ n < 3o + 3p + t, it holds for all n ≥ o: in a move from m + p
//!   (m ≥ 3o + 3p + t) to a + b + c, the largest part is at least
//!   (m + p − k)/3 ≥ o + p, so taking p from it gives a move of m of the same
//!   value, and conversely the largest part of a move of m is at least
//!   (m − k)/3 ≥ o + p. (Checking o ≤ n < 3o + 2p + t would do; one more
//!   period, as for octal codes, keeps the two rules alike.) Needs
//!   3o + 4p + t ≤ N.
//! - **Powers {1, a, a², …}, pre-period 0.** Let R(n) be the residues
//!   mod p of the powers ≤ n; the residues a^k mod p repeat from some k on,
//!   so R(n) is the same set R for every n ≥ a^K, K the index of the last
//!   new residue. If g is p-periodic on 0..n, every option n − a^k has value
//!   f((n − r) mod p), r ∈ R(n), so g(n) = g(n − p) once n − p ≥ a^K. Needs
//!   g(j + p) = g(j) for 0 ≤ j < N − p with N − p ≥ a^K.
//!
//! Everything else is reported as observed, and only when the repetition
//! covers at least three periods and the second half of the table.

use crate::rules::HeapMoves;

/// A (possibly arithmetic) period found in a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The smallest o with g(n + p) = g(n) + s for all checked n ≥ o.
    pub preperiod: u64,
    /// The period p ≥ 1.
    pub period: u64,
    /// The saltus s (0 for plain periodicity).
    pub saltus: i64,
}

/// How many table comparisons one search may make before it gives up
/// (giving up reports nothing, which is never wrong).
pub const SEARCH_BUDGET: u64 = 400_000_000;

/// The smallest p ≤ `max_p` with a relation g(n + p) − g(n) = s (s = 0 for
/// `arithmetic == false`, else the non-zero difference at the table's end)
/// on [o, N − p), where o ≤ `max_o(p)` and `accept(o, p)` holds.
fn search(
    g: &[u32],
    arithmetic: bool,
    max_o: impl Fn(usize) -> Option<usize>,
    accept: impl Fn(usize, usize) -> bool,
) -> Option<Periodicity> {
    let n = g.len();
    let mut budget = SEARCH_BUDGET;
    for p in 1..n {
        let Some(limit) = max_o(p) else { continue };
        let s = if arithmetic {
            let s = g[n - 1] as i64 - g[n - 1 - p] as i64;
            if s == 0 {
                continue;
            }
            s
        } else {
            0
        };
        // The relation holds on [o, n - p); lower o while it still does.
        let mut o = n - p;
        while o > 0 && g[o - 1 + p] as i64 - g[o - 1] as i64 == s {
            o -= 1;
            budget = budget.checked_sub(1)?;
        }
        budget = budget.checked_sub(1)?;
        if o <= limit && accept(o, p) {
            return Some(Periodicity {
                preperiod: o as u64,
                period: p as u64,
                saltus: s,
            });
        }
    }
    None
}

/// The smallest period (and its smallest pre-period) of `g` that a theorem
/// extends to every n, with the argument in words.
///
/// # Arguments
/// * `moves`: the game; finite subtraction sets, octal codes and powers have
///   provers (see the module documentation for each window).
/// * `g`: g(0..N).
///
/// # Returns
/// `None` when the game has no prover or the table is too short for one.
/// The period returned is the true smallest period: any period is a multiple
/// of the smallest, which has the same pre-period and a smaller window, so
/// the search (by increasing p) meets it first.
///
/// # Complexity
/// O(N) per multiple of the true period tried, bounded by [`SEARCH_BUDGET`].
///
/// # Examples
/// ```
/// use sprague::pattern::proven_period;
/// use sprague::rules::HeapMoves;
/// let mut g = Vec::new();
/// sprague::solve::extend_dense(HeapMoves::Subtract(&[1, 3, 4]), &mut g, 40, 100).unwrap();
/// let (p, _why) = proven_period(HeapMoves::Subtract(&[1, 3, 4]), &g).unwrap();
/// assert_eq!((p.preperiod, p.period), (0, 7));
/// ```
pub fn proven_period(moves: HeapMoves<'_>, g: &[u32]) -> Option<(Periodicity, String)> {
    let n = g.len();
    match moves {
        HeapMoves::Subtract(s) => {
            let m = *s.last()? as usize;
            let per = search(g, false, |p| n.checked_sub(p + m), |_, _| true)?;
            let why = format!(
                "g(n) depends only on the max(S) = {m} values before it, and a window of {m} values repeats: g(n + {p}) = g(n) checked for {o} ≤ n < {end}",
                p = per.period,
                o = per.preperiod,
                end = per.preperiod + m as u64,
            );
            Some((per, why))
        }
        HeapMoves::Octal(code) => {
            let t = code.max_take();
            let h = code.max_heaps().max(2) as usize;
            let per = search(
                g,
                false,
                |p| n.checked_sub((h + 1) * p + t).map(|r| r / h),
                |_, _| true,
            )?;
            let (o, p) = (per.preperiod, per.period);
            let end = h as u64 * (o + p) + t as u64;
            let why = if h == 3 {
                format!(
                    "hexadecimal periodicity theorem (Howse–Nowakowski): g(n + {p}) = g(n) checked for {o} ≤ n < 3·{o} + 3·{p} + {t} = {end}"
                )
            } else {
                format!(
                    "octal periodicity theorem (Guy–Smith): g(n + {p}) = g(n) checked for {o} ≤ n < 2·{o} + 2·{p} + {t} = {end}"
                )
            };
            Some((per, why))
        }
        HeapMoves::Powers(a) => {
            let per = search(
                g,
                false,
                |p| (p < n).then_some(0),
                |_, p| powers_settle(a, p as u64).is_some_and(|ak| ak <= (n - p) as u64),
            )?;
            let ak = powers_settle(a, per.period)?;
            let why = format!(
                "periodic from 0 with period {p}, checked for n < {end}; the powers ≥ {ak} add no new residue mod {p}, so every later n has the options of n − {p} shifted by {p}",
                p = per.period,
                end = n as u64 - per.period,
            );
            Some((per, why))
        }
        _ => None,
    }
}

/// a^K where K is the index of the last new residue in a^0, a^1, … mod p;
/// `None` if a^K overflows.
pub fn powers_settle(a: u64, p: u64) -> Option<u64> {
    let mut seen = vec![false; p as usize];
    let mut power = 1u64;
    let mut settle = 1u64;
    let mut r = 1 % p;
    // r_k = a^k mod p is a function of r_{k-1}: the first repeat ends the
    // sequence of new residues.
    while !seen[r as usize] {
        seen[r as usize] = true;
        settle = power;
        r = ((r as u128 * a as u128) % p as u128) as u64;
        match power.checked_mul(a) {
            Some(q) => power = q,
            None => {
                // Larger powers exist only as residues beyond u64 heaps,
                // which never occur as moves: settle only if no new residue
                // would follow within u64 — unknown here, so refuse.
                if !seen[r as usize] {
                    return None;
                }
                break;
            }
        }
    }
    Some(settle)
}

/// Whether a repetition is long enough to report as observed: it covers at
/// least three periods and the second half of the table.
fn observable(n: usize, o: usize, p: usize) -> bool {
    o <= n / 2 && n - o >= 3 * p
}

/// The smallest plain period the table shows (observed, not proven).
///
/// # Returns
/// `None` unless the repetition covers three periods and the second half
/// of the table.
///
/// # Complexity
/// O(N) per period tried, bounded by [`SEARCH_BUDGET`].
pub fn observed_period(g: &[u32]) -> Option<Periodicity> {
    let n = g.len();
    search(g, false, |_| Some(n / 2), |o, p| observable(n, o, p))
}

/// The smallest arithmetic period g(n + p) = g(n) + s, s ≠ 0, the table
/// shows (observed, not proven); same reporting rule as
/// [`observed_period`].
pub fn observed_arithmetic(g: &[u32]) -> Option<Periodicity> {
    let n = g.len();
    search(g, true, |_| Some(n / 2), |o, p| observable(n, o, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_settle_finds_the_last_new_residue() {
        assert_eq!(powers_settle(4, 5), Some(4)); // 1, 4, 1, …
        assert_eq!(powers_settle(3, 2), Some(1)); // 1, 1, …
        assert_eq!(powers_settle(2, 7), Some(4)); // 1, 2, 4, 1, …
        assert_eq!(powers_settle(2, 12), Some(8)); // 1, 2, 4, 8, 4, …
    }

    #[test]
    fn a_late_break_is_never_hidden() {
        let base: Vec<u32> = (0..3000).map(|n| [3, 1, 4, 1, 5][n % 5]).collect();
        for at in [0usize, 1, 100, 1499, 1500, 2000, 2990, 2999] {
            let mut g = base.clone();
            g[at] = 9;
            match observed_period(&g) {
                // The claim must hold on every value after its pre-period.
                Some(per) => {
                    let (o, p) = (per.preperiod as usize, per.period as usize);
                    assert!(o > at && p == 5, "break at {at}: claimed ({o}, {p})");
                    assert!((o..g.len() - p).all(|n| g[n + p] == g[n]));
                }
                None => assert!(at >= 1500, "break at {at}: period 5 from {} missed", at + 1),
            }
        }
    }

    #[test]
    fn search_reports_the_smallest_preperiod() {
        let g = [9, 9, 9, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2];
        let p = observed_period(&g).unwrap();
        assert_eq!((p.preperiod, p.period), (3, 2));
        let a: Vec<u32> = (0..30).map(|n| n / 3).collect();
        let p = observed_arithmetic(&a).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 3, 1));
    }
}
