//! Pair search: whether some pair of a split has a value, and the set of
//! small values a run of pairs (or of rare positions) gives.

use super::Isa;

/// How many pairs one search step looks at before it may return.
pub(super) const CHUNK: usize = 64;

/// Whether `lo[i] ^ hi[len − 1 − i] == v` for some `i`.
///
/// `lo` and `hi` have the same length: `lo` is g(1..=h) and `hi` is
/// g(r−h..r), so that position `i` pairs the heaps `1 + i` and `r − 1 − i`.
#[inline]
pub(crate) fn any_pair_is(isa: Isa, lo: &[u16], hi: &[u16], v: u16) -> bool {
    debug_assert_eq!(lo.len(), hi.len());
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx2() {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            return unsafe { any_pair_is_avx2(lo, hi, v) };
        }
    }
    any_pair_is_body(lo, hi, v)
}

/// [`any_pair_is`] compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
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
pub(crate) fn pair_mask64(isa: Isa, lo: &[u16], hi: &[u16]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx2() {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            return unsafe { pair_mask64_avx2(lo, hi) };
        }
    }
    pair_mask64_body(lo, hi)
}

/// [`pair_mask64`] with AVX2: four pairs a step, each value's bit set by
/// a variable shift of 64-bit lanes.
///
/// # Safety
/// The CPU must support AVX2.
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
/// If the first or the last `top − p` is not an index of `win`.
///
/// # Safety
/// `rare` must be sorted by p (as the engine's rare list is): then every
/// `top − p` lies between the last one and the first one, both checked.
#[inline]
pub(crate) unsafe fn rare_mask64(win: &[u16], top: usize, rare: &[(u32, u16)]) -> u64 {
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
        // (sorted, the caller's contract), so top − p is between
        // top − last ≥ 0 and top − first, below win.len() (asserted above).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::engine::kernel::isa::levels;

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
            // SAFETY: `rare` is sorted by p.
            assert_eq!(unsafe { rare_mask64(&win, top, &rare) }, want, "{count} rare");
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
                for isa in levels() {
                    assert_eq!(any_pair_is(isa, &lo, &hi, v), want, "len {len} v {v} {isa:?}");
                    if v < 64 {
                        let got = pair_mask64(isa, &lo, &hi) >> v & 1 == 1;
                        assert_eq!(got, want, "len {len} v {v} {isa:?}");
                    }
                }
            }
        }
    }
}
