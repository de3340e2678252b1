//! The terminal UI (ratatui over crossterm): the keys and the game loop.
//! What a frame shows — the position drawn the way the game looks, the
//! numbered moves (coloured by value with hints on), the history, a
//! value-history strip, a line for typed moves — is [`super::screen`].
//!
//! The terminal is restored on every way out — return, error and panic —
//! by a guard whose `Drop` leaves raw mode and the alternate screen, and
//! by a panic hook that does the same before the panic message is printed.

use super::draw::noun;
use super::screen::{frame, Ui};
use super::Options;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use sprague::play::{Session, Side};
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

/// Plays on the terminal until the player quits.
pub fn run(session: &mut Session, opts: &Options) -> anyhow::Result<()> {
    let _guard = Guard::enter()?;
    let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    let mut ui = Ui {
        selected: 0,
        input: None,
        hints: opts.hints,
        message: if opts.hints {
            format!("seed {} · hints on (? hides them)", opts.seed)
        } else {
            format!("seed {} · press ? for hints", opts.seed)
        },
        quit: false,
        noun: "part",
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
        if let Some(s) = session.shapes().first() {
            ui.noun = noun(s);
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
                "hints on".into()
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

fn draw(term: &mut Terminal<CrosstermBackend<Stdout>>, session: &Session, ui: &Ui) -> io::Result<()> {
    term.draw(|f| frame(f, session, ui))?;
    Ok(())
}
