//! `value` and `table` beyond normal play, as a user meets them: misère,
//! remoteness, random and skilled play, loopy games and graph files.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

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

/// A graph file with `text` in a scratch directory of its own.
fn graph_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-beyond-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn misere_nim_follows_bouton_at_any_size() {
    let v = json(&["value", "nim", "1", "1", "5", "--misere", "--json"]);
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"][0]["position"],
        serde_json::json!(["1", "1", "1"])
    );
    // Heaps far beyond any search: Bouton's rule, as in normal Nim here.
    let v = json(&[
        "value",
        "nim",
        "1000000000000",
        "1000000000000",
        "--misere",
        "--json",
    ]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["value", "nim", "1", "1", "1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn misere_sums_of_tame_games_print_the_genus_argument() {
    // Take 1, 3 or 4 is tame: heaps far past any search of whole sums
    // answer from each heap's genus, with the winning moves.
    let v = json(&[
        "value",
        "subtract:1,3,4",
        "100",
        "200",
        "301",
        "4000",
        "--misere",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert!(
        v["method"].as_str().unwrap().starts_with("tame (genus theory)"),
        "{v}"
    );
    assert_eq!(v["notes"][1], "`200` has genus 2^20 (firm, as nim-sum 2)");
    let after: Vec<&Value> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["position"])
        .collect();
    assert_eq!(after.len(), 3, "{v}");
    // Each move it names leaves a sum that the same rule calls lost.
    for p in after {
        let heaps: Vec<&str> = p
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap())
            .collect();
        let w = json(&[&["value", "subtract:1,3,4"][..], &heaps, &["--misere", "--json"]].concat());
        assert_eq!(w["outcome"], "P", "{heaps:?}");
    }
    // Small sums agree with the search over whole sums: Dawson's Kayles is
    // tame below heap 10, wild (answered otherwise) from it.
    let tame = json(&["value", "dawson-kayles", "3", "5", "8", "9", "--misere", "--json"]);
    assert!(tame["method"].as_str().unwrap().starts_with("tame"), "{tame}");
    let wild = json(&["value", "dawson-kayles", "10", "3", "--misere", "--json"]);
    assert!(!wild["method"].as_str().unwrap().starts_with("tame"), "{wild}");
    // A heap with too many moves to list is refused at once, not listed.
    let (code, _, err) = run(&["value", "allbut:1", "1000000000000", "--misere"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("listing the moves of `1000000000000`"), "{err}");
}

#[test]
fn misere_kayles_differs_from_normal_play() {
    // A lone pin: normal play wins by taking it, misère play loses.
    assert_eq!(json(&["value", "kayles", "1", "--json"])["outcome"], "N");
    assert_eq!(
        json(&["value", "kayles", "1", "--misere", "--json"])["outcome"],
        "P"
    );
}

#[test]
fn remoteness_orders_winning_moves_fastest_first() {
    let v = json(&["value", "subtract:1,2", "7", "5", "--json"]);
    assert!(v["remoteness"].is_u64(), "{v}");
    let rs: Vec<u64> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["remoteness"].as_u64().unwrap())
        .collect();
    assert!(rs.windows(2).all(|w| w[0] <= w[1]), "{rs:?}");
    assert_eq!(v["remoteness"].as_u64().unwrap(), rs[0] + 1);
}

#[test]
fn random_play_is_exact_and_matches_seagm_sample() {
    let v = json(&["value", "gcd", "6,10,15,22,28", "--random", "--json"]);
    assert_eq!(v["win_probability_exact"], "2/5");
    let v = json(&["value", "gcd", "1,2,3,4", "--random", "--json"]);
    assert_eq!(v["win_probability_exact"], "7/12"); // SEAGM prints 0.5833
    let v = json(&["value", "nim", "2", "--random", "--json"]);
    assert_eq!(v["win_probability"], 0.5);
}

#[test]
fn perfect_skill_gives_the_outcome() {
    let win = json(&["value", "kayles", "4", "5", "--skill", "1", "--json"]);
    assert_eq!(win["outcome"], "N");
    assert_eq!(win["win_probability_exact"], "1/1");
    let apart = json(&["value", "kayles", "4", "5", "--skill", "0,1", "--json"]);
    let p: f64 = apart["win_probability"].as_f64().unwrap();
    assert!((0.0..1.0).contains(&p), "{apart}");
}

#[test]
fn loopy_games_report_draws_and_generalised_values() {
    let v = json(&["value", "updown:1/1/3", "2", "--json"]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["generalized"], "∞");
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["drawing_moves"][0]["label"], "add 1 to the heap of 2");
    let v = json(&["value", "updown:1/1/3", "1", "--json"]);
    assert_eq!(
        (v["outcome"].as_str(), v["generalized"].as_str()),
        (Some("N"), Some("∞0"))
    );
}

#[test]
fn graph_files_are_played_and_bad_lines_named() {
    let g = graph_file("cycle.txt", "# a cycle with an exit\na: b t\nb: c\nc: a\nt:\n");
    let spec = format!("graph:{}", g.display());
    let v = json(&["value", &spec, "a", "b", "--json"]);
    assert_eq!(v["generalized"], "3");
    assert_eq!(v["outcome"], "N");
    let bad = graph_file("bad.txt", "a: b\nb: zz\n");
    let (code, _, err) = run(&["value", &format!("graph:{}", bad.display()), "a"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2") && err.contains("`zz`") && err.lines().count() == 1,
        "{err}"
    );
    let (code, _, err) = run(&["value", &spec, "nowhere"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("nowhere"), "{err}");
}

#[test]
fn bad_questions_are_one_line_with_exit_code_2() {
    for (args, needle) in [
        (&["value", "updown:1/1/5", "3", "--random"][..], "loopy"),
        (&["value", "kayles", "3", "--skill", "1.5"][..], "--skill"),
        (&["value", "updown:1/1/5", "9"][..], "cap"),
        (&["value", "updown:1/1", "3"][..], "TAKE/ADD/MAX"),
        (
            &[
                "value",
                "grundy",
                "30",
                "31",
                "32",
                "33",
                "34",
                "--misere",
                "--max-states",
                "1000",
            ][..],
            "--max-states",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains(needle) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

#[test]
fn tables_of_misere_values_genus_and_remoteness() {
    let v = json(&["table", "nim", "--upto", "4", "--misere", "--json"]);
    assert_eq!(v["values"], serde_json::json!([1, 0, 2, 3, 4]));
    let v = json(&["table", "nim", "--upto", "2", "--genus", "--json"]);
    assert_eq!(
        v["values"],
        serde_json::json!(["0^120 tame", "1^031 tame", "2^20 tame"])
    );
    let v = json(&["table", "subtract:1,2", "--upto", "5", "--remoteness", "--json"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 1, 2, 3, 3]));
    let v = json(&["table", "updown:1/1/3", "--upto", "3", "--json"]);
    assert_eq!(v["values"], serde_json::json!([0, "∞0", "∞", "∞"]));
    let v = json(&["table", "wythoff", "--upto", "2,2", "--misere", "--json"]);
    assert_eq!(v["rows"][0][0], 1);
}

#[test]
fn a_misere_table_stopped_by_a_bound_shows_what_it_has() {
    let args = [
        "table",
        "kayles",
        "--upto",
        "60",
        "--misere",
        "--max-states",
        "2000",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 2, "{err}");
    // The heaps before the bound, then one line that says where it stopped.
    assert!(
        out.starts_with("n    +0 +1 +2 +3 +4 +5 +6 +7 +8 +9\n 0:   1  0  2  3  0  1"),
        "{out}"
    );
    let kept = out
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().count() - 1)
        .sum::<usize>();
    assert!(kept > 6 && kept < 41, "{out}");
    assert!(
        err.contains(&format!(
            "the table stops at heap {kept} (heaps 0..={} are above)",
            kept - 1
        )),
        "{err}"
    );
    assert!(err.contains("--max-states") && err.lines().count() == 1, "{err}");
    // The values agree with the whole table.
    let whole = json(&["table", "kayles", "--upto", "40", "--misere", "--json"]);
    let (_, part, _) = run(&[&args[..], &["--json"]].concat());
    let part: Value = serde_json::from_str(&part).unwrap();
    // The JSON says where and why, as the web page's table does.
    assert_eq!(part["stopped_at"], kept as u64);
    let why = part["stopped"].as_str().unwrap();
    assert!(
        why.starts_with(&format!("the table stops at heap {kept}: ")),
        "{why}"
    );
    assert!(whole.get("stopped_at").is_none(), "{whole}");
    let part = part["values"].as_array().unwrap();
    assert_eq!(part.len(), kept);
    assert_eq!(part[..], whole["values"].as_array().unwrap()[..kept]);
}

#[test]
fn winning_moves_of_huge_octal_heaps_come_from_the_pattern() {
    let v = json(&[
        "value",
        "kayles",
        "1000000000000000000",
        "--max-moves",
        "5",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    let listed = v["winning_moves"].as_array().unwrap();
    assert_eq!(listed.len(), 5);
    assert!(
        v["winning_moves_total"].as_u64().unwrap() > 1_000_000_000_000_000,
        "{v}"
    );
    // Each listed move really leaves a lost sum.
    for m in listed {
        let after: Vec<String> = m["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        let mut args = vec!["value", "kayles", "--json"];
        args.extend(after.iter().map(String::as_str));
        assert_eq!(json(&args)["outcome"], "P", "{m}");
    }
}

#[test]
fn large_heaps_of_engine_games_get_values_from_the_sequence_engine() {
    // Beyond the dense table's reach for a quick answer: the sequence
    // engine, which must agree with the table command.
    let v = json(&["value", "grundy", "30001", "--json"]);
    let t = json(&["table", "grundy", "--upto", "30001", "--json"]);
    assert_eq!(v["grundy"], t["values"][30001]);
    assert!(v["notes"].to_string().contains("sequence engine"), "{v}");
}
