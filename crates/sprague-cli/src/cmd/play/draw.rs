//! The position as plain text lines, the way each game looks: heaps as
//! rows of tokens, the grid game as a board with its coin, pairs, cards
//! with the running gcd. Shared by line mode and the terminal UI.

use sprague::play::{Listed, Rating, Session, Shape, Standing, Verdict};
use sprague::Outcome;

/// Tokens drawn for a heap at most; a larger heap shows its size only.
const MAX_TOKENS: u64 = 48;
/// Boards larger than this are described, not drawn.
const MAX_BOARD: u64 = 24;

/// What a component is called in move lists (`heap 2: take 1 …`).
pub fn noun(shape: &Shape) -> &'static str {
    match shape {
        Shape::Heap { .. } => "heap",
        Shape::Board { .. } => "board",
        Shape::Pair { .. } => "pair",
        Shape::Cards { .. } => "cards",
        Shape::Text { .. } => "part",
        Shape::Cells { .. } => "region",
        Shape::Network { .. } => "part",
    }
}

/// The components of a sum on boards (Cram, Chomp): each start's board
/// with column letters and row numbers, `·` for a free cell, `#` for a
/// taken one, its regions drawn together (`boards[i]`: the start of
/// component i, [`sprague::play::Session::boards`]), and a `board N` line
/// above each when the sum has several. Every start is drawn (`starts`:
/// [`sprague::play::Session::start_shapes`]), also one whose regions are
/// all gone. `None` unless every start is a board.
fn on_boards(shapes: &[Shape], boards: &[usize], starts: &[Shape]) -> Option<Vec<String>> {
    let mut drawn = Vec::with_capacity(starts.len());
    for s in starts {
        let Shape::Cells { rows, .. } = s else { return None };
        drawn.push(
            rows.iter()
                .map(|r| vec![false; r.chars().count()])
                .collect::<Vec<_>>(),
        );
    }
    for (i, s) in shapes.iter().enumerate() {
        let Shape::Cells { rows, .. } = s else { return None };
        let board = drawn.get_mut(boards.get(i).copied().unwrap_or(0))?;
        if board.len() != rows.len() {
            return None;
        }
        for (line, row) in board.iter_mut().zip(rows) {
            for (cell, ch) in line.iter_mut().zip(row.chars()) {
                *cell |= ch == '.';
            }
        }
    }
    if drawn.is_empty() {
        return None;
    }
    let several = drawn.len() > 1;
    let mut out = Vec::new();
    for (id, board) in drawn.into_iter().enumerate() {
        if several {
            out.push(format!("  board {}", id + 1));
        }
        let cols = board.first().map_or(0, Vec::len);
        let letters: Vec<String> = (0..cols as u32).map(sprague::rules::column_name).collect();
        out.push(format!("      {}", letters.join(" ")));
        for (r, line) in board.iter().enumerate() {
            let cells: Vec<&str> = line.iter().map(|&f| if f { "·" } else { "#" }).collect();
            out.push(format!("  {:>3} {}", r + 1, cells.join(" ")));
        }
    }
    Some(out)
}

/// The components of a sum on graphs (Node Kayles, octal games on
/// graphs): each start's vertices left, its parts together (as
/// [`on_boards`] draws boards), with a `board N` name when the sum has
/// several; `None` unless every start is a graph.
fn on_graphs(shapes: &[Shape], boards: &[usize], starts: &[Shape]) -> Option<Vec<String>> {
    let mut left: Vec<Vec<u32>> = Vec::with_capacity(starts.len());
    for s in starts {
        let Shape::Network { .. } = s else { return None };
        left.push(Vec::new());
    }
    if left.is_empty() {
        return None;
    }
    for (i, s) in shapes.iter().enumerate() {
        let Shape::Network { present, .. } = s else {
            return None;
        };
        left.get_mut(boards.get(i).copied().unwrap_or(0))?.extend(present);
    }
    let several = starts.len() > 1;
    let mut out = Vec::new();
    for (b, (start, mut vs)) in starts.iter().zip(left).enumerate() {
        let Shape::Network { names, .. } = start else {
            return None;
        };
        vs.sort_unstable();
        let named: Vec<&str> = vs
            .iter()
            .filter_map(|&v| names.get(v as usize))
            .map(String::as_str)
            .collect();
        let head = if several {
            format!("  board {}: ", b + 1)
        } else {
            "  ".to_string()
        };
        let what = match named.is_empty() {
            true => "no vertex left".to_string(),
            false => format!("vertices {} (of {})", named.join(","), names.len()),
        };
        out.push(format!("{head}{what}"));
    }
    Some(out)
}

/// The lines that draw `shapes` within `width` columns, each starting
/// with two spaces (`boards`: the start of each component, to draw the
/// regions of one board together; `starts`: how each start looked, to
/// draw every board). A heap too large for its row is drawn as a short
/// row ending in `…`, its size always written out.
pub fn position_lines(shapes: &[Shape], boards: &[usize], starts: &[Shape], width: usize) -> Vec<String> {
    if let Some(drawn) = on_boards(shapes, boards, starts) {
        return drawn;
    }
    if let Some(drawn) = on_graphs(shapes, boards, starts) {
        return drawn;
    }
    let mut out = Vec::new();
    if shapes.is_empty() {
        out.push("  (nothing left)".to_string());
    }
    for (i, s) in shapes.iter().enumerate() {
        let name = format!("{} {}", noun(s), i + 1);
        match s {
            Shape::Heap { size, cap } => {
                let head = format!("  {name:<8} ");
                let cap = cap.map(|c| format!("  (cap {c})")).unwrap_or_default();
                let tail = format!(" {size}{cap}");
                let room = width.saturating_sub(head.chars().count() + tail.chars().count());
                let most = room.min(MAX_TOKENS as usize) as u64;
                let tokens = if *size <= most {
                    "●".repeat(*size as usize)
                } else {
                    // A short row: as many tokens as fit (at least three),
                    // then the ellipsis.
                    format!("{}…", "●".repeat(most.saturating_sub(1).max(3) as usize))
                };
                let row = format!("{head}{tokens}{tail}");
                if row.chars().count() <= width {
                    out.push(row);
                } else {
                    // Too narrow for the size beside the tokens: below them.
                    out.push(format!("{head}{tokens}"));
                    out.push(format!(
                        "{}{}",
                        " ".repeat(head.chars().count()),
                        tail.trim_start()
                    ));
                }
            }
            Shape::Board { rows, cols } => {
                out.push(format!("  {name:<8} {rows} rows × {cols} columns"));
                if *rows <= MAX_BOARD && *cols <= MAX_BOARD {
                    for r in (0..*rows).rev() {
                        let cells: Vec<&str> = (0..*cols)
                            .map(|c| if r == 0 && c == 0 { "●" } else { "·" })
                            .collect();
                        out.push(format!("           {}", cells.join(" ")));
                    }
                }
            }
            Shape::Pair { a, b } => out.push(format!("  {name:<8} ({a}, {b})")),
            Shape::Cards { g, cards } => {
                let shown: Vec<String> = cards.iter().map(|c| format!("[{c}]")).collect();
                let g = if *g == 0 {
                    "none taken yet".to_string()
                } else {
                    g.to_string()
                };
                out.push(format!("  {name:<8} {}   gcd so far: {g}", shown.join(" ")));
            }
            Shape::Text { text } => out.push(format!("  {name:<8} {text}")),
            Shape::Cells { rows, .. } => {
                out.push(format!("  {name:<8} {}", rows.join("/")));
            }
            Shape::Network { names, present, .. } => {
                let left: Vec<&str> = present.iter().map(|&v| names[v as usize].as_str()).collect();
                out.push(format!("  {name:<8} vertices {}", left.join(",")));
            }
        }
    }
    out
}

/// A move as the lists show it: `heap 2: take 1 …` in a sum, `board 2:
/// domino a1-b1` on a sum of boards, the bare label for a single
/// component or board.
pub fn move_text(m: &Listed, session: &Session) -> String {
    let shapes = session.shapes();
    let part = part_words(session, &session.boards(), shapes.len(), m.component);
    format!("{part}{}", m.label)
}

/// What names the part a move is made in, before its label (`parts`
/// components, `boards`: the start of each, as [`Session::boards_after`]
/// gives them when the move was made): on boards and graphs the board
/// (`board 2: `), and nothing on one board, whose regions never share a
/// label; elsewhere the component in a sum (`heap 2: `); nothing for one
/// component.
pub fn part_words(session: &Session, boards: &[usize], parts: usize, component: usize) -> String {
    let starts = session.start_shapes();
    if session.on_boards() {
        return match boards.get(component) {
            Some(b) if starts.len() > 1 => format!("board {}: ", b + 1),
            _ => String::new(),
        };
    }
    if parts > 1 {
        let noun = starts.first().map_or("part", noun);
        format!("{noun} {}: ", component + 1)
    } else {
        String::new()
    }
}

/// A rating in words: `win (r=3)`, `loss (r=4)`, `draw`, `?` (r: the
/// remoteness of the position the move leaves).
pub fn rating_text(r: Option<Rating>) -> String {
    match r {
        None => "?".into(),
        Some(Rating {
            verdict: Verdict::Draw,
            ..
        }) => "draw".into(),
        Some(Rating { verdict, remoteness }) => match remoteness {
            Some(n) => format!("{verdict} (r={n})"),
            None => verdict.to_string(),
        },
    }
}

/// What a hint says of the player's standing, before it names the move.
/// Where the remoteness is not known (huge positions) it says so rather
/// than promise the longest defence.
pub fn hint_words(s: Standing) -> &'static str {
    match (s.outcome, s.remoteness) {
        (Outcome::N, Some(_)) => "you can win",
        (Outcome::N, None) => "you can win (no remoteness at this size)",
        (Outcome::P, Some(_)) => "you lose against perfect play; the longest defence",
        (Outcome::P, None) => "you lose against perfect play (no remoteness at this size)",
        (Outcome::D, _) => "you can hold a draw",
    }
}

/// A sum as one line: `4 + 5`, or, when no component is left, `nothing
/// left` (`no move left` on a board, where free cells may remain that
/// take no move, such as a lone Cram cell).
pub fn sum_text(parts: &[String], on_board: bool) -> String {
    match (parts.is_empty(), on_board) {
        (false, _) => parts.join(" + "),
        (true, false) => "nothing left".into(),
        (true, true) => "no move left".into(),
    }
}

/// The better move `better` of move `n` (1-based) of the session's
/// history, with its part (`heap 2: …`) when the sum had several.
pub fn better_text(session: &sprague::play::Session, n: usize, better: &str) -> String {
    let Some(p) = n.checked_sub(1).and_then(|i| session.history().get(i)) else {
        return better.to_string();
    };
    match p.better_component {
        Some(c) => {
            let part = part_words(session, &session.boards_after(n - 1), p.before.len(), c);
            format!("{part}{better}")
        }
        None => better.to_string(),
    }
}
