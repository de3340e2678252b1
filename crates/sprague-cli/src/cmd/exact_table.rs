//! `sprague table` beyond normal-play values: misère values (`--misere`),
//! genus symbols (`--genus`), remoteness (`--remoteness`) and the
//! generalised values of loopy games, all from the exact graph of sums.

use crate::cli::TableArgs;
use anyhow::bail;
use serde::Serialize;
use serde_json::Value;
use sprague::rules::Ruleset;
use sprague::solve::sums::SumGraph;
use sprague::solve::{loopy, misere, retrograde, Play, Solver};
use std::io::Write;

/// What a table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Misere,
    Genus,
    Remoteness,
    Generalized,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Misere => "misere",
            Kind::Genus => "genus",
            Kind::Remoteness => "remoteness",
            Kind::Generalized => "generalized",
        }
    }
}

#[derive(Serialize)]
struct LineOut<'a> {
    spec: String,
    convention: &'static str,
    kind: &'static str,
    values: &'a [Value],
}

#[derive(Serialize)]
struct GridOut {
    spec: String,
    convention: &'static str,
    kind: &'static str,
    row_start: u64,
    col_start: u64,
    rows: Vec<Vec<Value>>,
}

/// The positions of the table: heaps 0..=N, or the cells of a 2-D table
/// (`None` where a cell is no position).
fn positions<R: Ruleset>(
    rules: &R,
    upto: (u64, Option<u64>),
    args: &TableArgs,
) -> anyhow::Result<Vec<Option<R::Position>>> {
    let max = args.limits.max_states;
    match upto {
        (n, None) => {
            if rules.heap_size(&rules.parse_position("0")?).is_none() {
                bail!(
                    "`{}` positions are pairs: give --upto N,M for a 2-D table{}",
                    rules.spec(),
                    super::heap_hint(&rules.spec())
                );
            }
            if n >= max {
                bail!(
                    "a table of {} values exceeds the limit of {max} states; raise it with --max-states",
                    n as u128 + 1
                );
            }
            (0..=n)
                .map(|k| Ok(Some(rules.parse_position(&k.to_string())?)))
                .collect()
        }
        (n, Some(m)) => {
            let o = rules.pair_origin();
            if rules.pair_position(o, o).is_none() {
                bail!("`{}` has no 2-D table: give --upto N", rules.spec());
            }
            if n < o || m < o {
                bail!("bad --upto `{}`: the table starts at {o},{o}", args.upto);
            }
            let cells = ((n - o) as u128 + 1) * ((m - o) as u128 + 1);
            if cells > max as u128 {
                bail!(
                    "a table of {cells} cells exceeds the limit of {max} states; raise it with --max-states"
                );
            }
            Ok((o..=n)
                .flat_map(|x| (o..=m).map(move |y| (x, y)))
                .map(|(x, y)| rules.pair_position(x, y))
                .collect())
        }
    }
}

/// Runs a table of misère values, genus, remoteness or generalised values.
pub fn run<R: Ruleset>(
    rules: &R,
    upto: (u64, Option<u64>),
    args: &TableArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let l = &args.long_run;
    if l.checkpoint.is_some() || l.out.is_some() || l.full || l.summary {
        bail!("--checkpoint, --out, --full and --summary are for long runs of normal-play values, not with --misere, --genus or --remoteness");
    }
    let kind = if args.genus {
        Kind::Genus
    } else if args.remoteness {
        Kind::Remoteness
    } else if args.misere {
        Kind::Misere
    } else {
        Kind::Generalized
    };
    let play = if args.misere { Play::Misere } else { Play::Normal };
    if kind == Kind::Generalized && rules.convention() != sprague::rules::Convention::Normal {
        bail!("`{}` is not normal play: it has no table of values", rules.spec());
    }
    let cells = positions(rules, upto, args)?;
    let present: Vec<R::Position> = cells.iter().flatten().cloned().collect();
    let limits = args.limits.limits();
    let values: Vec<Value> = match kind {
        Kind::Misere => misere::misere_values(rules, &present, limits)?
            .into_iter()
            .map(Value::from)
            .collect(),
        Kind::Genus => {
            let mut solver = Solver::new(rules, limits);
            let normal = present
                .iter()
                .map(|p| Ok(solver.grundy(p)?.0))
                .collect::<anyhow::Result<Vec<u64>>>()?;
            misere::genus(rules, &present, &normal, 6, limits)?
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
        Kind::Remoteness | Kind::Generalized => {
            let mut graph = SumGraph::new(rules, limits);
            let roots = present
                .iter()
                .map(|p| graph.add_root(std::slice::from_ref(p)))
                .collect::<sprague::Result<Vec<_>>>()?;
            if kind == Kind::Remoteness {
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
    };
    let mut values = values.into_iter();
    let filled: Vec<Value> = cells
        .iter()
        .map(|c| c.as_ref().and_then(|_| values.next()).unwrap_or(Value::Null))
        .collect();
    let convention = play.name();
    match upto {
        (_, None) => {
            if args.json {
                serde_json::to_writer(
                    &mut *out,
                    &LineOut {
                        spec: rules.spec(),
                        convention,
                        kind: kind.name(),
                        values: &filled,
                    },
                )?;
                writeln!(out)?;
            } else {
                let text: Vec<String> = filled.iter().map(show).collect();
                render_line(&text, args.width, out)?;
            }
        }
        (n, Some(m)) => {
            let o = rules.pair_origin();
            let cols = (m - o + 1) as usize;
            let rows: Vec<Vec<Value>> = filled.chunks(cols).map(<[Value]>::to_vec).collect();
            debug_assert_eq!(rows.len() as u64, n - o + 1);
            let grid = GridOut {
                spec: rules.spec(),
                convention,
                kind: kind.name(),
                row_start: o,
                col_start: o,
                rows,
            };
            if args.json {
                serde_json::to_writer(&mut *out, &grid)?;
                writeln!(out)?;
            } else {
                render_grid(&grid, out)?;
            }
        }
    }
    Ok(())
}

/// A cell as text: numbers bare, strings unquoted, `.` for no position.
fn show(v: &Value) -> String {
    match v {
        Value::Null => ".".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Cells `width` a row, each row labelled by its first n.
fn render_line(cells: &[String], width: usize, out: &mut dyn Write) -> std::io::Result<()> {
    let width = width.max(1);
    let cell = cells.iter().map(|v| v.chars().count()).max().unwrap_or(1).max(2);
    let label = cells.len().saturating_sub(1).to_string().len().max(1);
    write!(out, "{:label$}  ", "n")?;
    for c in 0..width.min(cells.len()) {
        write!(out, " {:>cell$}", format!("+{c}"))?;
    }
    writeln!(out)?;
    for (r, chunk) in cells.chunks(width).enumerate() {
        write!(out, "{:>label$}: ", r * width)?;
        for v in chunk {
            write!(out, " {v:>cell$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// A 2-D table: one row per first coordinate.
fn render_grid(g: &GridOut, out: &mut dyn Write) -> std::io::Result<()> {
    let cell = g
        .rows
        .iter()
        .flatten()
        .map(|c| show(c).chars().count())
        .max()
        .unwrap_or(1)
        .max(2);
    let ncols = g.rows.first().map_or(0, Vec::len);
    let label = (g.row_start + g.rows.len() as u64).to_string().len().max(3);
    write!(out, "{:>label$} ", "x\\y")?;
    for c in 0..ncols as u64 {
        write!(out, " {:>cell$}", g.col_start + c)?;
    }
    writeln!(out)?;
    for (r, row) in g.rows.iter().enumerate() {
        write!(out, "{:>label$}:", g.row_start + r as u64)?;
        for c in row {
            write!(out, " {:>cell$}", show(c))?;
        }
        writeln!(out)?;
    }
    Ok(())
}
