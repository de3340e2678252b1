//! Folded runs: past a proven period, the next values of a folded table
//! computed on two threads at once.

use super::batch::{mark_rare, SUB};
use super::mask::{bound_for, is_rare};
use super::run::{Engine, Scratch};
use crate::Result;

/// The most heaps each thread computes at once in a folded table
/// ([`Engine::folded_on_two`]): the values wait in memory until both
/// halves are done.
pub(super) const FOLDED_HALF: usize = 1 << 15;

impl Engine {
    /// Computes the next values of a folded table on two threads, each
    /// half of them (up to [`FOLDED_HALF`] each), then records them;
    /// false (nothing done) when there are too few left or the period
    /// holds rare values.
    ///
    /// Every value a heap reads, those of heaps not yet computed too, is
    /// the period's (see [`Table`]), and every value computed is checked
    /// against it when recorded, so the heaps are independent. The one
    /// thing recording changes that later heaps read is the rare list:
    /// hence only where the period gives no rare value (then no rare
    /// position joins it).
    pub(super) fn folded_on_two(&mut self, end: usize) -> Result<bool> {
        let n0 = self.values.len();
        let half = (end.saturating_sub(n0) / 2)
            .min(FOLDED_HALF)
            .min(self.values.span() / 2)
            / SUB
            * SUB;
        if !self.values.is_folded() || half < self.tuning.batch.max(SUB) {
            return Ok(false);
        }
        let (n1, n2) = (n0 + half, n0 + 2 * half);
        // The values the period gives (at most a span: one slice).
        let ahead = self.values.seg(n0, n2 - n0);
        if self.mask != 0 && ahead.iter().any(|&g| is_rare(g, self.mask)) {
            return Ok(false);
        }
        let words = bound_for(self.max_value) / 64;
        let this = &*self;
        let (first, second) = std::thread::scope(|s| {
            let helper = s.spawn(move || this.compute_folded(n1, n2));
            let first = this.compute_folded(n0, n1);
            (first, helper.join())
        });
        let second = second.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let (first, second) = (first?, second?);
        for run in [&first, &second] {
            // Checked against the period: no rare value, none past the
            // bitsets (all are at most the largest so far).
            self.values.push_run(run)?;
            self.note_run(run);
        }
        debug_assert!(self.max_value < (words * 64) as u16);
        self.folded_on_two += 1;
        Ok(true)
    }

    /// g(n0..n1) of a folded table whose period holds no rare value,
    /// computed in batches without recording them (see
    /// [`Engine::folded_on_two`]).
    pub(super) fn compute_folded(&self, n0: usize, n1: usize) -> Result<Vec<u16>> {
        let words = bound_for(self.max_value) / 64;
        let (mut out, mut bits, mut scratch) = (Vec::with_capacity(n1 - n0), Vec::new(), Scratch::default());
        let mut m0 = n0;
        while m0 < n1 {
            let m1 = (m0 + self.tuning.batch).min(n1);
            let heaps = m1 - m0;
            let (bulk, seq) = self.plan(m0, m1);
            bits.clear();
            bits.resize(heaps * words, 0);
            for &(k, a, b) in bulk.iter().filter(|&&(_, a, b)| a < b) {
                mark_rare(
                    self.isa,
                    &self.values,
                    &mut bits,
                    words,
                    heaps,
                    &self.rare[a..b],
                    m0 - k,
                );
            }
            let plan = self.batch_plan(m0, heaps, words, seq);
            let mut small = plan.small_all.clone();
            for i in 0..heaps {
                out.push(self.heap_step(&plan, i, &mut bits[i * words..], &mut small, &mut scratch)?);
            }
            m0 = m1;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::OctalCode;
    use crate::solve::engine::game::SeqGame;
    use crate::solve::engine::run::Status;
    use crate::solve::engine::tuning::Tuning;

    #[test]
    fn folded_tables_computed_on_two_threads_agree_with_one_thread() {
        // Small spans and batches, so that runs of a few hundred values
        // are split between the threads.
        let one = Tuning {
            sparse_ratio: 2,
            min_sparse: 16,
            batch: 16,
            fold_span: 256,
            ..Tuning::default()
        };
        // Even values rare: periods that hold rare values, which must not
        // be split (later heaps read the rare positions recorded before).
        let even_rare = Tuning {
            force_mask: Some(1),
            ..one
        };
        let mut used = Vec::new();
        for code in ["0.77", "0.16", "0.07", "0.137", "4.7", "0.54", "0.72", "0.14"] {
            let game = SeqGame::Octal(OctalCode::parse(code).unwrap());
            let run = |t: Tuning| {
                let mut e = Engine::resume_tuned(game.clone(), vec![0], t).unwrap();
                while e.advance(20_000, true, 3000).unwrap() == Status::Running {}
                (e.to_vec(), e.folded_on_two)
            };
            for t in [one, even_rare] {
                let ((a, _), (b, runs)) = (run(t), run(Tuning { threads: 2, ..t }));
                assert_eq!(a, b, "{code} with {t:?}");
                if runs > 0 {
                    used.push(code);
                }
            }
        }
        eprintln!("split between two threads: {used:?}");
        assert!(used.len() >= 2, "only {used:?} were split between two threads");
    }
}
