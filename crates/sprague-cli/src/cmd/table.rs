//! `sprague table`: Grundy values g(0..=N) of a heap game, or a 2-D table.

use crate::cli::{TableArgs, TableFormat};
use anyhow::bail;
use sprague::report::{self, grid_table, GridTable, Line, LineTable};
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
    let game = match super::load_line(&args.spec, args.limits.script_limits())? {
        Line::Heaps(game) => game,
        Line::Family(family) => return super::boards::table(args, &family, out),
    };
    // Before the command's own checks of heap sizes and formats, so that
    // one board gets the library's error for it.
    sprague::report::not_one_board(&game)?;
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
                    return Err(super::not_heap_sizes(&rules.spec()));
                }
                let values = heap_values(rules, n, args)?;
                print_values(&rules.spec(), &values, args, out)?;
            }
            Extent::Grid(..) if args.format == TableFormat::Bfile => return Err(bfile_is_a_line()),
            Extent::Grid(n, m) => {
                if let Some(e) = numbers_not_pairs(rules, n, m) {
                    return Err(e);
                }
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

/// g(0..=n) from the library's best engine (its progress drawn by the
/// command's bar, `cmd::watch`); a table still growing stops with an
/// error while little memory is left, rather than be killed for memory.
fn heap_values<R: Ruleset>(rules: &R, n: u64, args: &TableArgs) -> anyhow::Result<Vec<u32>> {
    use sprague_host::{Memory, MIN_FREE};
    let tuning = super::sequence::tuning(&args.long_run);
    let memory = Memory::new();
    let mut watch = |done: u64, total: u64| -> sprague::Result<()> {
        if memory.running_low(2 * (total - done)) {
            return Err(sprague::Error::OutOfMemory(format!(
                "stopped at g({}): less than {} MiB of memory left for the table",
                done - 1,
                MIN_FREE >> 20
            )));
        }
        Ok(())
    };
    let (values, _) = report::heap_values_tuned(rules, n, args.limits.limits(), tuning, &mut watch)?;
    Ok(values.into_wide())
}

/// For a script asked for a 2-D table: an error when no pair [x, y] of the
/// table's corner has a move but a number does, so that `moves` reads a
/// position as one number (it compared a pair with a number, which Rhai
/// answers `false`, and found no move): without it the table would be all
/// zeros. The fix is `const HEAP = true;`.
fn numbers_not_pairs<R: Ruleset>(rules: &R, n: u64, m: u64) -> Option<anyhow::Error> {
    let spec = rules.spec();
    if !spec.starts_with("script:") {
        return None;
    }
    let has_moves = |p: &R::Position| -> sprague::Result<bool> {
        let mut moves = sprague::rules::Moves::new(false);
        rules.moves(p, &mut moves)?;
        Ok(!moves.is_empty())
    };
    let probe = || -> sprague::Result<Option<u64>> {
        for x in 0..=n.min(3) {
            for y in 0..=m.min(3) {
                if let Some(p) = rules.pair_position(x, y)? {
                    if has_moves(&p)? {
                        return Ok(None);
                    }
                }
            }
        }
        for k in 1..=3u64 {
            if let Ok(p) = rules.parse_position(&k.to_string()) {
                if has_moves(&p)? {
                    return Ok(Some(k));
                }
            }
        }
        Ok(None)
    };
    // A script that fails on these probes fails the table as it would have.
    let k = probe().ok().flatten()?;
    Some(anyhow::anyhow!(
        "`{spec}` has no move from any pair [x, y] of the table, but has one from the number {k}: its `moves` reads a position as one number; add `const HEAP = true;` to the script and give --upto N for g(0..=N)"
    ))
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
    } else if args.format == TableFormat::Bfile {
        write_bfile(values.iter().map(u32::to_string), out)?;
    } else {
        render_line(values, args.width, out)?;
    }
    Ok(())
}

/// The error for a b-file of a 2-D table.
pub fn bfile_is_a_line() -> anyhow::Error {
    anyhow::anyhow!("--format bfile writes a sequence g(0..=N): give --upto N (a 2-D table has no b-file)")
}

/// Writes an OEIS b-file (<https://oeis.org/SubmittingBFiles.html>): a
/// line `n a(n)` for each term, n counting up by one from the offset 0,
/// one space between, no blank line and nothing else; every line is far
/// below the 1000 characters a line may have.
pub fn write_bfile(terms: impl Iterator<Item = String>, out: &mut dyn Write) -> std::io::Result<()> {
    for (n, t) in terms.enumerate() {
        writeln!(out, "{n} {t}")?;
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
