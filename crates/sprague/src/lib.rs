//! sprague: impartial combinatorial games, solved.
//!
//! The crate is layered the way the theory is, and each layer only looks down:
//!
//! - [`rules`]: what a game is (positions and moves, nothing about who wins);
//! - [`solve`]: Grundy values, outcomes, winning moves and random-play odds
//!   from any [`rules::Ruleset`] (dense tables and iterative search);
//! - [`engine`]: the fast sequence engine for octal codes and Grundy's game;
//! - [`pattern`]: the structure of a table, proven where theory allows, with
//!   evaluators for any n < 2^64;
//! - [`query`]: one question about a sum (normal or misère, remoteness,
//!   win probability), answered by the best solver that serves it;
//! - [`problems`]: the five contest problems as thin adapters;
//! - [`play`]: a game against the computer, held by every front end that plays;
//! - [`survey`]: many codes, one engine run each, and the table a paper prints.
//!
//! The library does no terminal I/O: every front end is a thin adapter.
//!
//! ```
//! use sprague::rules::Game;
//! use sprague::solve::{Limits, Solver};
//!
//! // Nim with heaps 3, 4, 5: the player to move wins by taking 2 from the 3.
//! let game: Game = "nim".parse().unwrap();
//! let Game::Nim(nim) = game else { unreachable!() };
//! let mut solver = Solver::new(&nim, Limits::default());
//! let moves = solver.winning_moves(&[3, 4, 5]).unwrap();
//! assert_eq!(moves[0].label, "take 2 from the heap of 3");
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

pub mod engine;
pub mod error;
pub mod nimber;
pub mod number;
pub mod os;
pub mod pattern;
pub mod play;
pub mod problems;
pub mod query;
pub mod report;
pub mod rules;
pub mod solve;
pub mod survey;

pub use error::{excerpt, Bound, Error, ErrorKind, Result, Setting};
pub use nimber::{mex, Nimber, Outcome};

/// The most bytes a front end reads from one input: a rules file
/// (`graph:FILE`, `script:FILE`), a survey file, a list of codes, contest
/// input on stdin (1 GiB). The library reads no files; the front ends
/// refuse a larger input (or an endless one, such as `/dev/zero`) with an
/// error instead of reading until memory runs out.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;
