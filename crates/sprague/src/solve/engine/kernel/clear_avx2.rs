//! The AVX2 form of pair-value clearing (module `clear`), built for what
//! AVX2 has: no compress, no mask registers, and byte lookups of only 16
//! entries (`vpshufb`), so that looking each pair value up in the set, as
//! `clear512` does with `vpermb`, takes several lookups and blends a
//! step and its hits must be taken out one by one (mispredicted branches
//! and a chain through the set).
//!
//! Instead, while more than [`MANY`] values are pending, every pair value
//! is a plain byte store (`seen[x] = 1`) that never waits on another;
//! after a block of pairs the bytes seen are packed and taken out of the
//! set at once. With at most [`MANY`] values left (Officers' sets start
//! at about 61), each block of 64 pairs of each stream (eight vectors,
//! held in registers) is compared with every value left, and the values
//! the block hits are dropped after it: a compare and an or a value for
//! 16 pairs, no store. On this machine (AMD EPYC, Zen 3) a scattered byte
//! store costs about two cycles, so up to a few dozen values the compares
//! are cheaper than the stores. Once at most [`FEW`] values are left (the
//! last ones often need most of the pairs, and a heap whose mex is rare
//! needs all of them), each pair value is compared with those few, 64
//! pairs a step, and only a step with a hit leaves the vector loop.
//!
//! Measured on Officers' heaps 9·10^5 to 10^6 (every 7th, the engine's
//! inputs, a throwaway harness timing this function alone, best of 15
//! alternated rounds): the byte stores down to [`FEW`] values took about
//! 2,000 cycles a heap and the compares after them 470; with the block
//! compares from 48 values on, the function takes 0.78 of the time (24,
//! 32 and 40 values: 0.78–0.79; 64: 0.81; 96: 0.85; no byte stores at
//! all: 0.87), and 0.74–0.80 on 0.007's heaps near 2·10^5. Officers to
//! 10^6 with AVX2 on two threads: `farm-bench -n 10`, A/B CPU median
//! 0.84, wall 0.81.
//!
//! Earlier, with byte stores down to [`FEW`] values: Officers to 10^6
//! with AVX2 on one thread took 0.99 s of CPU instead of 1.21 s with the
//! lookup of the whole set (medians of 5 alternated runs, a shared
//! machine); a lookup until few values are left, then the compares, took
//! 1.13 s.
//!
//! Also measured and dropped (Officers to 10^6, one thread, CPU time,
//! 0.83 s with this form): the lookup done as `clear512` does it, with
//! no branch: the hits of a step moved to the front of each half by a
//! 256-entry `vpshufb` table (a compress without `pext`, slow on Zen 2),
//! appended to a buffer and cleared after 16 steps, from a register copy
//! of the set: 0.92 s alone, 0.81–0.84 s (no gain) when it takes over
//! from the byte stores at 8 to 32 values left. Compares with up to 8,
//! 12 or 16 values left instead of 4: 0.87, 0.94, 0.97 s. Blocks of
//! [32, 128, 128], [32, 64, 64] or [16, 64, 128, 128] pairs: within noise
//! or slower. Officers' sets hold about 61 values at the start, 15 after
//! the first 320 pairs and 5 after 832 (a mean over the heaps that get
//! there), and 2,100 pairs a heap in all.
//!
//! Zeroing only the bytes of `seen` that are read back (64 per word of
//! the set) instead of all 2048: Officers to 10^6, one thread, 2% less
//! CPU (`farm-bench -n 10`, A/B median 0.980, every pair below 1); 0.007
//! to 2·10^5 unchanged (1.009).
//!
//! Byte compares, measured and dropped (session 58): where
//! the values left spanned at most 253, the block compares and the
//! compares with the last few took each pair value less the least value
//! less 1, saturated to a byte (`vpackuswb`), so that a compare took 32
//! pairs, not 16 (Officers' values left are all below γ, about 117:
//! always; 0.007's rarely). Half the compares, and no change: measured
//! on another machine than the one above (AMD EPYC Zen 4 under KVM,
//! `--simd avx2`, a build running beside it), a throwaway harness timing
//! this function alone on Officers' heaps 9·10^5 to 10^6 (every 7th,
//! 13,313 heaps) and 0.007's heaps 1.8·10^5 to 2·10^5 (every 3rd with
//! more than 4 values pending, 6,667), least of 25 rounds, in TSC ticks
//! (2.6 GHz) a heap: Officers' byte stores 180, block compares 620 (6.1
//! blocks a heap, 13.5 values left on average), compares with the last
//! few 440; with byte compares 615 and 437 (the function 0.99–1.02 of
//! this form over runs); 0.007's 3,600, 5,800 (64.6 blocks, 20 values)
//! and 3,500, unchanged. Whole runs with AVX2 on two threads, A/B
//! medians of alternated pairs: Officers to 10^6 CPU 0.988, wall 0.988
//! (9 pairs); 0.007 to 2·10^5 CPU 1.000, wall 0.989 (7 pairs): noise.
//! So these loops are not bound by their vector operations; the same
//! harness found no more in: the pairs read from a reversed copy of the
//! table (no `vpshufb` and `vpermq` a vector; the engine keeps no such
//! copy): 0.97 of the function on Officers (last few 431 → 400 ticks),
//! 0.97–0.98 on 0.007; a mask of the values still live instead of
//! moving the kept ones to the front after every block (compacted once
//! half are gone): 1.03; values spread over windows of 254, each
//! window's pair values packed once a block and each value compared in
//! its own (for 0.007): 1.3, slower. Nor is the order of the pairs worth
//! changing: over 600 of Officers' heaps, computed from the values (the
//! first pair at which each value left is hit), the streams from the
//! first pair and the middle need 1,941 pairs a heap on average, from
//! the first and from the last pair down 1,936, from the first, the
//! middle and the last 1,949; on 0.007 (40 heaps) the three streams
//! 0.92 of two, too few heaps to tell.

#[cfg(target_arch = "x86_64")]
use super::clear::{clear_pair_values_scalar, list_values, set_of};
use super::Line;

/// At most this many values left: compares up to the first hit instead
/// of block compares; sets of more than 8 words take twice as many. (2
/// and 8 measured slower on Officers, and 4 rather than 8 on 0.007,
/// against byte stores, before the block compares of [`MANY`] existed.)
pub(super) const FEW: usize = 4;

/// At most this many values left (and more than [`FEW`]): each value is
/// compared with every pair value of a block (module docs).
pub(super) const MANY: usize = 48;

/// The pairs of each stream a block of compares takes (eight vectors).
pub(super) const ACC: usize = 64;

/// The pairs of each stream a block takes: short first (in many games the
/// set is empty after a few dozen pairs), then long (fewer packings).
pub(super) const BLOCKS: [usize; 3] = [32, 128, 256];

/// [`clear_pair_values`](super::clear_pair_values) with AVX2, for sets of
/// at most 32 words: pairs from the first one and from the middle in
/// turn, as in `clear512` (see the module docs).
///
/// # Safety
/// The CPU must support AVX2, BMI1 and POPCNT; `pending` has at most 32
/// words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,popcnt")]
pub(super) unsafe fn clear_pair_values_avx2(lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    use std::arch::x86_64::*;
    let n = lo.len().min(hi.len());
    let words = pending.len();
    assert!(words <= 32);
    let mut pend = [0u64; 32];
    pend[..words].copy_from_slice(pending);
    let mut left: u32 = pend.iter().map(|w| w.count_ones()).sum();
    if left == 0 {
        return true;
    }
    let zero = _mm256_setzero_si256();
    // Reverses the words of each 128-bit lane (then the lanes are swapped).
    let rev = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3,
        0, 1,
    );
    // The values of the 16 pairs i = j..j + 16.
    macro_rules! pairs {
        ($j:expr) => {{
            let j = $j;
            debug_assert!(j + 16 <= n);
            // SAFETY: j + 16 <= n: lo[j..j + 16] and hi[n − j − 16..n − j]
            // are in bounds (both have at least n elements).
            let (a, b) = unsafe {
                (
                    _mm256_loadu_si256(lo.as_ptr().add(j).cast()),
                    _mm256_loadu_si256(hi.as_ptr().add(n - j - 16).cast()),
                )
            };
            _mm256_xor_si256(a, _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(b, rev)))
        }};
    }
    let mid = n / 2;
    let (mut ia, mut ib) = (0, mid);
    // Large sets (0.007's values pass 1024) keep more values pending for
    // longer: compares up to the first hit with up to 8 of them (0.007 to
    // 2·10^5 on one thread 4% faster than with 4, measured against byte
    // stores down to the few).
    let few = if words > 8 { 2 * FEW } else { FEW };
    if left as usize > MANY {
        // One byte per value below the bound: 1 once some pair has it.
        // Only the 64 · words bytes read back are zeroed (memset, this
        // zeroing among its callers, was 3% of Officers' profile): a pair
        // value is below 64 · words.
        let mut seen_buf = std::mem::MaybeUninit::<Line<[u8; 2048]>>::uninit();
        let seen = seen_buf.as_mut_ptr().cast::<u8>();
        for i in 0..2 * words {
            // SAFETY: 32 i + 32 <= 64 words <= 2048: within `seen_buf`.
            unsafe { _mm256_store_si256(seen.add(32 * i).cast(), zero) };
        }
        // The pair values of a block, each written before it is read.
        let mut xs_buf = std::mem::MaybeUninit::<Line<[[u16; 16]; 2 * 256 / 16]>>::uninit();
        let xs = xs_buf.as_mut_ptr().cast::<[u16; 16]>();
        for b in 0.. {
            let len = BLOCKS[b.min(BLOCKS.len() - 1)];
            if ia + len > mid || ib + len > n {
                break;
            }
            // The values of all steps first, then read (reading a step's
            // values right after storing them waits for the store).
            for d in 0..len / 16 {
                let (a, b) = (pairs!(ia + 16 * d), pairs!(ib + 16 * d));
                // SAFETY: 2 d + 1 < 2 len / 16 <= 32: within `xs_buf`;
                // unaligned stores.
                unsafe {
                    _mm256_storeu_si256(xs.add(2 * d).cast(), a);
                    _mm256_storeu_si256(xs.add(2 * d + 1).cast(), b);
                }
            }
            let flat = xs.cast::<u16>();
            for i in 0..2 * len {
                // SAFETY: i < 2 len <= 512 words of `xs_buf`, all written
                // just above. (A volatile read: the compiler would move
                // each value through vector extracts, which is slower.)
                let v = unsafe { std::ptr::read_volatile(flat.add(i)) } as usize;
                debug_assert!(v < 64 * words, "pair value {v} beyond the set");
                // SAFETY: v & 2047 < 2048: within `seen_buf` (a value
                // past 64 · words, which the contract rules out, would
                // land in bytes never read).
                unsafe { *seen.add(v & 2047) = 1 };
            }
            ia += len;
            ib += len;
            left = 0;
            for (w, p) in pend.iter_mut().enumerate().take(words) {
                // SAFETY: w < words <= 32: bytes 64 w..64 w + 64 of
                // `seen_buf`, zeroed at the start; aligned loads.
                let (a, b) = unsafe {
                    (
                        _mm256_load_si256(seen.add(64 * w).cast()),
                        _mm256_load_si256(seen.add(64 * w + 32).cast()),
                    )
                };
                let a = _mm256_movemask_epi8(_mm256_cmpeq_epi8(a, zero)) as u32;
                let b = _mm256_movemask_epi8(_mm256_cmpeq_epi8(b, zero)) as u32;
                // Keep the values not seen.
                *p &= u64::from(a) | u64::from(b) << 32;
                left += p.count_ones();
            }
            if left as usize <= MANY {
                break;
            }
        }
        if left == 0 {
            pending.fill(0);
            return true;
        }
    }
    if left as usize > few && left as usize <= MANY {
        // The values left, as a list (padded to a multiple of 4 with the
        // first); each block of ACC pairs of each stream is compared with
        // every one of them, four at a time, and the values a block hits
        // are dropped after it.
        let mut want = [0u16; MANY + 3];
        let mut k = list_values(&pend[..words], &mut want);
        while k > few && ia + ACC <= mid && ib + ACC <= n {
            let xs = [
                pairs!(ia),
                pairs!(ib),
                pairs!(ia + 16),
                pairs!(ib + 16),
                pairs!(ia + 32),
                pairs!(ib + 32),
                pairs!(ia + 48),
                pairs!(ib + 48),
            ];
            ia += ACC;
            ib += ACC;
            let padded = k.next_multiple_of(4);
            for i in k..padded {
                want[i] = want[0];
            }
            // Kept values are moved to the front: want[kept] is never
            // ahead of the entry being read.
            let mut kept = 0;
            for g in (0..padded).step_by(4) {
                let w = [
                    _mm256_set1_epi16(want[g] as i16),
                    _mm256_set1_epi16(want[g + 1] as i16),
                    _mm256_set1_epi16(want[g + 2] as i16),
                    _mm256_set1_epi16(want[g + 3] as i16),
                ];
                let mut hit = [zero; 4];
                for x in xs {
                    for j in 0..4 {
                        hit[j] = _mm256_or_si256(hit[j], _mm256_cmpeq_epi16(x, w[j]));
                    }
                }
                for j in 0..4 {
                    if g + j < k {
                        want[kept] = want[g + j];
                        kept += usize::from(_mm256_movemask_epi8(hit[j]) == 0);
                    }
                }
            }
            k = kept;
        }
        if k == 0 {
            pending.fill(0);
            return true;
        }
        pend = set_of(&want[..k]);
        left = k as u32;
    }
    if left as usize <= few {
        // The values left; compares with K of them (the entries past k
        // repeat the first) until a step hits, then again with those left.
        let mut want = [0u16; 8];
        let mut k = list_values(&pend[..words], &mut want);
        // Steps of 32 pairs of each stream, compared with want[..K] (a
        // macro: a closure is not compiled for AVX2 here), until a step
        // hits; then the values it hits are dropped.
        macro_rules! compare {
            ($k:literal) => {{
                let mut wv = [zero; $k];
                for i in 0..$k {
                    wv[i] = _mm256_set1_epi16(want[if i < k { i } else { 0 }] as i16);
                }
                while ia + 32 <= mid && ib + 32 <= n {
                    let x = [pairs!(ia), pairs!(ia + 16), pairs!(ib), pairs!(ib + 16)];
                    let mut any = zero;
                    for x in x {
                        for w in wv {
                            any = _mm256_or_si256(any, _mm256_cmpeq_epi16(x, w));
                        }
                    }
                    ia += 32;
                    ib += 32;
                    if _mm256_testz_si256(any, any) == 0 {
                        let mut kept = 0;
                        for i in 0..k {
                            let w = _mm256_set1_epi16(want[i] as i16);
                            let mut hit = zero;
                            for x in x {
                                hit = _mm256_or_si256(hit, _mm256_cmpeq_epi16(x, w));
                            }
                            if _mm256_testz_si256(hit, hit) == 1 {
                                want[kept] = want[i];
                                kept += 1;
                            }
                        }
                        k = kept;
                        break;
                    }
                }
            }};
        }
        while k > 0 && ia + 32 <= mid && ib + 32 <= n {
            match k {
                1 => compare!(1),
                2 => compare!(2),
                3..=4 => compare!(4),
                _ => compare!(8),
            }
        }
        if k == 0 {
            pending.fill(0);
            return true;
        }
        pend = set_of(&want[..k]);
    }
    pending.copy_from_slice(&pend[..words]);
    // The pairs left at the end of each stream: i in [ia, mid) and [ib, n).
    clear_pair_values_scalar(&lo[ia..mid], &hi[n - mid..n - ia], pending)
        || clear_pair_values_scalar(&lo[ib..n], &hi[..n - ib], pending)
}
