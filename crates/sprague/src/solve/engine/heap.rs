//! The per-heap step: a heap's late marks or checks, γ, and the
//! candidate searches that settle its mex.

use super::batch::{mark_rare, BatchPlan, SUB};
use super::kernel;
use super::kernel::Isa;
use super::mask::is_rare;
use super::partial::{check_late, complete_lists};
use super::run::{Engine, Scratch};
use super::table::Table;
use crate::{Error, Result};

impl Engine {
    /// Heap n0 + i of a batch: first, when i starts a group of SUB heaps,
    /// the marks of the rare positions SUB.. below the batch size for the
    /// group (their partners are known by then, and every such pair is a
    /// real, unequal one); then its value. `rows` are the bitsets of heaps
    /// i.. of the batch; `small` the per-split ends of the rare ranges
    /// left to the heap.
    #[inline(always)]
    pub(super) fn heap_step(
        &self,
        plan: &BatchPlan,
        i: usize,
        rows: &mut [u64],
        small: &mut [usize],
        scratch: &mut Scratch,
    ) -> Result<u16> {
        let (n, words) = (plan.n0 + i, plan.words);
        if i.is_multiple_of(SUB) {
            scratch.sub_checked = false;
        }
        if i.is_multiple_of(SUB) && self.mask != 0 {
            let len = SUB.min(plan.heaps - i);
            if n >= 2 * plan.heaps + plan.k_max + 2 && len == SUB && rows.len() >= len * words {
                let lists = plan.sub_lists(&self.rare);
                match plan.cands.get(i / SUB) {
                    // Checked against the candidates, which keeps the rows
                    // exact up to the trust (see `partial`).
                    Some(cands) => {
                        let vals = self.values.stored();
                        check_late(self.isa, vals, n, &lists, cands, &mut rows[..len * words], words);
                        scratch.sub_checked = true;
                    }
                    None => {
                        for (k, rare) in lists {
                            mark_rare(
                                self.isa,
                                &self.values,
                                &mut rows[..len * words],
                                words,
                                len,
                                rare,
                                n - k,
                            );
                        }
                    }
                }
                for (s, &lo) in small.iter_mut().zip(&plan.small_all) {
                    *s = plan.sub_lo.min(lo);
                }
            } else {
                small.copy_from_slice(&plan.small_all);
            }
        }
        self.finish_heap(plan, i, &mut rows[..words], small, scratch)
    }

    /// Stores g(n) = g; false when the batch must end here (a value that
    /// reaches the bitsets' size: later heaps could have options beyond).
    pub(super) fn record(&mut self, n: usize, g: u16, words: usize) -> Result<bool> {
        self.values.push(g)?;
        self.note(g);
        if self.mask != 0 && is_rare(g, self.mask) {
            self.rare.push((n as u32, g));
        }
        Ok((g as usize) < words * 64)
    }

    /// The mex at heap n = n0 + i of the batch `plan`, given the batch
    /// marks in `row` and `small`, the per-split ends of the rare ranges
    /// left to the heap.
    pub(super) fn finish_heap(
        &self,
        plan: &BatchPlan,
        i: usize,
        row: &mut [u64],
        small: &[usize],
        scratch: &mut Scratch,
    ) -> Result<u16> {
        let (n, rare_pat, seq_ranges) = (plan.n0 + i, &plan.rare_pat[..], &plan.seq[..]);
        let g = &self.values;
        let mark = |row: &mut [u64], v: u16| row[v as usize >> 6] |= 1u64 << (v & 63);
        for &k in &self.shape.take_all {
            if n == k {
                mark(row, 0);
            }
        }
        for &k in &self.shape.single {
            if n > k {
                mark(row, g.get(n - k));
            }
        }
        if self.mask != 0 {
            for (&(k, [(a, b), (hi, _)]), &lo) in seq_ranges.iter().zip(small) {
                if n < k + 2 {
                    continue;
                }
                let r = n - k;
                let ranges = [(0, lo), (a, b), (hi, self.rare.len())];
                for (from, to) in ranges {
                    // The rare positions p < r of the range; their partners
                    // r − p lie within a batch of each other: one slice.
                    let mut rs = &self.rare[from..to];
                    if rs.last().is_some_and(|&(p, _)| p as usize >= r) {
                        rs = &rs[..rs.partition_point(|&(p, _)| (p as usize) < r)];
                    }
                    let (Some(first), Some(last)) = (rs.first(), rs.last()) else {
                        continue;
                    };
                    let base = r - last.0 as usize;
                    let win = g.seg(base, (last.0 - first.0) as usize + 1);
                    let unequal = self.shape.unequal;
                    if let ([word], false) = (&mut *row, unequal) {
                        // Every value is below 64: collect in registers
                        // (marks in memory would wait on each other).
                        // SAFETY: the rare list is sorted by position.
                        *word |= unsafe { kernel::rare_mask64(win, r - base, rs) };
                    } else {
                        for &(p, gp) in rs {
                            let p = p as usize;
                            if !(unequal && 2 * p == r) {
                                mark(row, gp ^ win[r - p - base]);
                            }
                        }
                    }
                }
            }
        }
        // Every option is below the bitset's size (see `bound_for`).
        let words = row.len();
        // γ: the least common value that is no option (all values are rare
        // in dense mode, so there γ is the bound).
        let mut gamma = least_free(row, rare_pat);
        if gamma > plan.trust[i] as usize {
            // The bulk marks are exact only up to the trust: complete them,
            // and the positions checked late.
            let sub = if scratch.sub_checked {
                plan.sub_lists(&self.rare)
            } else {
                Vec::new()
            };
            let lists = (plan.halves.iter().flat_map(|h| h.checked()))
                .chain(plan.band_checked.iter().map(|&(k, a, b)| (k, &self.rare[a..b])))
                .chain(sub);
            complete_lists(g.stored(), row, n, lists);
            gamma = least_free(row, rare_pat);
        }
        // With at most `few` candidates, searching for each one (below,
        // vectorised, from the first pair on) is cheaper than taking the
        // value of every pair.
        let few = self.tuning.few_candidates;
        let pend = &mut scratch.pend;
        pend.clear();
        if self.mask != 0 {
            pend.resize(words, 0);
            for (w, p) in pend.iter_mut().enumerate() {
                let below = match gamma.saturating_sub(w * 64) {
                    0 => 0,
                    b if b >= 64 => !0,
                    b => (1u64 << b) - 1,
                };
                *p = rare_pat[w] & !row[w] & below;
            }
        }
        if self.mask != 0 && pend.iter().map(|w| w.count_ones() as usize).sum::<usize>() > few {
            // Sparse: the rare values below γ that are no option yet, as a
            // bitset; every pair's value is taken out of it, from the first
            // pairs on, until it is empty (the mex is γ) or all pairs are
            // seen (the mex is the least value left).
            let mut empty = false;
            let splits = &self.shape.split;
            if splits.len() == 1 && !g.is_folded() {
                let (h, r) = (self.split_len(n, splits[0]), n.wrapping_sub(splits[0]));
                empty = h > 0 && kernel::clear_pair_values(self.isa, g.seg(1, h), g.seg(r - h, h), pend);
            } else if !empty {
                // Several splits, or a folded table: windows that grow, in
                // turn from the front and the middle of every split, so that
                // a value only one split gives early is found early, and no
                // slice is longer than the table serves.
                let cursors = &mut scratch.cursors;
                cursors.clear();
                cursors.extend(splits.iter().map(|&k| {
                    let h = self.split_len(n, k);
                    [(0, h / 2), (h / 2, h)]
                }));
                let mut window = 256usize;
                'windows: loop {
                    let mut left = false;
                    for (c, &k) in cursors.iter_mut().zip(splits) {
                        for (from, end) in c.iter_mut() {
                            let to = (*end).min(*from + window.min(g.span()));
                            if *from < to {
                                let (r, len) = (n - k, to - *from);
                                if kernel::clear_pair_values(
                                    self.isa,
                                    g.seg(1 + *from, len),
                                    g.seg(r - to, len),
                                    pend,
                                ) {
                                    empty = true;
                                    break 'windows;
                                }
                            }
                            *from = to;
                            left |= to < *end;
                        }
                    }
                    if !left {
                        break;
                    }
                    window = window.saturating_mul(4);
                }
            }
            let left = pend.iter().enumerate().find(|&(_, &w)| w != 0);
            return match left {
                Some((w, &x)) if !empty => value16(n, w * 64 + x.trailing_zeros() as usize),
                _ => value16(n, gamma),
            };
        }
        // Dense, or few candidates: the values below γ that are not yet
        // known to be options.
        let pending = &mut scratch.pending;
        pending.clear();
        for w in 0..gamma.div_ceil(64) {
            let below = if (w + 1) * 64 <= gamma {
                !0u64
            } else {
                (1u64 << (gamma % 64)) - 1
            };
            let mut x = rare_pat[w] & !row[w] & below;
            while x != 0 {
                pending.push((w * 64 + x.trailing_zeros() as usize) as u16);
                x &= x - 1;
            }
        }
        if pending.is_empty() {
            return value16(n, gamma);
        }
        // Phase A (dense runs with more than `few` candidates; a sparse run
        // comes here only with few): take the values of the first HEAD pairs
        // of each split, a chunk at a time, until every candidate below γ is
        // hit. Stamps, not bits: plain stores do not wait on each other.
        const HEAD: usize = 2048;
        const STEP: usize = 64;
        // The first chunk is short: most candidates are hit by the first
        // few pairs.
        const FIRST: usize = 16;
        let mut xs = [0u16; STEP];
        scratch.stamp = scratch.stamp.wrapping_add(1);
        if scratch.stamp == 0 {
            scratch.seen.fill(0);
            scratch.stamp = 1;
        }
        let stamp = scratch.stamp;
        if scratch.seen.len() < row.len() * 64 {
            scratch.seen.resize(row.len() * 64, 0);
        }
        // A plain slice, so that the stores below need no reloads.
        let seen: &mut [u32] = &mut scratch.seen[..];
        // Per split, the pairs phase A took (a plain array of 64 costs a
        // 512-byte clear per heap).
        let scanned = &mut scratch.scanned;
        scanned.clear();
        scanned.resize(self.shape.split.len(), 0);
        // pending[..front] are known options; the mex is the first one after
        // that which no pair hits, or γ.
        let mut front = 0;
        let mut small = 0u64;
        let skip_a = self.mask != 0 || pending.len() <= few;
        'scan: for (i, &k) in self.shape.split.iter().enumerate() {
            if skip_a {
                break;
            }
            let h = self.split_len(n, k);
            let r = n.wrapping_sub(k);
            let mut done = 0;
            while done < h.min(HEAD) {
                let len = (h - done).min(if done == 0 { FIRST } else { STEP });
                // Pairs a = 1 + done .. 1 + done + len, partners r − a.
                let (lo, hi) = (g.seg(1 + done, len), g.seg(r - done - len, len));
                if words == 1 {
                    // Every value is below 64: a bitmask in registers.
                    small |= kernel::pair_mask64(self.isa, lo, hi);
                    while front < pending.len() && small >> pending[front] & 1 == 1 {
                        front += 1;
                    }
                } else {
                    kernel::xor_pairs(lo, hi, &mut xs[..len]);
                    for &x in &xs[..len] {
                        seen[x as usize] = stamp;
                    }
                    while front < pending.len() && seen[pending[front] as usize] == stamp {
                        front += 1;
                    }
                }
                done += len;
                if front == pending.len() {
                    break 'scan;
                }
            }
            scanned[i] = done;
        }
        if front == pending.len() {
            return value16(n, gamma);
        }
        while small != 0 {
            seen[small.trailing_zeros() as usize] = stamp;
            small &= small - 1;
        }
        // Phase B: the candidates left, in increasing order, each searched
        // for among the remaining pairs until its first hit; the first one
        // that no pair hits is the mex. (Usually the first candidate left is
        // the mex, so one full pass per heap: searching several candidates
        // in one pass measured slower.)
        for &v in &pending[front..] {
            if seen[v as usize] == stamp {
                continue;
            }
            // The splits' pairs in growing windows, taking turns, so that
            // a value that only one split gives early is found early.
            let from = &mut scratch.from;
            from.clear();
            from.extend_from_slice(scanned);
            let mut window = if self.shape.split.len() == 1 {
                usize::MAX
            } else {
                64
            };
            let mut hit = false;
            'search: loop {
                let mut left = false;
                for (i, &k) in self.shape.split.iter().enumerate() {
                    let h = self.split_len(n, k);
                    let to = h.min(from[i].saturating_add(window));
                    if from[i] < to && search(self.isa, g, 1 + from[i], 1 + to, n - k, v) {
                        hit = true;
                        break 'search;
                    }
                    from[i] = from[i].max(to);
                    left |= from[i] < h;
                }
                if !left {
                    break;
                }
                window = window.saturating_mul(4);
            }
            if !hit {
                return value16(n, v as usize);
            }
        }
        value16(n, gamma)
    }

    /// The number of pairs (a, r − a) of a split taking k from heap n.
    pub(super) fn split_len(&self, n: usize, k: usize) -> usize {
        if n < k + 2 {
            return 0;
        }
        let r = n - k;
        if self.shape.unequal {
            (r - 1) / 2
        } else {
            r / 2
        }
    }
}

/// g(n) = v as a stored value, or the error that it does not fit.
pub(super) fn value16(n: usize, v: usize) -> Result<u16> {
    u16::try_from(v).ok().filter(|&v| v < u16::MAX).ok_or_else(|| {
        Error::Unsupported(format!(
            "g({n}) would exceed 65534, the largest value the sequence engine stores"
        ))
    })
}

/// Whether g(a) ^ g(r − a) == v for some a in from..to, a slice of the
/// table at a time, from the smallest a. (Splitting long searches between
/// two threads was measured: a thread per search costs more than it saves,
/// since most searches stop early. So did a helper spinning through each
/// dense batch, handed the second half of every search of 8192 pairs or
/// more after the main thread found nothing in the first quarter: 0.007's
/// dense phase, to 5·10^4, took 0.24 s instead of 0.20, since 0.007
/// searches some 28 candidates a heap there and most are found early in
/// the main thread's half, before the helper claims its own; it claimed 3%
/// of the halves posted.)
pub(super) fn search(isa: Isa, g: &Table, from: usize, to: usize, r: usize, v: u16) -> bool {
    let step = g.span();
    let mut a = from;
    while a < to {
        let len = (to - a).min(step);
        // Pairs a..a + len with partners r − a − len + 1 ..= r − a.
        if kernel::any_pair_is(isa, g.seg(a, len), g.seg(r + 1 - a - len, len), v) {
            return true;
        }
        a += len;
    }
    false
}

/// The least value marked in neither `row` nor `taken`: with `taken` the
/// rare values, the least common value that is no option (`row.len() * 64`
/// if none is left).
pub(super) fn least_free(row: &[u64], taken: &[u64]) -> usize {
    row.iter()
        .zip(taken)
        .enumerate()
        .find_map(|(w, (&r, &t))| {
            let free = !(r | t);
            (free != 0).then(|| w * 64 + free.trailing_zeros() as usize)
        })
        .unwrap_or(row.len() * 64)
}
