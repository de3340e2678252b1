//! The engine's state and its public calls: start or resume a run,
//! advance it, read its values and what it learnt.

use super::game::{SeqGame, Shape};
use super::kernel::Isa;
use super::mask::best_mask;
use super::period::{Period, Tracker};
use super::table::Table;
use super::tuning::{Simd, Tuning};
use crate::{Error, Result};

/// Where a run stands after [`Engine::advance`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// More values are to be computed.
    Running,
    /// g(0..=N) are all computed.
    Complete,
    /// A period is proven (and the caller did not ask for every value).
    Periodic,
}

/// The sequence engine: the state of one computation of g(0..=N) for an
/// octal or hexadecimal code or Grundy's game, with the values so far and
/// what the algorithm has learnt about them.
///
/// The algorithm (sparse space, the two-thread pipeline, the vector
/// kernels, the proof of a period) is described where it is written, in
/// the module comment of `solve/engine/mod.rs`, and in
/// `docs/architecture.md`.
///
/// # Examples
/// ```
/// use sprague::solve::{Engine, EngineStatus, SeqGame};
/// let kayles = SeqGame::Octal(sprague::rules::OctalCode::parse("0.77").unwrap());
/// let mut e = Engine::new(kayles);
/// // Stop as soon as the period is proven.
/// while e.advance(1_000_000, false, 100_000).unwrap() == EngineStatus::Running {}
/// let p = e.period().unwrap();
/// assert_eq!((p.preperiod, p.period), (71, 12));
/// assert_eq!(e.value(1_000_000), Some(e.value(71 + (1_000_000 - 71) % 12).unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    pub(super) game: SeqGame,
    pub(super) shape: Shape,
    pub(super) values: Table,
    pub(super) max_value: u16,
    pub(super) hist: Vec<u64>,
    /// 0 = dense mode.
    pub(super) mask: u16,
    pub(super) rare: Vec<(u32, u16)>,
    /// Counts the rebuilds of the rare list (indices into it change).
    pub(super) rare_epoch: u64,
    pub(super) rare_at_build: usize,
    pub(super) next_split_check: usize,
    pub(super) period: Option<Period>,
    /// Proves the period as the values grow (octal codes only).
    pub(super) tracker: Option<Tracker>,
    /// The bitsets of the three-heap moves (hexadecimal codes only).
    pub(super) triples: Option<Box<super::triples::Triples>>,
    pub(super) scratch: Vec<u64>,
    pub(super) phase: Scratch,
    pub(super) rebuilds: u64,
    /// Chunks of marks the helper thread made.
    pub(super) handed_over: u64,
    /// How many band chunks the helper made.
    pub(super) band_handed_over: u64,
    /// Runs of values of a folded table computed on two threads
    /// ([`Engine::folded_on_two`]).
    pub(super) folded_on_two: u64,
    pub(super) tuning: Tuning,
    /// The vector instructions the kernels use ([`Tuning::simd`] and the
    /// CPU's).
    pub(super) isa: Isa,
}

/// Reused buffers of the per-heap work.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    /// Whether the current group's positions from SUB up to the batch size
    /// were checked, not marked (`Engine::heap_step`).
    pub(super) sub_checked: bool,
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) pending: Vec<u16>,
    pub(super) pend: Vec<u64>,
    /// Per split, the next pair of the front and the middle scans.
    pub(super) cursors: Vec<[(usize, usize); 2]>,
    /// Per split, where a candidate's search goes on.
    pub(super) from: Vec<usize>,
    /// Per split, how many pairs phase A took.
    pub(super) scanned: Vec<usize>,
}

impl Engine {
    /// A fresh computation, holding g(0) = 0.
    pub fn new(game: SeqGame) -> Engine {
        Engine::resume(game, vec![0]).unwrap_or_else(|_| unreachable!("g(0) = 0 is a valid start"))
    }

    /// Continues a computation from values computed before (g(0..len)),
    /// e.g. read from a checkpoint. The values computed from here on are
    /// those of an uninterrupted run (the mask, the rare list and the
    /// period checks are rebuilt from the values), so the results agree.
    ///
    /// # Returns
    /// An error if `values` is empty or does not start with g(0) = 0.
    pub fn resume(game: SeqGame, values: Vec<u16>) -> Result<Engine> {
        Engine::resume_tuned(game, values, Tuning::default())
    }

    /// [`Engine::resume`] with other [`Tuning`].
    pub fn resume_tuned(game: SeqGame, values: Vec<u16>, tuning: Tuning) -> Result<Engine> {
        let len = values.len() as u64;
        Engine::resume_folded(game, values, len, tuning)
    }

    /// Continues a run of which g(0..computed) were computed but only
    /// `stored` = g(0..S) are given: a folded table, as
    /// [`Engine::stored`] and [`Engine::len`] report it and a checkpoint
    /// keeps it. With `computed` = S this is [`Engine::resume_tuned`].
    ///
    /// # Returns
    /// An error if `stored` does not start with g(0) = 0, if `computed` is
    /// below S or not below 2^32 − 1, or if `computed` > S but `stored`
    /// does not prove a period that folds.
    pub fn resume_folded(game: SeqGame, stored: Vec<u16>, computed: u64, tuning: Tuning) -> Result<Engine> {
        if stored.first() != Some(&0) {
            return Err(Error::Unsupported("a sequence must start with g(0) = 0".into()));
        }
        if computed < stored.len() as u64 || computed >= u32::MAX as u64 {
            return Err(Error::Unsupported(format!(
                "{computed} values computed does not fit {} stored (nor the engine's range)",
                stored.len()
            )));
        }
        let shape = game.shape();
        let heaps = game.periodicity_heaps();
        let tracker = game.periodicity_t().map(|t| Tracker::with_heaps(t, heaps));
        let triples = if shape.triple.is_empty() {
            None
        } else {
            if computed > stored.len() as u64 {
                return Err(Error::Unsupported(
                    "a hexadecimal code's run is never folded; give every value".into(),
                ));
            }
            Some(Box::new(super::triples::Triples::build(&stored)?))
        };
        let mut e = Engine {
            game,
            shape,
            values: Table::new(stored),
            max_value: 0,
            hist: vec![0; 64],
            mask: 0,
            rare: Vec::new(),
            rare_epoch: 0,
            rare_at_build: 0,
            next_split_check: 0,
            period: None,
            tracker,
            triples,
            scratch: Vec::new(),
            phase: Scratch::default(),
            rebuilds: 0,
            handed_over: 0,
            band_handed_over: 0,
            folded_on_two: 0,
            isa: Isa::detect(tuning.simd),
            tuning: Tuning {
                batch: tuning.batch.max(1),
                fold_span: tuning.fold_span.max(tuning.batch).max(64),
                ..tuning
            },
        };
        // The proof an uninterrupted run found: at the least length that
        // proves a period, whatever length the run stopped at.
        let len = e.values.len();
        e.check_period();
        let stored = len as u64;
        if computed > stored {
            let Some(p) = e.period else {
                return Err(Error::Unsupported(format!(
                    "{computed} values were computed but only {stored} are given, and they prove no period to fold at"
                )));
            };
            // The span the run folded with may be smaller than this
            // tuning's: take what the stored values allow.
            let (o, per) = (p.preperiod as usize, p.period as usize);
            let span = e.tuning.fold_span.min(len.saturating_sub(o + per));
            if span < 64 {
                return Err(Error::Unsupported(format!(
                    "{stored} stored values are too few to fold at the period {per} from {o} (need {})",
                    o + per + 64
                )));
            }
            // Batches may not be longer than the slices the table serves.
            e.tuning.batch = e.tuning.batch.min(span);
            e.values.fold(o, per, span, computed as usize, len)?;
        }
        let mut hist = std::mem::take(&mut e.hist);
        let mut max = 0;
        for chunk in e.values.chunks(e.values.len()) {
            for &v in chunk {
                if v as usize >= hist.len() {
                    hist.resize((v as usize + 1).next_power_of_two(), 0);
                }
                hist[v as usize] += 1;
                max = max.max(v);
            }
        }
        e.hist = hist;
        e.max_value = max;
        e.choose_split(true);
        Ok(e)
    }

    /// The game.
    pub fn game(&self) -> &SeqGame {
        &self.game
    }

    /// The values held in memory: g(0..len) unless the table is folded
    /// (see [`Engine::is_folded`]), then g(0..S) for the S it kept.
    pub fn stored(&self) -> &[u16] {
        self.values.stored()
    }

    /// Whether the table is folded at the proven period (a full run past
    /// it; described in the module comment of `solve/engine/mod.rs`).
    pub fn is_folded(&self) -> bool {
        self.values.is_folded()
    }

    /// g(0..end) (end at most [`Engine::len`]) as consecutive slices:
    /// every computed value, folded or not.
    pub fn chunks(&self, end: u64) -> impl Iterator<Item = &[u16]> + '_ {
        self.values.chunks(end.min(self.len()) as usize)
    }

    /// Every computed value, g(0..len), as one vector.
    pub fn to_vec(&self) -> Vec<u16> {
        self.chunks(self.len()).flatten().copied().collect()
    }

    /// The number of values computed so far.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Always false: g(0) is known from the start.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The largest value computed.
    pub fn max_value(&self) -> u16 {
        self.max_value
    }

    /// The vector instructions the kernels use: [`Tuning::simd`], or less
    /// where the CPU lacks it.
    pub fn simd(&self) -> Simd {
        self.isa.level()
    }

    /// The current bit mask (0 when the engine runs dense).
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// The number of positions n ≥ 1 whose value is rare under the mask
    /// with the fewest (what the sparse algorithm pays per heap).
    pub fn rare_count(&self) -> u64 {
        let (_, c) = best_mask(&self.hist, self.values.len());
        c as u64
    }

    /// The mask with the fewest rare positions among the values so far, if
    /// it makes a sparse space by the engine's rule (see
    /// [`Tuning::sparse_ratio`]); `None` for dense. Unlike
    /// [`Engine::mask`], which is the one in use and depends on when it was
    /// last re-chosen, this depends on the values only: a resumed run
    /// reports the same as an uninterrupted one.
    pub fn sparse_mask(&self) -> Option<u16> {
        let n = self.values.len();
        let (mask, count) = best_mask(&self.hist, n);
        self.sparse_enough(count, n).then_some(mask)
    }

    /// Whether `count` rare positions among n values make a sparse space
    /// worth the sparse algorithm (a game with split moves only).
    pub(super) fn sparse_enough(&self, count: usize, n: usize) -> bool {
        let t = self.tuning;
        !self.shape.split.is_empty()
            && self.shape.triple.is_empty()
            && count.saturating_mul(t.sparse_ratio) < n.max(t.min_sparse)
    }

    /// How often the rare/common split was re-chosen.
    pub fn rebuilds(&self) -> u64 {
        self.rebuilds
    }

    /// How many chunks of 64 heaps' rare × common marks the helper thread
    /// made (`threads: 2`).
    pub fn handed_over(&self) -> u64 {
        self.handed_over
    }

    /// g(n): computed, or by the proven period; `None` when neither knows.
    pub fn value(&self, n: u64) -> Option<u16> {
        if n < self.len() {
            return Some(self.values.get(n as usize));
        }
        self.period.map(|p| p.value_at(self.values.stored(), n))
    }

    /// Computes up to `budget` more values, not beyond g(upto).
    ///
    /// # Arguments
    /// * `upto`: the last heap N of the run.
    /// * `full`: compute every value even when a period is proven.
    /// * `budget`: how many values to compute before returning, so that the
    ///   caller can report progress and save checkpoints.
    ///
    /// # Returns
    /// Where the run stands, or an error if a value would not fit in 16
    /// bits or N does not fit in memory indices.
    ///
    /// # Complexity
    /// Per heap, O(|R|) for the rare pairs plus the candidate searches in a
    /// sparse space; O(n) vectorised steps when dense.
    pub fn advance(&mut self, upto: u64, full: bool, budget: usize) -> Result<Status> {
        if upto >= u32::MAX as u64 {
            return Err(Error::Unsupported(format!(
                "heap {upto} is too large for the sequence engine (at most {})",
                u32::MAX - 1
            )));
        }
        let end = (upto as usize + 1).min(self.values.len().saturating_add(budget.max(1)));
        // Room for the whole run at once: no doubling (only pages written
        // count towards memory).
        // If the system refuses, the table grows as it goes.
        self.values.reserve(upto as usize);
        let todo = end.saturating_sub(self.values.len());
        if self.triples.is_some() {
            self.run_triples(end, full)?;
        } else if self.tuning.threads > 1 && todo > 0 && self.values.room() >= todo {
            self.run_pipelined(end, full)?;
        }
        // Sequentially: everything, or what the pipeline left (a table
        // that folds at a proven period).
        if self.triples.is_none() {
            self.run_batches(end, full, None)?;
        }
        if self.values.len() == upto as usize + 1 {
            // The last check, also when a finished run is resumed.
            self.check_period();
        }
        if self.period.is_some() && !full {
            return Ok(Status::Periodic);
        }
        if self.values.len() > upto as usize {
            Ok(Status::Complete)
        } else {
            Ok(Status::Running)
        }
    }

    /// Tries to prove a period from the values so far (a folded table has
    /// one): the tracker finds it at the least length that proves it.
    pub(super) fn check_period(&mut self) {
        if self.period.is_none() && !self.values.is_folded() {
            if let Some(tracker) = &mut self.tracker {
                self.period = tracker.update(self.values.stored());
            }
        }
    }
}
