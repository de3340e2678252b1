//! The sequence engine: g(0..=N) of octal games and Grundy's game, fast,
//! in little memory, for N in the hundreds of millions.
//!
//! # The sparse-space (rare/common) algorithm
//!
//! Gangolli & Plambeck (1989) and, for much longer runs, Flammenkamp
//! noticed that in many take-and-break games a bit mask `M` splits the
//! values into two classes: *rare* values, where `v & M` has an even number
//! of bits (0 is rare), and *common* values, where it is odd. Rare xor rare
//! and common xor common are rare; rare xor common is common. In a sparse
//! space almost every position has a common value and only a few hundred or
//! thousand positions (the *rare positions*) have rare ones.
//!
//! The options of heap n are single heaps g(n − k) and pairs
//! g(a) ^ g(n − k − a). A pair has a common value only if exactly one of its
//! heaps is a rare position, so the common options of n are all found by
//! pairing each rare position with its partner: |R| steps instead of n/2.
//! That gives γ, the least common value that is not an option, exactly.
//! The mex is then the least rare value below γ that is no option, if any:
//! the rare candidates v < γ form a bitset, and one scan over the pairs
//! takes each pair's value out of it (32 pairs per AVX-512 step, from the
//! first pair and from the middle in turn; with several splits, in growing
//! windows that take turns) until it is empty, nearly always within a few
//! thousand pairs, since pairs of common positions give rare values in
//! abundance. With at most [`Tuning::few_candidates`] candidates (0.16 has
//! 2–3 a heap) each is instead searched for by itself, 16 pairs per AVX2
//! compare, up to its first hit. Only when the mex really is rare (at a
//! rare position) does a search run through all pairs. The result is exact
//! for *every* mask: the mask only decides the speed, and the engine picks
//! the mask with the fewest rare positions (a Walsh–Hadamard transform of
//! the value histogram) and re-picks it as the sequence grows.
//!
//! Where no mask is good (more than a quarter of the positions rare,
//! [`Tuning::sparse_ratio`]), the engine runs *dense*: every value is a
//! candidate and each candidate is searched for among all pairs with a
//! vectorised scan (16 pairs per AVX2 instruction), so only the final
//! candidate, the mex itself, costs a full pass over the n/2 pairs. 0.007
//! runs dense up to about 5·10^4 values; then its rare positions, which
//! grow slowly (22 441 of 10^6 under mask 0x7b8), make it sparse.
//!
//! With many rare positions (Officers has 1583), only every other one is
//! marked; the rest are checked, 32 heaps at a time, against each heap's
//! first few common values left free (its *candidates*), which settles γ
//! with fewer stores. The rare positions whose partners are computed
//! later (those below the batch size, and the pipeline's band below) are
//! checked against the same candidates instead of marked (module
//! `partial`).
//!
//! # Both cores
//!
//! Heaps are computed in batches. The rare × common marks of a batch whose
//! partners lie before the batch are made for the whole batch at once (one
//! store per mark into a byte row per heap); then each heap is finished in
//! order: the checks (or marks) of the rare positions below the batch
//! size (64 heaps at a time, then heap by heap), γ, and the candidate
//! searches.
//!
//! With [`Tuning::threads`] = 2 this is a pipeline: while the main thread
//! finishes batch j, a helper thread makes the marks of batch j + 1 whose
//! partners lie before batch j + 1 (those of rare positions found in batch
//! j are left to the main thread). It reads the values through a *live*
//! view of the table, which is *pinned* meanwhile (pushes may not move its
//! store, and it may not fold) and publishes its length after each push.
//! The helper's share is cut into chunks of 64 heaps that either thread
//! may claim. It first makes the marks whose partners all lie before batch
//! j; then the *band*, the rest, whose partners reach into batch j
//! (checked against the chunk's candidates where it has some), each
//! chunk once the main thread has computed the values it reads (the
//! band's chunk c needs batch j up to about its chunk c): it spins for
//! about a chunk's time, then sleeps. When the main thread reaches batch
//! j + 1 it makes every chunk the helper has not claimed, and waits only
//! for those the helper is making. Marks made for a batch that then
//! changed (it ended early, the bitsets grew, the rare list was rebuilt)
//! are dropped and made again. On two threads a quarter of the rare
//! positions handed to the halves is checked, not half
//! ([`Tuning::check_every`]): the main thread makes the checks and the
//! completions, the helper the marks. Officers to 10^6 takes 0.39 s
//! instead of 0.67 s (medians), Grundy's game to 2^24 5.5 s instead of
//! 9.2 s (wall time, one run; `bench/engine.results.txt`, Zen 5).
//!
//! A folded table (below) is not pipelined: the period gives every value
//! its heaps read, so they are independent, and each thread computes half
//! of the next 2^16 values (`Engine::folded_on_two`), which are then
//! checked against the period and recorded at once. That holds only where
//! the period gives no rare value (a rare position recorded would change
//! the later heaps' marks); elsewhere the folded run stays on one thread.
//! `octal:0.16` to 10^8 with `--full`: 3.5 s instead of 6.3 s (one run).
//!
//! # Vector instructions
//!
//! The kernels (module `kernel`) come in a plain form and AVX2 and
//! AVX-512 forms, picked at run time from what the CPU has, up to
//! [`Tuning::simd`]; every level gives the same values, and the tests run
//! every tuning at every level, so the code a CPU without AVX-512 (or
//! without AVX2, or off x86-64) runs is tested on any machine. Without
//! AVX-512 the partial marks (module `partial`) are not used (their
//! candidate checks need its compares), the byte-row marks take 16 heaps
//! a step and the pair scan 16 pairs, with sets of up to 512 values
//! (larger sets, as 0.007's, are scanned a pair at a time). Officers to
//! 10^6 on two threads: 0.39 s with AVX-512, 0.72 s with AVX2, about 2 s
//! plain (medians on the Zen 5 test machine; ogsolve rc2 4.2 s).
//!
//! # Memory
//!
//! A split move of heap n pairs g(a) with g(n − k − a) for *every* a, and
//! the candidate searches may read any pair, so the whole table is needed:
//! it is kept as `u16` (2 bytes per value), plus the rare positions. A run
//! to 2^28 therefore needs 512 MiB.
//!
//! Once a period p from o is proven, a run that goes on computing (`full`)
//! *folds* its table: it keeps g(0..S), S = max(the length at which the
//! period was proven, o + p + span), and stops storing. Every later value is still computed from its options, and then
//! checked against the value the period predicts (a mismatch is an error,
//! never a silent answer). Since every value from S on has been checked to
//! equal g(o + (n − o) mod p), reading it from there is exact, so the table
//! stays lossless in O(S) memory, plus the rare positions (a fixed set
//! when the rare values die out, as they do in a proven sparse space):
//! `octal:0.16` to 10^8 keeps 2 MB (the first 2^20 values, where the
//! period was proven), not 200 MB.
//!
//! # Periods
//!
//! For octal codes (0.d₁d₂… and 4.d₁d₂…) the engine tries, whenever the
//! table length reaches a power of two and at the end, to prove a period
//! with the octal periodicity theorem ([`Period`]); a caller may stop
//! there.

mod kernel;
mod partial;
mod period;
pub mod store;
mod table;

use kernel::Isa;
use partial::{check_late, complete_lists, Cands, Halves, NO_CANDS};
pub use period::{Period, MAX_WINDOW};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, OnceLock};
use table::{Live, Table};

use crate::rules::{Game, OctalCode};
use crate::{Error, Result};

/// A game the sequence engine computes: an octal code or Grundy's game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeqGame {
    /// An octal take-and-break code.
    Octal(OctalCode),
    /// Grundy's game: split a heap into two unequal heaps.
    Grundy,
}

impl SeqGame {
    /// The engine's game for a catalog game, if it is one it computes.
    pub fn from_game(game: &Game) -> Option<SeqGame> {
        match game {
            Game::Octal(o) => Some(SeqGame::Octal(o.code.clone())),
            Game::Grundy(_) => Some(SeqGame::Grundy),
            _ => None,
        }
    }

    /// The engine's game for a heap game's moves, if it is one it computes.
    pub fn from_heap_moves(moves: crate::rules::HeapMoves<'_>) -> Option<SeqGame> {
        match moves {
            crate::rules::HeapMoves::Octal(c) => Some(SeqGame::Octal(c.clone())),
            crate::rules::HeapMoves::Grundy => Some(SeqGame::Grundy),
            _ => None,
        }
    }

    /// The canonical spec (`octal:0.16`, `grundy`).
    pub fn spec(&self) -> String {
        match self {
            SeqGame::Octal(c) => format!("octal:{c}"),
            SeqGame::Grundy => "grundy".into(),
        }
    }

    /// t for the periodicity theorem, where the theorem applies: every
    /// octal code, the most tokens a move takes (a code 4.d₁… that also
    /// splits a heap without taking from it is covered: the proof pairs
    /// the options a + b = n − k of n and n + p for every 0 ≤ k ≤ t, so
    /// k = 0 is no exception); not Grundy's game, whose moves are not
    /// bounded in that way.
    pub fn periodicity_t(&self) -> Option<u64> {
        match self {
            SeqGame::Octal(c) => Some(c.max_take() as u64),
            SeqGame::Grundy => None,
        }
    }

    fn shape(&self) -> Shape {
        match self {
            SeqGame::Grundy => Shape {
                take_all: vec![],
                single: vec![],
                split: vec![0],
                unequal: true,
            },
            SeqGame::Octal(c) => {
                let mut s = Shape {
                    take_all: vec![],
                    single: vec![],
                    split: vec![],
                    unequal: false,
                };
                for (k, &d) in c.digits().iter().enumerate() {
                    if d & 1 != 0 && k > 0 {
                        s.take_all.push(k);
                    }
                    if d & 2 != 0 && k > 0 {
                        s.single.push(k);
                    }
                    if d & 4 != 0 {
                        s.split.push(k);
                    }
                }
                s
            }
        }
    }
}

/// The moves, by the number of tokens k they take.
#[derive(Clone, Debug)]
struct Shape {
    /// Heap n = k may be taken whole (option 0).
    take_all: Vec<usize>,
    /// One heap n − k may remain.
    single: Vec<usize>,
    /// Two heaps a + b = n − k may remain (a, b ≥ 1).
    split: Vec<usize>,
    /// The two heaps must differ (Grundy's game).
    unequal: bool,
}

/// Knobs of the engine. The defaults are what runs fastest; tests use
/// others to drive every code path at small sizes. No setting changes a
/// result, only the speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Heaps per batch (at least 1).
    pub batch: usize,
    /// Sparse mode is used when rare positions are fewer than
    /// max(n, `min_sparse`) / `sparse_ratio`. (4 rather than 12: Officers
    /// turns sparse at n ≈ 6000, not 18 000, and 0.007 at about 5·10^4,
    /// where a mask leaves a fifth of its positions rare, not 3·10^5; this
    /// takes 0.007 to 10^6 from 36 s to 24 s. 3 or 2 measured slower.)
    pub sparse_ratio: usize,
    /// See `sparse_ratio`: below this many values, the rare positions must
    /// be fewer than `min_sparse / sparse_ratio`.
    pub min_sparse: usize,
    /// Use this mask always (0 = always dense) instead of choosing one.
    pub force_mask: Option<u16>,
    /// Threads: 1, or 2 for a helper thread that makes the rare × common
    /// marks of the next batch while the current one is finished (see the
    /// [module docs](self)).
    pub threads: usize,
    /// The helper's least share of a batch (rare positions × heaps) worth
    /// handing over; smaller shares are marked in place.
    pub par_work: usize,
    /// The longest run of positions a folded table serves as one slice
    /// (raised to at least `batch` and 64); a table folds once it holds
    /// o + p + span values.
    pub fold_span: usize,
    /// At most this many rare candidates below γ are searched for one by
    /// one instead of by taking the value of every pair (measured on
    /// `octal:0.16`, 2–3 candidates a heap: twice as fast).
    pub few_candidates: usize,
    /// Of every this many rare positions handed to the halves (module
    /// `partial`), one is checked against the candidates and the others
    /// are marked; 0 chooses: 2 on one thread, 4 on two.
    pub check_every: usize,
    /// For tests: the main thread lets the helper claim every chunk of a
    /// batch (waiting up to a second a batch) before it makes any itself,
    /// so that the helper's code runs whatever the scheduler does.
    pub helper_first: bool,
    /// The most the kernels may use of the CPU's vector instructions (they
    /// use what the CPU has, up to this): tests and benchmarks run the
    /// code path of a machine without AVX-512, or without AVX2, here.
    pub simd: Simd,
}

/// A level of vector instructions for the engine's kernels, lowest first.
/// Every level gives the same values; only the speed differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Simd {
    /// No explicit vector instructions (what the compiler makes of the
    /// plain loops for the baseline target; the only level off x86-64).
    Plain,
    /// AVX2 where the CPU has it.
    Avx2,
    /// AVX-512 where the CPU has it (F and BW for the marks and checks;
    /// also VBMI, VBMI2 and VPOPCNTDQ for the pair scan, else the AVX2
    /// scan), else the best of the lower levels.
    #[default]
    Avx512,
}

impl Simd {
    /// Every level, lowest first.
    pub const ALL: [Simd; 3] = [Simd::Plain, Simd::Avx2, Simd::Avx512];

    /// The level's name: `plain`, `avx2`, `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            Simd::Plain => "plain",
            Simd::Avx2 => "avx2",
            Simd::Avx512 => "avx512",
        }
    }
}

impl std::fmt::Display for Simd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Tuning {
    /// [`Tuning::check_every`], chosen where it is 0.
    pub fn check_every(&self) -> usize {
        match self.check_every {
            0 if self.threads > 1 => 4,
            0 => 2,
            m => m.max(2),
        }
    }
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            batch: 512,
            sparse_ratio: 4,
            min_sparse: 4096,
            force_mask: None,
            threads: 1,
            par_work: 1 << 16,
            fold_span: 1 << 16,
            few_candidates: 4,
            check_every: 0,
            helper_first: false,
            simd: Simd::Avx512,
        }
    }
}

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

/// The state of one sequence computation: the values so far and what the
/// algorithm has learnt about them.
///
/// # Examples
/// ```
/// use sprague::engine::{Engine, SeqGame, Status};
/// let kayles = SeqGame::Octal(sprague::rules::OctalCode::parse("0.77").unwrap());
/// let mut e = Engine::new(kayles);
/// // Stop as soon as the period is proven.
/// while e.advance(1_000_000, false, 100_000).unwrap() == Status::Running {}
/// let p = e.period().unwrap();
/// assert_eq!((p.preperiod, p.period), (71, 12));
/// assert_eq!(e.value(1_000_000), Some(e.value(71 + (1_000_000 - 71) % 12).unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    game: SeqGame,
    shape: Shape,
    values: Table,
    max_value: u16,
    hist: Vec<u64>,
    /// 0 = dense mode.
    mask: u16,
    rare: Vec<(u32, u16)>,
    /// Counts the rebuilds of the rare list (indices into it change).
    rare_epoch: u64,
    rare_at_build: usize,
    next_split_check: usize,
    period: Option<Period>,
    scratch: Vec<u64>,
    phase: Scratch,
    rebuilds: u64,
    /// Chunks of marks the helper thread made.
    handed_over: u64,
    /// How many band chunks the helper made.
    band_handed_over: u64,
    /// Runs of values of a folded table computed on two threads
    /// ([`Engine::folded_on_two`]).
    folded_on_two: u64,
    tuning: Tuning,
    /// The vector instructions the kernels use ([`Tuning::simd`] and the
    /// CPU's).
    isa: Isa,
}

/// Reused buffers of the per-heap work.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Whether the current group's positions from SUB up to the batch size
    /// were checked, not marked (`Engine::heap_step`).
    sub_checked: bool,
    seen: Vec<u32>,
    stamp: u32,
    pending: Vec<u16>,
    pend: Vec<u64>,
    /// Per split, the next pair of the front and the middle scans.
    cursors: Vec<[(usize, usize); 2]>,
    /// Per split, where a candidate's search goes on.
    from: Vec<usize>,
    /// Per split, how many pairs phase A took.
    scanned: Vec<usize>,
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
        // The checks an uninterrupted run made (at every power of two), so
        // that the same proof is found at the same length.
        let len = e.values.len();
        let mut check = 1usize;
        while check <= len && e.period.is_none() {
            e.check_period_at(check);
            check *= 2;
        }
        let stored = len as u64;
        if computed > stored {
            // A period proven by a last check at some other length.
            e.check_period_at(len);
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
    /// it; see the [module docs](self)).
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
    fn sparse_enough(&self, count: usize, n: usize) -> bool {
        let t = self.tuning;
        !self.shape.split.is_empty() && count.saturating_mul(t.sparse_ratio) < n.max(t.min_sparse)
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
        if self.tuning.threads > 1 && todo > 0 && self.values.room() >= todo {
            self.run_pipelined(end, full)?;
        }
        // Sequentially: everything, or what the pipeline left (a table
        // that folds at a proven period).
        self.run_batches(end, full, None)?;
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

    /// The end of the batch that starts at n0.
    fn batch_end(&self, n0: usize, end: usize) -> usize {
        let next_pow = (n0 + 1).next_power_of_two();
        end.min(n0 + self.tuning.batch).min(next_pow)
    }

    /// Computes batches up to `end` (see [`Engine::advance`]); with a
    /// pipeline, the helper marks the next batch meanwhile. Returns at
    /// `end`, at a proven period unless `full`, and, when pipelined, at any
    /// proven period (the table may have to fold, which a pinned table
    /// may not).
    fn run_batches(&mut self, end: usize, full: bool, pipe: Option<&Pipe>) -> Result<()> {
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
            if len.is_power_of_two() {
                self.check_period();
            }
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

    /// [`Engine::run_batches`] with a helper thread that makes the rare ×
    /// common marks of batch j + 1 while this thread finishes batch j. The
    /// table is pinned meanwhile, so that the helper can read the values
    /// before batch j while this one appends.
    fn run_pipelined(&mut self, end: usize, full: bool) -> Result<()> {
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

    /// The rare index ranges of batch n0..n1: per split k, the ranges
    /// marked for the whole batch at once, `(k, from, to)` (their partners
    /// lie before the batch), and the ranges left to each heap.
    fn plan(&self, n0: usize, n1: usize) -> (Vec<(usize, usize, usize)>, Vec<SeqRanges>) {
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

    /// The helper's share of batch n1..n2's marks, to make while batch
    /// n0..n1 is computed: the bulk ranges whose partners lie before n0
    /// (rare p ≥ n2 − n0 − k), read at once, and the *band*, the bulk
    /// ranges whose partners lie in n0..n1, read as batch n0..n1 is
    /// computed. `None` when the share is too small to pay for the
    /// hand-over.
    fn mark_job(&self, n0: usize, n1: usize, n2: usize) -> Option<MarkJob> {
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

    fn check_period(&mut self) {
        self.check_period_at(self.values.len());
    }

    /// Tries to prove a period from g(0..len) (a folded table has one).
    fn check_period_at(&mut self, len: usize) {
        if self.period.is_none() && !self.values.is_folded() {
            if let Some(t) = self.game.periodicity_t() {
                self.period = period::find(&self.values.stored()[..len], t);
            }
        }
    }

    fn note(&mut self, g: u16) {
        if g as usize >= self.hist.len() {
            self.hist.resize((g as usize + 1).next_power_of_two(), 0);
        }
        self.hist[g as usize] += 1;
        self.max_value = self.max_value.max(g);
    }

    /// [`Engine::note`] for each value of `run`, counted four ways so
    /// that equal values in a row do not wait on each other's counts.
    fn note_run(&mut self, run: &[u16]) {
        let Some(&top) = run.iter().max() else {
            return;
        };
        let mut counts = vec![[0u64; 4]; top as usize + 1];
        for quad in run.chunks(4) {
            for (c, &g) in quad.iter().enumerate() {
                counts[g as usize][c] += 1;
            }
        }
        if top as usize >= self.hist.len() {
            self.hist.resize((top as usize + 1).next_power_of_two(), 0);
        }
        for (h, c) in self.hist.iter_mut().zip(&counts) {
            *h += c.iter().sum::<u64>();
        }
        self.max_value = self.max_value.max(top);
    }

    /// Picks the mask with the fewest rare positions; rebuilds the rare
    /// list when that pays (or always, with `force`).
    fn choose_split(&mut self, force: bool) {
        let n = self.values.len();
        self.next_split_check = n + (n / 8).max(1024);
        let (mask, count) = best_mask(&self.hist, n);
        let t = self.tuning;
        let dense = !self.sparse_enough(count, n);
        let new_mask = match t.force_mask {
            Some(m) if !self.shape.split.is_empty() => m,
            _ if dense => 0,
            _ => mask,
        };
        let worth = force
            || (new_mask == 0) != (self.mask == 0)
            || (new_mask != 0 && count * 4 < self.rare.len() * 3);
        if !worth {
            self.rare_at_build = self.rare.len();
            return;
        }
        if new_mask != self.mask {
            self.rebuilds += 1;
        }
        self.mask = new_mask;
        self.rare.clear();
        self.rare_epoch += 1;
        if new_mask != 0 {
            let mut p = 0u32;
            for chunk in self.values.chunks(n) {
                for &g in chunk {
                    if p > 0 && is_rare(g, new_mask) {
                        self.rare.push((p, g));
                    }
                    p += 1;
                }
            }
        }
        self.rare_at_build = self.rare.len();
    }

    /// Computes g(n0..n1) (or fewer, if a new value outgrows the batch's
    /// bitsets), with the helper's marks `pre` where they still fit.
    fn batch(&mut self, n0: usize, n1: usize, pre: Option<Arc<MarkJob>>) -> Result<()> {
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
    fn batch_plan<'a>(&self, n0: usize, heaps: usize, words: usize, seq: Vec<SeqRanges>) -> BatchPlan<'a> {
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
    fn folded_on_two(&mut self, end: usize) -> Result<bool> {
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
    fn compute_folded(&self, n0: usize, n1: usize) -> Result<Vec<u16>> {
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

    /// Computes the heaps of a batch one after the other, each pushed
    /// before the next (which may read it).
    fn batch_in_order(&mut self, plan: &BatchPlan, bits: &mut [u64], scratch: &mut Scratch) -> Result<()> {
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

    /// Heap n0 + i of a batch: first, when i starts a group of SUB heaps,
    /// the marks of the rare positions SUB.. below the batch size for the
    /// group (their partners are known by then, and every such pair is a
    /// real, unequal one); then its value. `rows` are the bitsets of heaps
    /// i.. of the batch; `small` the per-split ends of the rare ranges
    /// left to the heap.
    #[inline(always)]
    fn heap_step(
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
    fn record(&mut self, n: usize, g: u16, words: usize) -> Result<bool> {
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
    fn finish_heap(
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
    fn split_len(&self, n: usize, k: usize) -> usize {
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

/// The most heaps each thread computes at once in a folded table
/// ([`Engine::folded_on_two`]): the values wait in memory until both
/// halves are done.
const FOLDED_HALF: usize = 1 << 15;

/// Heaps per group whose marks of the rare positions below the batch size
/// are made together (see `Engine::heap_step`).
const SUB: usize = 64;

// A group of SUB heaps, a chunk of the pipeline and a group of candidate
// checks are the same heaps: the candidates of one serve the others.
const _: () = assert!(SUB == CHUNK && CHUNK == partial::CHECK_HEAPS);

/// What every heap of a batch needs.
struct BatchPlan<'a> {
    /// Per heap, the value up to which the bulk marks are exact (see
    /// [`Halves::mark`]).
    trust: Vec<u16>,
    /// The halves whose checked positions complete a heap's marks when its
    /// γ lies above its trust.
    halves: Vec<&'a Halves>,
    /// The pipeline's band ranges `(k, from, to)` of the rare list, when
    /// they were checked against the candidates instead of marked: they
    /// too complete a heap's marks.
    band_checked: Vec<(usize, usize, usize)>,
    /// Each group of [`SUB`] heaps' candidates (see [`Cands`]); empty when
    /// no halves were marked (then every position is marked in full).
    cands: Vec<Cands>,
    /// The batch is heaps n0..n0 + heaps.
    n0: usize,
    heaps: usize,
    /// 64-bit words per heap bitset.
    words: usize,
    /// The rare values below the bitsets' size, as a bitset.
    rare_pat: Vec<u64>,
    /// The rare ranges left to the heaps (see [`Engine::plan`]).
    seq: Vec<SeqRanges>,
    /// Per split, the end of the rare positions below the batch size.
    small_all: Vec<usize>,
    /// The first rare position from SUB on.
    sub_lo: usize,
    /// The largest k of a split move.
    k_max: usize,
}

impl BatchPlan<'_> {
    /// Per split k, the rare positions from [`SUB`] up to the batch size,
    /// which each group of SUB heaps marks or checks (see
    /// `Engine::heap_step`).
    fn sub_lists<'r>(&self, rare: &'r [(u32, u16)]) -> Vec<(usize, &'r [(u32, u16)])> {
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
type SeqRanges = (usize, [(usize, usize); 2]);

/// Heaps per chunk of a [`MarkJob`]: the unit the two threads claim.
const CHUNK: usize = 64;

/// A share of a batch's rare × common marks, made in chunks of [`CHUNK`]
/// heaps by whichever thread claims them first: the helper, from when the
/// job is sent, and the main thread, when it reaches the batch and takes
/// the chunks left. The band's chunks are made in a second pass, each as
/// soon as the values it reads are computed.
struct MarkJob {
    /// The table, as far as it is computed.
    view: Live,
    /// The rare list when the job was made.
    rare: Vec<(u32, u16)>,
    /// The ranges `(k, from, to)` of `rare` to mark whose partners lie
    /// before the previous batch.
    share: Vec<(usize, usize, usize)>,
    /// The ranges whose partners lie in the previous batch.
    band: Vec<(usize, usize, usize)>,
    /// The batch n0..n1.
    n0: usize,
    n1: usize,
    /// Words per heap bitset.
    words: usize,
    /// The rare list's epoch (see `Engine::rare_epoch`).
    epoch: u64,
    /// The share split for partial marks, where they pay.
    halves: Option<Halves>,
    /// The common values below the bitsets' size, as a bitset.
    common: Vec<u64>,
    /// The kernels' instructions (the engine's).
    isa: Isa,
    /// The next chunk to claim.
    next: AtomicUsize,
    /// Each chunk's marks, `words` per heap, and per heap the value up to
    /// which they are exact (see [`Halves::mark`]), once made; `None` if
    /// making it failed.
    chunks: Vec<OnceLock<Option<ChunkMarks>>>,
    /// The next band chunk to claim.
    band_next: AtomicUsize,
    /// Each chunk's band marks (exact), once made; `None` if making them
    /// failed.
    band_chunks: Vec<OnceLock<Option<Vec<u64>>>>,
    /// Set when the job will not be used: the helper, waiting for the
    /// values of a band chunk, gives up.
    cancelled: AtomicBool,
}

impl MarkJob {
    /// Claims and makes chunks until none is left; returns how many this
    /// call made.
    fn work(&self) -> usize {
        claim_all(&self.next, &self.chunks, |c| self.make(c))
    }

    /// The main thread's part of the band, at the start of the batch (when
    /// every value it reads is computed): claims and makes the chunks left;
    /// returns how many this call made.
    fn work_band(&self) -> usize {
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
    fn help_band(&self) -> usize {
        let mut made = 0;
        let mut waiting_since = None;
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
                if since.elapsed() < BAND_SPIN {
                    std::hint::spin_loop();
                } else {
                    std::thread::sleep(BAND_NAP);
                }
                continue;
            }
            waiting_since = None;
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
    fn chunk_heaps(&self, c: usize) -> (usize, usize) {
        let h0 = self.n0 + c * CHUNK;
        (h0, CHUNK.min(self.n1 - h0))
    }

    /// How many values band chunk c reads: the largest partner is
    /// h0 + len − 1 − k − p for the first rare p of a range (all lie
    /// before the batch).
    fn band_needs(&self, c: usize) -> usize {
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
    fn make_band(&self, c: usize) -> Vec<u64> {
        let (h0, heaps) = self.chunk_heaps(c);
        let mut bits = vec![0; heaps * self.words];
        let vals = self.view.values();
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
    fn mark_ranges(&self, ranges: &[(usize, usize, usize)], vals: &[u16], bits: &mut [u64], h0: usize) {
        let heaps = bits.len() / self.words;
        for &(k, a, b) in ranges {
            mark_rare(self.isa, vals, bits, self.words, heaps, &self.rare[a..b], h0 - k);
        }
    }

    /// The candidates of chunk c, once it is made (it is claimed when its
    /// band chunk is made), if the share was halved; `None` if making it
    /// failed or the job was cancelled (then it may never be made).
    fn chunk_cands(&self, c: usize) -> Option<&Cands> {
        loop {
            if let Some(made) = self.chunks[c].get() {
                return made.as_ref().and_then(|m| m.cands.as_deref());
            }
            if self.cancelled.load(Ordering::Relaxed) {
                return None;
            }
            std::hint::spin_loop();
        }
    }

    /// The marks of chunk c and, per heap, the value up to which they are
    /// exact.
    fn make(&self, c: usize) -> ChunkMarks {
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
    fn wait_claimed(&self, limit: std::time::Duration) {
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
    fn cancel(&self) {
        self.next.store(self.chunks.len(), Ordering::Relaxed);
        self.band_next.store(self.band_chunks.len(), Ordering::Relaxed);
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

/// How long the helper spins for the values of its next band chunk before
/// it sleeps ([`MarkJob::help_band`]).
const BAND_SPIN: std::time::Duration = std::time::Duration::from_micros(50);

/// How long the helper sleeps at a time while it waits for them.
const BAND_NAP: std::time::Duration = std::time::Duration::from_micros(50);

/// What a chunk of a [`MarkJob`] made.
struct ChunkMarks {
    /// The marks, `words` per heap.
    bits: Vec<u64>,
    /// Per heap, the value up to which they are exact.
    trust: Vec<u16>,
    /// The heaps' candidates, where the share was halved.
    cands: Option<Box<Cands>>,
}

/// Claims chunks from `next` until none of `cells` is left, and sets each
/// to what `make` gives; returns how many this call made.
fn claim_all<T>(next: &AtomicUsize, cells: &[OnceLock<Option<T>>], make: impl Fn(usize) -> T) -> usize {
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
fn fill<T>(cell: &OnceLock<Option<T>>, make: impl FnOnce() -> T) {
    let failed = Unmade(cell);
    let _ = cell.set(Some(make()));
    drop(failed);
}

/// Sets a chunk to `None` when dropped before it was set (a panic while
/// making it).
struct Unmade<'a, T>(&'a OnceLock<Option<T>>);

impl<T> Drop for Unmade<'_, T> {
    fn drop(&mut self) {
        let _ = self.0.set(None);
    }
}

/// The job sent for the next batch, cancelled when dropped untaken.
struct Inflight(Option<Arc<MarkJob>>);

impl Drop for Inflight {
    fn drop(&mut self) {
        if let Some(job) = &self.0 {
            job.cancel();
        }
    }
}

/// The main thread's end of the channel to the helper thread.
struct Pipe {
    jobs: mpsc::Sender<Arc<MarkJob>>,
}

/// The ranges `(k, from, to)` of `all` less those of `taken` (each taken
/// range lies within one of `all` with the same k).
fn without(all: &[(usize, usize, usize)], taken: &[(usize, usize, usize)]) -> Vec<(usize, usize, usize)> {
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

/// The values, read a slice at a time: the table, or a prefix of it.
trait Segments {
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
fn mark_rare<S: Segments + ?Sized>(
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

/// g(n) = v as a stored value, or the error that it does not fit.
fn value16(n: usize, v: usize) -> Result<u16> {
    u16::try_from(v).ok().filter(|&v| v < u16::MAX).ok_or_else(|| {
        Error::Unsupported(format!(
            "g({n}) would exceed 65534, the largest value the sequence engine stores"
        ))
    })
}

/// Whether g(a) ^ g(r − a) == v for some a in from..to, a slice of the
/// table at a time, from the smallest a. (Splitting long searches between
/// two threads was measured: a thread per search costs more than it saves,
/// since most searches stop early.)
fn search(isa: Isa, g: &Table, from: usize, to: usize, r: usize, v: u16) -> bool {
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
fn least_free(row: &[u64], taken: &[u64]) -> usize {
    row.iter()
        .zip(taken)
        .enumerate()
        .find_map(|(w, (&r, &t))| {
            let free = !(r | t);
            (free != 0).then(|| w * 64 + free.trailing_zeros() as usize)
        })
        .unwrap_or(row.len() * 64)
}

/// The common values below `words * 64` under the mask, as a bitset
/// (none in dense mode, mask 0).
fn common_pattern(words: usize, mask: u16) -> Vec<u64> {
    (0..words)
        .map(|w| {
            (0..64).fold(0u64, |acc, b| {
                acc | (u64::from(!is_rare((w * 64 + b) as u16, mask)) << b)
            })
        })
        .collect()
}

/// Whether v is rare under the mask (an even number of bits in v & mask).
#[inline]
fn is_rare(v: u16, mask: u16) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The size of the per-heap bitsets: a power of two P above every value,
/// at least 64. Every option (a value or an xor of two) is below P, so the
/// mex is at most P; a batch ends early when a value reaches P.
fn bound_for(max_value: u16) -> usize {
    (max_value as usize + 1).next_power_of_two().max(64)
}

/// The mask with the fewest rare positions among n ≥ 1, and that number.
///
/// With W the Walsh–Hadamard transform of the histogram h,
/// W(M) = Σ_v h(v)·(−1)^popcount(v & M), the number of values with an even
/// number of bits in v & M is (total + W(M)) / 2.
fn best_mask(hist: &[u64], total: usize) -> (u16, usize) {
    let size = hist.len().next_power_of_two();
    let mut w: Vec<i64> = hist.iter().map(|&c| c as i64).collect();
    w.resize(size, 0);
    let mut len = 1;
    while len < size {
        for i in (0..size).step_by(2 * len) {
            for j in i..i + len {
                let (a, b) = (w[j], w[j + len]);
                w[j] = a + b;
                w[j + len] = a - b;
            }
        }
        len *= 2;
    }
    let mut best = (0u16, total.saturating_sub(1));
    for (m, &x) in w.iter().enumerate().skip(1).take(u16::MAX as usize) {
        // Position 0 (value 0) is always rare and never a partner.
        let even = ((total as i64 + x) / 2 - 1).max(0) as usize;
        if even < best.1 {
            best = (m as u16, even);
        }
    }
    best
}

/// FNV-1a (64-bit) of the values as 16-bit little-endian words: the
/// checksum that `sprague table --checkpoint/--out` reports.
///
/// Offset basis 0xcbf29ce484222325, prime 0x100000001b3, over the bytes
/// lo(g(0)), hi(g(0)), lo(g(1)), … in order.
///
/// # Examples
/// ```
/// let mut h = sprague::engine::Checksum::new();
/// h.add(&[0, 0, 0, 1]);
/// assert_eq!(h.value(), sprague::engine::Checksum::of(&[0, 0, 0, 1]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checksum(u64);

impl Default for Checksum {
    fn default() -> Self {
        Checksum::new()
    }
}

impl Checksum {
    /// The empty checksum (the FNV offset basis).
    pub fn new() -> Checksum {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    /// Adds values.
    pub fn add(&mut self, values: &[u16]) {
        let mut h = self.0;
        for &v in values {
            for b in v.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        self.0 = h;
    }

    /// The checksum so far.
    pub fn value(&self) -> u64 {
        self.0
    }

    /// The checksum of a slice.
    pub fn of(values: &[u16]) -> u64 {
        let mut c = Checksum::new();
        c.add(values);
        c.value()
    }
}

/// The checksum of g(0..=upto): computed values, then (when the engine
/// stopped at a proven period) the values the period gives.
pub fn checksum_upto(engine: &Engine, upto: u64) -> Option<u64> {
    checksum_upto_with(engine, upto, |_| {})
}

/// [`checksum_upto`], calling `progress` with the count of values summed
/// so far every few million values (a sum through a period to N near
/// 2^32 takes seconds).
pub fn checksum_upto_with(engine: &Engine, upto: u64, mut progress: impl FnMut(u64)) -> Option<u64> {
    /// Values between two calls of `progress`.
    const STEP: u64 = 1 << 24;
    let mut c = Checksum::new();
    let have = engine.len().min(upto + 1);
    for chunk in engine.chunks(have) {
        c.add(chunk);
    }
    if have <= upto {
        // g(o + (n − o) mod p): the stored cycle, from where n falls in it,
        // in slices.
        let p = engine.period()?;
        let (o, per) = (p.preperiod as usize, p.period as usize);
        let cycle = engine.stored().get(o..o + per)?;
        let (mut n, mut at) = (have, (have.checked_sub(p.preperiod)? % p.period) as usize);
        let mut reported = n;
        while n <= upto {
            let len = (per - at).min((upto + 1 - n).min(STEP) as usize);
            c.add(&cycle[at..at + len]);
            n += len as u64;
            at = (at + len) % per;
            if n - reported >= STEP {
                progress(n);
                reported = n;
            }
        }
    }
    Some(c.value())
}

#[cfg(test)]
mod tests {
    use super::*;

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
