//! sprague: impartial combinatorial games, solved.
//!
//! The crate is layered the way the theory is, and each layer only looks down:
//!
//! - [`rules`]: what a game is (positions and moves, nothing about who wins);
//! - [`solve`]: Grundy values, outcomes, winning moves and random-play odds
//!   from any [`rules::Ruleset`] (dense tables and iterative search), and
//!   the fast sequence engine for octal codes and Grundy's game
//!   ([`solve::Engine`]);
//! - [`pattern`]: the structure of a table, proven where theory allows, with
//!   evaluators for any n < 2^64, and surveys of many codes
//!   ([`pattern::run_code`]);
//! - [`query`]: one question about a sum (normal or misère, remoteness,
//!   win probability), answered by the best solver that serves it;
//! - [`play`]: a game against the computer, held by every front end that plays;
//! - [`report`]: the answers the front ends render (a value with its winning
//!   moves, tables, analyses), and the five contest problems
//!   ([`report::problems`]).
//!
//! The types most programs need are at the crate root: [`Game`] (a game
//! parsed from a spec, with methods for every question), [`Solver`] and
//! its [`Limits`] (with the [`Stop`] token that ends a computation from
//! another thread), [`Error`] with its [`ErrorKind`], [`Nimber`] and
//! [`Outcome`].
//!
//! The library does no terminal I/O: every front end is a thin adapter.
//!
//! Two optional features, both on by default: `scripts` (rules written in
//! Rhai, `script:FILE`) and `serde` (`Serialize` on the report types, and
//! what reads or writes JSON: survey files in `pattern` (`read_survey`, …) and exact
//! tables in `report::exact_table`, which exist only with it). With
//! `default-features = false` the solvers, patterns and play need neither.
//!
//! ```
//! use sprague::Game;
//!
//! // Kayles with rows of 7 and 11 pins: g = 2 xor 6 = 4, so the player to
//! // move wins, and every winning move is listed.
//! let kayles: Game = "kayles".parse()?;
//! let answer = kayles.value(&["7", "11"])?;
//! assert_eq!(answer.grundy, Some(4));
//! assert_eq!(answer.winning_moves[0].label, "take 1 from 11, leaving 10");
//!
//! // Its values, and their pattern proven by the octal periodicity
//! // theorem: g(n) for any n below 2^64 at once.
//! assert_eq!(kayles.heap_values(11)?.get(11), Some(6));
//! let proof = kayles.analyze(None)?.proof.expect("Kayles' period is proven");
//! assert_eq!(proof.evaluator.value(1_000_000_000_000_000_000), 1);
//! # Ok::<(), sprague::Error>(())
//! ```

#![warn(missing_docs)]
// Unsafe code lives only in the engine's kernels (SIMD, the raw table
// view); wherever it is, every unsafe fn says its contract (`# Safety`)
// and every unsafe operation says why it is sound, inside an unsafe fn too.
#![deny(
    unsafe_op_in_unsafe_fn,
    clippy::undocumented_unsafe_blocks,
    clippy::missing_safety_doc
)]

mod error;
mod nimber;
mod number;
mod os;
pub mod pattern;
pub mod play;
pub mod query;
pub mod report;
pub mod rules;
pub mod solve;
mod stop;

pub use error::{excerpt, Bound, Error, ErrorKind, Result, Setting};
pub use nimber::{mex, Nimber, Outcome};
/// A game from a spec, the starting point of every question (see [`rules::Game`]).
pub use rules::Game;
/// The bounds a computation is given, and the memoised search (see [`solve`]).
pub use solve::{Limits, Solver};
pub use stop::Stop;

/// The most bytes a front end reads from one input: a rules file
/// (`graph:FILE`, `script:FILE`), a survey file, a list of codes, contest
/// input on stdin (1 GiB). The library reads no files; the front ends
/// refuse a larger input (or an endless one, such as `/dev/zero`) with an
/// error instead of reading until memory runs out.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;
