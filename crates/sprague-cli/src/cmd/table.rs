//! `sprague table`: Grundy values g(0..=N) of a heap game, or a 2-D table.

use crate::cli::TableArgs;
use anyhow::bail;
use sprague::report::{self, grid_table, GridTable, LineTable};
use sprague::rules::{Convention, GameVisitor, Ruleset};
use std::io::Write;

/// The extent asked for with `--upto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extent {
    Line(u64),
    Grid(u64, u64),
}

fn parse_extent(text: &str) -> anyhow::Result<Extent> {
    Ok(match super::parse_upto(text)? {
        (n, None) => Extent::Line(n),
        (n, Some(m)) => Extent::Grid(n, m),
    })
}

/// Runs `sprague table`.
pub fn run(args: &TableArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = super::load_game(&args.spec, args.limits.script_limits())?;
    let extent = parse_extent(&args.upto)?;
    game.visit(Job { args, extent, out })
}

struct Job<'a> {
    args: &'a TableArgs,
    extent: Extent,
    out: &'a mut dyn Write,
}

impl GameVisitor for Job<'_> {
    type Output = anyhow::Result<()>;

    fn visit<R: Ruleset>(self, rules: &R) -> anyhow::Result<()> {
        let Job { args, extent, out } = self;
        if args.beyond_normal() || rules.may_loop() {
            let upto = match extent {
                Extent::Line(n) => (n, None),
                Extent::Grid(n, m) => (n, Some(m)),
            };
            return super::exact_table::run(rules, upto, args, out);
        }
        if rules.convention() != Convention::Normal {
            bail!(
                "`{}` is not normal play: it has no table of Grundy values",
                rules.spec()
            );
        }
        let limits = args.limits.limits();
        match extent {
            Extent::Line(n) => {
                if rules.heap_moves().is_none() {
                    bail!(
                        "`{}` positions are pairs: give --upto N,M for a 2-D table{}",
                        rules.spec(),
                        super::heap_hint(&rules.spec())
                    );
                }
                let values = heap_values(rules, n, args)?;
                print_values(&rules.spec(), &values, args, out)?;
            }
            Extent::Grid(n, m) => {
                let grid = grid_table(rules, n, m, limits)?;
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
}

/// g(0..=n) from the library's best engine, with a progress bar on a
/// terminal; a table still growing stops with an error while little
/// memory is left, rather than be killed for memory.
fn heap_values<R: Ruleset>(rules: &R, n: u64, args: &TableArgs) -> anyhow::Result<Vec<u32>> {
    use super::sequence::{memory::Memory, progress::Progress, MIN_FREE};
    let tuning = super::sequence::tuning(&args.long_run);
    let memory = Memory::new();
    let mut bar: Option<Progress> = None;
    let mut watch = |done: u64, total: u64| -> sprague::Result<()> {
        bar.get_or_insert_with(|| Progress::new(total, 0))
            .set(done, false);
        let need = 2 * (total - done);
        match memory.available() {
            Some(m) if m < MIN_FREE && need > m / 2 => Err(sprague::Error::OutOfMemory(format!(
                "stopped at g({}): less than {} MiB of memory left for the table",
                done - 1,
                MIN_FREE >> 20
            ))),
            _ => Ok(()),
        }
    };
    let result = report::heap_values_tuned(rules, n, args.limits.limits(), tuning, &mut watch);
    if let Some(bar) = bar {
        bar.finish();
    }
    Ok(result?.0.into_wide())
}

/// Prints g(0..=N) as `table` does: JSON `{"spec", "values"}` or rows.
pub fn print_values(spec: &str, values: &[u32], args: &TableArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.json {
        serde_json::to_writer(
            &mut *out,
            &LineTable {
                spec: spec.to_string(),
                values: values.into(),
            },
        )?;
        writeln!(out)?;
    } else {
        render_line(values, args.width, out)?;
    }
    Ok(())
}

/// g(0..=N), `width` values a row, each row labelled by its first n.
fn render_line(values: &[u32], width: usize, out: &mut dyn Write) -> std::io::Result<()> {
    let width = width.max(1);
    let cell = values
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let label = (values.len().saturating_sub(1)).to_string().len().max(1);
    write!(out, "{:label$}  ", "n")?;
    for c in 0..width.min(values.len()) {
        write!(out, " {:>cell$}", format!("+{c}"))?;
    }
    writeln!(out)?;
    for (r, chunk) in values.chunks(width).enumerate() {
        write!(out, "{:>label$}: ", r * width)?;
        for v in chunk {
            write!(out, " {v:>cell$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// A 2-D table: one row per first coordinate, `.` where there is no position.
fn render_grid(g: &GridTable, out: &mut dyn Write) -> std::io::Result<()> {
    let show = |c: &Option<u64>| c.map_or(".".to_string(), |v| v.to_string());
    let cell = g
        .rows
        .iter()
        .flatten()
        .map(|c| show(c).len())
        .max()
        .unwrap_or(1)
        .max(2);
    let ncols = g.rows.first().map_or(0, Vec::len);
    let last_row = g.row_start + g.rows.len() as u64;
    let label = last_row.to_string().len().max(3);
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
