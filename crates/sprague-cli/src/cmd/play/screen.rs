//! One frame of the terminal UI, fitted to the terminal: the title, the
//! position, the history, the moves, the values strip, the status and the
//! key legend.
//!
//! Three rules hold at every size down to 80×24. Nothing is cut by the
//! terminal: long lines wrap under their own column, or end in `…` where
//! only one line fits (see [`super::fit`]); the key legend is shortened
//! or wrapped between keys, never cut. Nothing tells who is winning — the
//! values strip, the move colours, the "better move" advice — until hints
//! are on or the game is over. And with hints on, the `hint:` line stays
//! on screen after every move.

use super::draw::{hint_words, move_text, position_lines, rating_text};
use super::fit::{ellipsize, hang, join_wrapped, width, wrap, wrap_lines};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph};
use ratatui::Frame;
use sprague::play::{Session, Side, Standing, Verdict};
use sprague::Outcome;

/// What the screen shows besides the session.
pub struct Ui {
    /// The highlighted move (an index into the session's moves).
    pub selected: usize,
    /// A move being typed (after `:` or a digit).
    pub input: Option<String>,
    /// Whether hints (values, colours, advice) are shown.
    pub hints: bool,
    /// The last thing that happened, in words.
    pub message: String,
    /// Set when the player leaves.
    pub quit: bool,
    /// What a component is called (`heap`), kept from the last position
    /// that had one, so that the history still names it when nothing is
    /// left.
    pub noun: &'static str,
}

/// The hint for the player to move: where they stand and the best move.
fn hint_message(session: &Session) -> String {
    match (session.standing(), session.best_move()) {
        (Some(s), Some(b)) => {
            let m = move_text(&session.moves()[b], session);
            format!("hint: {}: move {}, {m}", hint_words(s), b + 1)
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

/// A panel's inner width (inside its borders).
fn inner(area: Rect) -> usize {
    area.width.saturating_sub(2) as usize
}

/// A bordered panel with a title that fits its top border.
fn panel(title: &str, area: Rect) -> Block<'static> {
    let t = ellipsize(title.trim(), inner(area).saturating_sub(2));
    Block::default().borders(Borders::ALL).title(format!(" {t} "))
}

/// Draws the whole screen.
pub fn frame(f: &mut Frame<'_>, session: &Session, ui: &Ui) {
    let area = f.area();
    let w = area.width as usize;
    let status = status_lines(session, ui, w);
    let legend = legend_lines(session, ui, w);
    let [title, body, status_area, legend_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(8),
        Constraint::Length(status.len() as u16),
        Constraint::Length(legend.len() as u16),
    ])
    .areas(area);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(42), Constraint::Percentage(58)]).areas(body);
    let shown = fit_position(
        position_lines(
            session.shapes(),
            &session.boards(),
            session.start_shapes(),
            inner(left),
        ),
        inner(left),
    );
    let pos_height = (shown.len() as u16 + 2).min(left.height.saturating_sub(5)).max(3);
    let [pos_area, hist_area] =
        Layout::vertical([Constraint::Length(pos_height), Constraint::Min(3)]).areas(left);
    let [moves_area, values_area] =
        Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(right);

    f.render_widget(
        Paragraph::new(title_text(session, w)).style(Style::default().add_modifier(Modifier::BOLD)),
        title,
    );
    position(f, shown, pos_area);
    history(f, session, ui, hist_area);
    moves(f, session, ui, moves_area);
    values(f, session, ui, values_area);
    f.render_widget(Paragraph::new(status), status_area);
    f.render_widget(
        Paragraph::new(legend.into_iter().map(Line::from).collect::<Vec<_>>())
            .style(Style::default().fg(Color::DarkGray)),
        legend_area,
    );
}

/// Whether the screen may tell who is winning.
fn revealed(session: &Session, ui: &Ui) -> bool {
    ui.hints || session.summary().is_some()
}

/// The title line: the game, the convention, the opponent, whose turn. When
/// it does not fit, whose turn comes first and the rest is shortened.
fn title_text(session: &Session, w: usize) -> String {
    let turn = match session.summary() {
        Some(s) => match s.winner {
            Some(Side::You) => "game over: you win".to_string(),
            Some(Side::Computer) => "game over: the computer wins".to_string(),
            None => "game over: draw".to_string(),
        },
        None if session.to_move() == Side::You => "your turn".to_string(),
        None => "computer's turn".to_string(),
    };
    let rest = format!(
        "sprague play {} · {} play · {} computer",
        session.spec(),
        super::convention_shown(session.play_convention()),
        session.opponent()
    );
    let full = format!(" {rest} · {turn}");
    if width(&full) <= w {
        return full;
    }
    let head = format!(" {turn} · ");
    format!("{head}{}", ellipsize(&rest, w.saturating_sub(width(&head))))
}

/// The position's lines, each wrapped (under its drawing) where it is
/// wider than `w`.
fn fit_position(shown: Vec<String>, w: usize) -> Vec<String> {
    shown
        .into_iter()
        .flat_map(|l| if width(&l) <= w { vec![l] } else { wrap(&l, w, 11) })
        .collect()
}

fn position(f: &mut Frame<'_>, mut shown: Vec<String>, area: Rect) {
    let room = (area.height.saturating_sub(2) as usize).max(1);
    if shown.len() > room {
        // Too many rows: the last one that fits says how many are hidden.
        let hidden = shown.len() - room + 1;
        shown.truncate(room - 1);
        shown.push(format!("  … and {hidden} more lines"));
    }
    let lines: Vec<Line> = shown
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
    f.render_widget(Paragraph::new(lines).block(panel("Position", area)), area);
}

/// The moves made, each wrapped under its text; the advice on a move that
/// gave the game away only once the screen may tell who is winning.
fn history(f: &mut Frame<'_>, session: &Session, ui: &Ui, area: Rect) {
    let w = inner(area);
    let show_advice = revealed(session, ui);
    let digits = session.history().len().to_string().len();
    let mut lines: Vec<Line> = Vec::new();
    for (i, p) in session.history().iter().enumerate() {
        let part = super::draw::part_words(session, &session.boards_after(i), p.before.len(), p.component);
        let text = format!(" {:>digits$}. {}: {part}{}", i + 1, p.side, p.label);
        for l in wrap(&text, w, digits + 3) {
            lines.push(Line::from(l));
        }
        if let Some(b) = p.better.as_ref().filter(|_| show_advice) {
            let b = &super::draw::better_text(session, i + 1, b);
            let pad = " ".repeat(digits + 3);
            for l in hang(&format!("{pad}better: "), b, w) {
                lines.push(Line::styled(l, Style::default().fg(Color::Red)));
            }
        }
    }
    let skip = lines.len().saturating_sub(area.height.saturating_sub(2) as usize);
    f.render_widget(
        Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>()).block(panel("History", area)),
        area,
    );
}

/// The numbered moves, wrapped under their labels; with hints on, each
/// with its rating, coloured by it.
fn moves(f: &mut Frame<'_>, session: &Session, ui: &Ui, area: Rect) {
    // One column for the highlight symbol.
    let w = inner(area).saturating_sub(1);
    let moves = session.moves();
    // The ratings' column, as wide as the widest.
    let rw = moves
        .iter()
        .map(|m| width(&rating_text(m.rating)))
        .max()
        .unwrap_or(0);
    let items: Vec<ListItem> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let text = move_text(m, session);
            if !ui.hints {
                let lines = hang(&format!("{:>3}) ", i + 1), &text, w);
                return ListItem::new(lines.into_iter().map(Line::from).collect::<Vec<_>>());
            }
            let c = colour(m.rating.map(|r| r.verdict));
            let rating = format!("{:<rw$} ", rating_text(m.rating));
            let prefix = format!("{:>3}) {rating}", i + 1);
            let lines: Vec<Line> = hang(&prefix, &text, w)
                .into_iter()
                .enumerate()
                .map(|(k, l)| match l.strip_prefix(&prefix).filter(|_| k == 0) {
                    Some(rest) => Line::from(vec![
                        Span::styled(format!("{:>3}) ", i + 1), Style::default().fg(c)),
                        Span::styled(
                            rating.clone(),
                            Style::default().fg(c).add_modifier(Modifier::BOLD),
                        ),
                        Span::styled(rest.to_string(), Style::default().fg(c)),
                    ]),
                    None => Line::styled(l, Style::default().fg(c)),
                })
                .collect();
            ListItem::new(lines)
        })
        .collect();
    let mut state = ListState::default();
    if !moves.is_empty() && session.to_move() == Side::You {
        state.select(Some(ui.selected.min(moves.len() - 1)));
    }
    let title = if session.moves_complete() {
        format!("Moves ({})", moves.len())
    } else {
        format!("Moves: a window of {}; type others with :", moves.len())
    };
    f.render_stateful_widget(
        List::new(items)
            .block(panel(&title, area))
            .highlight_style(Style::default().add_modifier(Modifier::REVERSED))
            .highlight_symbol("▶"),
        area,
        &mut state,
    );
}

/// One row per position of the game: who was to move, where it stood for
/// them, how far from the end. Hidden until hints are on.
fn values(f: &mut Frame<'_>, session: &Session, ui: &Ui, area: Rect) {
    let block = panel("Values (for the player to move)", area);
    let w = inner(area);
    if !revealed(session, ui) {
        let text = wrap("hidden until hints are on: press ? to see who stands where", w, 0);
        f.render_widget(
            Paragraph::new(text.into_iter().map(Line::from).collect::<Vec<_>>())
                .style(Style::default().fg(Color::DarkGray))
                .block(block),
            area,
        );
        return;
    }
    let mut rows: Vec<(Side, Option<Standing>)> =
        session.history().iter().map(|p| (p.side, p.standing)).collect();
    if session.summary().is_none() {
        rows.push((session.to_move(), session.standing()));
    }
    // `nnn side     winning rr ` before the bar.
    let bar_room = w.saturating_sub(25);
    let mut unknown = false;
    let mut lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .map(|(i, (side, st))| {
            let head = Span::raw(format!("{:>3} {:<8} ", i + 1, side.to_string()));
            let Some(s) = st else {
                return Line::from(vec![head, Span::raw("?")]);
            };
            let word = match s.outcome {
                Outcome::N => "winning",
                Outcome::P => "losing",
                Outcome::D => "drawn",
            };
            let (r, bar) = match s.remoteness {
                Some(r) if r as usize <= bar_room => (format!("{r:>2}"), "■".repeat(r as usize)),
                Some(r) => (
                    format!("{r:>2}"),
                    format!("{}…", "■".repeat(bar_room.saturating_sub(1))),
                ),
                None if s.outcome == Outcome::D => ("  ".into(), String::new()),
                None => {
                    unknown = true;
                    (" ?".into(), String::new())
                }
            };
            Line::from(vec![
                head,
                Span::styled(
                    format!("{word:<7} {r} {bar}"),
                    Style::default().fg(colour(Some(verdict(*s)))),
                ),
            ])
        })
        .collect();
    let mut room = area.height.saturating_sub(2) as usize;
    let footnote = unknown.then(|| {
        Line::styled(
            ellipsize("  ?: no remoteness at this size", w),
            Style::default().fg(Color::DarkGray),
        )
    });
    if footnote.is_some() {
        room = room.saturating_sub(1);
    }
    let skip = lines.len().saturating_sub(room);
    lines.drain(..skip);
    lines.extend(footnote);
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// The last thing that happened (and, at the end, how the game ended), then
/// with hints on the hint for the position, wrapped to the width.
fn status_lines(session: &Session, ui: &Ui, w: usize) -> Vec<Line<'static>> {
    let mut text = ui.message.clone();
    let mut lines: Vec<Line> = Vec::new();
    if let Some(s) = session.summary() {
        text = format!("{text} · {} moves · {}", s.moves, s.reason);
        if let (Some(winner), Some((n, better))) = (s.winner, &s.turning_point) {
            let better = super::draw::better_text(session, *n, better);
            text.push_str(&format!(
                " · {} could still have won at move {n} with {better}",
                winner.other()
            ));
        }
        lines.extend(wrap_lines(&text, w, 2, 3).into_iter().map(Line::from));
        return lines;
    }
    lines.extend(wrap_lines(&text, w, 2, 2).into_iter().map(Line::from));
    if ui.hints && session.to_move() == Side::You {
        let mut hint = hint_message(session);
        if let Some(note) = session.note() {
            hint = format!("{hint} · {note}");
        }
        lines.extend(
            wrap_lines(&hint, w, 2, 2)
                .into_iter()
                .map(|l| Line::styled(l, Style::default().fg(Color::Cyan))),
        );
    }
    lines
}

/// The key legend: in full where it fits on one line, else in short
/// words, wrapped between keys if even that does not fit.
fn legend_lines(session: &Session, ui: &Ui, w: usize) -> Vec<String> {
    if let Some(buf) = &ui.input {
        let items = [
            format!("move> {buf}▏"),
            "Enter plays".into(),
            "Esc cancels".into(),
        ];
        let items: Vec<&str> = items.iter().map(String::as_str).collect();
        return join_wrapped(&items, "  ·  ", w);
    }
    let draw = session.is_loopy();
    let pick = |full: bool| -> Vec<&'static str> {
        let mut items = if full {
            vec![
                "↑↓ pick",
                "Enter play",
                "1-9 / : type a move",
                "? hints",
                "u undo",
                "r redo",
                "n new",
            ]
        } else {
            vec![
                "↑↓ Enter play",
                "1-9 : type",
                "? hints",
                "u undo",
                "r redo",
                "n new",
            ]
        };
        if draw {
            items.push("d draw");
        }
        items.push("q quit");
        items
    };
    let full = join_wrapped(&pick(true), " · ", w);
    if full.len() == 1 {
        return full;
    }
    join_wrapped(&pick(false), " · ", w)
}
