//! The engine's knobs ([`Tuning`]) and the levels of vector instructions
//! its kernels may use ([`Simd`]).

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
    /// module comment of `solve/engine/mod.rs`).
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

impl Tuning {
    /// The defaults with two threads where the machine has two cores or
    /// more (the engine uses at most two), else one.
    pub fn for_this_machine() -> Tuning {
        Tuning {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
            ..Tuning::default()
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
