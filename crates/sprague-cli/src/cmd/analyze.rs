//! `sprague analyze`: the patterns in a game's values, each proven or
//! observed, and the proven one as code to paste (`--emit`).

use super::parse_upto;
use crate::cli::{AnalyzeArgs, EmitLanguage};
use anyhow::{bail, Context};
use sprague::pattern::{self, Finding, HeapLimits, Language, Proof};
use sprague::rules::{Game, GameVisitor, Ruleset};
use sprague::solve::Limits;
use std::io::Write;

/// What was found, for either kind of game.
struct Report {
    spec: String,
    checked_upto: u64,
    findings: Vec<Finding>,
    proof: Option<Proof>,
    heap: bool,
}

struct AnalyzeHeap {
    upto: Option<u64>,
    limits: Limits,
}

impl GameVisitor for AnalyzeHeap {
    type Output = anyhow::Result<Option<Report>>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let Some(moves) = rules.heap_moves() else {
            return Ok(None);
        };
        let a = pattern::analyze_heap(
            moves,
            HeapLimits {
                upto: self.upto,
                max_states: self.limits.max_states,
                max_work: self.limits.max_work,
            },
        )?;
        Ok(Some(Report {
            spec: rules.spec(),
            checked_upto: a.values.len() as u64 - 1,
            findings: a.findings,
            proof: a.proof,
            heap: true,
        }))
    }
}

fn analyze(game: &Game, upto: Option<&str>, limits: Limits) -> anyhow::Result<Report> {
    let upto = upto.map(parse_upto).transpose()?;
    let heap_upto = match upto {
        Some((_, Some(_))) if game.visit(IsHeap) => {
            bail!("`{}` is a heap game: give --upto N, not N,M", game.spec())
        }
        Some((n, _)) => Some(n),
        None => None,
    };
    if let Some(r) = game.visit(AnalyzeHeap {
        upto: heap_upto,
        limits,
    })? {
        return Ok(r);
    }
    let (x, y) = match upto {
        Some((x, y)) => (x, y.unwrap_or(x)),
        None => (32, 32),
    };
    let a = pattern::analyze_pairs(game, x, y, limits)?;
    Ok(Report {
        spec: game.spec(),
        checked_upto: x.max(y),
        findings: a.findings,
        proof: None,
        heap: false,
    })
}

/// Whether a game is a heap game.
pub(crate) struct IsHeap;

impl GameVisitor for IsHeap {
    type Output = bool;
    fn visit<R: Ruleset>(self, rules: &R) -> bool {
        rules.heap_moves().is_some()
    }
}

/// Runs `sprague analyze`.
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = super::load_game(&args.spec, args.limits.script_limits())?;
    if args.misere {
        return super::quotient::run(&game, args, out);
    }
    let report = analyze(&game, args.upto.as_deref(), args.limits.limits())?;
    if let Some(lang) = args.emit {
        let proof = report.proof.as_ref().with_context(|| {
            if report.heap {
                format!(
                    "no proven pattern for `{}` in g(0..={}): nothing to emit (try a larger --upto)",
                    report.spec, report.checked_upto
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
        let v = serde_json::json!({
            "spec": report.spec,
            "checked_upto": report.checked_upto,
            "findings": report.findings,
        });
        serde_json::to_writer_pretty(&mut *out, &v)?;
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
