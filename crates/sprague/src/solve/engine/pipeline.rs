//! The two-thread pipeline: mark jobs for the next batch, cut into
//! chunks either thread may claim, and the band whose partners reach
//! into the batch being computed.

use super::batch::mark_rare;
use super::kernel::Isa;
use super::mask::{bound_for, common_pattern};
use super::partial::{check_late, Cands, Halves, NO_CANDS};
use super::run::Engine;
use super::table::Live;
use crate::Result;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, OnceLock};

impl Engine {
    /// [`Engine::run_batches`] with a helper thread that makes the rare ×
    /// common marks of batch j + 1 while this thread finishes batch j. The
    /// table is pinned meanwhile, so that the helper can read the values
    /// before batch j while this one appends.
    pub(super) fn run_pipelined(&mut self, end: usize, full: bool) -> Result<()> {
        self.values.pin(true);
        // A panic on either thread is raised again after unpinning, so that
        // an engine whose caller catches it is not left pinned.
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            std::thread::scope(|s| {
                let (jobs, todo) = mpsc::channel::<Arc<MarkJob>>();
                s.spawn(move || {
                    for job in todo {
                        job.work();
                        job.help_band();
                    }
                });
                // Dropping `jobs` at the end stops the helper.
                self.run_batches(end, full, Some(&Pipe { jobs }))
            })
        }));
        self.values.pin(false);
        out.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }

    /// The helper's share of batch n1..n2's marks, to make while batch
    /// n0..n1 is computed: the bulk ranges whose partners lie before n0
    /// (rare p ≥ n2 − n0 − k), read at once, and the *band*, the bulk
    /// ranges whose partners lie in n0..n1, read as batch n0..n1 is
    /// computed. `None` when the share is too small to pay for the
    /// hand-over.
    pub(super) fn mark_job(&self, n0: usize, n1: usize, n2: usize) -> Option<MarkJob> {
        let (bulk, _) = self.plan(n1, n2);
        // Every rare position so far is below n0.
        let known = self.rare.len();
        let pp = |x: usize| self.rare.partition_point(|&(p, _)| (p as usize) < x);
        let cut = |k: usize| pp((n2 - n0).saturating_sub(k));
        let share: Vec<(usize, usize, usize)> = bulk
            .iter()
            .map(|&(k, a, b)| (k, a.max(cut(k)), b.min(known)))
            .filter(|&(_, a, b)| a < b)
            .collect();
        let band: Vec<(usize, usize, usize)> = bulk
            .iter()
            .map(|&(k, a, b)| (k, a, b.min(known).min(cut(k))))
            .filter(|&(_, a, b)| a < b)
            .collect();
        let count = |r: &[(usize, usize, usize)]| r.iter().map(|&(_, a, b)| b - a).sum::<usize>();
        let positions = count(&share);
        if (positions + count(&band)) * (n2 - n1) < self.tuning.par_work.max(1) {
            return None;
        }
        let words = bound_for(self.max_value) / 64;
        let halves = Halves::pays(positions, words, self.isa)
            .then(|| Halves::of(&self.rare, &share, self.tuning.check_every(), self.isa));
        let chunks = (n2 - n1).div_ceil(CHUNK);
        Some(MarkJob {
            // SAFETY: the table is flat and pinned for the whole pipeline
            // (`run_pipelined`), and the helper is joined before it is
            // unpinned.
            view: unsafe { self.values.live() },
            rare: self.rare.clone(),
            share,
            band,
            computing: n0,
            n0: n1,
            n1: n2,
            words,
            epoch: self.rare_epoch,
            halves,
            common: common_pattern(words, self.mask),
            isa: self.isa,
            next: AtomicUsize::new(0),
            chunks: (0..chunks).map(|_| OnceLock::new()).collect(),
            band_next: AtomicUsize::new(0),
            band_chunks: (0..chunks).map(|_| OnceLock::new()).collect(),
            cancelled: AtomicBool::new(false),
        })
    }
}

/// Heaps per chunk of a [`MarkJob`]: the unit the two threads claim.
pub(super) const CHUNK: usize = 64;

/// A share of a batch's rare × common marks, made in chunks of [`CHUNK`]
/// heaps by whichever thread claims them first: the helper, from when the
/// job is sent, and the main thread, when it reaches the batch and takes
/// the chunks left. The band's chunks are made in a second pass, each as
/// soon as the values it reads are computed.
pub(super) struct MarkJob {
    /// The table, as far as it is computed.
    pub(super) view: Live,
    /// The rare list when the job was made.
    pub(super) rare: Vec<(u32, u16)>,
    /// The ranges `(k, from, to)` of `rare` to mark whose partners lie
    /// before the previous batch.
    pub(super) share: Vec<(usize, usize, usize)>,
    /// The ranges whose partners lie in the previous batch.
    pub(super) band: Vec<(usize, usize, usize)>,
    /// Where the batch being computed when the job was made starts: the
    /// band reads its values, which the job's `words` may be too few for.
    pub(super) computing: usize,
    /// The batch n0..n1.
    pub(super) n0: usize,
    pub(super) n1: usize,
    /// Words per heap bitset.
    pub(super) words: usize,
    /// The rare list's epoch (see `Engine::rare_epoch`).
    pub(super) epoch: u64,
    /// The share split for partial marks, where they pay.
    pub(super) halves: Option<Halves>,
    /// The common values below the bitsets' size, as a bitset.
    pub(super) common: Vec<u64>,
    /// The kernels' instructions (the engine's).
    pub(super) isa: Isa,
    /// The next chunk to claim.
    pub(super) next: AtomicUsize,
    /// Each chunk's marks, `words` per heap, and per heap the value up to
    /// which they are exact (see [`Halves::mark`]), once made; `None` if
    /// making it failed.
    pub(super) chunks: Vec<OnceLock<Option<ChunkMarks>>>,
    /// The next band chunk to claim.
    pub(super) band_next: AtomicUsize,
    /// Each chunk's band marks (exact), once made; `None` if making them
    /// failed.
    pub(super) band_chunks: Vec<OnceLock<Option<Vec<u64>>>>,
    /// Set when the job will not be used: the helper, waiting for the
    /// values of a band chunk, gives up.
    pub(super) cancelled: AtomicBool,
}

impl MarkJob {
    /// Claims and makes chunks until none is left; returns how many this
    /// call made.
    pub(super) fn work(&self) -> usize {
        claim_all(&self.next, &self.chunks, |c| self.make(c))
    }

    /// The main thread's part of the band, at the start of the batch (when
    /// every value it reads is computed): claims and makes the chunks left;
    /// returns how many this call made.
    pub(super) fn work_band(&self) -> usize {
        claim_all(&self.band_next, &self.band_chunks, |c| {
            debug_assert!(self.view.len() >= self.band_needs(c));
            self.make_band(c)
        })
    }

    /// The helper's part of the band: each chunk in turn once the values it
    /// reads are computed, claimed only then, so that the main thread,
    /// which takes the chunks left when it reaches the batch, never waits
    /// for one whose values it has yet to compute. Between chunks it spins
    /// for up to [`BAND_SPIN`] (about the main thread's time for a chunk),
    /// then sleeps, so that a helper far ahead does not hold a core.
    /// Returns how many chunks it made.
    pub(super) fn help_band(&self) -> usize {
        let mut made = 0;
        let mut waiting_since = None;
        let mut spins = 0u32;
        loop {
            let c = self.band_next.load(Ordering::Acquire);
            let Some(cell) = self.band_chunks.get(c) else {
                return made;
            };
            if self.cancelled.load(Ordering::Relaxed) {
                return made;
            }
            if self.view.len() < self.band_needs(c) {
                let since = *waiting_since.get_or_insert_with(std::time::Instant::now);
                spins += 1;
                // The clock read every 64 spins (each read costs more than
                // a spin).
                if !spins.is_multiple_of(64) || since.elapsed() < BAND_SPIN {
                    std::hint::spin_loop();
                } else {
                    std::thread::sleep(BAND_NAP);
                }
                continue;
            }
            waiting_since = None;
            spins = 0;
            if self
                .band_next
                .compare_exchange(c, c + 1, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
            {
                fill(cell, || self.make_band(c));
                made += 1;
            }
        }
    }

    /// Heaps h0..h0 + len of chunk c.
    pub(super) fn chunk_heaps(&self, c: usize) -> (usize, usize) {
        let h0 = self.n0 + c * CHUNK;
        (h0, CHUNK.min(self.n1 - h0))
    }

    /// How many values band chunk c reads: the largest partner is
    /// h0 + len − 1 − k − p for the first rare p of a range (all lie
    /// before the batch).
    pub(super) fn band_needs(&self, c: usize) -> usize {
        let (h0, len) = self.chunk_heaps(c);
        self.band
            .iter()
            .map(|&(k, a, _)| (h0 + len).saturating_sub(k + self.rare[a].0 as usize))
            .max()
            .unwrap_or(0)
            .min(self.n0)
    }

    /// The band marks of chunk c; every value they read must be computed.
    /// Where the share was halved, the band's positions are only checked
    /// against the chunk's candidates (waiting for the chunk if another
    /// thread is making it).
    ///
    /// If a value it reads outgrew the job's bitsets, it marks nothing: the
    /// main thread then finds more words needed and drops the whole job.
    pub(super) fn make_band(&self, c: usize) -> Vec<u64> {
        let (h0, heaps) = self.chunk_heaps(c);
        let mut bits = vec![0; heaps * self.words];
        let vals = self.view.values();
        let needs = self.band_needs(c);
        let bound = self.words * 64;
        if vals[self.computing.min(needs)..needs]
            .iter()
            .max()
            .is_some_and(|&v| v as usize >= bound)
        {
            return bits;
        }
        if let Some(cands) = self.halves.as_ref().and_then(|_| self.chunk_cands(c)) {
            let lists: Vec<(usize, &[(u32, u16)])> =
                self.band.iter().map(|&(k, a, b)| (k, &self.rare[a..b])).collect();
            check_late(self.isa, vals, h0, &lists, cands, &mut bits, self.words);
            return bits;
        }
        self.mark_ranges(&self.band, vals, &mut bits, h0);
        bits
    }

    /// Marks, in `bits`, what the rare ranges `(k, from, to)` give the
    /// heaps of the chunk from h0.
    pub(super) fn mark_ranges(
        &self,
        ranges: &[(usize, usize, usize)],
        vals: &[u16],
        bits: &mut [u64],
        h0: usize,
    ) {
        let heaps = bits.len() / self.words;
        for &(k, a, b) in ranges {
            mark_rare(self.isa, vals, bits, self.words, heaps, &self.rare[a..b], h0 - k);
        }
    }

    /// The candidates of chunk c, once it is made (it is claimed when its
    /// band chunk is made), if the share was halved; `None` if making it
    /// failed or the job was cancelled (then it may never be made).
    pub(super) fn chunk_cands(&self, c: usize) -> Option<&Cands> {
        let mut spins = 0u32;
        loop {
            if let Some(made) = self.chunks[c].get() {
                return made.as_ref().and_then(|m| m.cands.as_deref());
            }
            if self.cancelled.load(Ordering::Relaxed) {
                return None;
            }
            // Spin for about a chunk's time; then let the thread making it
            // run (on a machine with more threads than cores, spinning on
            // kept it from running: a fifth of the CPU time of Officers
            // with AVX2 on a loaded 2-core machine).
            spins += 1;
            if spins < 1 << 12 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// The marks of chunk c and, per heap, the value up to which they are
    /// exact.
    pub(super) fn make(&self, c: usize) -> ChunkMarks {
        let (h0, heaps) = self.chunk_heaps(c);
        let mut bits = vec![0; heaps * self.words];
        let mut trust = vec![u16::MAX; heaps];
        let vals = self.view.values();
        let cands = match &self.halves {
            Some(h) => {
                let mut cands = [NO_CANDS];
                h.mark(vals, h0, &self.common, &mut bits, &mut trust, &mut cands);
                Some(Box::new(cands[0]))
            }
            None => {
                self.mark_ranges(&self.share, vals, &mut bits, h0);
                None
            }
        };
        ChunkMarks { bits, trust, cands }
    }

    /// Waits until every chunk and band chunk is claimed, or for `limit`
    /// ([`Tuning::helper_first`]).
    pub(super) fn wait_claimed(&self, limit: std::time::Duration) {
        let start = std::time::Instant::now();
        while (self.next.load(Ordering::Acquire) < self.chunks.len()
            || self.band_next.load(Ordering::Acquire) < self.band_chunks.len())
            && start.elapsed() < limit
        {
            std::thread::sleep(BAND_NAP);
        }
    }

    /// Leaves the chunks not yet claimed unmade: only for a job that will
    /// not be used (whoever waited for its chunks would wait forever).
    pub(super) fn cancel(&self) {
        self.next.store(self.chunks.len(), Ordering::Relaxed);
        self.band_next.store(self.band_chunks.len(), Ordering::Relaxed);
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

/// How long the helper spins for the values of its next band chunk before
/// it sleeps ([`MarkJob::help_band`]).
pub(super) const BAND_SPIN: std::time::Duration = std::time::Duration::from_micros(50);

/// How long the helper sleeps at a time while it waits for them.
pub(super) const BAND_NAP: std::time::Duration = std::time::Duration::from_micros(50);

/// What a chunk of a [`MarkJob`] made.
pub(super) struct ChunkMarks {
    /// The marks, `words` per heap.
    pub(super) bits: Vec<u64>,
    /// Per heap, the value up to which they are exact.
    pub(super) trust: Vec<u16>,
    /// The heaps' candidates, where the share was halved.
    pub(super) cands: Option<Box<Cands>>,
}

/// Claims chunks from `next` until none of `cells` is left, and sets each
/// to what `make` gives; returns how many this call made.
pub(super) fn claim_all<T>(
    next: &AtomicUsize,
    cells: &[OnceLock<Option<T>>],
    make: impl Fn(usize) -> T,
) -> usize {
    let mut made = 0;
    loop {
        let c = next.fetch_add(1, Ordering::Relaxed);
        let Some(cell) = cells.get(c) else {
            return made;
        };
        fill(cell, || make(c));
        made += 1;
    }
}

/// Sets a chunk claimed by this thread (only its claimant sets it): to what
/// `make` gives, or, if making it panics, to `None` as the guard drops, so
/// that nobody waits for it forever.
pub(super) fn fill<T>(cell: &OnceLock<Option<T>>, make: impl FnOnce() -> T) {
    let failed = Unmade(cell);
    let _ = cell.set(Some(make()));
    drop(failed);
}

/// Sets a chunk to `None` when dropped before it was set (a panic while
/// making it).
pub(super) struct Unmade<'a, T>(&'a OnceLock<Option<T>>);

impl<T> Drop for Unmade<'_, T> {
    fn drop(&mut self) {
        let _ = self.0.set(None);
    }
}

/// The job sent for the next batch, cancelled when dropped untaken.
pub(super) struct Inflight(pub(super) Option<Arc<MarkJob>>);

impl Drop for Inflight {
    fn drop(&mut self) {
        if let Some(job) = &self.0 {
            job.cancel();
        }
    }
}

/// The main thread's end of the channel to the helper thread.
pub(super) struct Pipe {
    pub(super) jobs: mpsc::Sender<Arc<MarkJob>>,
}

/// The ranges `(k, from, to)` of `all` less those of `taken` (each taken
/// range lies within one of `all` with the same k).
pub(super) fn without(
    all: &[(usize, usize, usize)],
    taken: &[(usize, usize, usize)],
) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for &(k, a, b) in all {
        let mut holes: Vec<(usize, usize)> = taken
            .iter()
            .filter(|&&(tk, ta, tb)| tk == k && ta < b && tb > a)
            .map(|&(_, ta, tb)| (ta.max(a), tb.min(b)))
            .collect();
        holes.sort_unstable();
        let mut from = a;
        for (ha, hb) in holes {
            if from < ha {
                out.push((k, from, ha));
            }
            from = from.max(hb);
        }
        if from < b {
            out.push((k, from, b));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::OctalCode;
    use crate::solve::engine::game::SeqGame;
    use crate::solve::engine::run::Status;
    use crate::solve::engine::table::Table;
    use crate::solve::engine::tuning::{Simd, Tuning};

    #[test]
    fn the_helper_makes_band_marks_and_the_values_agree_with_one_thread() {
        let game = SeqGame::Octal(OctalCode::parse("0.6").unwrap());
        let tuned = |threads| Tuning {
            threads,
            par_work: 1,
            sparse_ratio: 4,
            ..Tuning::default()
        };
        let mut one = Engine::resume_tuned(game.clone(), vec![0], tuned(1)).unwrap();
        let mut two = Engine::resume_tuned(game.clone(), vec![0], tuned(2)).unwrap();
        // The helper claims every chunk it can before the main thread
        // makes any: its code runs whatever the scheduler does.
        let mut first = Engine::resume_tuned(
            game,
            vec![0],
            Tuning {
                helper_first: true,
                ..tuned(2)
            },
        )
        .unwrap();
        for e in [&mut one, &mut two, &mut first] {
            while e.advance(30_000, true, 30_000).unwrap() == Status::Running {}
        }
        assert_eq!(one.to_vec(), two.to_vec());
        assert_eq!(one.to_vec(), first.to_vec());
        assert!(first.handed_over > 0, "the helper made no marks");
        assert!(first.band_handed_over > 0, "the helper made no band marks");
    }

    /// Games whose batches take candidates from the helper's halves while
    /// the main thread halves a share of its own too (found with counters
    /// by a reviewer): the trust must be the least of both.
    #[test]
    fn batches_halved_by_both_threads_agree_with_one_thread() {
        for code in ["0.3456", "0.0404"] {
            let game = SeqGame::Octal(OctalCode::parse(code).unwrap());
            let tuned = |threads, helper_first| Tuning {
                threads,
                par_work: 1,
                helper_first,
                ..Tuning::default()
            };
            let mut runs: Vec<Engine> = [tuned(1, false), tuned(2, false), tuned(2, true)]
                .into_iter()
                .map(|t| Engine::resume_tuned(game.clone(), vec![0], t).unwrap())
                .collect();
            for e in &mut runs {
                while e.advance(10_000, true, 10_000).unwrap() == Status::Running {}
            }
            assert_eq!(runs[0].to_vec(), runs[1].to_vec(), "{code}");
            assert_eq!(runs[0].to_vec(), runs[2].to_vec(), "{code} (helper first)");
        }
    }

    #[test]
    fn the_helper_waiting_for_band_values_gives_up_when_cancelled() {
        let mut t = Table::new(Vec::with_capacity(4096));
        for v in 0..1000u16 {
            t.push(v % 7).unwrap();
        }
        t.pin(true);
        let rare: Vec<(u32, u16)> = (1..100).map(|p| (p, 2)).collect();
        let job = MarkJob {
            // SAFETY: flat and pinned until the end of the test.
            view: unsafe { t.live() },
            rare,
            share: vec![],
            // Partners up to 2000 + 63 − 1 − 1: values not computed yet.
            band: vec![(1, 0, 99)],
            computing: 1000,
            n0: 2000,
            n1: 2128,
            words: 1,
            epoch: 0,
            halves: None,
            common: vec![0],
            isa: Isa::detect(Simd::Avx512),
            next: AtomicUsize::new(0),
            chunks: (0..2).map(|_| OnceLock::new()).collect(),
            band_next: AtomicUsize::new(0),
            band_chunks: (0..2).map(|_| OnceLock::new()).collect(),
            cancelled: AtomicBool::new(false),
        };
        std::thread::scope(|s| {
            let waiting = s.spawn(|| job.help_band());
            std::thread::sleep(std::time::Duration::from_millis(50));
            assert!(!waiting.is_finished(), "the chunk did not wait for its values");
            job.cancel();
            assert_eq!(waiting.join().unwrap(), 0);
        });
        // No chunk was claimed or made from values never computed.
        assert!(job.band_chunks.iter().all(|c| c.get().is_none()));
        t.pin(false);
    }

    #[test]
    fn without_leaves_exactly_the_ranges_not_taken() {
        let all = [(1, 0, 10), (1, 20, 30), (2, 0, 10)];
        let taken = [(1, 3, 5), (1, 8, 10), (1, 20, 30), (2, 0, 4)];
        assert_eq!(without(&all, &taken), vec![(1, 0, 3), (1, 5, 8), (2, 4, 10)]);
        assert_eq!(without(&all, &[]), all.to_vec());
        // Each index of each k is in exactly one of the results or taken.
        for k in [1, 2] {
            for x in 0..30 {
                let inside = |r: &[(usize, usize, usize)]| {
                    r.iter().filter(|&&(rk, a, b)| rk == k && a <= x && x < b).count()
                };
                assert_eq!(
                    inside(&without(&all, &taken)) + inside(&taken),
                    inside(&all),
                    "k {k} x {x}"
                );
            }
        }
    }
}
