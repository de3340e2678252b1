//! Batches: the plan of a batch's marks, the rare × common marks made
//! for the whole batch at once, and the heaps finished in order.

use super::kernel;
use super::kernel::Isa;
use super::mask::{bound_for, common_pattern};
use super::partial::{Cands, Halves, NO_CANDS};
use super::pipeline::{without, Inflight, MarkJob, Pipe, CHUNK};
use super::run::{Engine, Scratch};
use super::table::Table;
use crate::Result;
use std::sync::Arc;

impl Engine {
    /// The end of the batch that starts at n0.
    pub(super) fn batch_end(&self, n0: usize, end: usize) -> usize {
        let next_pow = (n0 + 1).next_power_of_two();
        end.min(n0 + self.tuning.batch).min(next_pow)
    }

    /// Computes batches up to `end` (see [`Engine::advance`]); with a
    /// pipeline, the helper marks the next batch meanwhile. Returns at
    /// `end`, at a proven period unless `full`, and, when pipelined, at any
    /// proven period (the table may have to fold, which a pinned table
    /// may not).
    pub(super) fn run_batches(&mut self, end: usize, full: bool, pipe: Option<&Pipe>) -> Result<()> {
        // The job sent for the next batch; cancelled if this returns
        // before that batch takes it.
        let mut inflight = Inflight(None);
        loop {
            if self.values.len() >= end || (self.period.is_some() && (!full || pipe.is_some())) {
                return Ok(());
            }
            let two = full && pipe.is_none() && self.tuning.threads > 1;
            if !(two && self.folded_on_two(end)?) {
                let n0 = self.values.len();
                let n1 = self.batch_end(n0, end);
                // The job for this batch, sent one batch ago.
                let pre = inflight.0.take();
                if let Some(p) = pipe {
                    if n1 < end {
                        let n2 = self.batch_end(n1, end);
                        if let Some(job) = self.mark_job(n0, n1, n2) {
                            let job = std::sync::Arc::new(job);
                            if p.jobs.send(job.clone()).is_ok() {
                                inflight.0 = Some(job);
                            }
                        }
                    }
                }
                self.batch(n0, n1, pre)?;
            }
            let len = self.values.len();
            if len >= self.next_split_check || self.rare.len() > 2 * self.rare_at_build + 256 {
                self.choose_split(false);
            }
            self.check_period();
            if full && pipe.is_none() {
                if let Some(p) = self.period {
                    let (o, per) = (p.preperiod as usize, p.period as usize);
                    let span = self.tuning.fold_span;
                    // Keep what proves the period and what the fold needs.
                    let keep = (p.proven_with as usize).max(o + per + span);
                    self.values.fold(o, per, span, 0, keep)?;
                }
            }
        }
    }

    /// The rare index ranges of batch n0..n1: per split k, the ranges
    /// marked for the whole batch at once, `(k, from, to)` (their partners
    /// lie before the batch), and the ranges left to each heap.
    pub(super) fn plan(&self, n0: usize, n1: usize) -> (Vec<(usize, usize, usize)>, Vec<SeqRanges>) {
        let (mut bulk, mut seq) = (Vec::new(), Vec::new());
        if self.mask == 0 {
            return (bulk, seq);
        }
        let heaps = n1 - n0;
        let rare = &self.rare;
        let pp = |x: usize| rare.partition_point(|&(p, _)| (p as usize) < x);
        for &k in &self.shape.split {
            let lo = pp(heaps);
            let hi = pp(n0.saturating_sub(k)).max(lo);
            let (mid_lo, mid_hi) = if self.shape.unequal {
                let a = pp(((n0.saturating_sub(k)) / 2).saturating_sub(1)).clamp(lo, hi);
                let b = pp((n1.saturating_sub(k)) / 2 + 2).clamp(a, hi);
                (a, b)
            } else {
                (hi, hi)
            };
            bulk.push((k, lo, mid_lo));
            bulk.push((k, mid_hi, hi));
            seq.push((k, [(mid_lo, mid_hi), (hi, lo)]));
        }
        (bulk, seq)
    }

    /// Computes g(n0..n1) (or fewer, if a new value outgrows the batch's
    /// bitsets), with the helper's marks `pre` where they still fit.
    pub(super) fn batch(&mut self, n0: usize, n1: usize, pre: Option<Arc<MarkJob>>) -> Result<()> {
        let bound = bound_for(self.max_value);
        let words = bound / 64;
        let heaps = n1 - n0;
        let (mut bulk, seq_ranges) = self.plan(n0, n1);
        // The helper's job is for this batch, bitset size and rare list, or
        // not used (and cancelled).
        let pre = pre.and_then(|j| {
            if (j.n0, j.n1, j.words, j.epoch) == (n0, n1, words, self.rare_epoch) {
                Some(j)
            } else {
                j.cancel();
                None
            }
        });
        let mut bits = std::mem::take(&mut self.scratch);
        bits.clear();
        bits.resize(heaps * words, 0);
        let mut trust = vec![u16::MAX; heaps];
        let common = common_pattern(words, self.mask);
        if let Some(job) = &pre {
            bulk = without(&without(&bulk, &job.share), &job.band);
        }
        bulk.retain(|&(_, a, b)| a < b);
        let positions = bulk.iter().map(|&(_, a, b)| b - a).sum::<usize>();
        let own = (Halves::pays(positions, words, self.isa) && !self.values.is_folded())
            .then(|| Halves::of(&self.rare, &bulk, self.tuning.check_every(), self.isa));
        // Each group's candidates, where some halves were marked.
        let have_cands = own.is_some() || pre.as_ref().is_some_and(|j| j.halves.is_some());
        let mut cands = if have_cands {
            vec![NO_CANDS; heaps.div_ceil(CHUNK)]
        } else {
            Vec::new()
        };
        match &own {
            Some(h) => h.mark(
                self.values.stored(),
                n0,
                &common,
                &mut bits,
                &mut trust,
                &mut cands,
            ),
            None => {
                for &(k, a, b) in &bulk {
                    mark_rare(
                        self.isa,
                        &self.values,
                        &mut bits,
                        words,
                        heaps,
                        &self.rare[a..b],
                        n0 - k,
                    );
                }
            }
        }
        if let Some(job) = &pre {
            if self.tuning.helper_first {
                job.wait_claimed(std::time::Duration::from_secs(1));
            }
            // The chunks the helper has not started are made here; then
            // every chunk's marks join the batch's.
            let mine = job.work();
            self.handed_over += (job.chunks.len() - mine) as u64;
            for (c, cell) in job.chunks.iter().enumerate() {
                // A chunk whose maker failed (a panic on the helper thread,
                // which the scope raises again at its end) is made here.
                let redo;
                let made = match cell.wait() {
                    Some(made) => made,
                    None => {
                        redo = job.make(c);
                        &redo
                    }
                };
                for (b, m) in bits[c * CHUNK * words..].iter_mut().zip(&made.bits) {
                    *b |= m;
                }
                for (t, &e) in trust[c * CHUNK..].iter_mut().zip(&made.trust) {
                    *t = (*t).min(e);
                }
                // Either halves' candidates serve: every common value up to
                // the least trust that is still free is one of each.
                if let Some(cs) = &made.cands {
                    cands[c] = **cs;
                }
            }
            // The band: every value it reads is known now.
            let mine = job.work_band();
            self.band_handed_over += (job.band_chunks.len() - mine) as u64;
            for (c, cell) in job.band_chunks.iter().enumerate() {
                let redo;
                let marks = match cell.wait() {
                    Some(made) => made,
                    None => {
                        redo = job.make_band(c);
                        &redo
                    }
                };
                for (b, m) in bits[c * CHUNK * words..].iter_mut().zip(marks) {
                    *b |= m;
                }
            }
        }

        let halves: Vec<&Halves> = own
            .iter()
            .chain(pre.as_ref().and_then(|j| j.halves.as_ref()))
            .collect();
        let mut plan = self.batch_plan(n0, heaps, words, seq_ranges);
        plan.trust = trust;
        plan.halves = halves;
        plan.band_checked = pre
            .as_ref()
            .filter(|j| j.halves.is_some())
            .map(|j| j.band.clone())
            .unwrap_or_default();
        plan.cands = cands;
        let mut scratch = std::mem::take(&mut self.phase);
        let out = self.batch_in_order(&plan, &mut bits, &mut scratch);
        self.scratch = bits;
        self.phase = scratch;
        out
    }

    /// The plan of batch n0..n0 + heaps with every position marked in
    /// full (no halves, no candidates) and exact bitsets.
    pub(super) fn batch_plan<'a>(
        &self,
        n0: usize,
        heaps: usize,
        words: usize,
        seq: Vec<SeqRanges>,
    ) -> BatchPlan<'a> {
        BatchPlan {
            trust: vec![u16::MAX; heaps],
            halves: Vec::new(),
            band_checked: Vec::new(),
            cands: Vec::new(),
            n0,
            heaps,
            words,
            rare_pat: common_pattern(words, self.mask).iter().map(|&c| !c).collect(),
            small_all: seq.iter().map(|&(_, [_, (_, lo)])| lo).collect(),
            seq,
            sub_lo: self.rare.partition_point(|&(p, _)| (p as usize) < SUB),
            k_max: self.shape.split.iter().copied().max().unwrap_or(0),
        }
    }

    /// Computes the heaps of a batch one after the other, each pushed
    /// before the next (which may read it).
    pub(super) fn batch_in_order(
        &mut self,
        plan: &BatchPlan,
        bits: &mut [u64],
        scratch: &mut Scratch,
    ) -> Result<()> {
        let words = plan.words;
        let mut small = plan.small_all.clone();
        for i in 0..plan.heaps {
            let g = self.heap_step(plan, i, &mut bits[i * words..], &mut small, scratch)?;
            if !self.record(plan.n0 + i, g, words)? {
                break;
            }
        }
        Ok(())
    }
}

/// Heaps per group whose marks of the rare positions below the batch size
/// are made together (see `Engine::heap_step`).
pub(super) const SUB: usize = 64;

// A group of SUB heaps, a chunk of the pipeline and a group of candidate
// checks are the same heaps: the candidates of one serve the others.
const _: () = assert!(SUB == CHUNK && CHUNK == super::partial::CHECK_HEAPS);

/// What every heap of a batch needs.
pub(super) struct BatchPlan<'a> {
    /// Per heap, the value up to which the bulk marks are exact (see
    /// [`Halves::mark`]).
    pub(super) trust: Vec<u16>,
    /// The halves whose checked positions complete a heap's marks when its
    /// γ lies above its trust.
    pub(super) halves: Vec<&'a Halves>,
    /// The pipeline's band ranges `(k, from, to)` of the rare list, when
    /// they were checked against the candidates instead of marked: they
    /// too complete a heap's marks.
    pub(super) band_checked: Vec<(usize, usize, usize)>,
    /// Each group of [`SUB`] heaps' candidates (see [`Cands`]); empty when
    /// no halves were marked (then every position is marked in full).
    pub(super) cands: Vec<Cands>,
    /// The batch is heaps n0..n0 + heaps.
    pub(super) n0: usize,
    pub(super) heaps: usize,
    /// 64-bit words per heap bitset.
    pub(super) words: usize,
    /// The rare values below the bitsets' size, as a bitset.
    pub(super) rare_pat: Vec<u64>,
    /// The rare ranges left to the heaps (see [`Engine::plan`]).
    pub(super) seq: Vec<SeqRanges>,
    /// Per split, the end of the rare positions below the batch size.
    pub(super) small_all: Vec<usize>,
    /// The first rare position from SUB on.
    pub(super) sub_lo: usize,
    /// The largest k of a split move.
    pub(super) k_max: usize,
}

impl BatchPlan<'_> {
    /// Per split k, the rare positions from [`SUB`] up to the batch size,
    /// which each group of SUB heaps marks or checks (see
    /// `Engine::heap_step`).
    pub(super) fn sub_lists<'r>(&self, rare: &'r [(u32, u16)]) -> Vec<(usize, &'r [(u32, u16)])> {
        self.seq
            .iter()
            .zip(&self.small_all)
            .filter(|&(_, &lo)| self.sub_lo < lo)
            .map(|(&(k, _), &lo)| (k, &rare[self.sub_lo..lo]))
            .collect()
    }
}

/// The per-split rare index ranges left to each heap of a batch:
/// `(k, [(mid_lo, mid_hi), (hi, lo)])`, i.e. `0..lo`, `mid_lo..mid_hi` and
/// `hi..` (see [`Engine::plan`]).
pub(super) type SeqRanges = (usize, [(usize, usize); 2]);

/// The values, read a slice at a time: the table, or a prefix of it.
pub(super) trait Segments {
    /// g(x..x + len); `len` at most [`Segments::span`].
    fn seg(&self, x: usize, len: usize) -> &[u16];
    /// The longest slice served.
    fn span(&self) -> usize;
}

impl Segments for Table {
    fn seg(&self, x: usize, len: usize) -> &[u16] {
        Table::seg(self, x, len)
    }
    fn span(&self) -> usize {
        Table::span(self)
    }
}

impl Segments for [u16] {
    fn seg(&self, x: usize, len: usize) -> &[u16] {
        &self[x..x + len]
    }
    fn span(&self) -> usize {
        usize::MAX
    }
}

/// Marks, for every heap n0 + i of a batch, g(p) ^ g(base + i − p) for the
/// given rare positions p (base = n0 − k), reading the table a slice at a
/// time.
pub(super) fn mark_rare<S: Segments + ?Sized>(
    isa: Isa,
    values: &S,
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    rare: &[(u32, u16)],
    base: usize,
) {
    let span = values.span();
    let mut i = 0;
    while i < rare.len() {
        // The longest run of rare positions whose reads fit in one slice:
        // positions base − p .. base − p_i + heaps.
        let p_i = rare[i].0 as usize;
        let j = i + rare[i..].partition_point(|&(p, _)| (p as usize - p_i).saturating_add(heaps) <= span);
        let end = base - p_i + heaps;
        let x0 = base - rare[j - 1].0 as usize;
        let (seg, rs, off) = (values.seg(x0, end - x0), &rare[i..j], base - x0);
        if words == 1 {
            kernel::mark_batch64(isa, bits, heaps, seg, rs, off);
        } else {
            kernel::mark_batch(isa, bits, words, heaps, seg, rs, off);
        }
        i = j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::engine::tuning::Simd;

    #[test]
    fn marks_read_a_folded_table_as_the_flat_one() {
        // A sequence periodic from o = 10 with period 37, values below 128
        // (two-word bitsets, the byte or bit mark paths).
        let (o, p, len) = (10usize, 37usize, 5000usize);
        let g = |x: usize| {
            let y = if x < o { x } else { o + (x - o) % p };
            (y * 53 % 127) as u16
        };
        let flat = Table::new((0..len).map(g).collect());
        let keep = o + p + 64;
        let mut folded = Table::new((0..keep).map(g).collect());
        assert!(folded.fold(o, p, 64, len, keep).unwrap());
        let rare: Vec<(u32, u16)> = [3u32, 9, 40, 41, 300, 333, 1000, 2500, 4000]
            .iter()
            .map(|&q| (q, g(q as usize)))
            .collect();
        for (heaps, simd) in [1usize, 17, 64]
            .into_iter()
            .flat_map(|h| Simd::ALL.map(|l| (h, l)))
        {
            let (base, isa) = (len - heaps, Isa::detect(simd));
            let (mut a, mut b) = (vec![0u64; 2 * heaps], vec![0u64; 2 * heaps]);
            mark_rare(isa, &flat, &mut a, 2, heaps, &rare, base);
            mark_rare(isa, &folded, &mut b, 2, heaps, &rare, base);
            assert_eq!(a, b, "{heaps} heaps, {simd}");
            assert!(a.iter().any(|&w| w != 0));
        }
    }
}
