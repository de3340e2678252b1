//! Line mode: the game as plain text lines, one move read per line, so
//! that it can be piped, scripted and tested. `--json` writes one JSON
//! object per line instead (one per turn, move, message and the end).
//!
//! A bad line never ends the game: it gets a one-line message and the
//! prompt again. End of input ends the session quietly (exit 0).

use super::draw::{hint_words, move_text, position_lines, rating_text, sum_text};
use super::Options;
use serde_json::json;
use sprague::play::{Played, Session, Side};
use std::io::{BufRead, Write};

/// The width line mode draws positions in (a classic terminal's).
const LINE_WIDTH: usize = 80;

const HELP: &str = "type a move number, a move's label (take 2 from heap 3), or the position it leaves; \
commands: hint (or ?), hints (on/off), undo, redo, new, draw (offer one, loopy games), moves, help, quit";

/// Plays in line mode, reading `input` and writing `out`.
pub fn run(
    session: &mut Session,
    opts: &Options,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut hints = opts.hints;
    if !opts.json {
        writeln!(
            out,
            "sprague play {}: {} play against a {} computer (seed {}); {} first",
            session.spec(),
            super::convention_shown(session.play_convention()),
            session.opponent(),
            opts.seed,
            if session.first() == Side::You {
                "you move"
            } else {
                "the computer moves"
            }
        )?;
    }
    let mut show_turn = true;
    let mut line = Vec::new();
    loop {
        if let Some(s) = session.summary() {
            end(session, &s, opts.json, out)?;
            return Ok(());
        }
        if session.to_move() == Side::Computer {
            let played = session.computer_move().map_err(anyhow::Error::from)?.clone();
            report_move(session, &played, opts.json, out)?;
            show_turn = true;
            continue;
        }
        if show_turn {
            turn(session, hints, opts.json, out)?;
            show_turn = false;
        }
        if !opts.json {
            writeln!(out, "your move (number, label or help):")?;
        }
        out.flush()?;
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "quit" | "q" | "exit" => {
                message(out, opts.json, "info", "quit: the game is left unfinished")?;
                return Ok(());
            }
            "help" | "h" => message(out, opts.json, "info", HELP)?,
            "hint" | "?" => hint(session, opts.json, out)?,
            "hints" => {
                hints = !hints;
                let state = if hints { "on" } else { "off" };
                message(out, opts.json, "info", &format!("hints {state}"))?;
                show_turn = true;
            }
            "moves" | "m" => show_turn = true,
            "undo" | "u" => {
                if session.undo()? {
                    message(out, opts.json, "info", "undone: your last move and the reply")?;
                    show_turn = true;
                } else {
                    message(out, opts.json, "error", "nothing to undo")?;
                }
            }
            "redo" | "r" => {
                if session.redo()? {
                    message(out, opts.json, "info", "redone")?;
                    show_turn = true;
                } else {
                    message(out, opts.json, "error", "nothing to redo")?;
                }
            }
            "new" | "n" => {
                session.restart()?;
                message(out, opts.json, "info", "new game")?;
                show_turn = true;
            }
            "draw" => match session.offer_draw() {
                Ok(true) => {}
                Ok(false) => message(out, opts.json, "info", "the computer declines the draw")?,
                Err(e) => message(out, opts.json, "error", &e.to_string())?,
            },
            _ => match session.find_move(text) {
                Ok(i) => {
                    let played = session.play(i).map_err(anyhow::Error::from)?.clone();
                    report_move(session, &played, opts.json, out)?;
                    show_turn = true;
                }
                Err(e) => message(out, opts.json, "error", &e.to_string())?,
            },
        }
    }
}

/// A one-line message: `error: …` for a refused line, else as is.
fn message(out: &mut dyn Write, json: bool, kind: &str, text: &str) -> std::io::Result<()> {
    if json {
        writeln!(out, "{}", json!({ "type": kind, "message": text }))
    } else if kind == "error" {
        writeln!(out, "error: {text}")
    } else {
        writeln!(out, "{text}")
    }
}

/// The position, the moves and (with hints) their values.
fn turn(session: &Session, hints: bool, json: bool, out: &mut dyn Write) -> std::io::Result<()> {
    let shapes = session.shapes();
    let moves = session.moves();
    let standing = session.standing();
    if json {
        let list: Vec<serde_json::Value> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let mut v = json!({
                    "number": i + 1,
                    "component": m.component,
                    "label": m.label,
                    "after": m.after,
                });
                if hints {
                    v["rating"] = json!(m.rating);
                }
                v
            })
            .collect();
        let mut v = json!({
            "type": "turn",
            "moves_made": session.history().len(),
            "to_move": session.to_move(),
            "position": session.position(),
            "shapes": shapes,
            "boards": session.boards(),
            "start_shapes": session.start_shapes(),
            "moves": list,
            "all_moves_listed": session.moves_complete(),
        });
        if hints {
            v["standing"] = json!(standing);
        }
        return writeln!(out, "{v}");
    }
    writeln!(
        out,
        "position after {}:",
        super::count(session.history().len(), "move", "moves")
    )?;
    for l in position_lines(shapes, &session.boards(), session.start_shapes(), LINE_WIDTH) {
        writeln!(out, "{l}")?;
    }
    if hints {
        if let Some(s) = standing {
            let r = s
                .remoteness
                .map(|r| format!(", remoteness {r}"))
                .unwrap_or_default();
            writeln!(out, "you stand: {} ({}{r})", s.outcome, s.outcome.describe())?;
        }
    }
    writeln!(out, "moves:")?;
    let texts: Vec<String> = moves.iter().map(|m| move_text(m, session)).collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    for (i, (m, t)) in moves.iter().zip(&texts).enumerate() {
        if hints {
            let pad = width - t.chars().count();
            writeln!(
                out,
                "  {:>2}) {t}{}  [{}]",
                i + 1,
                " ".repeat(pad),
                rating_text(m.rating)
            )?;
        } else {
            writeln!(out, "  {:>2}) {t}", i + 1)?;
        }
    }
    if !session.moves_complete() {
        writeln!(
            out,
            "  (a window of the moves: type any other legal move by its label)"
        )?;
    }
    if let Some(n) = session.note().filter(|_| hints) {
        writeln!(out, "note: {n}")?;
    }
    Ok(())
}

/// The perfect move here, and what each move leads to.
fn hint(session: &Session, json: bool, out: &mut dyn Write) -> std::io::Result<()> {
    let moves = session.moves();
    let best = session.best_move();
    if json {
        let v = json!({
            "type": "hint",
            "standing": session.standing(),
            "best": best.map(|b| b + 1),
            "ratings": moves.iter().map(|m| m.rating).collect::<Vec<_>>(),
        });
        return writeln!(out, "{v}");
    }
    match (session.standing(), best) {
        (Some(s), Some(b)) => {
            let what = hint_words(s);
            let r = s
                .remoteness
                .map(|r| format!(" (remoteness {r})"))
                .unwrap_or_default();
            writeln!(
                out,
                "hint: {what}{r}: {}) {}",
                b + 1,
                move_text(&moves[b], session)
            )?;
        }
        _ => writeln!(out, "hint: no value is known for this position")?,
    }
    Ok(())
}

/// One move, as it was made.
fn report_move(session: &Session, p: &Played, json: bool, out: &mut dyn Write) -> std::io::Result<()> {
    if json {
        let v = json!({
            "type": "move",
            "number": session.history().len(),
            "side": p.side,
            "component": p.component,
            "label": p.label,
            "after": p.after,
        });
        return writeln!(out, "{v}");
    }
    let who = match p.side {
        Side::You => "you",
        Side::Computer => "computer",
    };
    let made = session.history().len().saturating_sub(1);
    let part = super::draw::part_words(session, &session.boards_after(made), p.before.len(), p.component);
    writeln!(
        out,
        "{who}: {part}{}  ->  {}",
        p.label,
        sum_text(&p.after, session.on_boards())
    )
}

/// The end of the game; the last line says who won.
fn end(
    session: &Session,
    s: &sprague::play::Summary,
    json: bool,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let winner = match s.winner {
        Some(Side::You) => "winner: you",
        Some(Side::Computer) => "winner: computer",
        None => "draw",
    };
    if json {
        let v = json!({
            "type": "end",
            "winner": s.winner,
            "moves": s.moves,
            "reason": s.reason,
            "turning_point": s.turning_point.as_ref().map(|(n, m)| json!({"move": n, "better": m})),
            "history": session.history().iter().map(|p| json!({"side": p.side, "label": p.label, "after": p.after, "rating": p.rating})).collect::<Vec<_>>(),
        });
        return writeln!(out, "{v}");
    }
    writeln!(
        out,
        "game over after {}: {}",
        super::count(s.moves, "move", "moves"),
        s.reason
    )?;
    if let (Some(w), Some((n, better))) = (s.winner, &s.turning_point) {
        let loser = w.other();
        let better = super::draw::better_text(session, *n, better);
        writeln!(out, "{loser} could still have won at move {n}, with: {better}")?;
    }
    writeln!(out, "{winner}")
}
