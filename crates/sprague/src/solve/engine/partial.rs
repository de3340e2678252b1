//! Rare × common marks made in part and completed by candidate checks.
//!
//! The common options of heap n are g(p) ^ g(n − k − p) over the rare
//! positions p, and all the engine needs of them is γ, the least common
//! value that is no option. Marking every pair costs one store each (the
//! floor of [`super::kernel::mark_batch`]). Here only some rare positions
//! are marked (all but every m-th, [`super::Tuning::check_every`]); the
//! first [`CANDIDATES`] common values that those marks leave free are each
//! heap's *candidates*, and the other positions are only *checked* against
//! them: 32 heaps per AVX-512 compare, 16 per AVX2 compare,
//! with no store ([`check_candidates`]). A candidate that some checked
//! position gives is marked. Then, for every common value up to the last
//! candidate, the heap's bitset is exact: each such value is either marked
//! by the first half or a candidate that was checked against the second.
//! That bound is the heap's *trust*; γ at or below it is exact.
//!
//! The candidates are kept ([`Cands`]): rare positions whose partners are
//! computed only later (those below the batch size, and the pipeline's
//! band) are checked against them too, instead of marked
//! ([`check_late`]); that keeps the bitsets exact up to the trust.
//!
//! A heap whose γ, after the marks of every other rare position, lies
//! above its trust (nearly always because all its candidates were hit:
//! about 5% of Officers' heaps) gets every checked position marked in full
//! ([`Halves::complete`], [`complete_lists`]). On one thread the halves
//! took Officers to 10^6 from 1.25 s to 1.17 s and Grundy's game to 2^22
//! from 4.48 s to 4.09 s (medians of alternated runs). On two threads the
//! main thread makes the completions and the late checks, the helper most
//! marks: there checking every 4th position, not every other, moves work
//! to the helper (Officers 4–7% faster; on one thread 3% slower).

use super::batch::mark_rare;
pub(super) use super::kernel::CHECK_HEAPS;
use super::kernel::{self, check_candidates, Isa, CANDIDATES};

/// Each heap's first [`CANDIDATES`] common values left free by the marked
/// half, for a group of [`CHECK_HEAPS`] heaps: `[j][i]` is heap i's j-th,
/// `u16::MAX` where it has fewer.
pub(super) type Cands = [[u16; CHECK_HEAPS]; CANDIDATES];

/// No candidates (every entry unused).
pub(super) const NO_CANDS: Cands = [[u16::MAX; CHECK_HEAPS]; CANDIDATES];

/// Fewer rare positions than this are marked in full: the candidates cost
/// more than the stores they save.
pub(super) const MIN_POSITIONS: usize = 256;

/// The rare positions of a batch's ranges, split per split k into the half
/// that is marked and the half that is checked.
#[derive(Debug)]
pub(super) struct Halves {
    /// `(k, positions)`: every other position of each range, from its first.
    marked: Vec<(usize, Vec<(u32, u16)>)>,
    /// `(k, positions)`: the others.
    checked: Vec<(usize, Vec<(u32, u16)>)>,
    /// The kernels' instructions.
    isa: Isa,
}

impl Halves {
    /// The halves of the ranges `(k, from, to)` of `rare`: of every
    /// `every` positions (at least 2), the last is checked and the others
    /// are marked.
    pub(super) fn of(
        rare: &[(u32, u16)],
        ranges: &[(usize, usize, usize)],
        every: usize,
        isa: Isa,
    ) -> Halves {
        let every = every.max(2);
        let mut h = Halves {
            marked: Vec::new(),
            checked: Vec::new(),
            isa,
        };
        for &(k, a, b) in ranges {
            let rs = &rare[a..b];
            let checked: Vec<_> = rs.iter().skip(every - 1).step_by(every).copied().collect();
            let mut marked = Vec::with_capacity(rs.len() - checked.len());
            for c in rs.chunks(every) {
                marked.extend_from_slice(&c[..c.len().min(every - 1)]);
            }
            h.marked.push((k, marked));
            h.checked.push((k, checked));
        }
        h
    }

    /// Whether there are enough positions, and the values are small
    /// enough, for the halves to pay (and the CPU has the compare).
    pub(super) fn pays(positions: usize, words: usize, isa: Isa) -> bool {
        positions >= MIN_POSITIONS && kernel::byte_marks_fit(words) && (isa.avx512bw() || isa.avx2())
    }

    /// Marks, for heaps h0..h0 + trust.len() (bitsets of `common.len()`
    /// words in `bits`), the common options that the positions give,
    /// exactly up to each heap's `trust` (lowered to it, never raised;
    /// `u16::MAX` is exact everywhere), and sets the candidates of each
    /// group of [`CHECK_HEAPS`] heaps from h0 in `cands`. `common` is the
    /// bitset of the common values below the bitsets' size; `vals` must
    /// hold every partner read, g(h0 + i − k − p).
    pub(super) fn mark(
        &self,
        vals: &[u16],
        h0: usize,
        common: &[u64],
        bits: &mut [u64],
        trust: &mut [u16],
        cands: &mut [Cands],
    ) {
        let (words, heaps) = (common.len(), trust.len());
        let mut starts = Vec::with_capacity(self.checked.iter().map(|(_, l)| l.len()).sum());
        let mut g0 = 0;
        while g0 < heaps {
            let len = CHECK_HEAPS.min(heaps - g0);
            let (n0, rows) = (h0 + g0, &mut bits[g0 * words..(g0 + len) * words]);
            for (k, list) in &self.marked {
                mark_rare(self.isa, vals, rows, words, len, list, n0 - k);
            }
            // Each heap's first candidates: the common values left free.
            let mut cand = NO_CANDS;
            let mut found = [0usize; CHECK_HEAPS];
            for (i, row) in rows.chunks_exact(words).enumerate() {
                found[i] = take_free(row, common, &mut cand, i);
            }
            starts.clear();
            for (k, list) in &self.checked {
                starts.extend(list.iter().map(|&(p, gp)| (n0 - k - p as usize, gp)));
            }
            let hit = check_candidates(self.isa, vals, &starts, &cand, len);
            mark_hits(rows, words, &hit, &cand);
            for (i, row) in rows.chunks_exact_mut(words).enumerate() {
                if found[i] == CANDIDATES && hit.iter().all(|h| h >> i & 1 == 1) {
                    // γ lies beyond every candidate: the checked half is
                    // marked in full, which makes the row exact for this
                    // share, and the next values left free become the
                    // candidates of the positions checked late.
                    self.complete(vals, row, n0 + i);
                    found[i] = take_free(row, common, &mut cand, i);
                }
                // With fewer candidates, every free common value was checked:
                // exact everywhere.
                if found[i] == CANDIDATES {
                    trust[g0 + i] = trust[g0 + i].min(cand[CANDIDATES - 1][i]);
                }
            }
            cands[g0 / CHECK_HEAPS] = cand;
            g0 += len;
        }
    }

    /// Marks in `row` what the checked half gives heap n, so that the
    /// row is exact for these positions.
    pub(super) fn complete(&self, vals: &[u16], row: &mut [u64], n: usize) {
        complete_lists(vals, row, n, self.checked());
    }

    /// The checked positions, `(k, positions)`.
    pub(super) fn checked(&self) -> impl Iterator<Item = (usize, &[(u32, u16)])> {
        self.checked.iter().map(|(k, l)| (*k, &l[..]))
    }
}

/// Marks in `row` what the rare positions of `lists`, `(k, positions)`,
/// give heap n: gp ^ g(n − k − p) for each.
///
/// A byte per value, then packed into the row: plain stores that do not
/// wait on each other, where setting bits one at a time chains every mark
/// to the last one in the same word (a few hundred marks a heap here).
pub(super) fn complete_lists<'a>(
    vals: &[u16],
    row: &mut [u64],
    n: usize,
    lists: impl IntoIterator<Item = (usize, &'a [(u32, u16)])>,
) {
    const MAX: usize = 4096;
    let bound = row.len() * 64;
    if bound > MAX {
        for (k, list) in lists {
            for &(p, gp) in list {
                let v = (gp ^ vals[n - k - p as usize]) as usize;
                row[v >> 6] |= 1 << (v & 63);
            }
        }
        return;
    }
    let mut buf = [0u8; MAX];
    let bytes = &mut buf[..bound];
    for (k, list) in lists {
        for &(p, gp) in list {
            bytes[(gp ^ vals[n - k - p as usize]) as usize & (bound - 1)] = 1;
        }
    }
    for (w, b) in row.iter_mut().zip(bytes.chunks_exact(64)) {
        *w |= b
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &x)| acc | u64::from(x != 0) << i);
    }
}

/// Sets heap i's candidates in `cand` to the first common values (of the
/// bitset `common`) that `row` leaves free, at most [`CANDIDATES`], the
/// rest unused; returns how many there are.
fn take_free(row: &[u64], common: &[u64], cand: &mut Cands, i: usize) -> usize {
    let mut found = 0;
    for (w, (&r, &c)) in row.iter().zip(common).enumerate() {
        if found == CANDIDATES {
            break;
        }
        let mut free = c & !r;
        while free != 0 && found < CANDIDATES {
            cand[found][i] = (w * 64 + free.trailing_zeros() as usize) as u16;
            found += 1;
            free &= free - 1;
        }
    }
    for c in &mut cand[found..] {
        c[i] = u16::MAX;
    }
    found
}

/// Checks the rare positions of `lists`, `(k, positions)`, against the
/// candidates of heaps h0..h0 + heaps (at most [`CHECK_HEAPS`], bitsets of
/// `words` words in `rows`, which holds `heaps · words` words) and marks the candidates they give. The rows
/// stay exact up to each heap's trust: every common value up to it is
/// marked or a candidate. `vals` must hold every partner read.
pub(super) fn check_late(
    isa: Isa,
    vals: &[u16],
    h0: usize,
    lists: &[(usize, &[(u32, u16)])],
    cands: &Cands,
    rows: &mut [u64],
    words: usize,
) {
    let heaps = rows.len() / words;
    let mut starts = Vec::with_capacity(lists.iter().map(|(_, l)| l.len()).sum());
    for &(k, list) in lists {
        starts.extend(list.iter().map(|&(p, gp)| (h0 - k - p as usize, gp)));
    }
    if !starts.is_empty() {
        mark_hits(
            rows,
            words,
            &check_candidates(isa, vals, &starts, cands, heaps),
            cands,
        );
    }
}

/// Marks candidate j of heap i in row i where bit i of `hit[j]` is set.
fn mark_hits(rows: &mut [u64], words: usize, hit: &[u64; CANDIDATES], cand: &Cands) {
    for (i, row) in rows.chunks_exact_mut(words).enumerate() {
        for (j, h) in hit.iter().enumerate() {
            if h >> i & 1 == 1 {
                let v = cand[j][i] as usize;
                row[v >> 6] |= 1 << (v & 63);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Simd;
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
    fn halves_are_used_only_with_vector_compares() {
        for simd in Simd::ALL {
            let isa = Isa::detect(simd);
            assert_eq!(
                Halves::pays(MIN_POSITIONS, 1, isa),
                isa.level() > Simd::Plain,
                "{simd}"
            );
            assert!(!Halves::pays(MIN_POSITIONS - 1, 1, isa));
        }
    }

    #[test]
    fn half_marks_and_late_checks_are_exact_up_to_the_trust_and_complete_makes_them_exact() {
        let words = 4;
        let common: Vec<u64> = vec![0xAAAA_AAAA_AAAA_AAAA; words];
        let (mut trusted, mut late_hits) = (0, 0);
        for (seed, isa) in (1..6u64).flat_map(|s| Simd::ALL.map(|l| (s, Isa::detect(l)))) {
            let (h0, heaps) = (3000, 150);
            let (vals, rare, plain) = setup(seed * 7919, h0, heaps, words);
            // Positions below 300 are checked late, the others halved.
            let cut = rare.partition_point(|&(p, _)| p < 300);
            let halves = Halves::of(&rare, &[(1, cut, rare.len())], 2 + seed as usize % 3, isa);
            let mut bits = vec![0u64; heaps * words];
            let mut trust = vec![u16::MAX; heaps];
            let mut cands = vec![NO_CANDS; heaps.div_ceil(CHECK_HEAPS)];
            halves.mark(&vals, h0, &common, &mut bits, &mut trust, &mut cands);
            let before = bits.iter().map(|w| w.count_ones()).sum::<u32>();
            let late: &[(usize, &[(u32, u16)])] = &[(1, &rare[..cut])];
            for (c, cand) in cands.iter().enumerate() {
                let (g0, len) = (c * CHECK_HEAPS, CHECK_HEAPS.min(heaps - c * CHECK_HEAPS));
                let rows = &mut bits[g0 * words..(g0 + len) * words];
                check_late(isa, &vals, h0 + g0, late, cand, rows, words);
            }
            late_hits += bits.iter().map(|w| w.count_ones()).sum::<u32>() - before;
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
                complete_lists(&vals, got, h0 + i, [(1, &rare[..cut])]);
                let common_of = |r: &[u64]| r.iter().zip(&common).map(|(a, c)| a & c).collect::<Vec<_>>();
                assert_eq!(common_of(got), common_of(want), "heap {i} after completing");
            }
        }
        // The trust really bounds some heaps, and the late checks really
        // mark some candidates (the test would not see a wrong bound or a
        // missed check otherwise).
        assert!(trusted > 0 && late_hits > 0);
    }
}
