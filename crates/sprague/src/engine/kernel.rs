//! The inner loops of the sequence engine, written so that the compiler
//! vectorises them: a search for one option value among the pairs of a
//! split, and the batched marking of rare × common pairs.
//!
//! The pair search is compiled twice, once for the baseline target and once
//! with AVX2 enabled, and the AVX2 copy is picked at run time where the CPU
//! has it.

/// How many pairs one search step looks at before it may return.
const CHUNK: usize = 64;

/// Whether `lo[i] ^ hi[len − 1 − i] == v` for some `i`.
///
/// `lo` and `hi` have the same length: `lo` is g(1..=h) and `hi` is
/// g(r−h..r), so that position `i` pairs the heaps `1 + i` and `r − 1 − i`.
#[inline]
pub(crate) fn any_pair_is(lo: &[u16], hi: &[u16], v: u16) -> bool {
    debug_assert_eq!(lo.len(), hi.len());
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above.
            return unsafe { any_pair_is_avx2(lo, hi, v) };
        }
    }
    any_pair_is_body(lo, hi, v)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn any_pair_is_avx2(lo: &[u16], hi: &[u16], v: u16) -> bool {
    any_pair_is_body(lo, hi, v)
}

#[inline(always)]
fn any_pair_is_body(lo: &[u16], hi: &[u16], v: u16) -> bool {
    let n = lo.len().min(hi.len());
    let full = n / CHUNK;
    for c in 0..full {
        let a = &lo[c * CHUNK..c * CHUNK + CHUNK];
        let b = &hi[n - c * CHUNK - CHUNK..n - c * CHUNK];
        let mut hit = 0u16;
        for j in 0..CHUNK {
            hit |= u16::from(a[j] ^ b[CHUNK - 1 - j] == v);
        }
        if hit != 0 {
            return true;
        }
    }
    let done = full * CHUNK;
    let rest = n - done;
    (0..rest).any(|j| lo[done + j] ^ hi[rest - 1 - j] == v)
}

/// `out[i] = lo[i] ^ hi[len − 1 − i]`: the values of a run of pairs.
#[inline]
pub(crate) fn xor_pairs(lo: &[u16], hi: &[u16], out: &mut [u16]) {
    let n = out.len();
    let (lo, hi) = (&lo[..n], &hi[..n]);
    for i in 0..n {
        out[i] = lo[i] ^ hi[n - 1 - i];
    }
}

/// The set of values `lo[i] ^ hi[len − 1 − i]` as a bitmask, for values
/// below 64 (higher bits of a value are ignored).
#[inline]
pub(crate) fn pair_mask64(lo: &[u16], hi: &[u16]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above.
            return unsafe { pair_mask64_avx2(lo, hi) };
        }
    }
    pair_mask64_body(lo, hi)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn pair_mask64_avx2(lo: &[u16], hi: &[u16]) -> u64 {
    pair_mask64_body(lo, hi)
}

#[inline(always)]
fn pair_mask64_body(lo: &[u16], hi: &[u16]) -> u64 {
    const L: usize = 8;
    let n = lo.len().min(hi.len());
    let mut acc = [0u64; L];
    let full = n / L;
    for c in 0..full {
        for (l, acc) in acc.iter_mut().enumerate() {
            let x = lo[c * L + l] ^ hi[n - 1 - c * L - l];
            *acc |= 1u64 << (x & 63);
        }
    }
    for j in full * L..n {
        acc[0] |= 1u64 << ((lo[j] ^ hi[n - 1 - j]) & 63);
    }
    acc.iter().fold(0, |a, &b| a | b)
}

/// Marks, for every heap m of a batch, the values g(p) ^ g(m − k − p) of
/// the given rare positions p.
///
/// `bits` holds one bitset of `words` 64-bit words per heap of the batch,
/// `window` is g(first − k − p_max ..) such that heap `first + i` and rare
/// position `p` read `window[base(p) + i]`. The caller guarantees every
/// read index is in range.
#[inline]
pub(crate) fn mark_batch(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above.
            unsafe { mark_batch_avx2(bits, words, heaps, vals, rare, off) };
            return;
        }
    }
    mark_batch_body(bits, words, heaps, vals, rare, off)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mark_batch_avx2(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    mark_batch_body(bits, words, heaps, vals, rare, off)
}

/// For each rare `(p, gp)` and heap index `i < heaps`, marks
/// `gp ^ vals[off + i − p]` in bitset `i`.
#[inline(always)]
fn mark_batch_body(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    let mut x = [0u16; 256];
    for &(p, gp) in rare {
        let start = off - p as usize;
        let mut i0 = 0;
        while i0 < heaps {
            let len = (heaps - i0).min(x.len());
            let src = &vals[start + i0..start + i0 + len];
            for (d, &s) in x[..len].iter_mut().zip(src) {
                *d = s ^ gp;
            }
            for (j, &v) in x[..len].iter().enumerate() {
                let v = v as usize;
                bits[(i0 + j) * words + (v >> 6)] |= 1u64 << (v & 63);
            }
            i0 += len;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_search_agrees_with_a_plain_loop() {
        let mut s = 12345u64;
        for len in [0usize, 1, 5, 63, 64, 65, 200, 1000] {
            let lo: Vec<u16> = (0..len)
                .map(|_| {
                    s = s
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (s >> 58) as u16
                })
                .collect();
            let hi: Vec<u16> = lo.iter().rev().map(|x| x.rotate_left(3) & 63).collect();
            for v in 0..70u16 {
                let want = (0..len).any(|i| lo[i] ^ hi[len - 1 - i] == v);
                assert_eq!(any_pair_is(&lo, &hi, v), want, "len {len} v {v}");
                if v < 64 {
                    assert_eq!(pair_mask64(&lo, &hi) >> v & 1 == 1, want, "len {len} v {v}");
                }
            }
        }
    }
}
