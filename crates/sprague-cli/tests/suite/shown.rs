//! What a person reads is the real game (issue 34): gcd's cards as dealt
//! after a move, in `value` and `play`; and `--random` counting moves by
//! one rule, checked against a brute force that counts every heap.

use assert_cmd::Command;
use serde_json::Value;

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn gcd_positions_after_a_move_show_the_cards_left() {
    let (code, out, err) = run(&["value", "gcd", "21,35,105"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("take card 21 (g becomes 21)"), "{out}");
    assert!(out.contains("->  g=21;35,105"), "{out}");
    assert!(out.contains("->  g=35;21,105"), "{out}");
    assert!(out.contains("->  g=105;21,35"), "{out}");
    let (_, out, _) = run(&["value", "gcd", "21,35,105", "--json"], "");
    let v: Value = serde_json::from_str(&out).unwrap();
    let after: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["position"][0].as_str().unwrap())
        .collect();
    assert!(after.contains(&"g=21;35,105"), "{after:?}");
}

#[test]
fn gcd_in_play_takes_only_cards_that_exist() {
    // The cards of every position shown are a sub-multiset of the deal.
    let deal = [2u64, 8, 16, 26, 30];
    for seed in 1..=4 {
        let seed = seed.to_string();
        let (code, out, err) = run(
            &["play", "gcd", "2,8,16,26,30", "--lines", "--seed", &seed],
            "1\n1\n1\nquit\n",
        );
        assert_eq!(code, 0, "{err}");
        for line in out.lines() {
            let Some(at) = line.find("g=") else { continue };
            let text = &line[at..];
            let cards = text.split(';').nth(1).unwrap_or("");
            let cards: Vec<u64> = cards
                .split(|c: char| !c.is_ascii_digit())
                .take_while(|t| !t.is_empty())
                .map(|t| t.parse().unwrap())
                .collect();
            let mut left = deal.to_vec();
            for c in &cards {
                let i = left.iter().position(|d| d == c);
                assert!(i.is_some(), "card {c} shown but not dealt: {line}\n{out}");
                left.remove(i.unwrap());
            }
        }
        for line in out.lines().filter(|l| l.contains("take card ")) {
            let card: u64 = line
                .split("take card ")
                .nth(1)
                .and_then(|t| t.split(' ').next())
                .and_then(|t| t.parse().ok())
                .unwrap();
            assert!(deal.contains(&card), "card {card} was never dealt: {line}");
        }
    }
}

/// The chance that the player to move wins Wythoff's game from (a, b)
/// when both move uniformly at random, every heap a choice of its own:
/// k from the first heap, k from the second, or k from both.
fn wythoff_random(a: usize, b: usize, memo: &mut Vec<Vec<Option<f64>>>) -> f64 {
    if let Some(p) = memo[a][b] {
        return p;
    }
    let mut next = Vec::new();
    next.extend((1..=a).map(|k| (a - k, b)));
    next.extend((1..=b).map(|k| (a, b - k)));
    next.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    let p = if next.is_empty() {
        0.0
    } else {
        next.iter()
            .map(|&(x, y)| 1.0 - wythoff_random(x, y, memo))
            .sum::<f64>()
            / next.len() as f64
    };
    memo[a][b] = Some(p);
    p
}

/// The same for Nim heaps, each heap a choice of its own.
fn nim_random(heaps: &mut Vec<usize>) -> f64 {
    let mut total = 0.0;
    let mut count = 0;
    for i in 0..heaps.len() {
        for k in 1..=heaps[i] {
            heaps[i] -= k;
            total += 1.0 - nim_random(heaps);
            heaps[i] += k;
            count += 1;
        }
    }
    if count == 0 {
        0.0
    } else {
        total / count as f64
    }
}

fn chance(args: &[&str]) -> f64 {
    let (code, out, err) = run(args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    v["win_probability"].as_f64().unwrap()
}

#[test]
fn random_play_counts_every_heap_in_wythoff_and_in_sums_alike() {
    let mut memo = vec![vec![None; 8]; 8];
    for (a, b) in [(2, 2), (1, 1), (3, 3), (2, 5), (4, 4), (0, 3)] {
        let want = wythoff_random(a, b, &mut memo);
        let got = chance(&["value", "wythoff", &format!("{a},{b}"), "--random", "--json"]);
        assert!(
            (got - want).abs() < 1e-9,
            "wythoff ({a},{b}): {got} against {want}"
        );
    }
    for heaps in [vec![2, 2], vec![1, 1, 3], vec![3, 3]] {
        let want = nim_random(&mut heaps.clone());
        let mut args = vec!["value", "nim"];
        let texts: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        args.extend(texts.iter().map(String::as_str));
        args.extend(["--random", "--json"]);
        let got = chance(&args);
        assert!((got - want).abs() < 1e-9, "nim {heaps:?}: {got} against {want}");
    }
    // Play lists the same moves the rule counts: six from (2, 2).
    let (_, out, _) = run(&["play", "wythoff", "2,2", "--lines"], "quit\n");
    let moves = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()) && l.contains(") take"))
        .count();
    assert_eq!(moves, 6, "{out}");
}
