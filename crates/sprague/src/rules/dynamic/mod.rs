//! Rules defined at run time: one seam for every language.
//!
//! A script (Rhai, compiled by [`super::ScriptRules`]) or a Python callback defines a game
//! while sprague runs. Rather than one catalog variant per language, each
//! implements the small object-safe trait [`DynamicRules`] over positions of
//! one value type, [`Value`] (an integer or a list of values), and the
//! catalog holds any of them as [`Dynamic`], which implements [`Ruleset`](super::Ruleset)
//! so that every solver serves it unchanged.
//!
//! # Errors
//!
//! A script can fail at any call (an operation limit, a runtime error, a
//! move of the wrong type). [`Dynamic`] returns that error from
//! [`Ruleset::moves`](super::Ruleset::moves) (and [`HeapLister`](super::HeapLister)'s calls), with the position it
//! was expanding, and every solver passes it on as a value: nothing
//! unwinds, and the solvers' half-computed state is dropped with the
//! error.

mod listing;
mod ruleset;
mod value;

pub use ruleset::Dynamic;
pub use value::{Value, MAX_DEPTH};

use super::HeapListing;
use crate::{excerpt, Error, Result, Stop};
use std::fmt;

/// One move of a game defined at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynMove {
    /// The parts the move leaves: a disjunctive sum (none: the component is
    /// gone).
    pub parts: Vec<Value>,
    /// What to call the move; without one it is named by where it leads.
    pub label: Option<String>,
}

/// Rules defined at run time, by a script or a callback.
///
/// Object-safe, so that [`Dynamic`] can hold any implementation. Methods
/// that run user code return errors rather than panicking; [`Dynamic`]
/// turns an error from [`DynamicRules::moves`] into the unwind described in
/// the module docs.
pub trait DynamicRules: Send + Sync + fmt::Debug {
    /// The spec that names these rules (`script:game.rhai`).
    fn spec(&self) -> String;

    /// Every move from `p`. An error should say what failed; [`Dynamic`]
    /// adds the position. `stop` is the token of the computation that
    /// asks: a long call should end with [`Error::Stopped`] once it is
    /// stopped (a script does, from Rhai's progress callback).
    fn moves(&self, p: &Value, stop: &Stop) -> Result<Vec<DynMove>>;

    /// Parses a position as the user writes it; by default [`Value::parse`].
    fn parse(&self, text: &str) -> Result<Value> {
        Value::parse(text)
    }

    /// Writes a position; by default as `Display` does.
    fn format(&self, p: &Value) -> Result<String> {
        Ok(p.to_string())
    }

    /// The label of a move from `p` that leaves `parts` and came without
    /// one, asked only when labels are shown; `None`: named by where it
    /// leads.
    fn label(&self, _p: &Value, _parts: &[Value]) -> Result<Option<String>> {
        Ok(None)
    }

    /// Whether a position is one number n ≥ 0 (a heap game), every move
    /// leaving heaps smaller than n, so that tables, patterns and plots
    /// apply and tables are filled bottom-up.
    fn heap(&self) -> bool {
        false
    }

    /// Whether a position may recur; such games go to the loopy solvers.
    fn may_loop(&self) -> bool {
        false
    }

    /// In a heap game, the moves of heap `n` as the dense engine reads
    /// them: each move's parts (heaps of 1 to n - 1; empty heaps dropped)
    /// appended to `parts`, then the move's end to `ends`. By default
    /// from [`DynamicRules::moves`]; an implementation may skip building
    /// [`DynMove`]s.
    ///
    /// # Errors
    /// Those of [`DynamicRules::moves`], and [`Error::Script`] for a part
    /// that is not a heap smaller than `n`.
    fn heap_options(&self, n: u64, parts: &mut Vec<u64>, ends: &mut Vec<usize>, stop: &Stop) -> Result<()> {
        let moves = self.moves(&Value::Int(n as i64), stop)?;
        heap_parts(&self.spec(), n, &moves, parts, ends)
    }

    /// Appends the moves of heaps `lo..hi`, in order, to `out`, as
    /// [`DynamicRules::heap_options`] lists them, and where each heap's
    /// moves end to `out.heaps`; by default one heap at a time.
    ///
    /// # Errors
    /// The first heap that fails, and its error (`out` then holds a part
    /// of the run).
    fn heap_range(
        &self,
        lo: u64,
        hi: u64,
        out: &mut HeapListing,
        stop: &Stop,
    ) -> std::result::Result<(), (u64, Error)> {
        for n in lo..hi {
            self.heap_options(n, &mut out.parts, &mut out.ends, stop)
                .map_err(|e| (n, e))?;
            out.heaps.push(out.ends.len());
        }
        Ok(())
    }

    /// Whether several threads may call these rules at once to good effect
    /// (a script: yes; a Python callback, which holds the GIL: no). Tables
    /// of a heap game then list runs of heaps in parallel.
    fn parallel(&self) -> bool {
        false
    }

    /// For games on two numbers: the position of cell (x, y) of a 2-D
    /// table; by default the list `[x, y]`.
    ///
    /// # Errors
    /// The rules' own (a script's `fn pair` that failed).
    fn pair(&self, x: u64, y: u64) -> Result<Option<Value>> {
        Ok(Some(Value::list([Value::Int(x as i64), Value::Int(y as i64)])))
    }

    /// The first row and column of a 2-D table.
    fn pair_origin(&self) -> u64 {
        0
    }
}

/// Appends `moves`, moves of heap `n` of the rules named `spec`, as
/// [`DynamicRules::heap_options`] lists them.
///
/// # Errors
/// [`Error::Script`] for a part that is not a heap smaller than `n`.
pub fn heap_parts(
    spec: &str,
    n: u64,
    moves: &[DynMove],
    parts: &mut Vec<u64>,
    ends: &mut Vec<usize>,
) -> Result<()> {
    for m in moves {
        for q in &m.parts {
            match q {
                Value::Int(0) => {}
                Value::Int(k) if *k > 0 && (*k as u64) < n => parts.push(*k as u64),
                _ => return Err(not_a_smaller_heap(spec, n, q)),
            }
        }
        ends.push(parts.len());
    }
    Ok(())
}

/// The error for a move of heap `n` that leaves `part`, which is not a
/// heap smaller than `n`.
pub fn not_a_smaller_heap(spec: &str, n: u64, part: &Value) -> Error {
    Error::Script {
        script: spec.to_string(),
        reason: format!(
            "a move of heap {n} leaves `{}`: in a heap game every part is a heap smaller than the one moved from",
            excerpt(&part.to_string())
        ),
    }
}
