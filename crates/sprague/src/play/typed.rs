//! A move as a person types it, matched against the legal moves listed:
//! a move number, a label (`take 2 from the heap of 5`, case and spacing
//! free), a label's start with the component named (`take 2 from heap 3`,
//! `3: take 2`), or the whole position the move leaves (`4 2 5`).

use super::{Listed, Refused};

/// Words that name a component in `take 2 from heap 3` and `heap 3: …`.
/// (`region 2: domino a1-b1` as the move lists of boards write it, and
/// `#2: …` as the value command and the web page do.)
const PART_NAMES: &[&str] = &[
    "heap",
    "row",
    "pile",
    "part",
    "component",
    "board",
    "card",
    "region",
    "#",
];

/// Lower case, one space between words, no control characters.
pub(crate) fn normalize(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_control() || c == '\u{fffd}' { ' ' } else { c })
        .collect();
    cleaned
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether the label `label` (normalized) is what `typed` names: equal,
/// or `typed` is its start up to a word boundary.
pub(crate) fn names(label: &str, typed: &str) -> bool {
    label == typed
        || label
            .strip_prefix(typed)
            .is_some_and(|rest| rest.starts_with(' ') || rest.starts_with(','))
}

/// `(component, rest)` where `t` names a component: `take 2 from heap 3`,
/// `heap 3: take 2`, `3: take 2`.
pub(crate) fn split_component(t: &str) -> Option<(usize, &str)> {
    if let Some((head, rest)) = t.split_once(':') {
        let head = head.trim();
        let number = PART_NAMES
            .iter()
            .find_map(|w| head.strip_prefix(w))
            .unwrap_or(head)
            .trim();
        if let Ok(i) = number.parse::<usize>() {
            return Some((i, rest.trim()));
        }
    }
    let words: Vec<&str> = t.split(' ').collect();
    if let [head @ .., prep, part, number] = &words[..] {
        if !head.is_empty() && ["from", "in", "on", "of", "at"].contains(prep) && PART_NAMES.contains(part) {
            if let Ok(i) = number.parse::<usize>() {
                let len: usize = head.iter().map(|w| w.len() + 1).sum::<usize>() - 1;
                return Some((i, &t[..len]));
            }
        }
    }
    None
}

/// The index in `moves` of the move `text` names.
pub(crate) fn find(text: &str, moves: &[Listed]) -> Result<usize, Refused> {
    let t = normalize(text);
    let shown = crate::excerpt(&t);
    if t.is_empty() {
        return Err(Refused(
            "no move given: type a move number, a move's label, or the position it leaves".into(),
        ));
    }
    if moves.is_empty() {
        return Err(Refused("there is no legal move to make".into()));
    }
    if t.chars().all(|c| c.is_ascii_digit()) {
        return match t.parse::<usize>() {
            Ok(i) if (1..=moves.len()).contains(&i) => Ok(i - 1),
            _ => Err(Refused(format!(
                "no move number {shown}: the moves are numbered 1 to {}",
                moves.len()
            ))),
        };
    }
    let labels: Vec<String> = moves.iter().map(|m| normalize(&m.label)).collect();
    if let Some(i) = labels.iter().position(|l| *l == t) {
        return unambiguous(i, &labels, moves, &shown);
    }
    if let Some((c, rest)) = split_component(&t) {
        if c == 0 || !moves.iter().any(|m| m.component == c - 1) {
            return Err(Refused(format!("no move in part {c} (`{shown}`)")));
        }
        if let Some(i) = (0..moves.len()).find(|&i| moves[i].component == c - 1 && names(&labels[i], rest)) {
            return Ok(i);
        }
    }
    // The position the move leaves, written as its parts.
    let mut typed: Vec<String> = t
        .split(|c: char| c.is_whitespace() || c == '+')
        .filter(|w| !w.is_empty())
        .map(|w| w.replace('_', ""))
        .collect();
    typed.sort();
    if let Some(i) = moves.iter().position(|m| {
        let mut after: Vec<String> = m.after.iter().map(|p| normalize(p)).collect();
        after.sort();
        after == typed
    }) {
        return Ok(i);
    }
    if let Some(i) = labels.iter().position(|l| names(l, &t)) {
        return Ok(i);
    }
    Err(Refused(format!(
        "unknown move `{shown}`: type a number from 1 to {}, a move's label, or the position it leaves",
        moves.len()
    )))
}

/// `Ok(i)` unless another move of the same label, in another component,
/// leaves another position (the same domino on two boards of a sum; the
/// same take from two equal heaps is one move): then which is meant must
/// be said.
fn unambiguous(i: usize, labels: &[String], moves: &[Listed], shown: &str) -> Result<usize, Refused> {
    fn leaves(m: &Listed) -> Vec<&str> {
        let mut after: Vec<&str> = m.after.iter().map(String::as_str).collect();
        after.sort_unstable();
        after
    }
    let mine = leaves(&moves[i]);
    let parts: Vec<String> = (0..moves.len())
        .filter(|&j| labels[j] == labels[i] && (j == i || leaves(&moves[j]) != mine))
        .map(|j| (moves[j].component + 1).to_string())
        .collect();
    if parts.len() < 2 {
        return Ok(i);
    }
    Err(Refused(format!(
        "`{shown}` is a move in parts {}: say which, e.g. `{}: {shown}`, or type its number",
        parts.join(" and "),
        parts[1]
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(component: usize, label: &str, after: &[&str]) -> Listed {
        Listed {
            component,
            label: label.into(),
            after: after.iter().map(|s| s.to_string()).collect(),
            rating: None,
        }
    }

    #[test]
    fn numbers_labels_parts_and_positions_name_moves() {
        let moves = vec![
            listed(0, "take 1 from the heap of 2", &["1", "3"]),
            listed(0, "take 2 from the heap of 2", &["3"]),
            listed(1, "take 1 from the heap of 3", &["2", "2"]),
            listed(1, "take 2 from the heap of 3", &["2", "1"]),
        ];
        assert_eq!(find("2", &moves), Ok(1));
        assert_eq!(find("  Take 1 FROM the heap of 3 ", &moves), Ok(2));
        assert_eq!(find("take 2 from heap 2", &moves), Ok(3));
        assert_eq!(find("heap 1: take 2", &moves), Ok(1));
        assert_eq!(find("2: take 1", &moves), Ok(2));
        assert_eq!(find("1 2", &moves), Ok(3));
        assert_eq!(find("2 + 2", &moves), Ok(2));
        for bad in [
            "0",
            "5",
            "99999999999999999999999",
            "",
            "  ",
            "take 9",
            "\u{0}\u{1}\u{fffd}",
            "heap 7: take 1",
        ] {
            let e = find(bad, &moves).unwrap_err();
            assert!(!e.0.contains('\n'), "{e}");
        }
    }

    #[test]
    fn a_label_on_two_boards_must_say_which() {
        let moves = vec![
            listed(0, "domino a1-b1", &["##/..", "../.#"]),
            listed(1, "domino a1-b1", &["../..", "##/.#"]),
            listed(1, "domino a1-a2", &["../..", "#./##"]),
        ];
        let e = find("domino a1-b1", &moves).unwrap_err();
        assert!(
            e.0.contains("parts 1 and 2") && e.0.contains("`2: domino a1-b1`"),
            "{e}"
        );
        assert_eq!(find("region 2: domino a1-b1", &moves), Ok(1));
        assert_eq!(find("#1: domino a1-b1", &moves), Ok(0));
        assert_eq!(find("domino a1-a2", &moves), Ok(2));
        // The same take from two equal heaps is one move.
        let heaps = vec![
            listed(0, "take 1 from the heap of 3", &["2", "3"]),
            listed(1, "take 1 from the heap of 3", &["3", "2"]),
        ];
        assert_eq!(find("take 1 from the heap of 3", &heaps), Ok(0));
    }
}
