//! The inner loops of the sequence engine, written so that the compiler
//! vectorises them: a search for one option value among the pairs of a
//! split, and the batched marking of rare × common pairs.
//!
//! Each kernel has a plain form, compiled for the baseline target, and
//! vector forms (AVX2, AVX-512) picked at run time by an [`Isa`]: the
//! instruction sets the CPU has, limited by [`Simd`](super::Simd) so that
//! tests and benchmarks can run any machine's code path on this one.
//!
//! # Files
//!
//! - `isa`: which instructions the CPU has, up to a level ([`Isa`]).
//! - `pairs`: pair search ([`any_pair_is`]) and the small values of a run
//!   of pairs or of rare positions.
//! - `clear`: pair-value clearing ([`clear_pair_values`]), plain and AVX2;
//!   `clear512`: its AVX-512 form.
//! - `mark`: the rare × common marks of a batch ([`mark_batch`]).
//! - `check`: candidate checks ([`check_candidates`]).
//!
//! Off x86-64 (aarch64: what `--simd plain` runs everywhere) only the plain
//! forms exist: the vector forms' helpers and the `isa` argument that
//! picks among them are then unused, and allowed to be.

#![cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, unused_imports, dead_code)
)]

/// A value on a 64-byte boundary (a cache line): the stack buffers that
/// the kernels fill with vector stores and read right back. Unaligned,
/// where the caller's frames leave the stack decides which 64-byte
/// stores split across two lines, and a split store read back at once
/// stalls: the same code ran 20% slower in one build than in another.
#[repr(C, align(64))]
pub(super) struct Line<T>(pub(super) T);

mod check;
mod clear;
mod clear512;
mod clear_avx2;
mod isa;
mod mark;
mod pairs;

pub(crate) use check::{check_candidates, CANDIDATES, CHECK_HEAPS};
pub(crate) use clear::clear_pair_values;
pub(crate) use isa::Isa;
pub(crate) use mark::{byte_marks_fit, mark_batch, mark_batch64};
pub(crate) use pairs::{any_pair_is, pair_mask64, rare_mask64, xor_pairs};
