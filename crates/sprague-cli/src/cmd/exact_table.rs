//! `sprague table` beyond normal-play values: misère values (`--misere`),
//! genus symbols (`--genus`), remoteness (`--remoteness`) and the
//! generalised values of loopy games, all from the exact graph of sums.

use crate::cli::{TableArgs, TableFormat};
use anyhow::bail;
use serde_json::Value;
use sprague::report::{exact_table_to_bound, ExactKind, ExactTable};
use sprague::rules::Ruleset;
use sprague::solve::Play;
use std::io::Write;

/// Runs a table of misère values, genus, remoteness or generalised values
/// ([`sprague::report::exact_table`]), as text or `--json`.
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
        ExactKind::Genus
    } else if args.remoteness {
        ExactKind::Remoteness
    } else if args.misere {
        ExactKind::Misere
    } else {
        ExactKind::Generalized
    };
    if upto.1.is_none()
        && rules
            .parse_position("0")
            .ok()
            .and_then(|p| rules.heap_size(&p))
            .is_none()
    {
        return Err(super::not_heap_sizes(&rules.spec()));
    }
    if args.format == TableFormat::Bfile && (upto.1.is_some() || kind == ExactKind::Genus) {
        if upto.1.is_some() {
            return Err(super::table::bfile_is_a_line());
        }
        bail!("--format bfile writes whole numbers: genus symbols have no b-file");
    }
    let play = if args.misere { Play::Misere } else { Play::Normal };
    // What a bound leaves of a line is shown, then the bound's error.
    let (table, stopped) = exact_table_to_bound(rules, upto, kind, play, args.limits.limits())?;
    write_table(&table, args, out)?;
    // The table before the error that says it stopped (stdout may be
    // buffered while stderr is not).
    out.flush()?;
    match stopped {
        None => Ok(()),
        Some(e) => {
            let kept = table.values.as_ref().map_or(0, Vec::len);
            Err(anyhow::Error::from(e).context(format!(
                "{} (heaps 0..={} are above)",
                sprague::report::stop_note(kept),
                kept.saturating_sub(1)
            )))
        }
    }
}

/// Writes `table` as `args` asks: b-file, JSON or text.
fn write_table(table: &ExactTable, args: &TableArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.format == TableFormat::Bfile {
        let values = table.values.as_deref().unwrap_or_default();
        if let Some((n, v)) = values.iter().enumerate().find(|(_, v)| !v.is_u64()) {
            bail!(
                "--format bfile writes whole numbers, and g({n}) is `{}`: this table has no b-file",
                show(v)
            );
        }
        super::table::write_bfile(values.iter().map(show), out)?;
    } else if args.json {
        serde_json::to_writer(&mut *out, table)?;
        writeln!(out)?;
    } else if let Some(values) = &table.values {
        let text: Vec<String> = values.iter().map(show).collect();
        render_line(&text, args.width, out)?;
    } else {
        render_grid(table, out)?;
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
fn render_grid(g: &ExactTable, out: &mut dyn Write) -> std::io::Result<()> {
    let rows = g.rows.as_deref().unwrap_or_default();
    let (row_start, col_start) = (g.row_start.unwrap_or(0), g.col_start.unwrap_or(0));
    let cell = rows
        .iter()
        .flatten()
        .map(|c| show(c).chars().count())
        .max()
        .unwrap_or(1)
        .max(2);
    let ncols = rows.first().map_or(0, Vec::len);
    let label = (row_start + rows.len() as u64).to_string().len().max(3);
    write!(out, "{:>label$} ", "x\\y")?;
    for c in 0..ncols as u64 {
        write!(out, " {:>cell$}", col_start + c)?;
    }
    writeln!(out)?;
    for (r, row) in rows.iter().enumerate() {
        write!(out, "{:>label$}:", row_start + r as u64)?;
        for c in row {
            write!(out, " {:>cell$}", show(c))?;
        }
        writeln!(out)?;
    }
    Ok(())
}
