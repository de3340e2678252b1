//! The sequence engine: g(0..=N) of octal and hexadecimal games and Grundy's game, fast,
//! in little memory, for N in the hundreds of millions.
//!
//! # Files
//!
//! This module is the map; each part of the algorithm has its own file:
//!
//! - `game`: the games computed ([`SeqGame`]) and their moves by the number
//!   of tokens taken.
//! - `tuning`: the knobs ([`Tuning`]) and the vector instruction levels
//!   ([`Simd`]).
//! - `run`: the [`Engine`] itself and its public calls (start, resume,
//!   advance, read).
//! - `batch`: batches, their plan, and the rare × common marks made for a
//!   whole batch at once.
//! - `heap`: the per-heap step (late marks or checks, γ, candidate
//!   searches).
//! - `pipeline`: the two-thread pipeline (mark jobs, chunks, the band).
//! - `folded`: runs past a proven period, on a folded table.
//! - `triples`: hexadecimal codes, whose moves may leave three heaps (by
//!   bitsets of the values of each heap's splits; no rare/common split).
//! - `mask`: the choice of mask and the rare/common bookkeeping.
//! - `partial`: partial marks, the candidates and their checks.
//! - `period`: the proof of a period ([`Period`]).
//! - `table`: the table of values, flat or folded; `store`: sequence files.
//! - `checksum`: the checksum that checkpoints and sequence files report.
//! - `kernel`: the vector kernels, by family (ISA detection, pair search,
//!   pair-value clearing, marking, candidate checks).
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
//! without AVX2, or off x86-64) runs is tested on any machine. The AVX2
//! forms are built for what AVX2 has rather than narrowed from AVX-512:
//! the pair scan stores each pair value as a byte and packs them (no
//! per-value lookup of the set, which needs `vpermb`) while many values
//! are pending, then compares blocks of pair values with each of the last
//! few dozen, then the last few up to the first hit; the byte-row marks
//! and the candidate checks take 16 heaps a step. The plain forms are written for the compiler to
//! vectorise for the baseline target (SSE2, or NEON on aarch64); they
//! check no candidates (module `partial`), a scalar compare per heap
//! costing more than the store it saves.
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
//! `octal:0.16` to 10^8 keeps 1.3 MB (the first 659 084 values, where the
//! period was proven), not 200 MB.
//!
//! # Periods
//!
//! For octal codes (0.d₁d₂… and 4.d₁d₂…) the engine proves a period with
//! the octal periodicity theorem as soon as the values allow it: a
//! [`period::Tracker`] reads the table after every batch and finds the least
//! length 2o + 3p + t at which some pre-period o and period p are proven,
//! for any o and p the table can hold (no window; O(N) time, and 4 bytes
//! per value during its occasional scans). A run that does not ask for
//! every value stops at the end of that batch ([`Status::Periodic`]).

// Every unsafe operation says why it is sound, also inside an unsafe fn.
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

mod batch;
mod checksum;
mod folded;
mod game;
mod heap;
mod kernel;
mod mask;
mod partial;
mod period;
mod pipeline;
mod run;
pub mod store;
mod table;
mod triples;
mod tuning;

pub use checksum::{checksum_upto, checksum_upto_with, Checksum};
pub use game::SeqGame;
pub use period::{needed_len, needed_len_heaps, Period};
pub use run::{Engine, Status};
pub use tuning::{Simd, Tuning};

/// From this N on, a table g(0..=N) of a game the engine serves (octal and
/// hexadecimal codes, Grundy's game) is computed by the engine rather than
/// by the dense table: below it the dense table is as fast (measured on
/// Officers, 0.6: 8 ms against 10 ms of CPU at N = 10^4, 56 ms against
/// 39 ms at 3·10^4), above it the dense table's O(N²) pair scans lose.
/// Every front end's tables, `value`'s heaps and `analyze` go by it.
pub const SEQUENCE_FROM: u64 = 20_000;
