//! The Grundy tables of `sprague table --json`: a line g(0..=N) of a heap
//! game, or a grid g(x, y) of a pair game.

use crate::rules::Ruleset;
use crate::solve::{Limits, Solver};
use crate::{Error, Result};
use std::borrow::Cow;

/// g(0..=N) of a heap game.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineTable<'a> {
    /// The game's canonical spec.
    pub spec: String,
    /// g(n) for n = 0, 1, …
    pub values: Cow<'a, [u32]>,
}

/// g(x, y) of a pair game over a rectangle that starts at its origin.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GridTable {
    /// The game's canonical spec.
    pub spec: String,
    /// The first x (row).
    pub row_start: u64,
    /// The first y (column).
    pub col_start: u64,
    /// One row per x; `None` where (x, y) is no position.
    pub rows: Vec<Vec<Option<u64>>>,
}

/// g(0..=n) of a heap game under normal play, by the best engine
/// ([`super::heap_values`]).
///
/// # Errors
/// [`Error::Unsupported`] for a loopy game, a game not played under the
/// normal convention, or a pair game; any error of the engine.
///
/// # Complexity
/// That of [`super::heap_values`].
///
/// # Examples
/// ```
/// use sprague::report::line_table;
/// use sprague::rules::Game;
/// use sprague::solve::Limits;
///
/// let Game::Octal(k) = "kayles".parse().unwrap() else { unreachable!() };
/// let t = line_table(&k, 5, Limits::default()).unwrap();
/// assert_eq!(&t.values[..], &[0, 1, 2, 3, 1, 4]);
/// ```
pub fn line_table<R: Ruleset>(rules: &R, n: u64, limits: Limits) -> Result<LineTable<'static>> {
    let (values, _) = super::heap_values(rules, n, limits, &mut super::Unwatched)?;
    Ok(LineTable {
        spec: rules.spec(),
        values: values.into_wide().into(),
    })
}

/// The Grundy values of a pair game for x up to `n` and y up to `m`,
/// from its origin.
///
/// # Errors
/// [`Error::Unsupported`] for a heap game or a rectangle that does not
/// reach the origin; [`Error::LimitExceeded`] when the rectangle has more
/// cells than `limits.max_states`; any error of the solver.
///
/// # Complexity
/// One Grundy value per cell, each within `limits`.
///
/// # Examples
/// ```
/// use sprague::report::grid_table;
/// use sprague::rules::Game;
/// use sprague::solve::Limits;
///
/// let Game::Wythoff(w) = "wythoff".parse().unwrap() else { unreachable!() };
/// let t = grid_table(&w, 2, 2, Limits::default()).unwrap();
/// assert_eq!(t.rows[1], vec![Some(1), Some(2), Some(0)]);
/// ```
pub fn grid_table<R: Ruleset>(rules: &R, n: u64, m: u64, limits: Limits) -> Result<GridTable> {
    let o = grid_origin(rules, n, m, limits.max_states)?;
    let mut solver = Solver::new(rules, limits);
    let mut rows = Vec::new();
    for x in o..=n {
        crate::solve::progress::report(crate::solve::progress::Task::Rows, x - o, Some(n - o + 1));
        let mut row = Vec::new();
        for y in o..=m {
            let cell = match rules.pair_position(x, y)? {
                Some(p) => Some(solver.grundy(&p)?.0),
                None => None,
            };
            row.push(cell);
        }
        rows.push(row);
    }
    Ok(GridTable {
        spec: rules.spec(),
        row_start: o,
        col_start: o,
        rows,
    })
}

/// The origin of a pair game's table to (n, m), after the checks every
/// grid table makes: a pair game, a rectangle reaching the origin, at most
/// `max_states` cells.
pub(super) fn grid_origin<R: Ruleset>(rules: &R, n: u64, m: u64, max_states: u64) -> Result<u64> {
    if rules.splitting().is_some() {
        return Err(crate::rules::one_board(&rules.spec()));
    }
    let o = rules.pair_origin();
    if rules.pair_position(o, o)?.is_none() {
        return Err(Error::Unsupported(format!(
            "`{}` is a heap game: its table is a line g(0..=N), not a grid",
            rules.spec()
        )));
    }
    if n < o || m < o {
        return Err(Error::Unsupported(format!(
            "a table to {n},{m} ends before it starts, at {o},{o}"
        )));
    }
    let cells = ((n - o) as u128 + 1) * ((m - o) as u128 + 1);
    if cells > max_states as u128 {
        return Err(Error::LimitExceeded {
            what: format!("a table of {cells} cells"),
            limit: max_states,
        });
    }
    Ok(o)
}
