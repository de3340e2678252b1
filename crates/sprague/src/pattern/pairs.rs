//! Patterns of games on two numbers: tables g(x, y).
//!
//! Three findings: periodicity along each coordinate (a whole row, or
//! column, repeats), xor-separability g(x, y) = f(x) xor h(y), and, for
//! Wythoff's game, the P-positions (⌊kφ⌋, ⌊kφ²⌋). They are observed on the
//! table, except where an argument covers every position:
//!
//! - `grid:RxU`: a move changes the rows or the columns, never both, so the
//!   game is the sum of two independent subtraction games, 1..U on the x − 1
//!   rows above the chip and 1..R on the y − 1 columns to its right; by the
//!   Sprague–Grundy theorem g(x, y) = ((x − 1) mod (U + 1)) xor
//!   ((y − 1) mod (R + 1)), since subtract:1..k has g(n) = n mod (k + 1).
//! - `wythoff`: Wythoff's theorem (1907) says the P-positions are exactly
//!   (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images.

use super::periodic::observed_period;
use super::{Finding, Kind, Status};
use crate::rules::floor_k_phi;
use crate::rules::{Convention, Game, GameVisitor, Ruleset};
use crate::solve::{Limits, Solver};
use crate::{Error, Result};
use std::collections::HashMap;

/// The most cells a 2-D table may have.
pub const MAX_CELLS: u64 = 4_000_000;

/// A 2-D table and what was found in it.
#[derive(Clone, Debug)]
pub struct PairAnalysis {
    /// The smallest coordinate (1 for boards, 0 for heaps).
    pub origin: u64,
    /// `table[i][j]` = g(origin + i, origin + j).
    pub table: Vec<Vec<u64>>,
    /// The findings.
    pub findings: Vec<Finding>,
}

/// g(x, y) for origin ≤ x ≤ `xmax`, origin ≤ y ≤ `ymax`.
///
/// # Returns
/// The origin and the rows of the table; an error for games that are not
/// on two numbers, not played under the normal convention, or tables of
/// more than [`MAX_CELLS`] cells.
///
/// # Complexity
/// One memoised search per cell (shared memo), as [`Solver::grundy`].
pub fn pair_table(game: &Game, xmax: u64, ymax: u64, limits: Limits) -> Result<(u64, Vec<Vec<u64>>)> {
    struct Table {
        xmax: u64,
        ymax: u64,
        limits: Limits,
    }
    impl GameVisitor for Table {
        type Output = Result<(u64, Vec<Vec<u64>>)>;
        fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
            let o = rules.pair_origin();
            if rules.pair_position(o, o)?.is_none() || rules.convention() != Convention::Normal {
                return Err(Error::Unsupported(format!(
                    "`{}` is not a normal-play game on two numbers: give a heap game, or one of grid, wythoff, wizards",
                    rules.spec()
                )));
            }
            if self.xmax < o || self.ymax < o {
                return Err(Error::Unsupported(format!(
                    "the table of `{}` starts at {o},{o}",
                    rules.spec()
                )));
            }
            let cells = (self.xmax - o)
                .saturating_add(1)
                .saturating_mul((self.ymax - o).saturating_add(1));
            if cells > MAX_CELLS {
                // A fixed bound: no flag raises it.
                return Err(Error::Unsupported(format!(
                    "a table of {cells} cells is more than the {MAX_CELLS} a pair analysis computes: give smaller sides"
                )));
            }
            if cells > self.limits.max_states {
                return Err(Error::LimitExceeded {
                    what: format!("a table of {cells} cells"),
                    limit: self.limits.max_states,
                });
            }
            let mut solver = Solver::new(rules, self.limits);
            let mut rows = Vec::new();
            for x in o..=self.xmax {
                let mut row = Vec::new();
                for y in o..=self.ymax {
                    let p = rules.pair_position(x, y)?.ok_or_else(|| {
                        Error::Unsupported(format!("({x}, {y}) is not a position of `{}`", rules.spec()))
                    })?;
                    row.push(solver.grundy(&p)?.0);
                }
                rows.push(row);
            }
            Ok((o, rows))
        }
    }
    game.visit(Table { xmax, ymax, limits })
}

/// Findings of a 2-D table: periods along x and y, xor-separability, and
/// Wythoff's P-positions.
///
/// # Arguments
/// * `game`: the game (`grid` and `wythoff` get proofs, see the module
///   documentation).
/// * `xmax`, `ymax`: the largest coordinates to tabulate.
/// * `limits`: bounds for the solver.
///
/// # Complexity
/// [`pair_table`] plus O(cells) per period tried.
///
/// # Examples
/// ```
/// use sprague::pattern::analyze_pairs;
/// let game = "grid:2x3".parse().unwrap();
/// let a = analyze_pairs(&game, 30, 30, Default::default()).unwrap();
/// let periods: Vec<_> = a.findings.iter().filter_map(|f| f.period).collect();
/// assert_eq!(periods, [4, 3]);
/// ```
pub fn analyze_pairs(game: &Game, xmax: u64, ymax: u64, limits: Limits) -> Result<PairAnalysis> {
    let (origin, table) = pair_table(game, xmax, ymax, limits)?;
    let grid = match game {
        Game::Grid(g) => Some((g.up, g.right)),
        _ => None,
    };
    let mut findings = Vec::new();
    let along =
        |axis: &'static str, lines: Vec<Vec<u64>>, modulus: Option<u64>, findings: &mut Vec<Finding>| {
            let checked = origin + lines.len() as u64 - 1;
            let mut ids = HashMap::new();
            let seq: Vec<u32> = lines
                .into_iter()
                .map(|l| {
                    let next = ids.len() as u32;
                    *ids.entry(l).or_insert(next)
                })
                .collect();
            if let Some(per) = observed_period(&seq) {
                let proven = modulus == Some(per.period) && per.preperiod == 0;
                let (status, argument) = if proven {
                    (Status::Proven, Some(GRID_ARGUMENT.to_string()))
                } else {
                    (Status::Observed, None)
                };
                let from = origin + per.preperiod;
                let p = per.period;
                let formula = if axis == "x" {
                    format!("g(x + {p}, y) = g(x, y) for x ≥ {from} (period {p} along x)")
                } else {
                    format!("g(x, y + {p}) = g(x, y) for y ≥ {from} (period {p} along y)")
                };
                let mut f = Finding::new(Kind::Periodic, status, argument, formula, checked);
                f.axis = Some(axis);
                f.preperiod = Some(per.preperiod);
                f.period = Some(per.period);
                findings.push(f);
            }
        };
    along(
        "x",
        table.clone(),
        grid.map(|(u, _)| u.saturating_add(1)),
        &mut findings,
    );
    let cols: Vec<Vec<u64>> = (0..table[0].len())
        .map(|j| table.iter().map(|r| r[j]).collect())
        .collect();
    along("y", cols, grid.map(|(_, r)| r.saturating_add(1)), &mut findings);

    let checked = origin + table.len().max(table[0].len()) as u64 - 1;
    let corner = table[0][0];
    let separable = table
        .iter()
        .all(|row| row.iter().zip(&table[0]).all(|(&v, &h)| v == row[0] ^ h ^ corner));
    if separable {
        let f_vals: Vec<String> = table
            .iter()
            .take(12)
            .map(|r| (r[0] ^ corner).to_string())
            .collect();
        let h_vals: Vec<String> = table[0].iter().take(12).map(|v| v.to_string()).collect();
        let (status, argument, formula) = match grid {
            Some((u, r)) => (
                Status::Proven,
                Some(GRID_ARGUMENT.to_string()),
                format!(
                    "g(x, y) = ((x − 1) mod {}) xor ((y − 1) mod {})",
                    u.saturating_add(1),
                    r.saturating_add(1)
                ),
            ),
            None => (
                Status::Observed,
                None,
                format!(
                    "g(x, y) = f(x) xor h(y), f = {}, … and h = {}, … from {origin}",
                    f_vals.join(" "),
                    h_vals.join(" ")
                ),
            ),
        };
        // A claimed proof must agree with the table it is about.
        let agrees = grid.is_none_or(|(u, r)| {
            table.iter().enumerate().all(|(i, row)| {
                row.iter()
                    .enumerate()
                    .all(|(j, &v)| v == (i as u64 % u.saturating_add(1)) ^ (j as u64 % r.saturating_add(1)))
            })
        });
        if agrees {
            findings.push(Finding::new(
                Kind::XorSeparable,
                status,
                argument,
                formula,
                checked,
            ));
        }
    }

    if matches!(game, Game::Wythoff(_)) {
        let is_p = |a: u64, b: u64| {
            let (a, b) = (a.min(b), a.max(b));
            floor_k_phi(b - a) == a
        };
        let agrees = table.iter().enumerate().all(|(i, row)| {
            row.iter()
                .enumerate()
                .all(|(j, &v)| (v == 0) == is_p(origin + i as u64, origin + j as u64))
        });
        if agrees {
            findings.push(Finding::new(
                Kind::WythoffPositions,
                Status::Proven,
                Some("Wythoff's theorem (1907); the table agrees".into()),
                "g(x, y) = 0 iff {x, y} = {⌊kφ⌋, ⌊kφ⌋ + k} = {⌊kφ⌋, ⌊kφ²⌋}, φ = (1 + √5)/2".into(),
                checked,
            ));
        }
    }
    Ok(PairAnalysis {
        origin,
        table,
        findings,
    })
}

const GRID_ARGUMENT: &str =
    "rows and columns are independent subtraction games 1..U and 1..R, and subtract:1..k has g(n) = n mod (k + 1)";
