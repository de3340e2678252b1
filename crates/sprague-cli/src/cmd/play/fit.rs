//! Text fitted to a width: word wrapping with a hanging indent, and
//! shortening that ends in an ellipsis. The terminal UI never lets the
//! terminal cut a line: whatever does not fit is wrapped, or shortened
//! with a visible `…` (at a word boundary where one is near).
//!
//! Widths are display columns (as ratatui counts them), not bytes.

use ratatui::text::Span;

/// The ellipsis that ends a shortened text.
const ELLIPSIS: char = '…';

/// The display width of `s` in terminal columns.
pub fn width(s: &str) -> usize {
    Span::raw(s).width()
}

fn char_width(c: char) -> usize {
    let mut buf = [0u8; 4];
    width(c.encode_utf8(&mut buf))
}

/// `s` shortened to at most `max` columns: unchanged when it fits, else
/// cut at the last space that keeps at least half of the room (or mid-word
/// when there is none) and ended with `…`.
pub fn ellipsize(s: &str, max: usize) -> String {
    if width(s) <= max {
        s.to_string()
    } else {
        cut(s, max)
    }
}

/// `s` cut to end in `…` within `max` columns, as [`ellipsize`] cuts.
fn cut(s: &str, max: usize) -> String {
    if max == 0 {
        return String::new();
    }
    // The longest prefix that leaves a column for the ellipsis.
    let mut used = 0;
    let mut end = 0;
    for (i, c) in s.char_indices() {
        let w = char_width(c);
        if used + w > max - 1 {
            break;
        }
        used += w;
        end = i + c.len_utf8();
    }
    let head = &s[..end];
    // A cut inside a word moves back to the word's start when that keeps
    // at least half of the room.
    let inside_word =
        s[end..].starts_with(|c: char| !c.is_whitespace()) && head.ends_with(|c: char| !c.is_whitespace());
    let head = match head.rfind(' ') {
        Some(sp) if inside_word && width(&head[..sp]) * 2 >= max => &head[..sp],
        _ => head,
    };
    format!("{}{ELLIPSIS}", head.trim_end())
}

/// `s` wrapped at spaces into lines of at most `max` columns, every line
/// after the first indented by `indent` spaces. A word longer than a line
/// is split across lines (nothing is lost). Never returns no lines.
pub fn wrap(s: &str, max: usize, indent: usize) -> Vec<String> {
    let max = max.max(1);
    let indent = if indent * 2 > max { 0 } else { indent };
    let mut lines: Vec<String> = Vec::new();
    // Leading spaces are kept (a margin), spaces between words are one.
    let body = s.trim_start_matches(' ');
    let lead = (s.len() - body.len()).min(max / 2);
    let mut line = " ".repeat(lead);
    let mut used = lead;
    let mut first = true;
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        let room = |lines: &Vec<String>| if lines.is_empty() { max } else { max - indent };
        let w = width(word);
        let gap = usize::from(!std::mem::take(&mut first) && used > 0);
        if used + gap + w <= room(&lines) {
            if gap == 1 {
                line.push(' ');
            }
            line.push_str(word);
            used += gap + w;
            continue;
        }
        if used > 0 {
            if line.trim().is_empty() {
                line.clear();
            } else {
                lines.push(std::mem::take(&mut line));
            }
            used = 0;
        }
        // The word starts a line; a word wider than a line is split.
        for c in word.chars() {
            let cw = char_width(c);
            if used + cw > room(&lines) && used > 0 {
                lines.push(std::mem::take(&mut line));
                used = 0;
            }
            line.push(c);
            used += cw;
        }
    }
    if used > 0 || lines.is_empty() {
        lines.push(line);
    }
    for l in lines.iter_mut().skip(1) {
        l.insert_str(0, &" ".repeat(indent));
    }
    lines
}

/// [`wrap`] into at most `max_lines` lines, the last one ended with `…`
/// when the text goes on.
pub fn wrap_lines(s: &str, max: usize, indent: usize, max_lines: usize) -> Vec<String> {
    let mut lines = wrap(s, max, indent);
    if lines.len() > max_lines.max(1) {
        lines.truncate(max_lines.max(1));
        if let Some(last) = lines.last_mut() {
            *last = if width(last) + 2 <= max {
                format!("{last} {ELLIPSIS}")
            } else {
                cut(last, max)
            };
        }
    }
    lines
}

/// `prefix` then `text` wrapped beside it: the lines after the first are
/// indented by the prefix's width (a hanging indent), so that a numbered
/// item's text stays in its column. Where that column would be too
/// narrow, the whole is wrapped with a small indent instead.
pub fn hang(prefix: &str, text: &str, max: usize) -> Vec<String> {
    let pw = width(prefix);
    if max < pw + 8 {
        return wrap(&format!("{prefix}{text}"), max, 2);
    }
    wrap(text, max - pw, 0)
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                format!("{prefix}{l}")
            } else {
                format!("{}{l}", " ".repeat(pw))
            }
        })
        .collect()
}

/// `items` joined by `sep` into lines of at most `max` columns, breaking
/// only between items, so that no item is ever cut (an item wider than a
/// line has a line of its own, wrapped).
pub fn join_wrapped(items: &[&str], sep: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        let joined = if line.is_empty() {
            item.to_string()
        } else {
            format!("{line}{sep}{item}")
        };
        if width(&joined) <= max || line.is_empty() {
            line = joined;
        } else {
            lines.push(std::mem::replace(&mut line, item.to_string()));
        }
    }
    lines.push(line);
    lines.into_iter().flat_map(|l| wrap(&l, max, 2)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ellipsize_keeps_what_fits_and_cuts_at_a_word() {
        assert_eq!(ellipsize("take 1 from 6", 20), "take 1 from 6");
        assert_eq!(ellipsize("take 1 from 6, leaving 1 + 4", 20), "take 1 from 6,…");
        // No space in the first half: a mid-word cut, with the ellipsis.
        assert_eq!(ellipsize("abcdefghijklmnop qr", 10), "abcdefghi…");
        assert_eq!(ellipsize("●●●●●●●●", 4), "●●●…");
        assert_eq!(ellipsize("abc", 0), "");
        for max in 1..40 {
            let s = ellipsize("you: take 1 from 6, leaving 1 + 4 · computer: take all 1", max);
            assert!(width(&s) <= max, "{max}: {s}");
            assert!(s.ends_with('…'), "{max}: {s}");
        }
    }

    #[test]
    fn wrap_loses_nothing_and_fits() {
        let text = "1. you: heap 1: take 1 from 6, leaving 1 + 4 and a longwordthatdoesnotfit";
        for max in 6..60 {
            let lines = wrap(text, max, 3);
            for l in &lines {
                assert!(width(l) <= max, "{max}: {l:?}");
            }
            let words: Vec<&str> = lines
                .iter()
                .flat_map(|l| l.split(' '))
                .filter(|w| !w.is_empty())
                .collect();
            assert_eq!(words.concat(), text.replace(' ', ""), "{max}: {lines:?}");
        }
        assert_eq!(wrap("a b c", 3, 1), vec!["a b", " c"]);
        assert_eq!(wrap("  aa bb cc", 7, 2), vec!["  aa bb", "  cc"]);
        assert_eq!(wrap("", 10, 0), vec![""]);
    }

    #[test]
    fn wrap_lines_ends_a_cut_text_with_an_ellipsis() {
        let lines = wrap_lines("one two three four five six seven", 10, 0, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'), "{lines:?}");
        assert!(lines.iter().all(|l| width(l) <= 10), "{lines:?}");
        assert_eq!(wrap_lines("one two", 10, 0, 2), vec!["one two"]);
    }

    #[test]
    fn hang_indents_under_the_text() {
        let lines = hang("  1) ", "heap 1: take 1 from 4, leaving 1 + 2", 20);
        assert_eq!(
            lines,
            vec!["  1) heap 1: take 1", "     from 4, leaving", "     1 + 2"]
        );
        // Too narrow for a column: plain wrapping, nothing lost.
        let lines = hang("  1) loss (r=5)  ", "take 1", 12);
        assert!(lines.iter().all(|l| width(l) <= 12), "{lines:?}");
    }

    #[test]
    fn join_wrapped_never_cuts_an_item() {
        let items = ["↑↓ pick", "Enter play", ": type a move", "? hints", "q quit"];
        let lines = join_wrapped(&items, " · ", 30);
        for l in &lines {
            assert!(width(l) <= 30, "{l}");
        }
        for item in items {
            assert!(lines.iter().any(|l| l.contains(item)), "{item}: {lines:?}");
        }
        assert_eq!(join_wrapped(&items, " · ", 200).len(), 1);
    }
}
