//! Sparse space: a bit mask that splits Grundy values into common and rare.
//!
//! Call v *rare* when popcount(v & mask) is odd and *common* otherwise.
//! The classes are closed the way the theory needs (Gangolli & Plambeck
//! 1989): common xor common is common, rare xor common is rare, since the
//! parity of the masked bits is additive under xor. A mask is interesting
//! when rare values occur at very few positions: then the mex at n can be
//! found from the pairs involving a rare position. This finder only
//! observes the split; it proves nothing.

/// A common/rare split of the values in a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SparseSpace {
    /// v is rare iff popcount(v & mask) is odd.
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

/// Whether `v` is rare under `mask`.
pub fn is_rare(v: u64, mask: u64) -> bool {
    (v & mask).count_ones() % 2 == 1
}

/// The mask whose rare class occurs at the fewest positions of `g`
/// (ties: the smallest mask), if that is at most a fifth of the table
/// ([`RARE_FRACTION`]) and at least one position.
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
/// use sprague::pattern::rare::find_sparse;
/// let mut g: Vec<u32> = (0..5000).map(|n| [0, 1, 2, 3][n % 4]).collect();
/// g[10] = 4;
/// let s = find_sparse(&g).unwrap();
/// assert_eq!((s.mask, s.rare_count, s.last_rare), (4, 1, 10));
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
    let mut best: Option<(u64, u64)> = None;
    for mask in 1..(1u64 << bits) {
        let count: u64 = present
            .iter()
            .filter(|&&(v, _)| is_rare(v, mask))
            .map(|&(_, c)| c)
            .sum();
        if count > 0 && best.map_or(true, |(c, _)| count < c) {
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
