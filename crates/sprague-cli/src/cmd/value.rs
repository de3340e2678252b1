//! `sprague value`: who wins a sum of positions, its Grundy value, and
//! every winning move — a thin adapter over
//! [`sprague::report::value_report`], which the web page shares.

use super::play::sum_text;
use crate::cli::ValueArgs;
use sprague::query::Query;
use sprague::report::{value_report, ReportedMove, ValueReport};
use sprague::solve::Play;
use sprague::solve::{parse_probability, Skill};
use sprague::{Nimber, Outcome};
use std::io::Write;

/// Runs `sprague value`.
pub fn run(args: &ValueArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let game = super::load_game(&args.spec, args.limits.script_limits())?;
    let game = super::boards::prepare(game, &args.board)?;
    let positions = super::boards::positions_or_start(&game, &args.positions)?;
    let skill = parse_skill(args)?;
    let mut limits = args.limits.limits();
    if game.memo_family().is_some() {
        // A board search: Ctrl-C stops it, and the memo is kept.
        limits = super::boards::interruptible(limits);
    }
    let query = Query {
        play: if args.misere { Play::Misere } else { Play::Normal },
        skill,
        limits,
        max_moves: args.max_moves,
        ..Query::default()
    };
    let report = value_report(&game, &positions, &query, args.skill.is_some());
    // Saved whatever the end: the shapes solved before a bound or Ctrl-C
    // are kept.
    super::boards::save(&game, &args.board)?;
    let report = super::boards::or_interrupted(report, &args.board, started, true)?;
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        render_text(&report, game.memo_family().is_some(), out)?;
    }
    Ok(())
}

fn parse_skill(args: &ValueArgs) -> anyhow::Result<Option<Skill>> {
    if args.random {
        return Ok(Some(Skill::random()));
    }
    let Some(text) = &args.skill else {
        return Ok(None);
    };
    let bad = |e: String| anyhow::anyhow!("bad --skill `{text}`: {e}");
    Ok(Some(match text.split_once(',') {
        Some((p, q)) => Skill {
            mover: parse_probability(p).map_err(bad)?,
            opponent: parse_probability(q).map_err(bad)?,
        },
        None => Skill::both(parse_probability(text).map_err(bad)?),
    }))
}

/// `on_board`: the game is played on a board or a graph.
fn render_text(r: &ValueReport, on_board: bool, out: &mut dyn Write) -> std::io::Result<()> {
    let comps: Vec<String> = r.components.iter().map(|c| c.position.clone()).collect();
    writeln!(out, "game      {}", r.spec)?;
    writeln!(out, "position  {}", sum_text(&comps, on_board))?;
    if r.convention == "misere" {
        writeln!(out, "play      misère (the last mover loses)")?;
    }
    if let Some(g) = &r.generalized {
        let parts: Vec<String> = r
            .components
            .iter()
            .map(|c| c.generalized.clone().unwrap_or_default())
            .collect();
        if r.components.len() > 1 {
            writeln!(
                out,
                "value     {g}  (= {}, Smith's rule for sums)",
                parts.join(" + ")
            )?;
        } else {
            writeln!(out, "value     {g}  (Smith's generalised value)")?;
        }
    } else if let Some(g) = r.grundy {
        // A component whose value a theorem made unnecessary (equal
        // components cancel) was not valued: the sum is 0 without them.
        let parts: Option<Vec<String>> = r
            .components
            .iter()
            .map(|c| c.grundy.map(|g| format!("{}", Nimber(g))))
            .collect();
        if r.components.len() > 1 {
            let why = match parts {
                Some(parts) => format!("= {}, xor of the components", parts.join(" + ")),
                None => "equal components cancel in pairs, G + G = 0".to_string(),
            };
            writeln!(out, "grundy    {}  ({why})", Nimber(g))?;
        } else {
            writeln!(out, "grundy    {}", Nimber(g))?;
        }
    }
    if let Some(p) = &r.pattern {
        writeln!(out, "pattern   {p}")?;
    }
    writeln!(out, "outcome   {}: {}", r.outcome, r.outcome_text)?;
    if let Some(rem) = r.remoteness {
        let how = match r.outcome {
            Outcome::N => "moves to win, with the loser delaying",
            _ => "moves until the loss, delaying as long as possible",
        };
        writeln!(out, "remoteness {rem}  ({how})")?;
    }
    writeln!(out, "method    {}", r.method)?;
    if let Some(p) = r.win_probability {
        let who = match r.skill {
            Some([a, b]) if a == b => format!("both players with skill {a}"),
            Some([a, b]) => format!("skill {a} for the player to move, {b} for the opponent"),
            None => "both players moving at random".into(),
        };
        match (&r.win_probability_exact, r.win_probability_error) {
            (Some(e), _) => writeln!(out, "win chance {p:.6} = {e}  ({who}; exact)")?,
            (None, Some(err)) => writeln!(out, "win chance {p:.6} ± {err:.1e}  ({who}; floating point)")?,
            _ => writeln!(out, "win chance {p:.6}  ({who})")?,
        }
    }
    for n in &r.notes {
        writeln!(out, "note      {n}")?;
    }
    if let Some(draws) = &r.drawing_moves {
        writeln!(out, "moves that keep the draw:")?;
        return list_moves(draws, draws.len() as u64, r.components.len(), on_board, out);
    }
    if r.winning_moves.is_empty() && r.winning_moves_total > 0 {
        writeln!(
            out,
            "winning moves: {} (not listed; raise --max-moves)",
            r.winning_moves_total
        )?;
    } else if r.winning_moves.is_empty() && r.outcome == Outcome::N {
        writeln!(out, "winning moves: not listed")?;
    } else if r.winning_moves.is_empty() {
        writeln!(
            out,
            "winning moves: none (every move leaves the opponent a winning position)"
        )?;
    } else {
        writeln!(out, "winning moves:")?;
        list_moves(
            &r.winning_moves,
            r.winning_moves_total,
            r.components.len(),
            on_board,
            out,
        )?;
    }
    Ok(())
}

/// Lists `moves` (of a sum of `parts` components), each as its label, the
/// sum it leaves and its remoteness. On a sum of boards or graphs (where
/// the same cells or vertices may be a move on each), and wherever two
/// listed moves in different components share a label, every label says
/// its component: `#2: …`, as the web page writes it. `on_board`: as
/// [`sum_text`] takes it.
fn list_moves(
    moves: &[ReportedMove],
    total: u64,
    parts: usize,
    on_board: bool,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let shared = (on_board && parts > 1)
        || moves.iter().enumerate().any(|(i, a)| {
            moves[..i]
                .iter()
                .any(|b| b.label == a.label && b.component != a.component)
        });
    let labels: Vec<String> = moves
        .iter()
        .map(|m| match shared {
            true => format!("#{}: {}", m.component + 1, m.label),
            false => m.label.clone(),
        })
        .collect();
    let w = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    for (m, label) in moves.iter().zip(&labels) {
        let pad = w - label.chars().count();
        let rem = match m.remoteness {
            Some(r) => format!("  (remoteness {r})"),
            None => String::new(),
        };
        writeln!(
            out,
            "  {}{}  ->  {}{rem}",
            label,
            " ".repeat(pad),
            sum_text(&m.position, on_board)
        )?;
    }
    let more = total.saturating_sub(moves.len() as u64);
    if more > 0 {
        writeln!(out, "  … and {more} more (raise --max-moves to list them)")?;
    }
    Ok(())
}
