//! Sparse space: a bit mask that splits Grundy values into common and rare.
//!
//! Winning Ways (ch. 4, "Sparse space spells speed") and Flammenkamp's
//! tables describe the split by an infinite bitstring m, the complement of
//! a finite *bitmask*: v is **rare** iff popcount(v & m) is even, and
//! **common** iff it is odd. Rare values form a group under xor (0 is
//! rare) and common values its other coset, so rare xor common is common
//! and common xor common is rare; a common value can only come from a pair
//! with a rare part. When rare values occur at very few positions, the mex
//! at n is found from the pairs involving a rare position, in O(n) instead
//! of O(n²). Grundy's game has bitmask 1 (m = …11110): 1287 rare values are
//! known, none after n = 82860.
//!
//! This finder only observes the split on a table; it proves nothing. (The
//! variant whose split also depends on the parity of n is not searched.)

/// A common/rare split of the values in a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SparseSpace {
    /// The bits ignored: v is rare iff popcount(v & !mask) is even.
    pub mask: u64,
    /// How many positions hold a rare value.
    pub rare_count: u64,
    /// The last position holding a rare value.
    pub last_rare: u64,
    /// The distinct rare values, ascending.
    pub rare_values: Vec<u32>,
}

/// The most positions, as a fraction 1/`RARE_FRACTION` of the table, that
/// may hold rare values for the split to be reported. Generous on purpose:
/// rare values of Grundy's game fill 14% of the first 4000 heaps but only
/// about 1,300 heaps in all.
pub const RARE_FRACTION: u64 = 5;

/// Whether `v` is rare under the bitmask `mask` (the bits it ignores).
pub fn is_rare(v: u64, mask: u64) -> bool {
    (v & !mask).count_ones().is_multiple_of(2)
}

/// The bitmask whose rare class occurs at the fewest positions of `g`
/// (ties: the smallest bitmask), among bitmasks whose rare values thin out
/// (at most a third of their positions lie in the second half of the
/// table), if that is at most a fifth of the table ([`RARE_FRACTION`]).
///
/// # Arguments
/// * `g`: g(0..N); tables under 1000 values are too short to judge.
///
/// # Returns
/// `None` when no mask makes the rare class small but non-empty, or the
/// values need more than 16 bits.
///
/// # Complexity
/// O(N + 2^B · V), B the bits of the largest value, V the distinct values.
///
/// # Examples
/// ```
/// use sprague::pattern::find_sparse;
/// // Common values 1 and 2 (odd popcount), the rare 0 and 3 only early on.
/// let mut g: Vec<u32> = (0..5000).map(|n| [1, 2][n % 2]).collect();
/// g[10] = 0;
/// g[20] = 3;
/// let s = find_sparse(&g).unwrap();
/// assert_eq!((s.mask, s.rare_count, s.last_rare, s.rare_values), (0, 2, 20, vec![0, 3]));
/// ```
pub fn find_sparse(g: &[u32]) -> Option<SparseSpace> {
    let n = g.len() as u64;
    if n < 1000 {
        return None;
    }
    let max = *g.iter().max()?;
    let bits = 32 - max.leading_zeros();
    if bits > 16 {
        return None;
    }
    let mut hist = vec![0u64; max as usize + 1];
    for &v in g {
        hist[v as usize] += 1;
    }
    let present: Vec<(u64, u64)> = hist
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(v, &c)| (v as u64, c))
        .collect();
    // Values of the second half, to see whether rare values thin out.
    let mut late = vec![0u64; max as usize + 1];
    for &v in &g[g.len() / 2..] {
        late[v as usize] += 1;
    }
    let mut best: Option<(u64, u64)> = None;
    for mask in 0..(1u64 << bits) - 1 {
        let rare = present.iter().filter(|&&(v, _)| is_rare(v, mask));
        let count: u64 = rare.clone().map(|&(_, c)| c).sum();
        let in_late: u64 = rare.map(|&(v, _)| late[v as usize]).sum();
        // A sparse space's rare values are the exception, and get rarer.
        let thinning = in_late * 3 <= count;
        if thinning && best.is_none_or(|(c, _)| count < c) {
            best = Some((count, mask));
        }
    }
    let (rare_count, mask) = best?;
    if rare_count * RARE_FRACTION > n {
        return None;
    }
    let last_rare = g.iter().rposition(|&v| is_rare(v as u64, mask))? as u64;
    let rare_values = present
        .iter()
        .filter(|&&(v, _)| is_rare(v, mask))
        .map(|&(v, _)| v as u32)
        .collect();
    Some(SparseSpace {
        mask,
        rare_count,
        last_rare,
        rare_values,
    })
}
