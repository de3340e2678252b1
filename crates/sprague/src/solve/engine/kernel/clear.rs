//! Pair-value clearing: take the value of every pair out of a set of
//! pending values until it is empty (the plain forms and the dispatch;
//! `clear_avx2` and `clear512` hold the vector forms).

#[cfg(target_arch = "x86_64")]
use super::clear512::clear_pair_values_avx512;
#[cfg(target_arch = "x86_64")]
use super::clear_avx2::clear_pair_values_avx2;
use super::clear_avx2::{ACC, BLOCKS, FEW};
use super::mark::pack64;
use super::Isa;

/// The plain form's [`MANY`](super::clear_avx2::MANY), lower: its
/// compares take 8 pairs a step, not 16. (Officers to 10^6 with
/// `--simd plain`, `farm-bench -n 8`: A/B CPU median 0.85 against byte
/// stores down to [`FEW`] values; 16 and 32 measured alike.)
const PLAIN_MANY: usize = 32;

/// Removes from the bitset `pending` every value `lo[i] ^ hi[len − 1 − i]`,
/// for i upward, and returns true as soon as `pending` is empty (false if
/// some value is left after the last pair).
///
/// Every pair value must be below `pending.len() * 64` (the engine's
/// bitsets are a power of two above its largest value): a larger one
/// makes a form clear a wrong value or panic.
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
        if pending.len() <= 32 && isa.avx2() {
            // SAFETY: the CPU supports AVX2, BMI1 and POPCNT (`isa` is
            // detected); the set has at most 32 words.
            return unsafe { clear_pair_values_avx2(lo, hi, pending) };
        }
    }
    clear_by_seen(lo, hi, pending)
}

/// The plain form of [`clear_pair_values`] for sets of at most 32 words
/// (else [`clear_pair_values_scalar`]): the algorithm of the AVX2 form
/// (module `clear_avx2`), written for the compiler to vectorise (8 pairs
/// per SSE2 or NEON step): pairs from the first one and from the middle
/// in turn, a block of each stream at a time, each pair value a byte
/// store while more than [`PLAIN_MANY`] values are pending, then each
/// value left compared with every pair value of a block, then compares
/// with the [`FEW`] left, up to the first hit.
#[inline(always)]
fn clear_by_seen(lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    let n = lo.len().min(hi.len());
    let words = pending.len();
    if words > 32 {
        return clear_pair_values_scalar(lo, hi, pending);
    }
    let mut pend = [0u64; 32];
    pend[..words].copy_from_slice(pending);
    let mut left: u32 = pend.iter().map(|w| w.count_ones()).sum();
    if left == 0 {
        return true;
    }
    let mid = n / 2;
    let (mut ia, mut ib) = (0, mid);
    if left as usize > PLAIN_MANY {
        let mut seen = [0u8; 2048];
        let mut xs = [0u16; 2 * 256];
        for b in 0.. {
            let len = BLOCKS[b.min(BLOCKS.len() - 1)].min(mid - ia).min(n - ib);
            if len == 0 {
                break;
            }
            let (xa, xb) = xs[..2 * len].split_at_mut(len);
            pair_values(&lo[ia..ia + len], &hi[n - ia - len..n - ia], xa);
            pair_values(&lo[ib..ib + len], &hi[n - ib - len..n - ib], xb);
            for &x in &xs[..2 * len] {
                debug_assert!((x as usize) < 64 * words, "pair value {x} beyond the set");
                seen[x as usize & 2047] = 1;
            }
            ia += len;
            ib += len;
            left = 0;
            for (p, row) in pend[..words].iter_mut().zip(seen.chunks_exact(64)) {
                *p &= !pack64(row);
                left += p.count_ones();
            }
            if left as usize <= PLAIN_MANY {
                break;
            }
        }
        if left == 0 {
            pending.fill(0);
            return true;
        }
    }
    if left as usize > FEW && left as usize <= PLAIN_MANY {
        // As in the AVX2 form: each value left compared with every pair
        // value of a block, the values a block hits dropped after it.
        let mut want = [0u16; PLAIN_MANY];
        let mut k = list_values(&pend[..words], &mut want);
        let mut xs = [0u16; 2 * ACC];
        while k > FEW && ia + ACC <= mid && ib + ACC <= n {
            let (xa, xb) = xs.split_at_mut(ACC);
            pair_values(&lo[ia..ia + ACC], &hi[n - ia - ACC..n - ia], xa);
            pair_values(&lo[ib..ib + ACC], &hi[n - ib - ACC..n - ib], xb);
            ia += ACC;
            ib += ACC;
            let mut kept = 0;
            for i in 0..k {
                let w = want[i];
                let hit = xs.iter().fold(0u16, |a, &x| a | u16::from(x == w));
                want[kept] = w;
                kept += usize::from(hit == 0);
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
    if left as usize <= FEW {
        let mut want = [0u16; FEW];
        let mut k = list_values(&pend[..words], &mut want);
        while k > 0 {
            for i in k..FEW {
                want[i] = want[0];
            }
            let hit = match k {
                1 => compare_run::<1>(lo, hi, &mut ia, &mut ib, &want),
                2 => compare_run::<2>(lo, hi, &mut ia, &mut ib, &want),
                _ => compare_run::<FEW>(lo, hi, &mut ia, &mut ib, &want),
            };
            let Some(xs) = hit else {
                break;
            };
            // Keep the values no pair of the run hit.
            let mut kept = 0;
            for i in 0..k {
                if !xs.contains(&want[i]) {
                    want[kept] = want[i];
                    kept += 1;
                }
            }
            k = kept;
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

/// Writes the values of the bitset `pend` to the front of `out`, least
/// first, and returns how many there are (`out` must hold them all).
#[inline(always)]
pub(super) fn list_values(pend: &[u64], out: &mut [u16]) -> usize {
    let mut k = 0;
    for (w, &x) in pend.iter().enumerate() {
        let mut x = x;
        while x != 0 {
            out[k] = (w * 64 + x.trailing_zeros() as usize) as u16;
            k += 1;
            x &= x - 1;
        }
    }
    k
}

/// The bitset of 32 words holding `values` (each below 2048).
#[inline(always)]
pub(super) fn set_of(values: &[u16]) -> [u64; 32] {
    let mut set = [0u64; 32];
    for &v in values {
        set[(v as usize >> 6) & 31] |= 1 << (v & 63);
    }
    set
}

/// The values of 32 pairs of each stream at a time, from ia and from ib,
/// compared with want[..K] (want[0] in place of the entries past k),
/// until a run hits one: then its 64 values (and the streams moved past
/// it); `None` once fewer than 32 pairs are left in a stream.
#[inline(always)]
fn compare_run<const K: usize>(
    lo: &[u16],
    hi: &[u16],
    ia: &mut usize,
    ib: &mut usize,
    want: &[u16; FEW],
) -> Option<[u16; 64]> {
    let n = lo.len().min(hi.len());
    let mid = n / 2;
    let w: [u16; K] = std::array::from_fn(|i| want[i]);
    let mut xs = [0u16; 64];
    while *ia + 32 <= mid && *ib + 32 <= n {
        let (xa, xb) = xs.split_at_mut(32);
        pair_values(&lo[*ia..*ia + 32], &hi[n - *ia - 32..n - *ia], xa);
        pair_values(&lo[*ib..*ib + 32], &hi[n - *ib - 32..n - *ib], xb);
        *ia += 32;
        *ib += 32;
        let mut any = 0u16;
        for &x in &xs {
            for &v in &w {
                any |= u16::from(x == v);
            }
        }
        if any != 0 {
            return Some(xs);
        }
    }
    None
}

/// `out[i] = lo[i] ^ hi[len − 1 − i]`, for the length of `out`.
#[inline(always)]
fn pair_values(lo: &[u16], hi: &[u16], out: &mut [u16]) {
    let n = out.len();
    let (lo, hi) = (&lo[..n], &hi[..n]);
    for i in 0..n {
        out[i] = lo[i] ^ hi[n - 1 - i];
    }
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
    use crate::solve::engine::kernel::isa::levels;

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
    fn every_count_of_pending_values_is_cleared_exactly() {
        // Pair values below 256 everywhere except at planted pairs, which
        // hit some of the pending values (256 and up) anywhere: each count
        // of values crosses the forms' phases (byte stores, compares of
        // many, compares of a few, the pairs left at the ends) differently.
        let mut next = crate::solve::test_rng::xorshift(99);
        let mut rnd = |m: u64| next() % m;
        let mut outcomes = [0usize; 2];
        // 8 words (values below 512) and 32 (below 2048: the AVX2 form
        // then compares with up to 8 values to the first hit).
        for (count, words) in (1..=80usize)
            .map(|c| (c, 8))
            .chain((1..=80).step_by(3).map(|c| (c, 32)))
        {
            for len in [90usize, 700, 3000] {
                let lo: Vec<u16> = (0..len).map(|_| rnd(256) as u16).collect();
                let mut hi: Vec<u16> = (0..len).map(|_| rnd(256) as u16).collect();
                let top = 64 * words as u16;
                let mut values: Vec<u16> = (top / 2..top).collect();
                for i in 0..count {
                    let j = i + rnd((values.len() - i) as u64) as usize;
                    values.swap(i, j);
                }
                let values = &values[..count];
                let mut pending = vec![0u64; words];
                // In half the cases every value is hit (once or twice, or
                // not if a later plant takes its pair); else some never.
                let all = rnd(2) == 0;
                for &v in values {
                    pending[v as usize >> 6] |= 1 << (v & 63);
                    for _ in 0..if all { 1 + rnd(2) } else { rnd(3) } {
                        let i = rnd(len as u64) as usize;
                        hi[len - 1 - i] = lo[i] ^ v;
                    }
                }
                let (want, empty) = plain_clear(&lo, &hi, &pending);
                outcomes[usize::from(empty)] += 1;
                for isa in levels() {
                    let mut got = pending.clone();
                    assert_eq!(
                        clear_pair_values(isa, &lo, &hi, &mut got),
                        empty,
                        "count {count} words {words} len {len} {isa:?}"
                    );
                    // Either way the set left is exactly what no pair gave.
                    assert_eq!(got, want, "count {count} words {words} len {len} {isa:?}");
                }
            }
        }
        assert!(outcomes.iter().all(|&c| c > 20), "{outcomes:?}");
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

    #[test]
    fn clearing_sparse_values_agrees_with_a_plain_loop() {
        // As in the engine: pending values are rare under a mask, pair
        // values mostly rare too, with a few common ones.
        let mut s = 4242u64;
        let mut rnd = |m: u64| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 32) % m
        };
        let rare = |v: u64, mask: u16| (v as u16 & mask).count_ones().is_multiple_of(2);
        let mut checked = [0usize; 2];
        for (words, mask) in [
            (1usize, 0x2du16),
            (2, 0x41),
            (4, 0x1ee),
            (8, 0x1ee),
            (8, 0x0f3),
            (8, 0x100),
            (16, 0x3a1),
            (32, 0x7b8),
            (32, 0x0b8),
            (64, 0xf00),
        ] {
            let bound = words as u64 * 64;
            for len in [0usize, 1, 16, 31, 33, 63, 64, 65, 100, 129, 300, 1000, 3001] {
                for _ in 0..10 {
                    // A value of the bound's range, rare with odds 15/16.
                    let mut value = |common_odds: u64| loop {
                        let v = rnd(bound);
                        if rare(v, mask) != (rnd(common_odds) == 0) {
                            return v as u16;
                        }
                    };
                    let lo: Vec<u16> = (0..len).map(|_| value(16)).collect();
                    let hi: Vec<u16> = (0..len).map(|_| value(1 << 30)).collect();
                    let mut pending = vec![0u64; words];
                    let count = value(1 << 30) % 40 + 1;
                    for _ in 0..count {
                        let v = value(1 << 30) as usize;
                        pending[v >> 6] |= 1 << (v & 63);
                    }
                    let (want, empty) = plain_clear(&lo, &hi, &pending);
                    checked[usize::from(empty)] += 1;
                    for isa in levels() {
                        let mut got = pending.clone();
                        assert_eq!(
                            clear_pair_values(isa, &lo, &hi, &mut got),
                            empty,
                            "words {words} mask {mask:#x} len {len} {isa:?}"
                        );
                        if !empty {
                            assert_eq!(got, want, "words {words} mask {mask:#x} len {len} {isa:?}");
                        }
                    }
                }
            }
        }
        // Both outcomes are checked many times.
        assert!(checked.iter().all(|&c| c > 100), "{checked:?}");
    }
}
