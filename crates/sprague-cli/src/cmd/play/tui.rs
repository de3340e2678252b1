//! The terminal UI (ratatui over crossterm): the keys and the game loop.
//! What a frame shows — the position drawn the way the game looks, the
//! numbered moves (coloured by value with hints on), the history, a
//! value-history strip, a line for typed moves — is [`super::screen`].
//!
//! The terminal is restored on every way out — return, error and panic —
//! by a guard whose `Drop` leaves raw mode and the alternate screen, and
//! by a panic hook that does the same before the panic message is printed.
//!
//! Whatever may search (the computer's move, yours, undo, redo, a new
//! game) runs with a stop token of its own while a thread watches the
//! keyboard ([`thinking`]): q, Esc or Ctrl-C stop the search and leave, so
//! that a large board never holds the terminal.

use super::draw::noun;
use super::screen::{frame, Ui};
use super::Options;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use sprague::play::{PlayError, Session, Side};
use sprague::solve::Limits;
use sprague::Stop;
use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

type Term = Terminal<CrosstermBackend<Stdout>>;

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

/// Plays on the terminal until the player quits: the session is made by
/// `open` (which analyses the start) under the bounds it is given, while
/// the screen says so and q stops it.
pub fn run(
    open: impl FnOnce(Limits) -> sprague::Result<Session>,
    title: &str,
    opts: &Options,
) -> anyhow::Result<()> {
    let _guard = Guard::enter()?;
    let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    let stop = Stop::new();
    let limits = Limits {
        stop: stop.clone(),
        ..opts.limits.clone()
    };
    let words = format!(" sprague play {title}\n\n valuing the start… (q stops and leaves)");
    term.draw(|f| f.render_widget(ratatui::widgets::Paragraph::new(words), f.area()))?;
    let Some(session) = watch_keys(&stop, || open(limits)) else {
        return Ok(());
    };
    let mut session = session?;
    game(&mut term, &mut session, opts)
}

/// The game loop, from a session analysed.
fn game(term: &mut Term, session: &mut Session, opts: &Options) -> anyhow::Result<()> {
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
            let moved = thinking(term, session, &mut ui, &opts.limits, |s| {
                s.computer_move().map(|p| p.label.clone())
            })?;
            let Some(moved) = moved else {
                return Ok(());
            };
            let label = moved.map_err(anyhow::Error::from)?;
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
        draw(term, session, &ui)?;
        if ui.quit {
            return Ok(());
        }
        if let Event::Key(key) = event::read()? {
            if key.kind == KeyEventKind::Press {
                let mut t = Thinker {
                    term: &mut *term,
                    limits: &opts.limits,
                };
                on_key(session, &mut ui, key, &mut t)?;
            }
        }
    }
}

/// Whether a key asks to leave: q, Esc or Ctrl-C.
fn is_leave(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Char('q') | KeyCode::Esc)
        || (key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c'))
}

/// Runs `work` on the session — a step that may search — with a stop token
/// of its own, while a thread watches the keyboard: a key that asks to
/// leave ([`is_leave`]) stops the search. The screen says `thinking…` and
/// how to stop first. Returns `None` when the player asked to leave (a
/// step stopped changes nothing; one that ended first stands, and the
/// player leaves all the same).
fn thinking<T>(
    term: &mut Term,
    session: &mut Session,
    ui: &mut Ui,
    limits: &Limits,
    work: impl FnOnce(&mut Session) -> T,
) -> io::Result<Option<T>> {
    let stop = Stop::new();
    session.set_limits(Limits {
        stop: stop.clone(),
        ..limits.clone()
    });
    let told = std::mem::replace(&mut ui.message, "thinking… (q stops and leaves)".into());
    draw(term, session, ui)?;
    ui.message = told;
    Ok(watch_keys(&stop, || work(session)))
}

/// Runs `work` while a thread reads the keyboard: a key that asks to leave
/// ([`is_leave`]) stops `stop`, and then the answer is `None`. Other keys
/// pressed meanwhile are dropped.
fn watch_keys<T>(stop: &Stop, work: impl FnOnce() -> T) -> Option<T> {
    /// Tells the watcher to end when dropped: after `work`, and also when
    /// it panics (the scope then waits for the watcher).
    struct Done<'a>(&'a AtomicBool);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    let done = AtomicBool::new(false);
    let (result, left) = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                match event::poll(Duration::from_millis(50)) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    // No terminal to read any more: nothing to watch.
                    Err(_) => return false,
                }
                if let Ok(Event::Key(key)) = event::read() {
                    if key.kind == KeyEventKind::Press && is_leave(&key) {
                        stop.stop();
                        return true;
                    }
                }
            }
            false
        });
        let finished = Done(&done);
        let result = work();
        drop(finished);
        (result, watcher.join().unwrap_or(false))
    });
    (!left).then_some(result)
}

/// What [`on_key`] needs to run a step that may search: the terminal (to
/// say `thinking…`) and the bounds.
struct Thinker<'a> {
    term: &'a mut Term,
    limits: &'a Limits,
}

impl Thinker<'_> {
    /// [`thinking`], with leaving recorded in `ui`: `None` when the
    /// player stopped the step.
    fn run<T>(
        &mut self,
        session: &mut Session,
        ui: &mut Ui,
        work: impl FnOnce(&mut Session) -> T,
    ) -> io::Result<Option<T>> {
        let r = thinking(self.term, session, ui, self.limits, work)?;
        ui.quit |= r.is_none();
        Ok(r)
    }
}

fn on_key(session: &mut Session, ui: &mut Ui, key: KeyEvent, t: &mut Thinker) -> anyhow::Result<()> {
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
                    Ok(i) => play(session, ui, i, t)?,
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
        KeyCode::Enter if n > 0 => play(session, ui, ui.selected.min(n - 1), t)?,
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
            let Some(undone) = t.run(session, ui, Session::undo)? else {
                return Ok(());
            };
            ui.message = if undone? {
                "undone: your last move and the reply".into()
            } else {
                "nothing to undo".into()
            };
            ui.selected = 0;
        }
        KeyCode::Char('r') => {
            let Some(redone) = t.run(session, ui, Session::redo)? else {
                return Ok(());
            };
            ui.message = if redone? {
                "redone".into()
            } else {
                "nothing to redo".into()
            };
            ui.selected = 0;
        }
        KeyCode::Char('n') => {
            let Some(restarted) = t.run(session, ui, Session::restart)? else {
                return Ok(());
            };
            restarted?;
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

fn play(session: &mut Session, ui: &mut Ui, i: usize, t: &mut Thinker) -> anyhow::Result<()> {
    let Some(played) = t.run(session, ui, |s| s.play(i).map(|p| p.label.clone()))? else {
        return Ok(());
    };
    match played {
        Ok(label) => ui.message = format!("you: {label}"),
        Err(PlayError::Refused(e)) => ui.message = format!("error: {e}"),
        Err(e) => return Err(e.into()),
    }
    ui.selected = 0;
    Ok(())
}

fn draw(term: &mut Term, session: &Session, ui: &Ui) -> io::Result<()> {
    term.draw(|f| frame(f, session, ui))?;
    Ok(())
}
