//! `sprague analyze SPEC --misere`: the misère quotient of a heap game's
//! heaps 1..=N, proven, with its presentation.

use super::parse_upto;
use crate::cli::AnalyzeArgs;
use anyhow::bail;
use sprague::rules::Game;
use sprague::solve::quotient::{MisereQuotient, Presentation};
use std::io::Write;

/// Heaps covered when `--upto` is not given.
const DEFAULT_UPTO: u64 = 20;

/// Runs `sprague analyze SPEC --misere [--upto N]`.
pub fn run(game: &Game, args: &AnalyzeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let upto = match args.upto.as_deref().map(parse_upto).transpose()? {
        None => DEFAULT_UPTO,
        Some((n, None)) => n,
        Some((_, Some(_))) => bail!("--misere takes --upto N (the largest heap), not N,M"),
    };
    let q = MisereQuotient::of_game(game, upto, args.limits.limits())?;
    let pr = q.presentation();
    let word = |x: usize| Presentation::write(&pr.normal[x]);
    let generators: Vec<(String, u64)> = pr
        .generators
        .iter()
        .enumerate()
        .map(|(g, &h)| (Presentation::generator_name(g), h))
        .collect();
    let relations: Vec<(String, String)> = pr
        .relations
        .iter()
        .map(|(l, r)| (Presentation::write(l), Presentation::write(r)))
        .collect();
    let p: Vec<String> = q.p_portion().into_iter().map(word).collect();
    let elements: Vec<String> = (0..q.order()).map(word).collect();
    let heaps: Vec<String> = pr.heaps.iter().map(Presentation::write).collect();
    if args.json {
        let v = serde_json::json!({
            "spec": q.spec(),
            "convention": "misere",
            "upto": q.upto(),
            "order": q.order(),
            "p_portion": p,
            "generators": generators.iter().map(|(n, h)| serde_json::json!({"name": n, "heap": h})).collect::<Vec<_>>(),
            "relations": relations.iter().map(|(l, r)| serde_json::json!({"lhs": l, "rhs": r})).collect::<Vec<_>>(),
            "elements": elements,
            "heaps": heaps,
            "proof": {"pairs_checked": q.checked(), "candidates": q.rounds()},
        });
        serde_json::to_writer_pretty(&mut *out, &v)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{}: misère quotient of the heaps 1..={}: order {}, P-portion of {}",
        q.spec(),
        q.upto(),
        q.order(),
        p.len()
    )?;
    writeln!(
        out,
        "  proven for sums of any number of heaps up to {} ({} (element, options) pairs checked, {} candidates)",
        q.upto(),
        q.checked(),
        q.rounds()
    )?;
    let gens: Vec<String> = generators
        .iter()
        .map(|(n, h)| format!("{n} = heap {h}"))
        .collect();
    writeln!(
        out,
        "generators: {}",
        if gens.is_empty() {
            "none".into()
        } else {
            gens.join(", ")
        }
    )?;
    let rels: Vec<String> = relations.iter().map(|(l, r)| format!("{l} = {r}")).collect();
    writeln!(
        out,
        "relations: {}",
        if rels.is_empty() {
            "none".into()
        } else {
            rels.join(", ")
        }
    )?;
    writeln!(out, "P-portion: {}", p.join(", "))?;
    writeln!(out, "elements: {}", elements.join(", "))?;
    writeln!(out, "heaps:")?;
    for (n, w) in heaps.iter().enumerate().skip(1) {
        writeln!(out, "  {n:>4} -> {w}")?;
    }
    Ok(())
}
