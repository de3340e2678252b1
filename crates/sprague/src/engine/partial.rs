//! Rare × common marks made in half and completed by candidate checks.
//!
//! The common options of heap n are g(p) ^ g(n − k − p) over the rare
//! positions p, and all the engine needs of them is γ, the least common
//! value that is no option. Marking every pair costs one store each (the
//! floor of [`super::kernel::mark_batch`]). Here only every other rare
//! position is marked; the first [`CANDIDATES`] common values that those
//! marks leave free are each heap's *candidates*, and the other half of the
//! positions is only *checked* against them: 32 heaps per AVX-512 compare,
//! with no store ([`check_candidates`]). A candidate that some checked
//! position gives is marked. Then, for every common value up to the last
//! candidate, the heap's bitset is exact: each such value is either marked
//! by the first half or a candidate that was checked against the second.
//! That bound is the heap's *trust*; γ at or below it is exact.
//!
//! A heap whose candidates are all hit gets the second half marked in full
//! (about 5% of Officers' heaps). So does a heap whose γ, after the marks
//! of the other rare positions, lies above its trust
//! ([`Halves::complete`]). On one thread this takes Officers to 10^6 from
//! 1.25 s to 1.17 s and Grundy's game to 2^22 from 4.48 s to 4.09 s
//! (medians of alternated runs).

use super::kernel::{self, check_candidates, CANDIDATES, CHECK_HEAPS};
use super::mark_rare;

/// Fewer rare positions than this are marked in full: the candidates cost
/// more than the stores they save.
pub(super) const MIN_POSITIONS: usize = 256;

/// The rare positions of a batch's ranges, split per split k into the half
/// that is marked and the half that is checked.
#[derive(Debug, Default)]
pub(super) struct Halves {
    /// `(k, positions)`: every other position of each range, from its first.
    marked: Vec<(usize, Vec<(u32, u16)>)>,
    /// `(k, positions)`: the others.
    checked: Vec<(usize, Vec<(u32, u16)>)>,
}

impl Halves {
    /// The halves of the ranges `(k, from, to)` of `rare`.
    pub(super) fn of(rare: &[(u32, u16)], ranges: &[(usize, usize, usize)]) -> Halves {
        let mut h = Halves::default();
        for &(k, a, b) in ranges {
            let rs = &rare[a..b];
            h.marked.push((k, rs.iter().step_by(2).copied().collect()));
            h.checked
                .push((k, rs.iter().skip(1).step_by(2).copied().collect()));
        }
        h
    }

    /// Whether there are enough positions, and the values are small
    /// enough, for the halves to pay (and the CPU has the compare).
    pub(super) fn pays(positions: usize, words: usize) -> bool {
        positions >= MIN_POSITIONS && kernel::byte_marks_fit(words) && kernel::has_avx512bw()
    }

    /// Marks, for heaps h0..h0 + trust.len() (bitsets of `common.len()`
    /// words in `bits`), the common options that the positions give,
    /// exactly up to each heap's `trust` (lowered to it, never raised;
    /// `u16::MAX` is exact everywhere). `common` is the bitset of the common
    /// values below the bitsets' size; `vals` must hold every partner read,
    /// g(h0 + i − k − p).
    pub(super) fn mark(&self, vals: &[u16], h0: usize, common: &[u64], bits: &mut [u64], trust: &mut [u16]) {
        let (words, heaps) = (common.len(), trust.len());
        let mut starts = Vec::new();
        let mut g0 = 0;
        while g0 < heaps {
            let len = CHECK_HEAPS.min(heaps - g0);
            let (n0, rows) = (h0 + g0, &mut bits[g0 * words..(g0 + len) * words]);
            for (k, list) in &self.marked {
                mark_rare(vals, rows, words, len, list, n0 - k);
            }
            // Each heap's first candidates: the common values left free.
            let mut cand = [[u16::MAX; CHECK_HEAPS]; CANDIDATES];
            let mut found = [0usize; CHECK_HEAPS];
            for (i, row) in rows.chunks_exact(words).enumerate() {
                'row: for (w, (&r, &c)) in row.iter().zip(common).enumerate() {
                    let mut free = c & !r;
                    while free != 0 {
                        cand[found[i]][i] = (w * 64 + free.trailing_zeros() as usize) as u16;
                        found[i] += 1;
                        if found[i] == CANDIDATES {
                            break 'row;
                        }
                        free &= free - 1;
                    }
                }
            }
            starts.clear();
            for (k, list) in &self.checked {
                starts.extend(list.iter().map(|&(p, gp)| (n0 - k - p as usize, gp)));
            }
            let hit = check_candidates(vals, &starts, &cand, len);
            for (i, row) in rows.chunks_exact_mut(words).enumerate() {
                let mut all_hit = true;
                for (j, h) in hit.iter().enumerate().take(found[i]) {
                    let v = cand[j][i] as usize;
                    if h >> i & 1 == 1 {
                        row[v >> 6] |= 1 << (v & 63);
                    } else {
                        all_hit = false;
                    }
                }
                let t = &mut trust[g0 + i];
                if found[i] < CANDIDATES {
                    // Every free common value was checked: exact.
                } else if all_hit {
                    self.complete(vals, row, n0 + i);
                } else {
                    *t = (*t).min(cand[CANDIDATES - 1][i]);
                }
            }
            g0 += len;
        }
    }

    /// Marks in `row` what the checked half gives heap n, so that the
    /// row is exact for these positions.
    pub(super) fn complete(&self, vals: &[u16], row: &mut [u64], n: usize) {
        for (k, list) in &self.checked {
            for &(p, gp) in list {
                let v = (gp ^ vals[n - k - p as usize]) as usize;
                row[v >> 6] |= 1 << (v & 63);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values with few rare ones under mask 1 (even values are rare), the
    /// rare list, and the plain marks of heaps h0..h0 + heaps (k = 1).
    fn setup(seed: u64, h0: usize, heaps: usize, words: usize) -> (Vec<u16>, Vec<(u32, u16)>, Vec<u64>) {
        let mut x = seed;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let bound = (words * 64) as u64;
        let vals: Vec<u16> = (0..h0 + heaps)
            .map(|_| {
                let v = (next() % bound) as u16;
                // One value in eight rare (even).
                if next() % 8 == 0 {
                    v & !1
                } else {
                    v | 1
                }
            })
            .collect();
        let rare: Vec<(u32, u16)> = (1..h0 - 1)
            .filter(|&p| vals[p].is_multiple_of(2))
            .map(|p| (p as u32, vals[p]))
            .collect();
        let mut plain = vec![0u64; heaps * words];
        for i in 0..heaps {
            for &(p, gp) in &rare {
                let v = (gp ^ vals[h0 + i - 1 - p as usize]) as usize;
                plain[i * words + v / 64] |= 1 << (v % 64);
            }
        }
        (vals, rare, plain)
    }

    #[test]
    fn half_marks_are_exact_up_to_the_trust_and_complete_makes_them_exact() {
        let words = 4;
        let common: Vec<u64> = vec![0xAAAA_AAAA_AAAA_AAAA; words];
        let mut trusted = 0;
        for seed in 1..6u64 {
            let (h0, heaps) = (3000, 150);
            let (vals, rare, plain) = setup(seed * 7919, h0, heaps, words);
            let halves = Halves::of(&rare, &[(1, 0, rare.len())]);
            let mut bits = vec![0u64; heaps * words];
            let mut trust = vec![u16::MAX; heaps];
            halves.mark(&vals, h0, &common, &mut bits, &mut trust);
            for i in 0..heaps {
                let (got, want) = (
                    &mut bits[i * words..(i + 1) * words],
                    &plain[i * words..(i + 1) * words],
                );
                for v in 0..words * 64 {
                    let (g, w) = (got[v / 64] >> (v % 64) & 1, want[v / 64] >> (v % 64) & 1);
                    // Never a mark that is no option; exact for common
                    // values up to the trust.
                    assert!(g <= w, "heap {i}: {v} marked but no option");
                    if v % 2 == 1 && v <= trust[i] as usize {
                        assert_eq!(g, w, "heap {i}: common {v} below trust {}", trust[i]);
                    }
                }
                trusted += usize::from(trust[i] < u16::MAX);
                halves.complete(&vals, got, h0 + i);
                let common_of = |r: &[u64]| r.iter().zip(&common).map(|(a, c)| a & c).collect::<Vec<_>>();
                assert_eq!(common_of(got), common_of(want), "heap {i} after completing");
            }
        }
        // The trust really bounds some heaps (the test would not see a wrong
        // bound otherwise).
        assert!(trusted > 0);
    }
}
