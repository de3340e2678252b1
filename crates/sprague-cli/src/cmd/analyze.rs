//! `sprague analyze`: the patterns in a game's values, each proven or
//! observed, and the proven one as code to paste (`--emit`).

use super::parse_upto;
use crate::cli::{AnalyzeArgs, EmitLanguage};
use anyhow::Context;
use sprague::pattern::Language;
use sprague::report::analyze;
use std::io::Write;

/// Runs `sprague analyze`.
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = match super::load_line(&args.spec, args.limits.script_limits())? {
        sprague::report::Line::Heaps(game) => game,
        sprague::report::Line::Family(family) => return super::boards::analyze(args, &family, out),
    };
    if args.misere {
        return super::quotient::run(&game, args, out);
    }
    let upto = args.upto.as_deref().map(parse_upto).transpose()?;
    let report = analyze(&game, upto, args.limits.limits())?;
    if let Some(lang) = args.emit {
        let proof = report.proof.as_ref().with_context(|| {
            if report.heap && report.provable {
                format!(
                    "no proven pattern for `{}` in g(0..={}): nothing to emit (try a larger --upto)",
                    report.spec, report.checked_upto
                )
            } else if report.heap {
                format!(
                    "no proven pattern for `{}`: nothing to emit; no theorem proves a pattern of this game from finitely many values (Grundy's game, all-but sets and scripted heap games have none), so a larger --upto cannot find one",
                    report.spec
                )
            } else {
                format!(
                    "`{}` is not a heap game: --emit writes g(n) of a heap game",
                    report.spec
                )
            }
        })?;
        let lang = match lang {
            EmitLanguage::Rust => Language::Rust,
            EmitLanguage::Cpp => Language::Cpp,
            EmitLanguage::Python => Language::Python,
        };
        let comment = format!("g(n) of {}: {}.", report.spec, proof.summary());
        write!(out, "{}", proof.evaluator.emit(lang, &comment))?;
        return Ok(());
    }
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    let what = if report.heap {
        format!("g(n) for n ≤ {}", report.checked_upto)
    } else {
        format!("g(x, y) for x, y ≤ {}", report.checked_upto)
    };
    writeln!(out, "{}: {what}", report.spec)?;
    if report.findings.is_empty() {
        writeln!(out, "no pattern found")?;
    }
    for f in &report.findings {
        writeln!(out, "{}: {}", f.kind.name(), f.formula)?;
        writeln!(out, "  {}", f.status_text())?;
    }
    Ok(())
}
