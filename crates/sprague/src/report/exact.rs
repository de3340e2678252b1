//! Tables beyond normal-play Grundy values: misère Grundy values g⁻, genus
//! symbols, remoteness, and the generalised values of loopy games, each
//! from the exact graph of sums (what `sprague table --misere`, `--genus`,
//! `--remoteness` and a loopy game's table print, and what the web page's
//! Explore tab plots).

use crate::rules::{Convention, Ruleset};
use crate::solve::sums::{StateId, SumGraph};
use crate::solve::{loopy, misere, retrograde, Limits, Play, Solver};
use crate::{Error, ErrorKind, Result};
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
    /// Where a line that a bound ended stopped: the first heap without a
    /// value ([`exact_table_to_bound`] only; absent when the line is whole).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<u64>,
    /// Why it stopped there: [`stop_note`] and the bound's error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
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
    build(rules, upto, kind, play, limits, false).map(|(table, _)| table)
}

/// [`exact_table`], except that a line of misère values, remoteness or
/// generalised values that a bound (`--max-states`, `--max-work`, memory)
/// ends at heap k, while it lists the sums reachable from heap k, keeps
/// what came before: the table of heaps 0..k−1 is returned with the
/// error, so that a front end shows the values it has and then says where
/// and why it stopped. (A grid, a genus table, a bound at heap 0, or one
/// reached after the sums are listed, while valuing them, is an error as
/// in [`exact_table`].)
///
/// # Errors
/// As [`exact_table`].
///
/// # Examples
/// ```
/// use sprague::report::{exact_table_to_bound, ExactKind};
/// use sprague::rules::Game;
/// use sprague::solve::{Limits, Play};
///
/// let Game::Octal(kayles) = "kayles".parse().unwrap() else { unreachable!() };
/// let tight = Limits { max_states: 2_000, ..Limits::default() };
/// let (t, stop) = exact_table_to_bound(&kayles, (60, None), ExactKind::Misere, Play::Misere, tight).unwrap();
/// let kept = t.values.unwrap();
/// assert!(stop.is_some() && kept.len() > 5 && kept.len() < 61);
/// assert_eq!(kept[..6], [1, 0, 2, 3, 0, 1]); // misère Kayles: g⁻(0..=5)
/// ```
pub fn exact_table_to_bound<R: Ruleset>(
    rules: &R,
    upto: (u64, Option<u64>),
    kind: ExactKind,
    play: Play,
    limits: Limits,
) -> Result<(ExactTable, Option<Error>)> {
    build(rules, upto, kind, play, limits, true)
}

/// Where a line that [`exact_table_to_bound`] kept `kept` heaps of
/// stopped, in the words every front end puts before the bound's error.
pub fn stop_note(kept: usize) -> String {
    format!("the table stops at heap {kept}")
}

/// [`exact_table`] (`to_bound` false: a bound is an error) or
/// [`exact_table_to_bound`] (true: a line keeps the heaps before it).
fn build<R: Ruleset>(
    rules: &R,
    upto: (u64, Option<u64>),
    kind: ExactKind,
    play: Play,
    limits: Limits,
    to_bound: bool,
) -> Result<(ExactTable, Option<Error>)> {
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
    let mut cells = positions(rules, upto, limits.clone())?;
    let present: Vec<R::Position> = cells.iter().flatten().cloned().collect();
    let line = upto.1.is_none();
    let (values, stopped) = cell_values(rules, &present, kind, play, limits, to_bound && line)?;
    if stopped.is_some() {
        // A line stopped by a bound: the heaps before it.
        cells.truncate(values.len());
    }
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
        stopped_at: None,
        stopped: None,
    };
    if let Some(e) = &stopped {
        table.stopped_at = Some(filled.len() as u64);
        table.stopped = Some(format!("{}: {e}", stop_note(filled.len())));
    }
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
    Ok((table, stopped))
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

/// The graph of the sums reachable from each of `present`, with each
/// one's state. With `to_bound`, a bound reached at position k > 0 ends it
/// there: the graph is built again for the positions before k (a graph
/// left by a failed expansion holds sums half listed), and the error is
/// returned beside it.
fn graph_to_bound<'r, R: Ruleset>(
    rules: &'r R,
    present: &[R::Position],
    limits: &Limits,
    to_bound: bool,
) -> Result<(SumGraph<'r, R>, Vec<StateId>, Option<Error>)> {
    let mut graph = SumGraph::new(rules, limits.clone());
    let mut roots = Vec::with_capacity(present.len());
    for (k, p) in present.iter().enumerate() {
        match graph.add_root(std::slice::from_ref(p)) {
            Ok(r) => roots.push(r),
            Err(e) if to_bound && k > 0 && e.kind() == ErrorKind::Bound => {
                // Its memory back first: the graph again may need it all.
                drop(graph);
                let (graph, roots, _) = graph_to_bound(rules, &present[..k], limits, false)?;
                return Ok((graph, roots, Some(e)));
            }
            Err(e) => return Err(e),
        }
    }
    Ok((graph, roots, None))
}

/// The value of each position, as JSON: numbers, or strings where a value
/// is not a number. With `to_bound` (a line), a bound that ends the graph
/// of sums at position k gives the values before k and the error.
fn cell_values<R: Ruleset>(
    rules: &R,
    present: &[R::Position],
    kind: ExactKind,
    play: Play,
    limits: Limits,
    to_bound: bool,
) -> Result<(Vec<Value>, Option<Error>)> {
    let values = match kind {
        ExactKind::Misere => {
            let (graph, roots, stopped) = graph_to_bound(rules, present, &limits, to_bound)?;
            let values = graph.mex_values(Play::Misere)?;
            let cells = roots.iter().map(|&r| Value::from(values[r as usize])).collect();
            return Ok((cells, stopped));
        }
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
            let (graph, roots, stopped) = graph_to_bound(rules, present, &limits, to_bound)?;
            let cells = if kind == ExactKind::Remoteness {
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
            };
            return Ok((cells, stopped));
        }
    };
    Ok((values, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::rules::GameVisitor;

    /// Each kind's line at a tight bound and at the default one.
    struct Both(u64, ExactKind, u64);
    impl GameVisitor for Both {
        type Output = (ExactTable, Option<Error>, ExactTable);
        fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
            let Both(n, kind, states) = self;
            let tight = Limits {
                max_states: states,
                ..Limits::default()
            };
            let (part, stop) = exact_table_to_bound(rules, (n, None), kind, Play::Misere, tight).unwrap();
            let whole = exact_table(rules, (n, None), kind, Play::Misere, Limits::default()).unwrap();
            (part, stop, whole)
        }
    }

    #[test]
    fn a_line_stopped_by_a_bound_keeps_the_values_before_it() {
        let mut stopped = 0;
        for spec in [
            "kayles",
            "octal:0.07",
            "octal:0.75",
            "octal:4.7",
            "subtract:1,3,4",
        ] {
            let game: Game = spec.parse().unwrap();
            for kind in [ExactKind::Misere, ExactKind::Remoteness] {
                for states in [200, 2_000] {
                    let (part, stop, whole) = game.visit(Both(30, kind, states));
                    let (part, whole) = (part.values.unwrap(), whole.values.unwrap());
                    assert_eq!(part[..], whole[..part.len()], "{spec} {kind:?} {states}");
                    match stop {
                        Some(e) => {
                            assert_eq!(e.kind(), ErrorKind::Bound, "{e}");
                            assert!(part.len() < whole.len());
                            stopped += 1;
                        }
                        None => assert_eq!(part.len(), whole.len()),
                    }
                }
            }
        }
        assert!(stopped > 5, "the bounds stopped only {stopped} tables");
        // Without `to_bound` a bound is an error, as it always was.
        let kayles: Game = "kayles".parse().unwrap();
        struct Whole;
        impl GameVisitor for Whole {
            type Output = Result<ExactTable>;
            fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
                let tight = Limits {
                    max_states: 200,
                    ..Limits::default()
                };
                exact_table(rules, (30, None), ExactKind::Misere, Play::Misere, tight)
            }
        }
        assert_eq!(kayles.visit(Whole).unwrap_err().kind(), ErrorKind::Bound);
    }
}
