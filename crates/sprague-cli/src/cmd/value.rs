//! `sprague value`: who wins a sum of positions, its Grundy value, and
//! every winning move.

use crate::cli::ValueArgs;
use serde::Serialize;
use sprague::pattern::{HeapLimits, Proof};
use sprague::rules::{Convention, GameVisitor, Ruleset};
use sprague::solve::{Limits, Solver, WinningMove};
use sprague::{Error, Nimber, Outcome};
use std::io::Write;

/// The report printed by `value`, as text or JSON.
#[derive(Debug, Serialize)]
struct Report {
    spec: String,
    positions: Vec<String>,
    components: Vec<Component>,
    grundy: Option<u64>,
    outcome: Outcome,
    outcome_text: &'static str,
    winning_moves: Vec<MoveOut>,
    /// How many winning moves there are (more than listed past --max-moves).
    winning_moves_total: usize,
    /// The proven pattern that gave heap values, if one was used.
    pattern: Option<String>,
    notes: Vec<String>,
}

#[derive(Debug, Serialize)]
struct Component {
    position: String,
    grundy: Option<u64>,
}

#[derive(Debug, Serialize)]
struct MoveOut {
    label: String,
    component: usize,
    position: Vec<String>,
}

/// Runs `sprague value`.
pub fn run(args: &ValueArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = super::parse_game(&args.spec)?;
    let report = game.visit(Job { args })?;
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        render_text(&report, out)?;
    }
    Ok(())
}

/// The search budget for a Grundy value that is only a bonus, when the
/// rules know the outcome in closed form.
const QUICK_STATES: u64 = 200_000;
/// The work budget for the same bonus (a few milliseconds).
const QUICK_WORK: u64 = 2_000_000;

/// Heaps above this get their values from a proven pattern when the game
/// has one (`sprague analyze`); below it the dense table is as quick.
const PATTERN_FROM: u64 = 4096;

/// The proven pattern of a heap game, when a heap of `sum` is large enough
/// to need one. A failed or refused proof only means the plain way is taken.
fn heap_pattern<R: Ruleset>(rules: &R, sum: &[R::Position], limits: Limits) -> Option<Proof> {
    let moves = rules.heap_moves()?;
    let largest = sum.iter().filter_map(|p| rules.heap_size(p)).max()?;
    if largest <= PATTERN_FROM || !sprague::pattern::has_prover(moves) {
        return None;
    }
    // Never compute more values than the plain way would.
    let limits = HeapLimits {
        upto: Some(largest.min(HeapLimits::default_upto(moves))),
        max_states: limits.max_states,
        max_work: limits.max_work,
    };
    sprague::pattern::prove(moves, limits).ok().flatten()
}

struct Job<'a> {
    args: &'a ValueArgs,
}

impl GameVisitor for Job<'_> {
    type Output = anyhow::Result<Report>;

    fn visit<R: Ruleset>(self, rules: &R) -> anyhow::Result<Report> {
        let args = self.args;
        let sum: Vec<R::Position> = args
            .positions
            .iter()
            .map(|t| rules.parse_position(t))
            .collect::<Result<_, _>>()?;
        let mut limits = args.limits.limits();
        if sum.len() == 1 && rules.closed_outcome(&sum[0]).is_some() {
            // The outcome is known anyway: spend little on the Grundy value.
            limits.max_states = limits.max_states.min(QUICK_STATES);
            limits.max_work = limits.max_work.min(QUICK_WORK);
        }
        let mut solver = Solver::new(rules, limits);
        let mut notes = Vec::new();
        let normal = rules.convention() == Convention::Normal;
        let pattern = if normal {
            heap_pattern(rules, &sum, limits)
        } else {
            None
        };
        if let Some(proof) = &pattern {
            let evaluator = proof.evaluator.clone();
            solver.set_heap_oracle(Box::new(move |n| Some(evaluator.grundy(n))));
        }
        let mut components = Vec::new();
        let mut grundy = Some(Nimber::ZERO);
        for p in &sum {
            let g = if normal {
                match solver.grundy(p) {
                    Ok(g) => Some(g),
                    Err(Error::LimitExceeded { .. } | Error::WorkExceeded { .. })
                        if sum.len() == 1 && rules.closed_outcome(p).is_some() =>
                    {
                        notes.push(
                            "Grundy value not computed (too large to search quickly); \
                             the outcome comes from the game's closed form"
                                .to_string(),
                        );
                        None
                    }
                    Err(e) => return Err(e.into()),
                }
            } else {
                None
            };
            grundy = grundy.zip(g).map(|(a, b)| a + b);
            components.push(Component {
                position: rules.format_position(p),
                grundy: g.map(|g| g.0),
            });
        }
        if !normal {
            grundy = None;
            notes.push(format!(
                "`{}` is not normal play (see `sprague games`): positions have no Grundy value",
                rules.spec()
            ));
        }
        let outcome = solver.outcome(&sum)?;
        let moves = match solver.winning_moves(&sum) {
            Ok(m) => m,
            Err(Error::LimitExceeded { .. } | Error::WorkExceeded { .. }) if pattern.is_some() => {
                notes.push("winning moves not listed: a heap has too many moves to scan".into());
                Vec::new()
            }
            Err(e) => return Err(e.into()),
        };
        let total = moves.len();
        Ok(Report {
            spec: rules.spec(),
            positions: args.positions.clone(),
            components,
            grundy: grundy.map(|g| g.0),
            outcome,
            outcome_text: outcome.describe(),
            winning_moves: moves
                .iter()
                .take(args.max_moves)
                .map(|m| move_out(rules, m, &sum))
                .collect(),
            winning_moves_total: total,
            pattern: pattern.map(|p| p.summary()),
            notes,
        })
    }
}

fn move_out<R: Ruleset>(rules: &R, m: &WinningMove<R::Position>, sum: &[R::Position]) -> MoveOut {
    MoveOut {
        label: m.label.clone(),
        component: m.component,
        position: m.apply(sum).iter().map(|p| rules.format_position(p)).collect(),
    }
}

fn sum_text(parts: &[String]) -> String {
    if parts.is_empty() {
        "nothing left".into()
    } else {
        parts.join(" + ")
    }
}

fn render_text(r: &Report, out: &mut dyn Write) -> std::io::Result<()> {
    let comps: Vec<String> = r.components.iter().map(|c| c.position.clone()).collect();
    writeln!(out, "game      {}", r.spec)?;
    writeln!(out, "position  {}", sum_text(&comps))?;
    if let Some(g) = r.grundy {
        if r.components.len() > 1 {
            let parts: Vec<String> = r
                .components
                .iter()
                .map(|c| format!("{}", Nimber(c.grundy.unwrap_or(0))))
                .collect();
            writeln!(
                out,
                "grundy    {}  (= {}, xor of the components)",
                Nimber(g),
                parts.join(" + ")
            )?;
        } else {
            writeln!(out, "grundy    {}", Nimber(g))?;
        }
    }
    if let Some(p) = &r.pattern {
        writeln!(out, "pattern   {p}")?;
    }
    writeln!(out, "outcome   {}: {}", r.outcome, r.outcome_text)?;
    for n in &r.notes {
        writeln!(out, "note      {n}")?;
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
        let w = r
            .winning_moves
            .iter()
            .map(|m| m.label.chars().count())
            .max()
            .unwrap_or(0);
        for m in &r.winning_moves {
            let pad = w - m.label.chars().count();
            writeln!(
                out,
                "  {}{}  ->  {}",
                m.label,
                " ".repeat(pad),
                sum_text(&m.position)
            )?;
        }
        let more = r.winning_moves_total - r.winning_moves.len();
        if more > 0 {
            writeln!(out, "  … and {more} more (raise --max-moves to list them)")?;
        }
    }
    Ok(())
}
