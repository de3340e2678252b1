//! `sprague play` as a script and a person use it: games driven through a
//! pipe against `value --json`, bad input, flags, and the terminal UI read
//! off a tmux screen.

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs `sprague ARGS` with `input` on stdin: (exit code, stdout, stderr).
fn run_with(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(cargo_bin("sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `value --json` of a sum: (outcome, remoteness).
fn value(spec: &str, sum: &[String], misere: bool) -> (String, Option<u64>) {
    if sum.is_empty() {
        // Nothing left: the player to move cannot move.
        return (if misere { "N" } else { "P" }.to_string(), Some(0));
    }
    let mut args = vec!["value".to_string(), spec.to_string()];
    args.extend(sum.iter().cloned());
    args.push("--json".into());
    if misere {
        args.push("--misere".into());
    }
    let out = Command::new(cargo_bin("sprague")).args(&args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        v["outcome"].as_str().unwrap().to_string(),
        v["remoteness"].as_u64(),
    )
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// How the test plays the `you` side.
#[derive(Clone, Copy, Debug, PartialEq)]
enum You {
    /// The best move by the hints: the fastest win, a draw, the slowest loss.
    Perfect,
    /// A move chosen by a small generator from the seed.
    Random(u64),
}

/// What a game driven through a pipe came to.
struct Game {
    winner: Value,
    moves: u64,
    /// Each computer move: the sum before and after it.
    computer_moves: Vec<(Vec<String>, Vec<String>)>,
}

/// The index of the best move by its rating, as perfect play picks it.
fn best_rated(moves: &[Value]) -> usize {
    let score = |m: &Value| -> (i64, i64) {
        let r = &m["rating"];
        let rem = r["remoteness"].as_i64();
        match r["verdict"].as_str() {
            Some("win") => (3, -rem.unwrap_or(i64::MAX / 2)),
            Some("draw") => (2, 0),
            Some("loss") => (0, rem.unwrap_or(0)),
            _ => (1, 0),
        }
    };
    let mut best = 0;
    for (i, m) in moves.iter().enumerate() {
        if score(m) > score(&moves[best]) {
            best = i;
        }
    }
    best
}

/// Plays one game through a pipe in `--json` line mode.
fn drive(spec: &str, start: &[&str], extra: &[&str], you: You) -> Game {
    let mut args = vec!["play", spec];
    args.extend_from_slice(start);
    args.extend_from_slice(&["--json", "--hints"]);
    args.extend_from_slice(extra);
    let mut child = Command::new(cargo_bin("sprague"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let reader = BufReader::new(child.stdout.take().unwrap());
    let mut rng = match you {
        You::Random(s) => s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407),
        You::Perfect => 0,
    };
    let mut position: Vec<String> = start.iter().map(|s| s.to_string()).collect();
    let mut computer_moves = Vec::new();
    for line in reader.lines() {
        let line = line.unwrap();
        let v: Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {line}"));
        match v["type"].as_str().unwrap() {
            "turn" => {
                position = strings(&v["position"]);
                let moves = v["moves"].as_array().unwrap();
                assert!(!moves.is_empty(), "{args:?}: a turn without moves: {line}");
                let pick = match you {
                    You::Perfect => best_rated(moves),
                    You::Random(_) => {
                        rng = rng
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        ((rng >> 33) % moves.len() as u64) as usize
                    }
                };
                writeln!(stdin, "{}", pick + 1).unwrap();
            }
            "move" => {
                let after = strings(&v["after"]);
                if v["side"] == "computer" {
                    computer_moves.push((position.clone(), after.clone()));
                }
                position = after;
            }
            "end" => {
                drop(stdin);
                assert!(child.wait().unwrap().success());
                return Game {
                    winner: v["winner"].clone(),
                    moves: v["moves"].as_u64().unwrap(),
                    computer_moves,
                };
            }
            "error" => panic!("{args:?}: {line}"),
            _ => {}
        }
    }
    panic!("{args:?}: the game ended without an `end` object");
}

/// Checks the perfect computer over games from `start`, both sides first,
/// against `value --json`: it never leaves a win, wins within the start's
/// remoteness, and loses no faster than the remoteness.
fn check_perfect(spec: &str, start: &[&str], misere: bool, seeds: std::ops::Range<u64>) {
    let start_owned: Vec<String> = start.iter().map(|s| s.to_string()).collect();
    let (outcome, remoteness) = value(spec, &start_owned, misere);
    let mut flags = vec![];
    if misere {
        flags.push("--misere");
    }
    for first in ["me", "computer"] {
        for seed in seeds.clone() {
            let seed_text = seed.to_string();
            let mut extra = flags.clone();
            extra.extend_from_slice(&["--first", first, "--seed", &seed_text]);
            for you in [You::Perfect, You::Random(seed)] {
                let g = drive(spec, start, &extra, you);
                let ctx = format!("{spec} {start:?} misere={misere} first={first} seed={seed} {you:?}");
                // The computer's side of the start: N if it moves first at N
                // or you move first at P.
                let computer_wins_start = (first == "computer") == (outcome == "N");
                if outcome != "D" {
                    if computer_wins_start {
                        assert_eq!(g.winner, "computer", "{ctx}");
                        if let Some(r) = remoteness {
                            assert!(g.moves <= r, "{ctx}: {} moves, remoteness {r}", g.moves);
                            if you == You::Perfect {
                                assert_eq!(g.moves, r, "{ctx}");
                            }
                        }
                    } else if you == You::Perfect {
                        assert_eq!(g.winner, "you", "{ctx}");
                        if let Some(r) = remoteness {
                            assert_eq!(g.moves, r, "{ctx}: the computer delays as long as it can");
                        }
                    }
                } else if you == You::Perfect {
                    assert!(g.winner.is_null(), "{ctx}: a drawn start ends drawn");
                }
                // Move by move: from a win the computer leaves a loss, from
                // a draw never a win for you.
                for (before, after) in g.computer_moves.iter().take(6) {
                    let (b, _) = value(spec, before, misere);
                    let (a, _) = value(spec, after, misere);
                    match b.as_str() {
                        "N" => assert_eq!(a, "P", "{ctx}: {before:?} -> {after:?}"),
                        "D" => assert_ne!(a, "N", "{ctx}: {before:?} -> {after:?}"),
                        _ => {}
                    }
                }
            }
        }
    }
}

#[test]
fn perfect_opponent_kayles_and_dawsons_kayles() {
    check_perfect("kayles", &["3", "4"], false, 0..3);
    check_perfect("kayles", &["2", "5", "1"], false, 3..5);
    check_perfect("dawson-kayles", &["6", "5"], false, 0..2);
}

#[test]
fn perfect_opponent_nim_subtraction_grid_wythoff() {
    check_perfect("nim", &["1", "2", "4"], false, 0..2);
    check_perfect("subtract:1,3,4", &["7", "9"], false, 0..2);
    check_perfect("grid:2x3", &["4,5"], false, 0..2);
    check_perfect("wythoff", &["3,6"], false, 0..2);
    check_perfect("gcd", &["6,10,15,4"], false, 0..2);
}

#[test]
fn perfect_opponent_misere() {
    check_perfect("kayles", &["3", "4"], true, 0..3);
    check_perfect("nim", &["1", "1", "3"], true, 0..2);
    check_perfect("dawson-kayles", &["5", "4"], true, 0..2);
}

#[test]
fn perfect_opponent_loopy_keeps_draws_and_wins() {
    check_perfect("updown:1,2/3/10", &["7"], false, 0..3);
    check_perfect("updown:1,2/3/10", &["4", "5"], false, 0..2);
}

#[test]
fn scripted_rules_are_played_too() {
    let example = |name: &str| format!("script:{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    check_perfect(&example("kayles.rhai"), &["3", "4"], false, 0..2);
    check_perfect(&example("kayles.rhai"), &["3", "4"], true, 0..1);
    check_perfect(&example("chomp.rhai"), &["3,3,2"], false, 0..2);
}

#[test]
fn random_and_fallible_opponents_are_repeatable_by_seed() {
    for opponent in ["random", "fallible:0.5"] {
        let args = [
            "play",
            "kayles",
            "6",
            "7",
            "--opponent",
            opponent,
            "--seed",
            "11",
            "--json",
        ];
        let input = b"1\n1\n1\n1\n1\n1\n1\n1\n";
        let a = run_with(&args, input);
        let b = run_with(&args, input);
        assert_eq!(a.0, 0, "{}", a.2);
        assert_eq!(a.1, b.1, "{opponent}: same seed, same game");
        // And the seed is used: an opponent that ignored it would play the
        // same game from every seed.
        let games: std::collections::BTreeSet<String> = (0..8)
            .map(|seed| {
                let mut other = args;
                let seed = seed.to_string();
                other[7] = &seed;
                run_with(&other, input).1
            })
            .collect();
        assert!(games.len() > 1, "{opponent}: every seed played the same game");
    }
}

#[test]
fn bad_lines_get_one_line_and_the_prompt_again() {
    // Garbage, out-of-range numbers, empty lines and binary bytes, then a
    // real move: the game goes on from the same position.
    let mut input: Vec<u8> = b"\n   \n0\n99\nfoo bar\ntake 9 from heap 7\n".to_vec();
    input.extend_from_slice(&[0xff, 0xfe, 0x00, 0x07, b'\n']);
    input.extend_from_slice("héhé ☃\n".as_bytes());
    input.extend_from_slice(b"2\n");
    let (code, out, err) = run_with(&["play", "nim", "2", "--seed", "1"], &input);
    assert_eq!(code, 0, "{err}");
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 8, "{out}");
    // Each error is followed by the prompt, and the position is untouched.
    let prompts = out.lines().filter(|l| l.starts_with("your move")).count();
    assert_eq!(prompts, 9, "{out}");
    assert!(out.contains("you: take 2 from the heap of 2"), "{out}");
    assert_eq!(out.lines().last(), Some("winner: you"), "{out}");
}

#[test]
fn end_of_input_ends_cleanly_and_commands_work() {
    let (code, out, err) = run_with(&["play", "kayles", "4", "--seed", "3"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("your move"), "{out}");
    // hint, a move, undo (back to the start), redo, new game, quit.
    let (code, out, _) = run_with(
        &["play", "kayles", "4", "3", "--seed", "3"],
        b"hint\n1\nundo\nredo\nundo\nnew\nhints\nmoves\nhelp\ndraw\nquit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("hint: you can win"), "{out}");
    assert!(out.contains("undone"), "{out}");
    assert!(out.contains("redone"), "{out}");
    assert!(out.contains("new game"), "{out}");
    assert!(out.contains("[win (r="), "hints on show ratings: {out}");
    assert!(out.contains("error: this game cannot be drawn"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("quit"), "{out}");
}

#[test]
fn typed_labels_and_positions_are_moves() {
    // take 2 from heap 3 (the 4 becomes 2), then the resulting position.
    let (code, out, err) = run_with(
        &[
            "play",
            "nim",
            "1",
            "1",
            "4",
            "--seed",
            "1",
            "--opponent",
            "random",
        ],
        b"take 2 from heap 3\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("you: heap 3: take 2 from the heap of 4  ->  1 + 1 + 2"),
        "{out}"
    );
    let (_, out, _) = run_with(&["play", "grid:2x3", "4,5", "--seed", "1"], b"3,5\n");
    assert!(out.contains("you: up 1 row  ->  3,5"), "{out}");
}

#[test]
fn a_finished_game_says_who_won_and_where_it_was_lost() {
    // Nim 1 2: you win by taking 1 from the 2; taking the whole 2 loses.
    let (_, out, _) = run_with(
        &["play", "nim", "1", "2", "--seed", "1"],
        b"take 2 from the heap of 2\n",
    );
    assert!(out.contains("you could still have won at move 1"), "{out}");
    assert_eq!(out.lines().last(), Some("winner: computer"), "{out}");
    // Nim 4 2: the winning move first, then a blunder at move 3. The game
    // was lost there, not at move 1, and the better move names its heap.
    let (_, out, _) = run_with(
        &["play", "nim", "4", "2", "--seed", "1", "--first", "me"],
        b"heap 1: take 2 from the heap of 4\n3\n1\n",
    );
    assert!(
        out.contains("you could still have won at move 3, with: heap 2: take 1 from the heap of 2"),
        "{out}"
    );
    let (_, out, _) = run_with(&["play", "nim", "1", "2", "--seed", "1", "--json"], b"1 1\n1\n");
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["type"], "end");
    assert_eq!(last["winner"], "you", "{out}");
}

#[test]
fn huge_heaps_list_a_window_and_the_winning_moves() {
    // A Kayles row of 10^18 pins: the winning move comes from the proven
    // period; the computer answers, and a typed move from the window works.
    let (code, out, err) = run_with(
        &[
            "play",
            "kayles",
            "1000000000000000000",
            "--first",
            "computer",
            "--json",
            "--seed",
            "1",
        ],
        b"1\n",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["type"], "move");
    let after = strings(&lines[0]["after"]);
    let (o, _) = value("kayles", &after, false);
    assert_eq!(o, "P", "the computer's move leaves a loss: {after:?}");
    assert_eq!(lines[1]["type"], "turn");
    assert_eq!(lines[1]["all_moves_listed"], false);
}

#[test]
fn bad_flags_and_specs_are_one_line_errors() {
    for args in [
        vec!["play", "chess", "3"],
        vec!["play", "nim", "x"],
        vec!["play", "nim", "3", "--opponent", "genius"],
        vec!["play", "nim", "3", "--opponent", "fallible:2"],
        vec!["play", "nim", "3", "--first", "nobody"],
        vec!["play", "gcd", "6,10", "4,6"],
        vec!["play", "nim"],
    ] {
        let (code, out, err) = run_with(&args, b"");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("sprague: error: "), "{args:?}: {err}");
    }
}

/// The terminal UI, read off a tmux screen: a move, a hint, an undo.
#[test]
fn terminal_ui_in_tmux() {
    if Command::new("tmux").arg("-V").output().is_err() {
        // Skipping is an explicit choice, never a silent pass.
        assert!(
            std::env::var_os("SPRAGUE_SKIP_TMUX").is_some(),
            "tmux is missing, so the terminal UI cannot be checked: install it \
             (`.ci/test` does), or set SPRAGUE_SKIP_TMUX=1 to skip"
        );
        eprintln!("note: tmux is not installed; the terminal UI test is skipped");
        return;
    }
    let name = format!("sprague-play-{}", std::process::id());
    let tmux = |args: &[&str]| {
        let out = Command::new("tmux").args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let bin = cargo_bin("sprague");
    let cmd = format!("{} play kayles 5 4 --seed 1", bin.display());
    tmux(&["new-session", "-d", "-s", &name, "-x", "110", "-y", "32", &cmd]);
    let screen = || tmux(&["capture-pane", "-p", "-t", &name]);
    // Waits (without a time limit in the assertion) until the screen shows `text`.
    let wait_for = |text: &str| -> String {
        for _ in 0..400 {
            let s = screen();
            if s.contains(text) {
                return s;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let s = screen();
        tmux(&["kill-session", "-t", &name]);
        panic!("the screen never showed `{text}`:\n{s}");
    };
    let s = wait_for("your turn");
    assert!(s.contains("heap 1   ●●●●● 5"), "{s}");
    assert!(s.contains("Moves ("), "{s}");
    // Move 1 (Enter on the first move), the computer replies.
    tmux(&["send-keys", "-t", &name, "Enter"]);
    let s = wait_for("computer: ");
    assert!(s.contains("1. you: "), "{s}");
    assert!(s.contains("2. computer: "), "{s}");
    // Hints: the moves get their values.
    tmux(&["send-keys", "-t", &name, "?"]);
    let s = wait_for("hint: ");
    assert!(s.contains("(r="), "{s}");
    // Undo: the history is empty again, the start position back.
    tmux(&["send-keys", "-t", &name, "u"]);
    let s = wait_for("undone");
    assert!(!s.contains("1. you: "), "{s}");
    assert!(s.contains("heap 1   ●●●●● 5"), "{s}");
    // A typed move by its label.
    tmux(&["send-keys", "-t", &name, ":take 1 from 4, leaving 3", "Enter"]);
    let s = wait_for("you: take 1 from 4, leaving 3");
    assert!(s.contains("1. you: "), "{s}");
    tmux(&["send-keys", "-t", &name, "q"]);
    for _ in 0..200 {
        if !tmux(&["list-sessions"]).contains(&name) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    tmux(&["kill-session", "-t", &name]);
    panic!("q did not quit");
}
