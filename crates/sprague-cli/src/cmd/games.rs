//! `sprague games`: the catalog.

use crate::cli::GamesArgs;
use std::io::Write;

/// Prints every built-in game.
pub fn run(args: &GamesArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let cat = sprague::rules::catalog();
    if args.json {
        serde_json::to_writer_pretty(&mut *out, cat)?;
        writeln!(out)?;
        return Ok(());
    }
    let width = cat.iter().map(|e| e.syntax.len()).max().unwrap_or(0);
    writeln!(
        out,
        "Built-in games (use the spec as the first argument of value, table, …):\n"
    )?;
    for e in cat {
        writeln!(out, "  {:width$}  {}", e.syntax, e.description)?;
        let alias = if e.aliases.is_empty() {
            String::new()
        } else {
            format!("   (also: {})", e.aliases)
        };
        writeln!(out, "  {:width$}  e.g. sprague value {}{alias}", "", e.example)?;
    }
    Ok(())
}
