//! Tables: g(0..=N) of a heap game or along a family of boards into
//! NumPy, and 2-D tables.
//!
//! The library decides how (`sprague::report::heap_values`: the dense
//! table, or the sequence engine for octal codes and Grundy's game from
//! its threshold on), as for `sprague table`; Ctrl-C stops it through the
//! stop token in its limits (`crate::interrupt`).

use crate::errors::Failure;
use numpy::PyArray1;
use pyo3::prelude::*;
use sprague::report::{BoardFamily, HeapValues, Line, LineOptions, Unwatched};
use sprague::rules::{Game, GameVisitor, Ruleset};
use sprague::solve::Limits;

/// g(0..=n) of a heap game.
pub fn heap_values(game: &Game, n: u64, limits: Limits) -> Result<HeapValues, Failure> {
    game.visit(Table { n, limits })
}

struct Table {
    n: u64,
    limits: Limits,
}

impl GameVisitor for Table {
    type Output = Result<HeapValues, Failure>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        // Ctrl-C stops the token in the limits (crate::interrupt).
        let (values, _) = sprague::report::heap_values(rules, self.n, self.limits, &mut Unwatched)?;
        Ok(values)
    }
}

/// The values along a family of boards (`cram:3xN`) for n = 0..=n, by the
/// library's one call for tables ([`Line::values`]), as `sprague table`
/// computes them.
pub fn family_values(family: &BoardFamily, n: u64, limits: Limits) -> Result<HeapValues, Failure> {
    let how = LineOptions {
        limits,
        ..LineOptions::default()
    };
    let line = Line::Family(family.clone());
    let (values, _) = line.values(n, &how, &mut crate::read_spec_file)?;
    Ok(values)
}

/// The values as a NumPy array that owns them (no copy per value).
pub fn to_numpy(py: Python<'_>, values: HeapValues) -> Bound<'_, PyAny> {
    match values {
        HeapValues::Narrow(v) => PyArray1::from_vec(py, v).into_any(),
        HeapValues::Wide(v) => PyArray1::from_vec(py, v).into_any(),
    }
}

/// `sprague table --upto N,M --json` of a game on two numbers (the
/// library's [`sprague::report::grid_table`], as the CLI prints it).
pub fn pair_table(game: &Game, n: u64, m: u64, limits: Limits) -> Result<String, Failure> {
    game.visit(Pairs { n, m, limits })
}

struct Pairs {
    n: u64,
    m: u64,
    limits: Limits,
}

impl GameVisitor for Pairs {
    type Output = Result<String, Failure>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let grid = sprague::report::grid_table(rules, self.n, self.m, self.limits)?;
        serde_json::to_string(&grid).map_err(|e| Failure::Internal(e.to_string()))
    }
}
