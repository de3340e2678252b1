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
    use std::arch::x86_64::*;
    let n = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..n], &hi[..n]);
    let mut acc = _mm256_setzero_si256();
    let one = _mm256_set1_epi64x(1);
    let low6 = _mm256_set1_epi64x(63);
    let mut i = 0;
    while i + 4 <= n {
        // SAFETY: lo[i..i + 4] and hi[n − 4 − i..n − i] are in bounds
        // (i + 4 ≤ n); unaligned 8-byte loads.
        let (a, b) = unsafe {
            (
                _mm_loadl_epi64(lo.as_ptr().add(i) as *const __m128i),
                _mm_loadl_epi64(hi.as_ptr().add(n - 4 - i) as *const __m128i),
            )
        };
        // Lanes j = 0..4: lo[i + j] with hi[n − 1 − i − j] (b reversed).
        let a = _mm256_cvtepu16_epi64(a);
        let b = _mm256_permute4x64_epi64(_mm256_cvtepu16_epi64(b), 0b00_01_10_11);
        let x = _mm256_and_si256(_mm256_xor_si256(a, b), low6);
        acc = _mm256_or_si256(acc, _mm256_sllv_epi64(one, x));
        i += 4;
    }
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 bytes; an unaligned store.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, acc) };
    let mut m = lanes.iter().fold(0, |x, &y| x | y);
    for j in i..n {
        m |= 1u64 << ((lo[j] ^ hi[n - 1 - j]) & 63);
    }
    m
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

/// The set of values `gp ^ win[top − p]` over the rare positions `(p, gp)`
/// as a bitmask, for values below 64 (higher bits are ignored).
///
/// # Panics
/// If some `top − p` is not an index of `win` (checked once, up front:
/// `rare` is sorted by p).
#[inline]
pub(crate) fn rare_mask64(win: &[u16], top: usize, rare: &[(u32, u16)]) -> u64 {
    let (Some(first), Some(last)) = (rare.first(), rare.last()) else {
        return 0;
    };
    assert!(
        first.0 <= last.0 && (last.0 as usize) <= top && top - (first.0 as usize) < win.len(),
        "rare positions out of the window"
    );
    let at = |p: u32| {
        let i = top - p as usize;
        debug_assert!(i < win.len());
        // SAFETY: p lies between the first and the last rare position
        // (sorted), so top − p is between top − last ≥ 0 and top − first,
        // which is below win.len() (asserted above).
        unsafe { *win.get_unchecked(i) }
    };
    let mut acc = [0u64; 4];
    let mut chunks = rare.chunks_exact(4);
    for c in &mut chunks {
        for (a, &(p, gp)) in acc.iter_mut().zip(c) {
            *a |= 1u64 << ((gp ^ at(p)) & 63);
        }
    }
    for &(p, gp) in chunks.remainder() {
        acc[0] |= 1u64 << ((gp ^ at(p)) & 63);
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// [`mark_batch`] for one-word bitsets (every value below 64).
#[inline]
pub(crate) fn mark_batch64(bits: &mut [u64], heaps: usize, vals: &[u16], rare: &[(u32, u16)], off: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above.
            unsafe { mark_batch64_avx2(bits, heaps, vals, rare, off) };
            return;
        }
    }
    mark_batch64_body(bits, heaps, vals, rare, off)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mark_batch64_avx2(bits: &mut [u64], heaps: usize, vals: &[u16], rare: &[(u32, u16)], off: usize) {
    mark_batch64_body(bits, heaps, vals, rare, off)
}

#[inline(always)]
fn mark_batch64_body(bits: &mut [u64], heaps: usize, vals: &[u16], rare: &[(u32, u16)], off: usize) {
    let bits = &mut bits[..heaps];
    for &(p, gp) in rare {
        let start = off - p as usize;
        for (b, &v) in bits.iter_mut().zip(&vals[start..start + heaps]) {
            *b |= 1u64 << ((v ^ gp) & 63);
        }
    }
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
    fn one_word_marks_agree_with_the_general_marks() {
        let vals: Vec<u16> = (0..400u16).map(|i| i.wrapping_mul(29) % 64).collect();
        let rare: Vec<(u32, u16)> = vec![(40, 3), (41, 0), (90, 63), (150, 17)];
        for heaps in [1usize, 5, 64, 100] {
            let mut one = vec![0u64; heaps];
            let mut general = vec![0u64; heaps];
            mark_batch64(&mut one, heaps, &vals, &rare, 200);
            mark_batch(&mut general, 1, heaps, &vals, &rare, 200);
            assert_eq!(one, general, "{heaps} heaps");
            assert!(one.iter().all(|&w| w != 0));
        }
    }

    #[test]
    fn rare_mask_agrees_with_a_plain_loop() {
        let win: Vec<u16> = (0..300u16).map(|i| i.wrapping_mul(37) % 61).collect();
        for count in [0usize, 1, 3, 4, 5, 9, 40] {
            let rare: Vec<(u32, u16)> = (0..count as u32)
                .map(|i| (1 + 7 * i, (i * 13 % 64) as u16))
                .collect();
            let top = 290;
            let want = rare.iter().fold(0u64, |m, &(p, gp)| {
                m | 1u64 << ((gp ^ win[top - p as usize]) & 63)
            });
            assert_eq!(rare_mask64(&win, top, &rare), want, "{count} rare");
        }
    }

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
