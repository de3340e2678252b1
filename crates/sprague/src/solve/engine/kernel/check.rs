//! Candidate checks: which of a group of heaps' candidates the checked
//! rare positions give.

use super::Isa;

/// Candidates checked per heap by [`check_candidates`].
pub(crate) const CANDIDATES: usize = 8;

/// Heaps per call of [`check_candidates`] (one bit each in a `u64`).
pub(crate) const CHECK_HEAPS: usize = 64;

/// Which candidates some checked position gives: bit i of word j is set
/// when `vals[s + i] ^ gs == cand[j][i]` for some `(s, gs)` in `starts`,
/// for heaps `i < heaps`.
///
/// Every `s + heaps` must be at most `vals.len()`; unused candidates are
/// `u16::MAX`, which no value xor another below 2^15 equals.
pub(crate) fn check_candidates(
    isa: Isa,
    vals: &[u16],
    starts: &[(usize, u16)],
    cand: &[[u16; CHECK_HEAPS]; CANDIDATES],
    heaps: usize,
) -> [u64; CANDIDATES] {
    assert!(heaps <= CHECK_HEAPS && starts.iter().all(|&(s, _)| s + heaps <= vals.len()));
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx512bw() {
            // SAFETY: the CPU supports AVX-512 F and BW (`isa` is detected;
            // BW implies F); the reads are in bounds (asserted above).
            return unsafe { check_candidates_avx512(vals, starts, cand, heaps) };
        }
    }
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx2() {
            // SAFETY: the CPU supports AVX2 (`isa` is detected); the reads
            // are in bounds (asserted above).
            return unsafe { check_candidates_avx2(vals, starts, cand, heaps) };
        }
    }
    check_candidates_scalar(vals, starts, cand, heaps)
}

/// The plain form of [`check_candidates`].
fn check_candidates_scalar(
    vals: &[u16],
    starts: &[(usize, u16)],
    cand: &[[u16; CHECK_HEAPS]; CANDIDATES],
    heaps: usize,
) -> [u64; CANDIDATES] {
    let mut hit = [0u64; CANDIDATES];
    for &(s, gs) in starts {
        for (i, &v) in vals[s..s + heaps].iter().enumerate() {
            let x = v ^ gs;
            for (h, c) in hit.iter_mut().zip(cand) {
                *h |= u64::from(x == c[i]) << i;
            }
        }
    }
    hit
}

/// [`check_candidates`] for 32 heaps at a time: one load and one xor per
/// position and block of heaps, then per candidate an xor and an unsigned
/// minimum, which is 0 in the lanes that some position hits. (A compare
/// into a mask register per candidate, ORed into a word, took Officers
/// to 10^6 on two threads 5% longer.)
///
/// # Safety
/// The CPU must support AVX-512 F and BW, and `vals[s..s + heaps]` must be
/// in bounds for every start `s`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn check_candidates_avx512(
    vals: &[u16],
    starts: &[(usize, u16)],
    cand: &[[u16; CHECK_HEAPS]; CANDIDATES],
    heaps: usize,
) -> [u64; CANDIDATES] {
    use std::arch::x86_64::*;
    let mut hit = [0u64; CANDIDATES];
    for block in 0..heaps.div_ceil(32) {
        let lanes = (heaps - 32 * block).min(32);
        let live: __mmask32 = if lanes == 32 { !0 } else { (1u32 << lanes) - 1 };
        // SAFETY: each candidate row holds CHECK_HEAPS = 64 values, so 32
        // from 32 * block (block < 2) are in bounds.
        let c: [__m512i; CANDIDATES] =
            std::array::from_fn(|j| unsafe { _mm512_loadu_si512(cand[j].as_ptr().add(32 * block).cast()) });
        // Per candidate, the least x ^ c over the positions: 0 where one
        // gives it (two vector operations, no mask register traffic).
        let mut acc = [_mm512_set1_epi16(-1); CANDIDATES];
        for &(s, gs) in starts {
            // SAFETY: lanes past `heaps` are masked off (not read); the
            // others are within vals[s..s + heaps] (the caller's contract).
            let x = unsafe { _mm512_maskz_loadu_epi16(live, vals.as_ptr().add(s + 32 * block).cast()) };
            let x = _mm512_xor_si512(x, _mm512_set1_epi16(gs as i16));
            for (a, &cj) in acc.iter_mut().zip(&c) {
                *a = _mm512_min_epu16(*a, _mm512_xor_si512(x, cj));
            }
        }
        for (h, &a) in hit.iter_mut().zip(&acc) {
            let a = _mm512_cmpeq_epi16_mask(a, _mm512_setzero_si512());
            *h |= u64::from(a & live) << (32 * block);
        }
    }
    hit
}

/// [`check_candidates`] with AVX2, 16 heaps at a time: per position and
/// block, one load and one xor, then per candidate an xor and an unsigned
/// minimum (the candidates read from memory, so that the eight minima
/// stay in registers), as in [`check_candidates_avx512`]. Heaps past the
/// last whole block are checked by the plain loop.
///
/// # Safety
/// The CPU must support AVX2, and `vals[s..s + heaps]` must be in bounds
/// for every start `s`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn check_candidates_avx2(
    vals: &[u16],
    starts: &[(usize, u16)],
    cand: &[[u16; CHECK_HEAPS]; CANDIDATES],
    heaps: usize,
) -> [u64; CANDIDATES] {
    use std::arch::x86_64::*;
    let zero = _mm256_setzero_si256();
    let blocks = heaps / 16;
    // Per whole block and candidate, the lanes some position hits (all
    // ones), as words.
    let mut eq = [[zero; CANDIDATES]; CHECK_HEAPS / 16];
    for (b, eq) in eq.iter_mut().enumerate().take(blocks) {
        let mut acc = [_mm256_set1_epi16(-1); CANDIDATES];
        for &(s, gs) in starts {
            // SAFETY: s + 16 b + 16 <= s + heaps, within `vals` (the
            // caller's contract).
            let x = unsafe { _mm256_loadu_si256(vals.as_ptr().add(s + 16 * b).cast()) };
            let x = _mm256_xor_si256(x, _mm256_set1_epi16(gs as i16));
            // (Indices, not iterators: the minima then stay in registers.)
            #[allow(clippy::needless_range_loop)]
            for j in 0..CANDIDATES {
                // SAFETY: 16 b + 16 <= heaps <= CHECK_HEAPS: within the row.
                let c = unsafe { _mm256_loadu_si256(cand[j].as_ptr().add(16 * b).cast()) };
                acc[j] = _mm256_min_epu16(acc[j], _mm256_xor_si256(x, c));
            }
        }
        for (e, a) in eq.iter_mut().zip(acc) {
            *e = _mm256_cmpeq_epi16(a, zero);
        }
    }
    let mut hit = [0u64; CANDIDATES];
    // Two blocks' words packed into bytes (the 128-bit lanes put back in
    // order), one bit a heap.
    for pair in 0..blocks.div_ceil(2) {
        let (a, b) = (eq[2 * pair], eq[2 * pair + 1]);
        for (h, (a, b)) in hit.iter_mut().zip(a.into_iter().zip(b)) {
            let bytes = _mm256_permute4x64_epi64::<0xD8>(_mm256_packs_epi16(a, b));
            let mut m = _mm256_movemask_epi8(bytes) as u32 as u64;
            if 2 * pair + 1 >= blocks {
                m &= 0xffff;
            }
            *h |= m << (32 * pair);
        }
    }
    let done = 16 * blocks;
    if done < heaps {
        let rest = check_candidates_scalar(
            vals,
            &shifted(starts, done),
            &shifted_cands(cand, done),
            heaps - done,
        );
        for (h, r) in hit.iter_mut().zip(rest) {
            *h |= r << done;
        }
    }
    hit
}

/// The starts moved on by `by` heaps.
#[cfg(target_arch = "x86_64")]
fn shifted(starts: &[(usize, u16)], by: usize) -> Vec<(usize, u16)> {
    starts.iter().map(|&(s, gs)| (s + by, gs)).collect()
}

/// The candidates of heaps `by..`, moved to the front.
#[cfg(target_arch = "x86_64")]
fn shifted_cands(cand: &[[u16; CHECK_HEAPS]; CANDIDATES], by: usize) -> [[u16; CHECK_HEAPS]; CANDIDATES] {
    let mut out = [[u16::MAX; CHECK_HEAPS]; CANDIDATES];
    for (o, c) in out.iter_mut().zip(cand) {
        o[..CHECK_HEAPS - by].copy_from_slice(&c[by..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::engine::kernel::isa::levels;

    #[test]
    fn candidate_checks_agree_with_a_plain_loop() {
        let vals: Vec<u16> = (0..3000u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 23) as u16 % 300)
            .collect();
        let starts: Vec<(usize, u16)> = (0..200).map(|k| (k * 13 % 2900, (k * 7 % 300) as u16)).collect();
        for heaps in [1usize, 17, 32, 33, 64] {
            let mut cand = [[u16::MAX; CHECK_HEAPS]; CANDIDATES];
            for (j, row) in cand.iter_mut().enumerate() {
                for (i, c) in row.iter_mut().enumerate().take(heaps) {
                    *c = ((i * 31 + j * 57) % 320) as u16;
                }
            }
            let mut plain = [0u64; CANDIDATES];
            for (j, row) in cand.iter().enumerate() {
                for i in 0..heaps {
                    if starts.iter().any(|&(s, gs)| vals[s + i] ^ gs == row[i]) {
                        plain[j] |= 1 << i;
                    }
                }
            }
            for isa in levels() {
                assert_eq!(
                    check_candidates(isa, &vals, &starts, &cand, heaps),
                    plain,
                    "{heaps} heaps, {isa:?}"
                );
            }
            assert!(plain.iter().any(|&w| w != 0) && plain.iter().any(|&w| w != !0));
        }
    }
}
