//! The `sprague` binary as a user meets it: value, table, games, errors.

use assert_cmd::Command;
use serde_json::Value;

/// Runs `sprague ARGS`, returning (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn nim_names_the_winning_move() {
    let (code, out, _) = run(&["value", "nim", "3", "4", "5"]);
    assert_eq!(code, 0);
    assert!(out.contains("take 2 from the heap of 3"), "{out}");
    assert!(out.contains("N: the player to move wins"), "{out}");
}

#[test]
fn divide_sum_is_a_first_player_win() {
    let v = json(&["value", "divide:2..6", "3", "4", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 1);
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn value_json_has_the_stable_keys() {
    let v = json(&["value", "nim", "1", "2", "3", "--json"]);
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], Value::Array(vec![]));
    let v = json(&["value", "subtract:1,3,4", "10", "--json"]);
    let m = &v["winning_moves"][0];
    assert!(m["label"].is_string() && m["position"].is_array(), "{v}");
}

#[test]
fn gcd_has_no_grundy_value_but_an_outcome() {
    let v = json(&["value", "gcd", "6,10,15,22,28", "--json"]);
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["outcome"], "P");
    let v = json(&["value", "gcd", "1,2,3,4", "--json"]);
    assert_eq!(v["outcome"], "N");
}

#[test]
fn wizards_answers_at_1e18_from_the_closed_form() {
    let v = json(&["value", "wizards", "10,21", "--json"]);
    assert_eq!(v["outcome"], "N");
    let v = json(&[
        "value",
        "wizards",
        "999999999999999999,1000000000000000000",
        "--json",
    ]);
    assert!(v["outcome"] == "N" || v["outcome"] == "P");
    assert_eq!(v["grundy"], Value::Null);
}

#[test]
fn tables_in_one_and_two_dimensions() {
    let v = json(&["table", "grundy", "--upto", "20", "--json"]);
    let want: Vec<u64> = vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0];
    assert_eq!(v["values"], serde_json::json!(want));
    let v = json(&["table", "grid:2x3", "--upto", "4,4", "--json"]);
    assert_eq!(v["rows"][3][3], 3); // board 4,4: (3 mod 4) xor (3 mod 3)
    assert_eq!(v["rows"][1][1], 0); // board 2,2
    let (code, out, _) = run(&["table", "kayles", "--upto", "23", "--width", "12"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3, "{out}");
}

#[test]
fn games_lists_the_catalog() {
    let (code, out, _) = run(&["games"]);
    assert_eq!(code, 0);
    for name in [
        "nim",
        "subtract:S",
        "octal:CODE",
        "divide:D",
        "grid:RxU",
        "wizards",
        "gcd",
        "wythoff",
        "kayles",
    ] {
        assert!(out.contains(name), "{name}");
    }
}

#[test]
fn wythoff_far_beyond_search_uses_the_beatty_pairs() {
    let v = json(&["value", "wythoff", "1,2305843009213693952", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["position"], serde_json::json!(["1,2"]));
    let v = json(&["value", "wythoff", "600,700", "--json"]);
    assert_eq!(v["winning_moves"][0]["position"], serde_json::json!(["161,261"]));
}

#[test]
fn long_sums_list_a_bounded_number_of_moves() {
    let heaps: Vec<String> = std::iter::repeat_n("1".to_string(), 5001).collect();
    let mut args = vec!["value", "nim", "--json", "--max-moves", "3"];
    args.extend(heaps.iter().map(String::as_str));
    let v = json(&args);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(v["winning_moves_total"], 5001);
}

/// Two equal Wythoff heaps are two heaps, as two equal heaps of a sum are
/// (issue 34: one rule for counting moves): a move from either is listed,
/// each under its own label, never one move twice.
#[test]
fn equal_wythoff_heaps_give_a_move_from_each_heap() {
    let v = json(&["value", "wythoff", "10,10", "1,2", "--json"]);
    let moves = v["winning_moves"].as_array().unwrap();
    let mut seen: Vec<String> = moves
        .iter()
        .map(|m| format!("{} {}", m["label"], m["position"]))
        .collect();
    let n = seen.len();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), n, "{v}");
    let first = moves
        .iter()
        .filter(|m| m["label"].as_str().unwrap().contains("from the first heap"))
        .count();
    let second = moves
        .iter()
        .filter(|m| m["label"].as_str().unwrap().contains("from the second heap"))
        .count();
    assert_eq!(first, second, "{v}");
}

/// Every bad input gets exit code 2 and one line naming what was wrong.
#[test]
fn bad_input_is_one_line_with_exit_code_2() {
    for (args, needle) in [
        (&["value", "chess", "3"][..], "unknown game `chess`"),
        (&["value", "octal:0.78", "3"], "`8`"),
        (&["value", "subtract:", "3"], "give the amounts"),
        (&["value", "divide:1..3", "3"], "below the minimum 2"),
        (&["value", "nim", "3x"], "bad position `3x`"),
        (
            &["value", "nim", "18446744073709551616"],
            "larger than the largest",
        ),
        (&["value", "grid:2x3", "4"], "ROWS,COLUMNS"),
        (&["value", "gcd", "1,2", "3,4"], "give exactly one position"),
        (
            &["table", "kayles", "--upto", "1000000000000"],
            "exceeds the limit",
        ),
        (&["table", "grid:2x3", "--upto", "5"], "--upto N,M"),
        (&["table", "nim", "--upto", "x"], "bad --upto `x`"),
        (
            &["value", "grundy", "100000", "--max-states", "1000"],
            "exceeds the limit of 1000",
        ),
        (
            &["table", "wythoff", "--upto", "18446744073709551615,0"],
            "exceeds the limit",
        ),
        // Heaps past the dense table go to the sequence engine, whose table
        // still counts against --max-states.
        (
            &["value", "grundy", "9999999", "--max-states", "1000000"],
            "exceeds the limit of 1000000",
        ),
        (&["value", "gcd", "1,,2"], "bad position"),
        (&["value"], "<SPEC>"),
        (&["valu", "nim", "3"], "unrecognized subcommand"),
        (
            &["value", "subtract:1..600000,600001..1200000", "5"],
            "more than 1000000 elements",
        ),
        (
            &[
                "analyze",
                "subtract:1,3,4",
                "--upto",
                "100000",
                "--max-work",
                "1000",
            ],
            "--max-work",
        ),
        (&["table", "nim", "--upto", "5", "--width", "0"], "--width"),
        // Regressions from a new-user test: each names what was wrong.
        (
            &["table", "nim", "--upto", "-5"],
            "bad --upto `-5`: expected a non-negative",
        ),
        (
            &["table", "grundy", "--upto", "100,100", "--summary"],
            "give one N",
        ),
        (
            &["table", "grundy", "--upto", "9", "--simd", "avx3"],
            "give one of plain, avx2, avx512 (see `sprague table --help`)",
        ),
        (&["table", "kayles", "--upto", "2^99"], "larger than the largest"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn upto_takes_powers_everywhere() {
    let (code, out, err) = run(&["table", "kayles", "--upto", "2^4", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1]"), "{out}");
    let (code, out, err) = run(&["analyze", "kayles", "--upto", "10^3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("n ≤ 1000"), "{out}");
}

#[test]
fn long_offending_text_is_shortened() {
    let cards: Vec<String> = (2..3000).map(|c| c.to_string()).collect();
    let (code, _, err) = run(&["value", "gcd", &cards.join(",")]);
    assert_eq!(code, 2);
    assert!(err.len() < 300 && err.contains("characters)"), "{err}");
}

#[test]
fn bare_command_shows_help_as_a_usage_error() {
    let (code, out, err) = run(&[]);
    assert_eq!(code, 2);
    assert!(
        out.is_empty() && err.contains("Usage: sprague <COMMAND>"),
        "{err}"
    );
}

#[test]
fn unlisted_winning_moves_are_still_counted() {
    let (code, out, _) = run(&["value", "kayles", "7", "11", "--max-moves", "0"]);
    assert_eq!(code, 0);
    assert!(out.contains("winning moves: 2 (not listed"), "{out}");
}

/// An endless input (a rules file, a survey file, a code list, contest
/// input on stdin) is refused at 1 GiB with one line, not read until
/// memory runs out.
#[cfg(target_os = "linux")]
#[test]
fn endless_inputs_are_refused_at_the_input_bound() {
    let out = std::env::temp_dir().join(format!("sprague-endless-{}.jsonl", std::process::id()));
    let out = out.to_str().unwrap();
    for args in [
        &["value", "graph:/dev/zero", "a"][..],
        &["value", "script:/dev/zero", "1"],
        &["survey", "--report", "/dev/zero"],
        &["survey", "--file", "/dev/zero", "--upto", "10", "-o", out],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("larger than 1 GiB"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let _ = std::fs::remove_file(out);
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .args(["solve", "fdivgame"])
        .stdin(zero)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the input: it is larger than 1 GiB"), "{err}");
}
