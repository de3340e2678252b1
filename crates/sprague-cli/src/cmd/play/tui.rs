//! The terminal UI (ratatui over crossterm): the position drawn the way
//! the game looks, the numbered moves (coloured by value with hints on),
//! the history, a value-history strip, and a line for typed moves.
//!
//! The terminal is restored on every way out — return, error and panic —
//! by a guard whose `Drop` leaves raw mode and the alternate screen, and
//! by a panic hook that does the same before the panic message is printed.

use super::draw::{move_text, position_lines, rating_text};
use super::Options;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::{Frame, Terminal};
use sprague::play::{Rating, Session, Side, Standing, Verdict};
use sprague::Outcome;
use std::io::{self, Stdout};

/// Raw mode and the alternate screen, undone when dropped.
struct Guard;

impl Guard {
    fn enter() -> io::Result<Guard> {
        terminal::enable_raw_mode()?;
        let guard = Guard;
        crossterm::execute!(io::stdout(), EnterAlternateScreen, crossterm::cursor::Hide)?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        Ok(guard)
    }
}

/// Leaves raw mode and the alternate screen (harmless when repeated).
fn restore() {
    let _ = terminal::disable_raw_mode();
    let _ = crossterm::execute!(io::stdout(), LeaveAlternateScreen, crossterm::cursor::Show);
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// What the screen shows besides the session.
struct Ui {
    selected: usize,
    /// A move being typed (after `:` or a digit).
    input: Option<String>,
    hints: bool,
    message: String,
    quit: bool,
}

/// Plays on the terminal until the player quits.
pub fn run(session: &mut Session, opts: &Options) -> anyhow::Result<()> {
    let _guard = Guard::enter()?;
    let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    let mut ui = Ui {
        selected: 0,
        input: None,
        hints: opts.hints,
        message: format!(
            "seed {}; ? hints, : type a move, u undo, r redo, n new game, q quit",
            opts.seed
        ),
        quit: false,
    };
    loop {
        if session.summary().is_none() && session.to_move() == Side::Computer {
            let p = session.computer_move().map_err(anyhow::Error::from)?;
            let label = p.label.clone();
            ui.message = if ui.message.starts_with("you: ") {
                format!("{} · computer: {label}", ui.message)
            } else {
                format!("computer: {label}")
            };
            ui.selected = 0;
        }
        draw(&mut term, session, &ui)?;
        if ui.quit {
            return Ok(());
        }
        if let Event::Key(key) = event::read()? {
            if key.kind == KeyEventKind::Press {
                on_key(session, &mut ui, key)?;
            }
        }
    }
}

fn on_key(session: &mut Session, ui: &mut Ui, key: KeyEvent) -> anyhow::Result<()> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        ui.quit = true;
        return Ok(());
    }
    let n = session.moves().len();
    if let Some(buf) = &mut ui.input {
        match key.code {
            KeyCode::Esc => ui.input = None,
            KeyCode::Backspace => {
                buf.pop();
            }
            KeyCode::Char(c) => buf.push(c),
            KeyCode::Enter => {
                let text = buf.clone();
                ui.input = None;
                match session.find_move(&text) {
                    Ok(i) => play(session, ui, i)?,
                    Err(e) => ui.message = format!("error: {e}"),
                }
            }
            _ => {}
        }
        return Ok(());
    }
    match key.code {
        KeyCode::Char('q') | KeyCode::Esc => ui.quit = true,
        KeyCode::Up => ui.selected = ui.selected.saturating_sub(1),
        KeyCode::Down => ui.selected = (ui.selected + 1).min(n.saturating_sub(1)),
        KeyCode::PageUp => ui.selected = ui.selected.saturating_sub(10),
        KeyCode::PageDown => ui.selected = (ui.selected + 10).min(n.saturating_sub(1)),
        KeyCode::Home => ui.selected = 0,
        KeyCode::End => ui.selected = n.saturating_sub(1),
        KeyCode::Enter if n > 0 => play(session, ui, ui.selected.min(n - 1))?,
        KeyCode::Char(c) if c.is_ascii_digit() => ui.input = Some(c.to_string()),
        KeyCode::Char(':') | KeyCode::Char('/') => ui.input = Some(String::new()),
        KeyCode::Char('?') => {
            ui.hints = !ui.hints;
            ui.message = if ui.hints {
                hint_message(session)
            } else {
                "hints off".into()
            };
        }
        KeyCode::Char('u') => {
            ui.message = if session.undo()? {
                "undone: your last move and the reply".into()
            } else {
                "nothing to undo".into()
            };
            ui.selected = 0;
        }
        KeyCode::Char('r') => {
            ui.message = if session.redo()? {
                "redone".into()
            } else {
                "nothing to redo".into()
            };
            ui.selected = 0;
        }
        KeyCode::Char('n') => {
            session.restart()?;
            ui.message = "new game".into();
            ui.selected = 0;
        }
        KeyCode::Char('d') => {
            ui.message = match session.offer_draw() {
                Ok(true) => "the computer agrees to a draw".into(),
                Ok(false) => "the computer declines the draw".into(),
                Err(e) => format!("error: {e}"),
            };
        }
        _ => {}
    }
    Ok(())
}

fn play(session: &mut Session, ui: &mut Ui, i: usize) -> anyhow::Result<()> {
    match session.play(i) {
        Ok(p) => ui.message = format!("you: {}", p.label),
        Err(sprague::play::PlayError::Refused(e)) => ui.message = format!("error: {e}"),
        Err(e) => return Err(e.into()),
    }
    ui.selected = 0;
    Ok(())
}

fn hint_message(session: &Session) -> String {
    match (session.standing(), session.best_move()) {
        (Some(s), Some(b)) => {
            let what = match s.outcome {
                Outcome::N => "you can win",
                Outcome::P => "you are losing; the longest defence",
                Outcome::D => "you can hold a draw",
            };
            format!("hint: {what}: move {}", b + 1)
        }
        _ => "hint: no value is known here".into(),
    }
}

fn colour(v: Option<Verdict>) -> Color {
    match v {
        Some(Verdict::Win) => Color::Green,
        Some(Verdict::Loss) => Color::Red,
        Some(Verdict::Draw) => Color::Yellow,
        None => Color::Gray,
    }
}

/// A standing as a verdict for the player to move.
fn verdict(s: Standing) -> Verdict {
    match s.outcome {
        Outcome::N => Verdict::Win,
        Outcome::P => Verdict::Loss,
        Outcome::D => Verdict::Draw,
    }
}

fn draw(term: &mut Terminal<CrosstermBackend<Stdout>>, session: &Session, ui: &Ui) -> io::Result<()> {
    term.draw(|f| frame(f, session, ui))?;
    Ok(())
}

fn frame(f: &mut Frame<'_>, session: &Session, ui: &Ui) {
    let [title, body, status, input] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(8),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(f.area());
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(42), Constraint::Percentage(58)]).areas(body);
    let shown = position_lines(session.shapes());
    let pos_height = (shown.len() as u16 + 2).min(left.height.saturating_sub(5)).max(3);
    let [pos_area, hist_area] =
        Layout::vertical([Constraint::Length(pos_height), Constraint::Min(3)]).areas(left);
    let [moves_area, values_area] =
        Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(right);

    let turn = match session.summary() {
        Some(s) => match s.winner {
            Some(Side::You) => "game over: you win".to_string(),
            Some(Side::Computer) => "game over: the computer wins".to_string(),
            None => "game over: draw".to_string(),
        },
        None if session.to_move() == Side::You => "your turn".to_string(),
        None => "computer's turn".to_string(),
    };
    let head = format!(
        " sprague play {} · {} play · {} computer · {turn}",
        session.spec(),
        session.play_convention().name(),
        session.opponent()
    );
    f.render_widget(
        Paragraph::new(head).style(Style::default().add_modifier(Modifier::BOLD)),
        title,
    );

    let pos_lines: Vec<Line> = shown
        .iter()
        .map(|l| {
            let spans: Vec<Span> = l
                .split_inclusive('●')
                .flat_map(|piece| match piece.strip_suffix('●') {
                    Some(rest) => vec![
                        Span::raw(rest.to_string()),
                        Span::styled("●", Style::default().fg(Color::Cyan)),
                    ],
                    None => vec![Span::raw(piece.to_string())],
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    f.render_widget(
        Paragraph::new(pos_lines).block(Block::default().borders(Borders::ALL).title(" Position ")),
        pos_area,
    );

    let hist: Vec<ListItem> = session
        .history()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let part = if p.before.len() > 1 {
                let noun = session.shapes().first().map_or("part", super::draw::noun);
                format!("{noun} {}: ", p.component + 1)
            } else {
                String::new()
            };
            let mut spans = vec![Span::raw(format!(
                "{:>3}. {:<8} {part}{}",
                i + 1,
                p.side.to_string(),
                p.label
            ))];
            if let Some(b) = &p.better {
                spans.push(Span::styled(
                    format!("  (better: {b})"),
                    Style::default().fg(Color::Red),
                ));
            }
            ListItem::new(Line::from(spans))
        })
        .collect();
    let skip = hist
        .len()
        .saturating_sub(hist_area.height.saturating_sub(2) as usize);
    f.render_widget(
        List::new(hist.into_iter().skip(skip).collect::<Vec<_>>())
            .block(Block::default().borders(Borders::ALL).title(" History ")),
        hist_area,
    );

    let moves = session.moves();
    let items: Vec<ListItem> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let text = format!("{:>3}) {}", i + 1, move_text(m, session.shapes()));
            if ui.hints {
                // The value first, so that a narrow pane cuts the label, not it.
                let c = colour(m.rating.map(|r: Rating| r.verdict));
                ListItem::new(Line::from(vec![
                    Span::styled(format!("{:>3}) ", i + 1), Style::default().fg(c)),
                    Span::styled(
                        format!("{:<11}", rating_text(m.rating)),
                        Style::default().fg(c).add_modifier(Modifier::BOLD),
                    ),
                    Span::styled(move_text(m, session.shapes()), Style::default().fg(c)),
                ]))
            } else {
                ListItem::new(text)
            }
        })
        .collect();
    let mut state = ListState::default();
    if !moves.is_empty() && session.to_move() == Side::You {
        state.select(Some(ui.selected.min(moves.len() - 1)));
    }
    let title = if session.moves_complete() {
        format!(" Moves ({}) ", moves.len())
    } else {
        format!(" Moves (a window of {}; type others with :) ", moves.len())
    };
    f.render_stateful_widget(
        List::new(items)
            .block(Block::default().borders(Borders::ALL).title(title))
            .highlight_style(Style::default().add_modifier(Modifier::REVERSED))
            .highlight_symbol("▶"),
        moves_area,
        &mut state,
    );

    // One row per position of the game: who was to move, where it stood
    // for them, and how far from the end.
    let mut rows: Vec<(Side, Option<Standing>)> =
        session.history().iter().map(|p| (p.side, p.standing)).collect();
    if session.summary().is_none() {
        rows.push((session.to_move(), session.standing()));
    }
    let width = values_area.width.saturating_sub(24) as u32;
    let strip: Vec<Line> = rows
        .iter()
        .enumerate()
        .map(|(i, (side, st))| match st {
            Some(s) => {
                let r = s.remoteness;
                let bar = r.map_or(String::new(), |r| "■".repeat(r.min(width) as usize));
                let word = match s.outcome {
                    Outcome::N => "winning",
                    Outcome::P => "losing",
                    Outcome::D => "drawn",
                };
                let r = r.map_or("  ".to_string(), |r| format!("{r:>2}"));
                Line::from(vec![
                    Span::raw(format!("{:>3} {:<8} ", i + 1, side.to_string())),
                    Span::styled(
                        format!("{word:<7} {r} {bar}"),
                        Style::default().fg(colour(Some(verdict(*s)))),
                    ),
                ])
            }
            None => Line::from(format!("{:>3} {:<8} ?", i + 1, side.to_string())),
        })
        .collect();
    let skip = strip
        .len()
        .saturating_sub(values_area.height.saturating_sub(2) as usize);
    f.render_widget(
        Paragraph::new(strip.into_iter().skip(skip).collect::<Vec<_>>()).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" Values (for the player to move) "),
        ),
        values_area,
    );

    let mut status_text = ui.message.clone();
    if let Some(s) = session.summary() {
        status_text = format!("{} · {} moves · {}", status_text, s.moves, s.reason);
        if let (Some(w), Some((n, better))) = (s.winner, &s.turning_point) {
            status_text.push_str(&format!(
                " · {} could still have won at move {n} with {better}",
                w.other()
            ));
        }
    } else if let Some(note) = session.note().filter(|_| ui.hints) {
        status_text = format!("{status_text} · {note}");
    }
    f.render_widget(Paragraph::new(status_text).wrap(Wrap { trim: true }), status);
    let prompt = match &ui.input {
        Some(buf) => format!("move> {buf}▏  (Enter plays, Esc cancels)"),
        None => {
            "↑↓ pick · Enter play · 1-9 / : type a move · ? hints · u undo · r redo · n new · d draw · q quit"
                .to_string()
        }
    };
    f.render_widget(
        Paragraph::new(prompt).style(Style::default().fg(Color::DarkGray)),
        input,
    );
}
