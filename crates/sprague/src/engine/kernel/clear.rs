//! Pair-value clearing: take the value of every pair out of a set of
//! pending values until it is empty (plain and AVX2 forms).

#[cfg(target_arch = "x86_64")]
use super::clear512::clear_pair_values_avx512;
use super::Isa;

/// Removes from the bitset `pending` every value `lo[i] ^ hi[len − 1 − i]`,
/// for i upward, and returns true as soon as `pending` is empty (false if
/// some value is left after the last pair).
///
/// Every pair value must be below `pending.len() * 64` (the engine's
/// bitsets are a power of two above its largest value): the plain form
/// panics on a larger one, the vector forms clear a wrong value.
pub(crate) fn clear_pair_values(isa: Isa, lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    debug_assert_eq!(lo.len(), hi.len());
    #[cfg(target_arch = "x86_64")]
    {
        if pending.len() <= 32 && isa.avx512_scan() {
            // SAFETY: the CPU supports AVX-512 F, BW, VBMI, VBMI2, VPOPCNTDQ
            // and POPCNT (`isa` is detected; BW implies F); the set has at
            // most 8, 16 or 32 words.
            return unsafe {
                match pending.len() {
                    0..=8 => clear_pair_values_avx512::<1>(lo, hi, pending),
                    9..=16 => clear_pair_values_avx512::<2>(lo, hi, pending),
                    _ => clear_pair_values_avx512::<4>(lo, hi, pending),
                }
            };
        }
        if pending.len() <= 8 && isa.avx2() {
            // SAFETY: the CPU supports AVX2 (`isa` is detected); the set has
            // at most 2, 4 or 8 words.
            return unsafe {
                match pending.len() {
                    0..=2 => clear_pair_values_avx2::<1>(lo, hi, pending),
                    3..=4 => clear_pair_values_avx2::<2>(lo, hi, pending),
                    _ => clear_pair_values_avx2::<4>(lo, hi, pending),
                }
            };
        }
    }
    clear_pair_values_scalar(lo, hi, pending)
}

/// [`clear_pair_values`] with AVX2, for sets of at most 2 T words (values
/// below 128 T, T ≤ 4): 16 pairs a step, whose values are looked up in the
/// set as bytes (byte x / 8 of the set by `vpshufb` from T tables of 16
/// bytes, chosen by blends on bits 4 and 5 of x / 8) and tested against
/// 1 << (x % 8). The hits of a block of four steps (64 pairs) form one
/// mask; they are then cleared one by one and the tables reloaded (a
/// branch and a reload per step took Officers with AVX2 on two threads
/// 0.90 s instead of 0.70 s). Once one or two values are left, two
/// compares a step replace the lookup. Two streams of steps, from the
/// first pair and from the middle, as in [`clear_pair_values_avx512`].
/// A value at or above 128 T (which the contract excludes) reads a wrong
/// byte of the tables, never out of bounds.
///
/// # Safety
/// The CPU must support AVX2; `pending` has at most 2 T words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn clear_pair_values_avx2<const T: usize>(lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    use std::arch::x86_64::*;
    let n = lo.len().min(hi.len());
    let words = pending.len();
    assert!(words <= 2 * T && matches!(T, 1 | 2 | 4));
    let mut pend = [0u64; 8];
    pend[..words].copy_from_slice(pending);
    let mut left: u32 = pend.iter().map(|w| w.count_ones()).sum();
    if left == 0 {
        return true;
    }
    // Reverses the words of each 128-bit lane (then the lanes are swapped).
    let rev = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3,
        0, 1,
    );
    // 1 << i for byte index i < 8; 0 for an index with its top bit set.
    let pow2 = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0,
        0, 0,
    );
    // The top bit of each word's high byte: `vpshufb` gives 0 there.
    let high = _mm256_set1_epi16(i16::MIN);
    let seven = _mm256_set1_epi16(7);
    let zero = _mm256_setzero_si256();
    let mut tables = [zero; 4];
    // The set as T tables of 16 bytes, each in both lanes.
    macro_rules! load_tables {
        () => {
            for (i, t) in tables.iter_mut().enumerate().take(T) {
                // SAFETY: `pend` is 64 bytes and i < T <= 4: bytes
                // 16 i..16 i + 16 are in bounds; unaligned loads are allowed.
                *t = _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(pend.as_ptr().add(2 * i).cast()) });
            }
        };
    }
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
    // Takes pair value `v` out of the set, if it is there.
    macro_rules! take {
        ($v:expr) => {{
            let v = $v as usize;
            debug_assert!(v < 64 * words, "pair value {v} beyond the set");
            let (w, b) = ((v >> 6) & 7, 1u64 << (v & 63));
            if pend[w] & b != 0 {
                pend[w] &= !b;
                left -= 1;
            }
        }};
    }
    // Clears the values of `x` in the lanes of `mask` (bit 2 i for lane
    // i); true if the set is then empty.
    macro_rules! clear {
        ($x:expr, $mask:expr) => {{
            let mut xs = [0u16; 16];
            // SAFETY: `xs` is 32 bytes; an unaligned store.
            unsafe { _mm256_storeu_si256(xs.as_mut_ptr().cast(), $x) };
            let mut m: u32 = $mask;
            while m != 0 {
                take!(xs[m.trailing_zeros() as usize / 2]);
                m &= m - 1;
            }
            left == 0
        }};
    }
    // Misses (all ones) and hits (zero) in the words of 16 pairs' values.
    macro_rules! misses {
        ($x:expr) => {{
            let x = $x;
            let idx = _mm256_or_si256(_mm256_srli_epi16::<3>(x), high);
            let mut byte = _mm256_shuffle_epi8(tables[0], idx);
            if T >= 2 {
                // Bit 4 of x / 8 moved to the top of the low byte.
                let b4 = _mm256_slli_epi16::<3>(idx);
                byte = _mm256_blendv_epi8(byte, _mm256_shuffle_epi8(tables[1], idx), b4);
                if T == 4 {
                    let upper = _mm256_blendv_epi8(
                        _mm256_shuffle_epi8(tables[2], idx),
                        _mm256_shuffle_epi8(tables[3], idx),
                        b4,
                    );
                    byte = _mm256_blendv_epi8(byte, upper, _mm256_slli_epi16::<2>(idx));
                }
            }
            let bit = _mm256_shuffle_epi8(pow2, _mm256_or_si256(_mm256_and_si256(x, seven), high));
            _mm256_cmpeq_epi16(_mm256_and_si256(byte, bit), zero)
        }};
    }
    let mid = n / 2;
    let (mut ia, mut ib) = (0, mid);
    load_tables!();
    // Blocks of 64 pairs, 32 from each stream: the hits of a block in one
    // mask (no branch per step), its values stored in the mask's order.
    let mut xs = [0u16; 64];
    while left > 2 && ia + 32 <= mid && ib + 32 <= n {
        let mut hit = 0u64;
        for (h, d) in [0usize, 16].into_iter().enumerate() {
            let (a, b) = (pairs!(ia + d), pairs!(ib + d));
            // `packs` takes the low lanes of a and b, then the high lanes:
            // byte k of the mask is the pair at xs[32 h + k].
            let m = _mm256_movemask_epi8(_mm256_packs_epi16(misses!(a), misses!(b))) as u32;
            hit |= u64::from(!m) << (32 * h);
            // SAFETY: xs[32 h..32 h + 32] is 64 bytes; unaligned stores.
            unsafe {
                _mm256_storeu_si256(
                    xs.as_mut_ptr().add(32 * h).cast(),
                    _mm256_permute2x128_si256::<0x20>(a, b),
                );
                _mm256_storeu_si256(
                    xs.as_mut_ptr().add(32 * h + 16).cast(),
                    _mm256_permute2x128_si256::<0x31>(a, b),
                );
            }
        }
        ia += 32;
        ib += 32;
        if hit != 0 {
            while hit != 0 {
                take!(xs[hit.trailing_zeros() as usize]);
                hit &= hit - 1;
            }
            if left == 0 {
                pending.fill(0);
                return true;
            }
            load_tables!();
        }
    }
    if left <= 2 {
        // The values left, the first one twice if only one.
        let mut want = [u16::MAX; 2];
        for (w, &x) in pend.iter().enumerate() {
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
        let (mut w0, mut w1) = (
            _mm256_set1_epi16(want[0] as i16),
            _mm256_set1_epi16(want[1] as i16),
        );
        while ia + 16 <= mid && ib + 16 <= n {
            for j in [ia, ib] {
                let x = pairs!(j);
                let eq = _mm256_or_si256(_mm256_cmpeq_epi16(x, w0), _mm256_cmpeq_epi16(x, w1));
                let hit = _mm256_movemask_epi8(eq) as u32 & 0x5555_5555;
                if hit != 0 {
                    if clear!(x, hit) {
                        pending.fill(0);
                        return true;
                    }
                    // One value left: compare with it alone.
                    let v = want[0].max(want[1]);
                    let v = if pend[(v as usize >> 6) & 7] >> (v & 63) & 1 == 1 {
                        v
                    } else {
                        want[0]
                    };
                    (w0, w1) = (_mm256_set1_epi16(v as i16), _mm256_set1_epi16(v as i16));
                }
            }
            ia += 16;
            ib += 16;
        }
    }
    pending.copy_from_slice(&pend[..words]);
    // The pairs left at the end of each stream: i in [ia, mid) and [ib, n).
    clear_pair_values_scalar(&lo[ia..mid], &hi[n - mid..n - ia], pending)
        || clear_pair_values_scalar(&lo[ib..n], &hi[..n - ib], pending)
}

/// The plain form of [`clear_pair_values`].
pub(super) fn clear_pair_values_scalar(lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    let n = lo.len().min(hi.len());
    let mut left: u32 = pending.iter().map(|w| w.count_ones()).sum();
    if left == 0 {
        return true;
    }
    for i in 0..n {
        let x = (lo[i] ^ hi[n - 1 - i]) as usize;
        let (w, b) = (x >> 6, 1u64 << (x & 63));
        if pending[w] & b != 0 {
            pending[w] &= !b;
            left -= 1;
            if left == 0 {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kernel::isa::levels;

    #[test]
    fn the_last_one_or_two_values_are_found_wherever_they_are() {
        // Pair values are 1..=200 except where a hit is planted; pending
        // holds a few values from 300 on, hit (or not) anywhere.
        let len = 6000usize;
        let lo: Vec<u16> = (0..len).map(|i| (i % 200 + 1) as u16).collect();
        let plant = |hits: &[(usize, u16)]| {
            // hi[len − 1 − i] makes pair i's value lo[i] ^ hi[..].
            let mut hi = vec![0u16; len];
            for &(i, v) in hits {
                hi[len - 1 - i] = lo[i] ^ v;
            }
            hi
        };
        let cases: [&[(usize, u16)]; 7] = [
            &[(5, 300), (4000, 301), (5990, 302)],
            // The larger of the last two is hit, the smaller never.
            &[(5, 302), (4000, 301)],
            &[(10, 300), (2999, 301), (3000, 302)],
            &[(1, 300), (2, 301)],
            &[(5999, 300), (4500, 302)],
            &[(300, 300), (301, 301), (302, 302), (5000, 303)],
            &[],
        ];
        for hits in cases {
            let hi = plant(hits);
            for pend_values in [
                &[300u16, 301, 302][..],
                &[300, 301, 302, 303, 304],
                &[302],
                &[300, 303],
            ] {
                let mut pending = vec![0u64; 8];
                for &v in pend_values {
                    pending[v as usize >> 6] |= 1 << (v & 63);
                }
                let (want, empty) = plain_clear(&lo, &hi, &pending);
                for isa in levels() {
                    let mut got = pending.clone();
                    assert_eq!(
                        clear_pair_values(isa, &lo, &hi, &mut got),
                        empty,
                        "{hits:?} {pend_values:?} {isa:?}"
                    );
                    if !empty {
                        assert_eq!(got, want, "{hits:?} {pend_values:?} {isa:?}");
                    }
                }
            }
        }
    }

    /// `pending` less every pair value `lo[i] ^ hi[len − 1 − i]`, and
    /// whether that leaves it empty: what `clear_pair_values` must give.
    fn plain_clear(lo: &[u16], hi: &[u16], pending: &[u64]) -> (Vec<u64>, bool) {
        let mut want = pending.to_vec();
        for (i, &a) in lo.iter().enumerate() {
            let x = (a ^ hi[lo.len() - 1 - i]) as usize;
            want[x >> 6] &= !(1u64 << (x & 63));
        }
        let empty = want.iter().all(|&w| w == 0);
        (want, empty)
    }

    #[test]
    fn clearing_pair_values_agrees_with_a_plain_loop() {
        let mut s = 777u64;
        let mut rnd = |m: u64| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 32) % m
        };
        for words in [1usize, 2, 4, 8, 16, 32, 64] {
            for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 47, 64, 100, 1000, 4001] {
                for _ in 0..20 {
                    let bound = words as u64 * 64;
                    let lo: Vec<u16> = (0..len).map(|_| rnd(bound) as u16).collect();
                    let hi: Vec<u16> = (0..len).map(|_| rnd(bound) as u16).collect();
                    let pending: Vec<u64> = (0..words)
                        .map(|_| {
                            if rnd(3) == 0 {
                                0
                            } else {
                                rnd(1 << 32) << 32 | rnd(1 << 32)
                            }
                        })
                        .collect();
                    let (want, empty) = plain_clear(&lo, &hi, &pending);
                    for isa in levels() {
                        let mut got = pending.clone();
                        assert_eq!(clear_pair_values(isa, &lo, &hi, &mut got), empty, "{isa:?}");
                        if !empty {
                            assert_eq!(got, want, "words {words} len {len} {isa:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn clearing_stops_when_every_pending_value_is_hit() {
        let lo: Vec<u16> = (0..500u16).map(|i| (i * 7) % 300).collect();
        let hi: Vec<u16> = (0..500u16).map(|i| (i * 13 + 5) % 311).collect();
        for cut in [1usize, 31, 32, 33, 100, 499, 500] {
            // The values of the pairs i < cut of lo[..cut] with hi[..cut].
            let (l, h) = (&lo[..cut], &hi[..cut]);
            let mut pending = vec![0u64; 8];
            for i in 0..cut {
                let x = (l[i] ^ h[cut - 1 - i]) as usize;
                pending[x >> 6] |= 1 << (x & 63);
            }
            for isa in levels() {
                let mut p = pending.clone();
                assert!(clear_pair_values(isa, l, h, &mut p), "cut {cut} {isa:?}");
                // One more value, no pair's: left over.
                let mut p = pending.clone();
                let free = (0..512).find(|&v| pending[v >> 6] >> (v & 63) & 1 == 0).unwrap();
                p[free >> 6] |= 1 << (free & 63);
                assert!(!clear_pair_values(isa, l, h, &mut p), "cut {cut} {isa:?}");
                let mut want = vec![0u64; 8];
                want[free >> 6] |= 1 << (free & 63);
                assert_eq!(p, want, "{isa:?}");
            }
        }
    }
}
