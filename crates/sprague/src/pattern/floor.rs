//! Self-similarity under floor division: g(n) = g(⌊n/b⌋) for n ≥ n0.
//!
//! For a floor-division game (every move is n → ⌊n/d⌋, d ∈ D, and 0 is
//! erased) one finite window proves the relation for all n.
//!
//! **Window.** Let d be the largest divisor. If g(n) = g(⌊n/b⌋) holds for
//! every n in [n0, W) with W = max(d·(n0 + 1), b), it holds for all n ≥ n0.
//! Induction on n ≥ W, assuming the relation on [n0, n):
//! - every option ⌊n/e⌋ (e ∈ D) satisfies n0 ≤ ⌊n/e⌋ < n, because
//!   n ≥ d·n0 ≥ e·n0 and e ≥ 2; so g(⌊n/e⌋) = g(⌊⌊n/e⌋/b⌋);
//! - ⌊⌊n/e⌋/b⌋ = ⌊n/(eb)⌋ = ⌊⌊n/b⌋/e⌋, the option of q = ⌊n/b⌋ by e;
//! - n ≥ b makes q ≥ 1 a position with the same moves (g(0) = 0 is a
//!   terminal value, not a mex over options), so g(n) = mex{g(⌊q/e⌋)} = g(q).
//!
//! The bound d·n0 alone suffices for the first point; the window uses the
//! larger d·(n0 + 1) (the issue's statement) to keep a margin.
//!
//! It follows that on [L·b^k, R·b^k) (k ≥ 0, n0 ≤ L < R ≤ b·n0) g equals
//! g on [L, R): the runs of one block [n0, b·n0) describe every n ≥ n0.

use super::Run;

/// A proven floor-division pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloorPattern {
    /// The base b ≥ 2.
    pub base: u64,
    /// The smallest n0 ≥ 1 from which g(n) = g(⌊n/b⌋).
    pub n0: u64,
    /// The end W of the window that was checked.
    pub window_end: u64,
}

/// The largest base tried.
pub const MAX_BASE: u64 = 1 << 16;

/// The smallest base b (and for it the smallest n0) such that
/// g(n) = g(⌊n/b⌋) for n ≥ n0 is proven by the table.
///
/// # Arguments
/// * `divisors`: the divisor set D (all ≥ 2, sorted).
/// * `g`: g(0..N) of the floor-division game with divisors `divisors`.
///
/// # Returns
/// `None` if no base up to [`MAX_BASE`] has its window inside the table.
///
/// # Complexity
/// O(N) per base tried in the worst case (a wrong base usually fails at the
/// first run boundary scanned), bounded by
/// [`SEARCH_BUDGET`](super::periodic::SEARCH_BUDGET) comparisons.
///
/// # Examples
/// ```
/// use sprague::pattern::prove_floor;
/// use sprague::rules::HeapMoves;
/// let mut g = Vec::new();
/// sprague::solve::extend_dense(HeapMoves::Divide(&[2, 3, 4, 5, 6]), &mut g, 200, 1000).unwrap();
/// let f = prove_floor(&[2, 3, 4, 5, 6], &g).unwrap();
/// assert_eq!((f.base, f.n0), (12, 6));
/// ```
pub fn prove_floor(divisors: &[u64], g: &[u32]) -> Option<FloorPattern> {
    let d = *divisors.last()?;
    let n = g.len() as u64;
    let mut budget = super::periodic::SEARCH_BUDGET;
    for b in 2..=MAX_BASE.min(n) {
        // Scan down from the end while g(m) = g(⌊m/b⌋): n0 is where it stops.
        let mut n0 = n;
        while n0 > 1 && g[(n0 - 1) as usize] == g[((n0 - 1) / b) as usize] {
            n0 -= 1;
            budget = budget.checked_sub(1)?;
        }
        let window_end = d.checked_mul(n0 + 1)?.max(b);
        if window_end <= n {
            return Some(FloorPattern {
                base: b,
                n0,
                window_end,
            });
        }
    }
    None
}

/// The maximal runs of constant value in g(from..to).
pub fn runs(g: &[u32], from: usize, to: usize) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for (i, &v) in g[from..to].iter().enumerate() {
        let at = (from + i) as u64;
        match out.last_mut() {
            Some(r) if r.value == v as u64 => r.to = at + 1,
            _ => out.push(Run {
                from: at,
                to: at + 1,
                value: v as u64,
            }),
        }
    }
    out
}
