//! `sprague analyze SPEC --misere`: the misère quotient of a heap game,
//! built heap by heap and proven, with its presentation; complete (for
//! every heap size) where the pretending function's period is proven.

use super::parse_upto;
use crate::cli::AnalyzeArgs;
use anyhow::bail;
use sprague::report::{misere_report, MisereReport};
use sprague::rules::Game;
use sprague::solve::QuotientAsk;
use std::io::Write;

/// Runs `sprague analyze SPEC --misere [--upto N] [--max-order N]`.
pub fn run(game: &Game, args: &AnalyzeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let limits = args.limits.limits();
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
        memory: sprague_host::computation_memory(sprague_host::Share::Alone),
    };
    let r = misere_report(game, &ask, limits)?;
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &r)?;
        writeln!(out)?;
        return Ok(());
    }
    text(&r, max_order, out)
}

/// The report as text.
fn text(r: &MisereReport, asked: Option<usize>, out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(
        out,
        "{}: misère quotient of the heaps 1..={}: order {}, P-portion of {}",
        r.spec,
        r.upto,
        r.order,
        r.p_portion.len()
    )?;
    let how = format!(
        "{} (element, options) pairs walked over {} heap type{}, {} candidate{}",
        r.proof.pairs_checked,
        r.proof.heap_types,
        if r.proof.heap_types == 1 { "" } else { "s" },
        r.proof.candidates,
        if r.proof.candidates == 1 { "" } else { "s" },
    );
    match (r.period, r.preperiod) {
        (Some(period), Some(preperiod)) => writeln!(
            out,
            "  proven for every heap size (period {period} from {preperiod}): the heaps up to {} by construction and proof ({how}), beyond by the periodicity theorem",
            r.upto
        )?,
        _ => writeln!(
            out,
            "  proven for sums of any number of heaps up to {} ({how})",
            r.upto
        )?,
    }
    let lowered = match asked {
        Some(n) if n > r.max_order => {
            format!("; --max-order {n} lowered to what the memory available holds")
        }
        _ => String::new(),
    };
    writeln!(
        out,
        "  built in {:.2} s (candidates of at most {} elements{lowered})",
        r.seconds, r.max_order
    )?;
    if let Some(why) = &r.stopped {
        writeln!(out, "  no period proven: the search stopped at {why}")?;
    }
    if !r.periodicity_applies {
        writeln!(
            out,
            "  never proven for every heap size here: the periodicity test for misère quotients needs a move to take at most t tokens and leave at most k heaps (octal and hexadecimal codes, finite subtraction games); for this game the quotient holds for heaps up to {} only",
            r.upto
        )?;
    }
    if let Some(t) = r.tame_upto {
        // A complete quotient answers for larger heaps; genus theory here
        // only for the heaps it checked.
        let beyond = if r.all_heaps {
            "larger heaps are answered by the complete quotient above"
        } else {
            "nothing is proven here of larger heaps"
        };
        writeln!(
            out,
            "  tame: every heap up to {t} plays as a position of misère Nim (genus theory), so misère sums of those heaps follow misère Nim (`table {} --genus` gives each heap's genus); {beyond}",
            r.spec
        )?;
    }
    // No setting finds a period where the periodicity test does not apply;
    // a tame game's search is short by design, not for want of elements.
    if let (Some(heaps), None, true) = (r.search_heaps, r.period, r.periodicity_applies) {
        writeln!(
            out,
            "  no complete solution found with candidates of at most {} elements to heap {}; {}",
            r.max_order,
            if r.stopped.is_some() { r.upto + 1 } else { heaps },
            if r.tame_upto.is_some() {
                "give --upto N"
            } else {
                "raise --max-order or give --upto N"
            }
        )?;
    }
    let gens: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    writeln!(out, "generators: {}", list(gens))?;
    let rels: Vec<String> = r
        .relations
        .iter()
        .map(|x| format!("{} = {}", x.lhs, x.rhs))
        .collect();
    writeln!(out, "relations: {}", list(rels))?;
    writeln!(out, "P-portion: {}", r.p_portion.join(", "))?;
    writeln!(out, "elements: {}", r.elements.join(", "))?;
    writeln!(out, "heaps:")?;
    for (n, w) in r.heaps.iter().enumerate().skip(1) {
        writeln!(out, "  {n:>4} -> {w}")?;
    }
    Ok(())
}
