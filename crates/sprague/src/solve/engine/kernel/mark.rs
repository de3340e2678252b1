//! Marking: the rare × common marks of a batch, as bits or as byte rows.

use super::{Isa, Line};

/// [`mark_batch`] for one-word bitsets (every value below 64).
#[inline]
pub(crate) fn mark_batch64(
    isa: Isa,
    bits: &mut [u64],
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx2() {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            unsafe { mark_batch64_avx2(bits, heaps, vals, rare, off) };
            return;
        }
    }
    mark_batch64_body(bits, heaps, vals, rare, off)
}

/// [`mark_batch64`] compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
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
/// `vals` is a slice of the table and heap `first + i` pairs rare position
/// `p` with `vals[off + i − p]`. Every value read, and every `g(p)`, is below
/// `words * 64`. The caller guarantees every read index is in range.
#[inline]
pub(crate) fn mark_batch(
    isa: Isa,
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    #[cfg(target_arch = "x86_64")]
    {
        // Byte rows pay for their clearing and packing only with many
        // marks per row.
        let bytes = words * 64 <= MAX_BYTE_BOUND && rare.len() >= MIN_BYTE_MARKS;
        if bytes && isa.avx512bw() {
            // SAFETY: the CPU supports AVX-512 F and BW (`isa` is detected;
            // BW implies F).
            unsafe { mark_batch_avx512(bits, words, heaps, vals, rare, off) };
            return;
        }
        if bytes && isa.avx2() {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            unsafe { mark_batch_bytes_avx2(bits, words, heaps, vals, rare, off) };
            return;
        }
        if isa.avx2() {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            unsafe { mark_batch_avx2(bits, words, heaps, vals, rare, off) };
            return;
        }
    }
    if words * 64 <= MAX_BYTE_BOUND && rare.len() >= MIN_BYTE_MARKS {
        mark_batch_bytes_plain(bits, words, heaps, vals, rare, off);
        return;
    }
    mark_batch_body(bits, words, heaps, vals, rare, off)
}

/// [`mark_batch_body`] with a byte per value, plainly: one store per mark
/// (no load, no wait on an earlier mark in the same word, as setting bits
/// has), heaps in groups whose byte rows fit in L1, each group's rows then
/// packed into its bitsets (Officers to 10^6 plain, one thread: 2.40 s
/// instead of 2.90 s with bit marks).
fn mark_batch_bytes_plain(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    let bound = words * 64;
    assert!(bound.is_power_of_two() && bound <= BYTE_ROWS);
    let group = (BYTE_ROWS / bound).min(64);
    let mut buf = vec![0u8; BYTE_ROWS];
    let mut i0 = 0;
    while i0 < heaps {
        let len = (heaps - i0).min(group);
        let rows = &mut buf[..len * bound];
        rows.fill(0);
        for &(p, gp) in rare {
            let start = off - p as usize + i0;
            let src = &vals[start..start + len];
            for (j, &x) in src.iter().enumerate() {
                let a = j * bound + ((x ^ gp) as usize & (bound - 1));
                debug_assert!(a < rows.len());
                // SAFETY: j < len and the value is below bound: a is below
                // len * bound, the length of `rows`.
                unsafe { *rows.get_unchecked_mut(a) = 1 };
            }
        }
        for (row, out) in rows
            .chunks_exact(bound)
            .zip(bits[i0 * words..(i0 + len) * words].chunks_exact_mut(words))
        {
            for (w, b) in out.iter_mut().zip(row.chunks_exact(64)) {
                *w |= pack64(b);
            }
        }
        i0 += len;
    }
}

/// [`mark_batch_body`] compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
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

/// Whether values below `words * 64` are small enough for byte rows (and
/// for [`check_candidates`]).
pub(crate) fn byte_marks_fit(words: usize) -> bool {
    words * 64 <= MAX_BYTE_BOUND
}

/// Bytes of the per-group byte rows of [`mark_batch_avx512`]: a group of
/// heaps whose rows fit in the L1 cache.
const BYTE_ROWS: usize = 32 * 1024;

/// Rare positions whose mark addresses [`mark_batch_avx512`] computes
/// before it makes their marks.
const RUN: usize = 8;

/// With fewer rare positions than this, a heap's byte row costs more to
/// clear and pack than its marks save.
const MIN_BYTE_MARKS: usize = 128;

/// Above this many values a heap's byte row costs more to clear than its
/// marks save: bits are marked instead.
const MAX_BYTE_BOUND: usize = 4096;

/// [`mark_batch_body`] with a byte per value instead of a bit: a mark is
/// one plain store (no load, no dependence on earlier marks), its address
/// computed for 32 heaps at a time. Heaps are taken in groups whose byte
/// rows fit in L1; each group's rows are then packed into its bitsets.
/// (Addresses computed one at a time from 64-bit loads of four values took
/// Officers to 10^6 and Grundy's game to 3·10^6 3–6% longer.)
///
/// # Safety
/// The CPU must support AVX-512 F and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn mark_batch_avx512(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    use std::arch::x86_64::*;
    let bound = words * 64;
    assert!(bound.is_power_of_two() && bound <= BYTE_ROWS);
    let group = (BYTE_ROWS / bound).min(64);
    // Lane j of block b (32 heaps) writes row 32 b + j: at (32 b + j) bound,
    // below `group * bound <= BYTE_ROWS` for the lanes in use (the others
    // wrap, and are never read).
    let rows_at: [__m512i; 2] = std::array::from_fn(|b| {
        let at: [u16; 32] = std::array::from_fn(|j| ((32 * b + j) * bound) as u16);
        // SAFETY: `at` is 64 bytes.
        unsafe { _mm512_loadu_si512(at.as_ptr().cast()) }
    });
    let vmask = _mm512_set1_epi16((bound - 1) as i16);
    let mut addr = Line([[0u16; 32]; 2 * RUN]);
    let mut buf = vec![0u8; BYTE_ROWS];
    let mut i0 = 0;
    while i0 < heaps {
        let len = (heaps - i0).min(group);
        let rows = &mut buf[..len * bound];
        rows.fill(0);
        // Blocks of 32 heaps (the last one may hold fewer): the addresses
        // of RUN rare positions are stored first, then their marks made.
        // (Reading each block's addresses right after storing them stalls
        // on the store.)
        let blocks = len.div_ceil(32);
        let last = len - 32 * (blocks - 1);
        let live_last: __mmask32 = if last == 32 { !0 } else { (1u32 << last) - 1 };
        for run in rare.chunks(RUN) {
            for (r, &(p, gp)) in run.iter().enumerate() {
                let start = off - p as usize + i0;
                let src = &vals[start..start + len];
                let gpv = _mm512_set1_epi16(gp as i16);
                for (b, &row_at) in rows_at.iter().enumerate().take(blocks) {
                    let live = if b + 1 == blocks { live_last } else { !0 };
                    // SAFETY: the lanes of `live` are below len − 32 b:
                    // within `src`; the others are not read.
                    let x = unsafe { _mm512_maskz_loadu_epi16(live, src.as_ptr().add(32 * b).cast()) };
                    // (x ^ gp) & (bound − 1), then the row's offset.
                    let a = _mm512_or_si512(_mm512_ternarylogic_epi32::<0x28>(x, gpv, vmask), row_at);
                    // SAFETY: r * blocks + b < RUN * 2: within `addr`.
                    unsafe { _mm512_storeu_si512(addr.0.as_mut_ptr().add(r * blocks + b).cast(), a) };
                }
            }
            let flat = addr.0.as_ptr().cast::<u16>();
            if last == 32 {
                for j in 0..run.len() * blocks * 32 {
                    // SAFETY: j < RUN * 2 * 32 words of `addr`. (A volatile
                    // read: vectorised, the loop moves each address through
                    // vector extracts, which is slower.)
                    let a = unsafe { std::ptr::read_volatile(flat.add(j)) };
                    // SAFETY: a = (32 b + j) bound + v for a lane j in use,
                    // so 32 b + j < len, and v < bound: below len * bound.
                    unsafe { *rows.get_unchecked_mut(a as usize) = 1 };
                }
            } else {
                for e in 0..run.len() * blocks {
                    let lanes = if e % blocks + 1 == blocks { last } else { 32 };
                    for j in 32 * e..32 * e + lanes {
                        // SAFETY: as above; only the lanes in use are read.
                        let a = unsafe { std::ptr::read_volatile(flat.add(j)) };
                        // SAFETY: as above.
                        unsafe { *rows.get_unchecked_mut(a as usize) = 1 };
                    }
                }
            }
        }
        for (row, out) in rows
            .chunks_exact(bound)
            .zip(bits[i0 * words..(i0 + len) * words].chunks_exact_mut(words))
        {
            for (w, b) in out.iter_mut().zip(row.chunks_exact(64)) {
                *w |= pack64(b);
            }
        }
        i0 += len;
    }
}

/// [`mark_batch_avx512`] with AVX2: the byte of each mark computed for 16
/// heaps at a time, one plain store per mark, and each row packed into its
/// bitset by byte compares (Officers to 10^6 with AVX2 only, one thread:
/// bit marks took about half the time).
///
/// The addresses go from the vector to the stores through 64-bit
/// extracts, not through memory: read back as words right after a vector
/// store, each waited on the store (Zen 3, `farm-bench` A/B CPU medians:
/// Officers to 10^6 0.93, 0.007 to 2·10^5 0.95, Grundy's game to 2^22
/// 0.91).
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mark_batch_bytes_avx2(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    use std::arch::x86_64::*;
    let bound = words * 64;
    assert!(bound.is_power_of_two() && bound <= BYTE_ROWS);
    let group = (BYTE_ROWS / bound).min(64);
    // Lane j of block b (16 heaps) writes row 16 b + j: at (16 b + j) bound,
    // below `group * bound <= BYTE_ROWS` for the lanes in use (the others
    // wrap, and are never read).
    let rows_at: [__m256i; 4] = std::array::from_fn(|b| {
        let at: [u16; 16] = std::array::from_fn(|j| ((16 * b + j) * bound) as u16);
        // SAFETY: `at` is 32 bytes.
        unsafe { _mm256_loadu_si256(at.as_ptr().cast()) }
    });
    let vmask = _mm256_set1_epi16((bound - 1) as i16);
    let zero = _mm256_setzero_si256();
    let mut buf = vec![0u8; BYTE_ROWS];
    let mut i0 = 0;
    while i0 < heaps {
        let len = (heaps - i0).min(group);
        let rows = &mut buf[..len * bound];
        rows.fill(0);
        // Whole blocks of 16 heaps: the 16 addresses of a block are taken
        // out of the vector four at a time (64-bit extracts and shifts)
        // and their marks made.
        let blocks = len / 16;
        for &(p, gp) in rare {
            let start = off - p as usize + i0;
            let src = &vals[start..start + len];
            let gpv = _mm256_set1_epi16(gp as i16);
            for (b, &row_at) in rows_at.iter().enumerate().take(blocks) {
                // SAFETY: 16 b + 16 <= len: within `src`.
                let x = unsafe { _mm256_loadu_si256(src.as_ptr().add(16 * b).cast()) };
                let a = _mm256_or_si256(_mm256_and_si256(_mm256_xor_si256(x, gpv), vmask), row_at);
                let (l, h) = (_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a));
                for q in [
                    _mm_cvtsi128_si64(l),
                    _mm_extract_epi64::<1>(l),
                    _mm_cvtsi128_si64(h),
                    _mm_extract_epi64::<1>(h),
                ] {
                    let q = q as u64;
                    for s in 0..4 {
                        // SAFETY: lane j holds (16 b + j) bound + v (an or
                        // that adds: bound is a power of two and v < bound),
                        // which fits 16 bits (len · bound <= BYTE_ROWS =
                        // 2^15); 16 b + j < 16 blocks <= len, so it is below
                        // len · bound, the length of `rows`.
                        unsafe { *rows.get_unchecked_mut((q >> (16 * s)) as usize & 0xffff) = 1 };
                    }
                }
            }
        }
        // The heaps past the whole blocks, one mark at a time.
        for &(p, gp) in rare {
            let start = off - p as usize + i0;
            for (i, &x) in vals[start + 16 * blocks..start + len].iter().enumerate() {
                let v = ((x ^ gp) as usize) & (bound - 1);
                rows[(16 * blocks + i) * bound + v] = 1;
            }
        }
        for (row, out) in rows
            .chunks_exact(bound)
            .zip(bits[i0 * words..(i0 + len) * words].chunks_exact_mut(words))
        {
            for (w, b) in out.iter_mut().zip(row.chunks_exact(64)) {
                // SAFETY: `b` is 64 bytes: two unaligned 32-byte loads.
                let (lo, hi) = unsafe {
                    (
                        _mm256_loadu_si256(b.as_ptr().cast()),
                        _mm256_loadu_si256(b.as_ptr().add(32).cast()),
                    )
                };
                let lo = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, zero)) as u32);
                let hi = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, zero)) as u32);
                *w |= u64::from(lo) | u64::from(hi) << 32;
            }
        }
        i0 += len;
    }
}

/// Bit i set where `b[i]` is 1, for 64 bytes that are each 0 or 1: eight
/// bytes at a time, gathered into their top byte by one multiply.
#[inline(always)]
pub(super) fn pack64(b: &[u8]) -> u64 {
    let b: &[u8; 64] = b.try_into().expect("64 bytes");
    let mut w = 0u64;
    for (k, c) in b.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        debug_assert!(x & !0x0101_0101_0101_0101 == 0, "bytes other than 0 and 1");
        // Byte j (0 or 1) lands on bit 56 + j; no two products carry.
        w |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::engine::kernel::isa::levels;
    use crate::solve::engine::Simd;

    #[test]
    fn one_word_marks_agree_with_the_general_marks() {
        let vals: Vec<u16> = (0..400u16).map(|i| i.wrapping_mul(29) % 64).collect();
        let rare: Vec<(u32, u16)> = vec![(40, 3), (41, 0), (90, 63), (150, 17)];
        for isa in levels() {
            for heaps in [1usize, 5, 64, 100] {
                let mut one = vec![0u64; heaps];
                let mut general = vec![0u64; heaps];
                mark_batch64(isa, &mut one, heaps, &vals, &rare, 200);
                mark_batch_body(&mut general, 1, heaps, &vals, &rare, 200);
                assert_eq!(one, general, "{heaps} heaps, {isa:?}");
                assert!(one.iter().all(|&w| w != 0));
            }
        }
    }

    #[test]
    fn byte_row_marking_agrees_with_bit_marking() {
        let mut s = 99u64;
        let mut rnd = |m: u64| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 33) % m
        };
        for words in [1usize, 2, 8, 32, 64, 512] {
            let bound = words as u64 * 64;
            let vals: Vec<u16> = (0..3000).map(|_| rnd(bound) as u16).collect();
            for heaps in [1usize, 7, 17, 32, 33, 64, 65, 200] {
                // 43: the last run of RUN positions is partial.
                let rare: Vec<(u32, u16)> = (0..43)
                    .map(|_| (rnd(1000) as u32 + 1, rnd(bound) as u16))
                    .collect();
                let off = 1500;
                let mut want = vec![0u64; heaps * words];
                mark_batch_body(&mut want, words, heaps, &vals, &rare, off);
                for isa in levels() {
                    let mut got = vec![0u64; heaps * words];
                    mark_batch(isa, &mut got, words, heaps, &vals, &rare, off);
                    assert_eq!(got, want, "words {words} heaps {heaps} {isa:?}");
                }
                // With fewer than MIN_BYTE_MARKS positions `mark_batch`
                // marks bits: call the byte rows directly.
                #[cfg(target_arch = "x86_64")]
                if Isa::detect(Simd::Avx512).avx512bw() {
                    let mut got = vec![0u64; heaps * words];
                    // SAFETY: the CPU supports AVX-512 F and BW (detected),
                    // and every read lies within `vals`.
                    unsafe { mark_batch_avx512(&mut got, words, heaps, &vals, &rare, off) };
                    assert_eq!(got, want, "AVX-512, words {words} heaps {heaps}");
                }
                let mut got = vec![0u64; heaps * words];
                mark_batch_bytes_plain(&mut got, words, heaps, &vals, &rare, off);
                assert_eq!(got, want, "plain bytes, words {words} heaps {heaps}");
                #[cfg(target_arch = "x86_64")]
                if Isa::detect(Simd::Avx2).avx2() {
                    let mut got = vec![0u64; heaps * words];
                    // SAFETY: the CPU supports AVX2 (detected), and every
                    // read lies within `vals`.
                    unsafe { mark_batch_bytes_avx2(&mut got, words, heaps, &vals, &rare, off) };
                    assert_eq!(got, want, "AVX2 bytes, words {words} heaps {heaps}");
                }
            }
        }
    }
}
