//! The AVX-512 form of pair-value clearing (module `clear`).

use super::clear::clear_pair_values_scalar;
use super::Line;

/// Byte i / 8 of the set held in `t` (T registers of 512 bits) for each
/// byte i of `idx` below 64 T: `vpermb` for one register, `vpermi2b` for
/// two, and two of those, chosen by bit 7 of the index, for four.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
#[inline]
pub(super) fn set_bytes<const T: usize>(
    idx: std::arch::x86_64::__m512i,
    t: &[std::arch::x86_64::__m512i; 4],
) -> std::arch::x86_64::__m512i {
    use std::arch::x86_64::*;
    match T {
        1 => _mm512_permutexvar_epi8(idx, t[0]),
        2 => _mm512_permutex2var_epi8(t[0], idx, t[1]),
        _ => {
            let low = _mm512_permutex2var_epi8(t[0], idx, t[1]);
            let high = _mm512_permutex2var_epi8(t[2], idx, t[3]);
            _mm512_mask_blend_epi8(_mm512_movepi8_mask(idx), low, high)
        }
    }
}

/// Row v: the set {v} of values below 512, as 8 words (one register). 32 KiB,
/// of which a run reads the rows of its rare values.
#[repr(align(64))]
pub(super) struct OneHot([[u64; 8]; 512]);

pub(super) static ONE_HOT: OneHot = {
    let mut rows = [[0u64; 8]; 512];
    let mut v = 0;
    while v < 512 {
        rows[v][v >> 6] = 1 << (v & 63);
        v += 1;
    }
    OneHot(rows)
};

/// [`clear_pair_values`] for values below 512 T (T = 1, 2 or 4), 32 pairs
/// per step.
///
/// The pending set is T registers of 512 bits; a pair value x is looked up
/// with `vpermb` (byte x / 8; see [`set_bytes`]) and `vpshufb` (bit x % 8).
/// (The scalar loop took `octal:0.007`, whose values pass 1024, to 3·10^5
/// 2.2× longer on one thread and 3.2× on two.) The registers are not
/// updated at every hit (that would chain every step to the last hit, and a
/// mispredicted branch per hit): the values hit in a block of steps are
/// appended to a buffer (`vpcompressw`, no branch), and cleared from the set
/// after the block, which ends the scan once the set is empty.
///
/// # Safety
/// The CPU must support AVX-512 F, BW, VBMI, VBMI2 and VPOPCNTDQ, and
/// POPCNT; `pending` has at most 8 T words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx512vpopcntdq,popcnt")]
pub(super) unsafe fn clear_pair_values_avx512<const T: usize>(
    lo: &[u16],
    hi: &[u16],
    pending: &mut [u64],
) -> bool {
    use std::arch::x86_64::*;
    /// Steps per block (Officers on Zen 5: 12 is 2.5% faster than 8; 6, 10
    /// and 16 are slower).
    const BLOCK: usize = 12;
    let n = lo.len().min(hi.len());
    let words = pending.len();
    assert!(words <= 8 * T && T <= 4);
    let mut pend = [0u64; 32];
    pend[..words].copy_from_slice(pending);
    if pend[..8 * T].iter().all(|&w| w == 0) {
        return true;
    }
    // Reverses the words of each 128-bit lane (then the lanes are reversed).
    let rev_words = _mm512_set_epi8(
        1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12,
        15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10,
        13, 12, 15, 14,
    );
    // 1 << i for byte index i < 8; 0 for an index with its top bit set.
    let pow2 = _mm512_set4_epi32(
        0x8040_2010_u32 as i32,
        0x0804_0201,
        0x8040_2010_u32 as i32,
        0x0804_0201,
    );
    let seven = _mm512_set1_epi16(7);
    let top = _mm512_set1_epi16(i16::MIN);
    let mut hits = [0u16; 32 * BLOCK + 32];
    // One block: the steps at pairs i = at[s] .. at[s] + 32; then the values
    // hit are cleared; true if the set is empty. (A macro: a closure is not
    // inlined here.)
    macro_rules! block {
        ($at:expr) => {{
            let at = $at;
            let mut table = [_mm512_setzero_si512(); 4];
            for (i, t) in table.iter_mut().enumerate().take(T) {
                // SAFETY: `pend` is 256 bytes, T <= 4 registers of 64;
                // unaligned loads are allowed.
                *t = unsafe { _mm512_loadu_si512(pend.as_ptr().add(8 * i).cast()) };
            }
            let mut count = 0;
            for &j in &at {
                debug_assert!(j + 32 <= n);
                // SAFETY: every step of a block ends within its stream, so
                // j + 32 <= n: lo[j..j + 32] and hi[n − j − 32..n − j] are in
                // bounds (both have at least n elements).
                let (a, b) = unsafe {
                    (
                        _mm512_loadu_si512(lo.as_ptr().add(j).cast()),
                        _mm512_loadu_si512(hi.as_ptr().add(n - j - 32).cast()),
                    )
                };
                let b = _mm512_shuffle_epi8(b, rev_words);
                let x = _mm512_xor_si512(a, _mm512_shuffle_i64x2::<0b00_01_10_11>(b, b));
                // Byte x / 8 of the set (in the low byte of each word).
                let byte = set_bytes::<T>(_mm512_srli_epi16::<3>(x), &table);
                // 1 << (x % 8) in the low byte, 0 in the high byte.
                let bit = _mm512_shuffle_epi8(pow2, _mm512_ternarylogic_epi32::<0xEA>(x, seven, top));
                let k = _mm512_test_epi16_mask(byte, bit);
                // SAFETY: count is at most 32 per step before this one, so the
                // 32 words stored at `count` lie within `hits` (32 * BLOCK + 32
                // words).
                unsafe {
                    _mm512_storeu_si512(
                        hits.as_mut_ptr().add(count).cast(),
                        _mm512_maskz_compress_epi16(k, x),
                    )
                };
                count += k.count_ones() as usize;
            }
            if T == 1 {
                // In a register: a chain of one-cycle operations, where
                // clearing in memory chains each hit to the last store; the
                // set {v} is read from a table (three instructions a hit,
                // where building it took a dozen: Officers 5% faster).
                let mut set = table[0];
                for &v in &hits[..count] {
                    // SAFETY: v & 511 < 512 rows of 64 bytes, aligned to 64.
                    let one = unsafe { _mm512_load_si512(ONE_HOT.0[v as usize & 511].as_ptr().cast()) };
                    set = _mm512_andnot_si512(one, set);
                }
                // SAFETY: `pend` is 256 bytes.
                unsafe { _mm512_storeu_si512(pend.as_mut_ptr().cast(), set) };
                _mm512_test_epi64_mask(set, set) == 0
            } else {
                for &v in &hits[..count] {
                    pend[(v as usize >> 6) & (8 * T - 1)] &= !(1u64 << (v & 63));
                }
                pend[..8 * T].iter().all(|&w| w == 0)
            }
        }};
    }
    // The number of values left in the set (in a register: taking the words
    // out of one costs a dozen instructions a block).
    macro_rules! left {
        () => {{
            let mut sum = _mm512_setzero_si512();
            for i in 0..T {
                // SAFETY: `pend` is 256 bytes, T <= 4 registers of 64.
                let words = unsafe { _mm512_loadu_si512(pend.as_ptr().add(8 * i).cast()) };
                sum = _mm512_add_epi64(sum, _mm512_popcnt_epi64(words));
            }
            _mm512_reduce_add_epi64(sum) as u32
        }};
    }
    // Two streams of steps, taken in turn: pairs i from 0 and from the
    // middle. The first pairs pair a small heap (small values) with a large
    // one, and miss small candidates for long; pairs of two large heaps hit
    // them sooner (~30% fewer pairs for Officers). The order changes no
    // result: the scan ends when the set is empty or all pairs are seen.
    let mid = n / 2;
    let (mut ia, mut ib) = (0, mid);
    const HALF: usize = 32 * BLOCK / 2;
    // A first short block: in many games (0.16) the set is empty after a
    // few dozen pairs.
    if 32 <= mid && mid + 32 <= n {
        if block!([0, mid]) {
            pending.fill(0);
            return true;
        }
        ia += 32;
        ib += 32;
    }
    while ia + HALF <= mid && ib + HALF <= n {
        if left!() <= 2 {
            break;
        }
        let at: [usize; BLOCK] = std::array::from_fn(|s| if s % 2 == 0 { ia } else { ib } + 32 * (s / 2));
        if block!(at) {
            pending.fill(0);
            return true;
        }
        ia += HALF;
        ib += HALF;
    }
    // One or two values left (the last ones often need as many pairs as
    // all the others): two compares a step instead of the lookup.
    let count = left!();
    if count <= 2 {
        // The values left, the first one twice if only one.
        let mut want = [u16::MAX; 2];
        for (w, &x) in pend[..8 * T].iter().enumerate() {
            let mut x = x;
            while x != 0 {
                let v = (w * 64 + x.trailing_zeros() as usize) as u16;
                if want[0] == u16::MAX {
                    want = [v, v];
                } else {
                    want[1] = v;
                }
                x &= x - 1;
            }
        }
        let mut xs = Line([0u16; 32]);
        while ia + 32 <= mid || ib + 32 <= n {
            for (at, end) in [(ia, mid), (ib, n)] {
                if at + 32 > end {
                    continue;
                }
                // SAFETY: at + 32 <= end <= n: lo[at..at + 32] and
                // hi[n − at − 32..n − at] are in bounds.
                let (a, b) = unsafe {
                    (
                        _mm512_loadu_si512(lo.as_ptr().add(at).cast()),
                        _mm512_loadu_si512(hi.as_ptr().add(n - at - 32).cast()),
                    )
                };
                let b = _mm512_shuffle_epi8(b, rev_words);
                let x = _mm512_xor_si512(a, _mm512_shuffle_i64x2::<0b00_01_10_11>(b, b));
                let k = _mm512_cmpeq_epi16_mask(x, _mm512_set1_epi16(want[0] as i16))
                    | _mm512_cmpeq_epi16_mask(x, _mm512_set1_epi16(want[1] as i16));
                if k != 0 {
                    // SAFETY: `xs` holds 32 words.
                    unsafe { _mm512_storeu_si512(xs.0.as_mut_ptr().cast(), x) };
                    for w in want.iter_mut() {
                        if xs.0.contains(w) {
                            *w = u16::MAX;
                        }
                    }
                    if want == [u16::MAX; 2] {
                        pending.fill(0);
                        return true;
                    }
                    // The value left, twice.
                    let v = want[0].min(want[1]);
                    want = [v, v];
                }
            }
            if ia + 32 <= mid {
                ia += 32;
            }
            if ib + 32 <= n {
                ib += 32;
            }
        }
        pend = [0; 32];
        for v in want.into_iter().filter(|&v| v != u16::MAX) {
            pend[(v as usize >> 6) & (8 * T - 1)] |= 1 << (v & 63);
        }
    }
    pending.copy_from_slice(&pend[..words]);
    // The pairs left at the end of each stream (at most 32 * BLOCK / 2 + 1
    // each): i in [ia, mid) and [ib, n).
    clear_pair_values_scalar(&lo[ia..mid], &hi[n - mid..n - ia], pending)
        || clear_pair_values_scalar(&lo[ib..n], &hi[..n - ib], pending)
}
