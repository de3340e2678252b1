//! Tables beyond normal-play Grundy values: misère Grundy values g⁻, genus
//! symbols, remoteness, and the generalised values of loopy games, each
//! from the exact graph of sums (what `sprague table --misere`, `--genus`,
//! `--remoteness` and a loopy game's table print, and what the web page's
//! Explore tab plots).

use crate::rules::{Convention, Ruleset};
use crate::solve::sums::SumGraph;
use crate::solve::{loopy, misere, retrograde, Limits, Play, Solver};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What an exact table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExactKind {
    /// Misère Grundy values g⁻ (a position without moves has value 1).
    Misere,
    /// Genus symbols g^(g⁻ g⁻₂ …), with `tame` where the position is.
    Genus,
    /// Remoteness (`D` for a drawn position), under the play asked for.
    Remoteness,
    /// Smith's generalised values of a loopy game (`∞…` where infinite).
    Generalized,
}

impl ExactKind {
    /// The name JSON writes: `misere`, `genus`, `remoteness`, `generalized`.
    pub fn name(self) -> &'static str {
        match self {
            ExactKind::Misere => "misere",
            ExactKind::Genus => "genus",
            ExactKind::Remoteness => "remoteness",
            ExactKind::Generalized => "generalized",
        }
    }
}

/// An exact table: a line g(0..=N) (`values`) or a grid of pair positions
/// (`rows`, from `row_start`, `col_start`). A cell is a number, a string
/// (`D`, a genus symbol, an infinite value) or null (no position there).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactTable {
    /// The game's spec.
    pub spec: String,
    /// `normal` or `misere`: the play the values are for.
    pub convention: &'static str,
    /// What the cells are ([`ExactKind::name`]).
    pub kind: &'static str,
    /// The first row's x (grids only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row_start: Option<u64>,
    /// The first column's y (grids only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub col_start: Option<u64>,
    /// The values of heaps 0..=N (lines only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<Value>>,
    /// One row per x (grids only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<Vec<Value>>>,
}

/// The table of `kind` for heaps 0..=N (`upto` = (N, None)) or the pairs
/// from the origin to (N, M) (`upto` = (N, Some(M))), under `play`
/// (misère values are misère by definition; remoteness follows `play`).
///
/// # Errors
/// [`Error::Unsupported`] for a line of a pair game, a grid of a heap game,
/// a grid ending before its origin, generalised values of a game not
/// played under the normal convention, genus or generalised values under
/// misère play; [`Error::LimitExceeded`] for more
/// cells than `limits.max_states`; any error of the solvers.
///
/// # Complexity
/// One graph of sums over every cell, within `limits`.
///
/// # Examples
/// ```
/// use sprague::report::{exact_table, ExactKind};
/// use sprague::rules::Game;
/// use sprague::solve::{Limits, Play};
///
/// let Game::Nim(nim) = "nim".parse().unwrap() else { unreachable!() };
/// let t = exact_table(&nim, (3, None), ExactKind::Misere, Play::Misere, Limits::default()).unwrap();
/// // Misère Nim: g⁻(0) = 1, g⁻(1) = 0, then n.
/// assert_eq!(t.values.unwrap(), [1, 0, 2, 3]);
/// ```
pub fn exact_table<R: Ruleset>(
    rules: &R,
    upto: (u64, Option<u64>),
    kind: ExactKind,
    play: Play,
    limits: Limits,
) -> Result<ExactTable> {
    if play == Play::Misere && matches!(kind, ExactKind::Genus | ExactKind::Generalized) {
        return Err(Error::Unsupported(format!(
            "{} values are of normal play: ask for them without misère play",
            kind.name()
        )));
    }
    if kind == ExactKind::Generalized && rules.convention() != Convention::Normal {
        return Err(Error::Unsupported(format!(
            "`{}` is not normal play: it has no table of values",
            rules.spec()
        )));
    }
    let play = if kind == ExactKind::Misere {
        Play::Misere
    } else {
        play
    };
    let cells = positions(rules, upto, limits.clone())?;
    let present: Vec<R::Position> = cells.iter().flatten().cloned().collect();
    let values = cell_values(rules, &present, kind, play, limits)?;
    let mut values = values.into_iter();
    let filled: Vec<Value> = cells
        .iter()
        .map(|c| c.as_ref().and_then(|_| values.next()).unwrap_or(Value::Null))
        .collect();
    let mut table = ExactTable {
        spec: rules.spec(),
        convention: play.name(),
        kind: kind.name(),
        row_start: None,
        col_start: None,
        values: None,
        rows: None,
    };
    match upto {
        (_, None) => table.values = Some(filled),
        (_, Some(m)) => {
            let o = rules.pair_origin();
            let cols = (m - o + 1) as usize;
            table.row_start = Some(o);
            table.col_start = Some(o);
            table.rows = Some(filled.chunks(cols).map(<[Value]>::to_vec).collect());
        }
    }
    Ok(table)
}

/// The positions of the table: heaps 0..=N, or the cells of a 2-D table
/// (`None` where a cell is no position).
fn positions<R: Ruleset>(
    rules: &R,
    upto: (u64, Option<u64>),
    limits: Limits,
) -> Result<Vec<Option<R::Position>>> {
    let max = limits.max_states;
    match upto {
        (n, None) => {
            if rules
                .parse_position("0")
                .ok()
                .and_then(|p| rules.heap_size(&p))
                .is_none()
            {
                return Err(crate::rules::not_a_line(rules));
            }
            if n >= max {
                return Err(Error::LimitExceeded {
                    what: format!("a table of {} values", n as u128 + 1),
                    limit: max,
                });
            }
            (0..=n)
                .map(|k| {
                    if k % 4096 == 0 {
                        limits.check_stop()?;
                    }
                    Ok(Some(rules.parse_position(&k.to_string())?))
                })
                .collect()
        }
        (n, Some(m)) => {
            let o = super::table::grid_origin(rules, n, m, max)?;
            (o..=n)
                .flat_map(|x| (o..=m).map(move |y| (x, y)))
                .map(|(x, y)| rules.pair_position(x, y))
                .collect()
        }
    }
}

/// The value of each position, as JSON: numbers, or strings where a value
/// is not a number.
fn cell_values<R: Ruleset>(
    rules: &R,
    present: &[R::Position],
    kind: ExactKind,
    play: Play,
    limits: Limits,
) -> Result<Vec<Value>> {
    Ok(match kind {
        ExactKind::Misere => misere::misere_values(rules, present, limits)?
            .into_iter()
            .map(Value::from)
            .collect(),
        ExactKind::Genus => {
            let mut solver = Solver::new(rules, limits.clone());
            let normal = present
                .iter()
                .map(|p| Ok(solver.grundy(p)?.0))
                .collect::<Result<Vec<u64>>>()?;
            misere::genus(rules, present, &normal, 6, limits)?
                .into_iter()
                .map(|g| {
                    Value::from(if g.is_tame() {
                        format!("{g} tame")
                    } else {
                        g.to_string()
                    })
                })
                .collect()
        }
        ExactKind::Remoteness | ExactKind::Generalized => {
            let mut graph = SumGraph::new(rules, limits.clone());
            let roots = present
                .iter()
                .map(|p| graph.add_root(std::slice::from_ref(p)))
                .collect::<Result<Vec<_>>>()?;
            if kind == ExactKind::Remoteness {
                let solved = retrograde::solve_all(&graph, play);
                roots
                    .iter()
                    .map(|&r| match solved[r as usize].remoteness {
                        Some(v) => Value::from(v),
                        None => Value::from("D"),
                    })
                    .collect()
            } else {
                let v = loopy::values(&graph, limits.max_work)?;
                roots
                    .iter()
                    .map(|&r| match v[r as usize].finite() {
                        Some(g) => Value::from(g.0),
                        None => Value::from(v[r as usize].to_string()),
                    })
                    .collect()
            }
        }
    })
}
