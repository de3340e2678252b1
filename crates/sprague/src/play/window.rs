//! A bounded window of the moves of a component with too many moves to
//! list (a heap of 10^18): a few moves of each kind the rules allow, built
//! from the game's structure with the same labels and parts that
//! [`Ruleset::moves`] gives (a test checks them against it).

use crate::rules::{octal_move_label, HeapMoves, Moves, Ruleset};
use crate::Nimber;

/// A component with more moves than this shows a window of them.
pub(crate) const MAX_LISTED: u64 = 5_000;

/// Appends at most about `count` legal moves of `p` (each kind of move its
/// share) to `out`. Returns `false` where the game's structure is unknown
/// here, so that no window can be built.
pub(crate) fn window<R: Ruleset>(
    rules: &R,
    p: &R::Position,
    count: usize,
    out: &mut Moves<R::Position>,
) -> bool {
    let count = count as u64;
    let push = |text: &[u64], label: String, out: &mut Moves<R::Position>| {
        let parts: Option<Vec<R::Position>> = text
            .iter()
            .map(|n| rules.parse_position(&n.to_string()).ok())
            .collect();
        if let Some(parts) = parts {
            out.push(parts, || label);
        }
    };
    if let (Some(n), Some(moves)) = (rules.heap_size(p), rules.heap_moves()) {
        let heap = |m: u64| if m > 0 { vec![m] } else { vec![] };
        match moves {
            HeapMoves::Nim => {
                for k in 1..=n.min(count) {
                    rules.moves_to_value(p, Nimber(n - k), out);
                }
            }
            HeapMoves::AllBut(set) => {
                let mut listed = 0;
                for k in 1..=n {
                    if listed == count {
                        break;
                    }
                    if set.binary_search(&k).is_err() {
                        push(&heap(n - k), format!("take {k} from the heap of {n}"), out);
                        listed += 1;
                    }
                }
            }
            HeapMoves::Octal(code) => {
                let share = (count / code.digits().len() as u64).max(2);
                for (k, &d) in code.digits().iter().enumerate() {
                    let k = k as u64;
                    if k > n {
                        break;
                    }
                    if d & 1 != 0 && k == n && k > 0 {
                        push(&[], octal_move_label(n, k, &[]), out);
                    }
                    if d & 2 != 0 && n > k && k > 0 {
                        push(&[n - k], octal_move_label(n, k, &[n - k]), out);
                    }
                    if d & 4 != 0 && n >= k + 2 {
                        let rest = n - k;
                        for a in 1..=(rest / 2).min(share) {
                            push(&[a, rest - a], octal_move_label(n, k, &[a, rest - a]), out);
                        }
                    }
                    if d & 8 != 0 && n >= k + 3 {
                        // Three heaps a ≤ b ≤ c: the first `share` of them
                        // in order of a, then b.
                        let rest = n - k;
                        let mut left = share;
                        'triples: for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                if left == 0 {
                                    break 'triples;
                                }
                                left -= 1;
                                let parts = [a, b, rest - a - b];
                                push(&parts, octal_move_label(n, k, &parts), out);
                            }
                        }
                    }
                }
            }
            HeapMoves::Grundy => {
                for a in (1..=count).take_while(|&a| 2 * a < n) {
                    push(&[a, n - a], format!("split {n} into {a} + {}", n - a), out);
                }
            }
            // Few moves (subtraction sets, powers, divisors), or a shape
            // this window does not know: listed in full or not at all.
            _ => return false,
        }
        return true;
    }
    if rules.spec() == "wythoff" {
        let text = rules.format_position(p);
        let Some((a, b)) = text
            .split_once(',')
            .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
        else {
            return false;
        };
        let share = (count / 3).max(1);
        let pair = |x: u64, y: u64, label: String, out: &mut Moves<R::Position>| {
            if let Ok(q) = rules.parse_position(&format!("{x},{y}")) {
                out.push([q], || label);
            }
        };
        if a == b {
            // Each of two equal heaps is a move of its own, as the rules list.
            for which in ["first", "second"] {
                for k in 1..=a.min(share) {
                    pair(a - k, b, format!("take {k} from the {which} heap of {a}"), out);
                }
            }
        } else {
            for k in 1..=a.min(share) {
                pair(a - k, b, format!("take {k} from the heap of {a}"), out);
            }
            for k in 1..=b.min(share) {
                pair(a, b - k, format!("take {k} from the heap of {b}"), out);
            }
        }
        for k in 1..=a.min(share) {
            pair(a - k, b - k, format!("take {k} from both heaps"), out);
        }
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    /// Every move of a window is a move the rules list, with the same label.
    #[test]
    fn windows_hold_real_moves() {
        for (spec, positions) in [
            ("nim", vec!["40"]),
            ("allbut:1,3", vec!["40"]),
            ("kayles", vec!["40", "2", "1"]),
            ("dawson-kayles", vec!["40", "3"]),
            ("octal:0.137", vec!["40"]),
            ("octal:4.7", vec!["40"]),
            ("grundy", vec!["40", "3"]),
            ("wythoff", vec!["30,40", "7,7", "0,5"]),
        ] {
            let game: Game = spec.parse().unwrap();
            struct Check<'a>(&'a [&'a str]);
            impl crate::rules::GameVisitor for Check<'_> {
                type Output = ();
                fn visit<R: Ruleset>(self, rules: &R) {
                    for text in self.0 {
                        let p = rules.parse_position(text).unwrap();
                        let mut all = Moves::new(true);
                        rules.moves(&p, &mut all).unwrap();
                        let all: Vec<(String, Vec<R::Position>)> = (0..all.len())
                            .map(|i| (all.label(i).to_string(), all.parts(i).to_vec()))
                            .collect();
                        let mut w = Moves::new(true);
                        assert!(window(rules, &p, 12, &mut w), "{} {text}", rules.spec());
                        assert!(!w.is_empty() || all.is_empty());
                        for i in 0..w.len() {
                            let m = (w.label(i).to_string(), w.parts(i).to_vec());
                            assert!(all.contains(&m), "{} {text}: {m:?}", rules.spec());
                        }
                    }
                }
            }
            game.visit(Check(&positions));
        }
    }
}

/// The label of the move from the heap `p` of a heap game that leaves the
/// heaps `parts`, if the rules allow it — checked from the game's structure,
/// for heaps too large to list every move.
pub(crate) fn heap_move<R: Ruleset>(rules: &R, p: &R::Position, parts: &[u64]) -> Option<String> {
    let n = rules.heap_size(p)?;
    let mut parts = parts.to_vec();
    parts.sort_unstable();
    if parts.contains(&0) {
        return None;
    }
    let left = parts.iter().try_fold(0u64, |a, &b| a.checked_add(b))?;
    let k = n.checked_sub(left)?;
    match rules.heap_moves()? {
        HeapMoves::Nim if parts.len() <= 1 && k > 0 => {
            let mut out = Moves::new(true);
            rules.moves_to_value(p, Nimber(left), &mut out);
            (out.len() == 1).then(|| out.label(0).to_string())
        }
        HeapMoves::AllBut(set) if parts.len() <= 1 && k > 0 && set.binary_search(&k).is_err() => {
            Some(format!("take {k} from the heap of {n}"))
        }
        HeapMoves::Octal(code) => {
            let d = *code.digits().get(usize::try_from(k).ok()?)?;
            let allowed = match parts.len() {
                0 => d & 1 != 0 && k > 0,
                1 => d & 2 != 0 && k > 0,
                2 => d & 4 != 0,
                3 => d & 8 != 0,
                _ => false,
            };
            allowed.then(|| octal_move_label(n, k, &parts))
        }
        HeapMoves::Grundy if parts.len() == 2 && k == 0 && parts[0] != parts[1] => {
            Some(format!("split {n} into {} + {}", parts[0], parts[1]))
        }
        _ => None,
    }
}

/// `take K` in a move typed for a heap of `n`: the heaps it leaves, taking
/// from the end of the heap (nothing where it takes the whole heap).
pub(crate) fn take_from_end(typed: &str, n: u64) -> Option<Vec<u64>> {
    let k: u64 = typed.strip_prefix("take ")?.trim().parse().ok()?;
    match n.checked_sub(k)? {
        0 => Some(vec![]),
        m => Some(vec![m]),
    }
}

#[cfg(test)]
mod huge_tests {
    use super::*;
    use crate::rules::{Game, GameVisitor};

    /// On heaps small enough to list, `heap_move` accepts exactly the
    /// moves the rules list, with their labels.
    #[test]
    fn heap_moves_agree_with_the_rules() {
        for spec in [
            "nim",
            "allbut:1,3",
            "kayles",
            "dawson-kayles",
            "octal:0.137",
            "octal:4.7",
            "grundy",
        ] {
            struct Check;
            impl GameVisitor for Check {
                type Output = ();
                fn visit<R: Ruleset>(self, rules: &R) {
                    for n in 1..=12u64 {
                        let p = rules.parse_position(&n.to_string()).unwrap();
                        let mut all = Moves::new(true);
                        rules.moves(&p, &mut all).unwrap();
                        let mut want: Vec<(Vec<u64>, String)> = (0..all.len())
                            .map(|i| {
                                let mut parts: Vec<u64> =
                                    all.parts(i).iter().map(|q| rules.heap_size(q).unwrap()).collect();
                                parts.sort_unstable();
                                (parts, all.label(i).to_string())
                            })
                            .collect();
                        want.sort();
                        want.dedup();
                        let mut got = Vec::new();
                        for a in 0..=n {
                            for b in 0..=n {
                                let parts: Vec<u64> = [a, b].into_iter().filter(|&x| x > 0).collect();
                                if a > b && b > 0 {
                                    continue;
                                }
                                if let Some(label) = heap_move(rules, &p, &parts) {
                                    got.push((parts, label));
                                }
                            }
                        }
                        got.sort();
                        got.dedup();
                        assert_eq!(got, want, "{} n={n}", rules.spec());
                    }
                }
            }
            spec.parse::<Game>().unwrap().visit(Check);
        }
    }
}
