//! `sprague analyze SPEC --misere`: the misère quotient of a heap game,
//! built heap by heap and proven, with its presentation; complete (for
//! every heap size) where the pretending function's period is proven.

use super::parse_upto;
use super::sequence::memory::Memory;
use crate::cli::AnalyzeArgs;
use anyhow::bail;
use sprague::rules::Game;
use sprague::solve::quotient::{MisereQuotient, Presentation, QuotientAsk};
use std::io::Write;
use std::time::Instant;

/// Runs `sprague analyze SPEC --misere [--upto N] [--max-order N]`.
pub fn run(game: &Game, args: &AnalyzeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let limits = args.limits.limits();
    let start = Instant::now();
    let upto = match args.upto.as_deref().map(parse_upto).transpose()? {
        Some((_, Some(_))) => bail!("--misere takes --upto N (the largest heap), not N,M"),
        upto => upto.map(|(n, _)| n),
    };
    let max_order = match args.max_order {
        Some(0) => {
            bail!("--max-order 0: give the most elements a candidate quotient may have, at least 1")
        }
        n => n.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
    };
    // What the memory holds, where it is known: a larger bound would end
    // in a refused allocation instead of an error naming the bound.
    let ask = QuotientAsk {
        upto,
        max_order,
        memory: Memory::new().available(),
    };
    let q = MisereQuotient::analyze(game, &ask, limits)?;
    let max_order = ask.max_order();
    let seconds = start.elapsed().as_secs_f64();
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
    let period = q.period();
    if args.json {
        let v = serde_json::json!({
            "spec": q.spec(),
            "convention": "misere",
            "upto": q.upto(),
            "order": q.order(),
            "all_heaps": q.all_heaps(),
            "period": period.map(|p| p.period),
            "preperiod": period.map(|p| p.preperiod),
            "stopped": q.stopped(),
            "max_order": max_order,
            "seconds": seconds,
            "p_portion": p,
            "generators": generators.iter().map(|(n, h)| serde_json::json!({"name": n, "heap": h})).collect::<Vec<_>>(),
            "relations": relations.iter().map(|(l, r)| serde_json::json!({"lhs": l, "rhs": r})).collect::<Vec<_>>(),
            "elements": elements,
            "heaps": heaps,
            "proof": {
                "pairs_checked": q.checked(),
                "heap_types": q.heap_types(),
                "candidates": q.rounds(),
            },
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
    let how = format!(
        "{} (element, options) pairs walked over {} heap types, {} candidates",
        q.checked(),
        q.heap_types(),
        q.rounds()
    );
    match period {
        Some(per) => writeln!(
            out,
            "  proven for every heap size (period {} from {}): the heaps up to {} by construction and proof ({how}), beyond by the periodicity theorem",
            per.period,
            per.preperiod,
            q.upto()
        )?,
        None => writeln!(
            out,
            "  proven for sums of any number of heaps up to {} ({how})",
            q.upto()
        )?,
    }
    writeln!(
        out,
        "  built in {seconds:.2} s (candidates of at most {max_order} elements)"
    )?;
    if let Some(why) = q.stopped() {
        writeln!(out, "  no period proven: the search stopped at {why}")?;
    }
    let gens: Vec<String> = generators
        .iter()
        .map(|(n, h)| format!("{n} = heap {h}"))
        .collect();
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    writeln!(out, "generators: {}", list(gens))?;
    let rels: Vec<String> = relations.iter().map(|(l, r)| format!("{l} = {r}")).collect();
    writeln!(out, "relations: {}", list(rels))?;
    writeln!(out, "P-portion: {}", p.join(", "))?;
    writeln!(out, "elements: {}", elements.join(", "))?;
    writeln!(out, "heaps:")?;
    for (n, w) in heaps.iter().enumerate().skip(1) {
        writeln!(out, "  {n:>4} -> {w}")?;
    }
    Ok(())
}
