//! Misère analysis and surveys as a new user meets them (issue 36): a
//! search with no `--upto` ends in seconds and says which bound it hit, a
//! tame game is called tame only as far as genus theory proves it, and
//! the help and the reports say what the commands do.

use assert_cmd::Command;

/// Runs the binary; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// Nim is tame: reported as such at once, for the heaps checked only, and
/// its (infinite) quotient is searched to the short tame bound.
#[test]
fn a_tame_game_is_reported_tame_and_not_searched_for_minutes() {
    let v = json(&["analyze", "nim", "--misere", "--json"]);
    assert_eq!(v["tame_upto"], 500);
    assert_eq!(v["search_heaps"], 64);
    assert_eq!(v["all_heaps"], false);
    assert_eq!(v["upto"], 64);
    let (code, out, err) = run(&["analyze", "nim", "--misere"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("tame: every heap up to 500 plays as a position of misère Nim")
            && out.contains("nothing is proven here of larger heaps"),
        "{out}"
    );
    // A tame game with a complete quotient (0.121, one of Plambeck's
    // "woolly mammoths", heaps not all nim-heaps in misère play): the
    // tame line does not deny what the quotient proves.
    let (code, out, err) = run(&["analyze", "octal:0.121", "--misere"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("proven for every heap size")
            && out.contains("larger heaps are answered by the complete quotient above")
            && !out.contains("nothing is proven here of larger heaps"),
        "{out}"
    );
    // A wild game is not called tame.
    let v = json(&["analyze", "octal:0.75", "--misere", "--json"]);
    assert_eq!(v["tame_upto"], serde_json::Value::Null);
}

/// The default search reaches the complete solutions proven past heap
/// 300: 0.44's (period 24 from 143) is proven at heap 336.
#[test]
fn the_default_search_finds_a_solution_proven_past_heap_300() {
    let v = json(&["analyze", "octal:0.44", "--misere", "--json"]);
    assert_eq!(v["all_heaps"], true, "{v}");
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(24), Some(143))
    );
}

/// A wild game with no complete solution stops at the default order bound
/// and says how to go further.
#[test]
fn a_wild_search_stops_at_its_default_bounds_and_says_so() {
    let v = json(&["analyze", "dawson-kayles", "--misere", "--json"]);
    assert_eq!(
        (v["search_heaps"].as_u64(), v["max_order"].as_u64()),
        (Some(500), Some(300))
    );
    assert_eq!(v["all_heaps"], false);
    assert!(v["stopped"].is_string());
    let (code, out, err) = run(&["analyze", "dawson-kayles", "--misere"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "no complete solution found with candidates of at most 300 elements to heap 30; raise --max-order or give --upto N"
        ),
        "{out}"
    );
    // With --upto, the quotient asked for is no search.
    let v = json(&["analyze", "kayles", "--misere", "--upto", "10", "--json"]);
    assert_eq!(v["search_heaps"], serde_json::Value::Null);
}

/// A file of this test's own in the system's temporary directory.
fn tmp(name: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("sprague-misere-front-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// `--report FILE --format csv` of a misère survey is CSV, as it is of a
/// normal one; the summary counts one code as `1 code`.
#[test]
fn a_misere_survey_report_in_csv_is_csv() {
    let file = tmp("csv.jsonl");
    let f = file.to_str().unwrap();
    let (code, out, err) = run(&["survey", "0.75", "--misere", "--upto", "40", "--out", f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("misère survey of 1 code to N = 40"), "{out}");
    let (code, out, err) = run(&["survey", "--report", f, "--format", "csv"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "code,kind,order,p_portion,all_heaps,preperiod,period,computed_to,seconds,upto"
    );
    assert!(lines[1].starts_with("0.75,solved,8,2,true,8,2,22,"), "{out}");
    assert!(lines[1].ends_with(",40") && lines.len() == 2, "{out}");
    let (_, md, _) = run(&["survey", "--report", f]);
    assert!(md.starts_with("1 code in misère play to N = 40"), "{md}");
    let _ = std::fs::remove_file(&file);
}

/// The help says what `analyze --misere` does without `--upto`, and its
/// JSON keys.
#[test]
fn analyze_help_tells_the_misere_search_and_keys() {
    let (code, out, _) = run(&["analyze", "--help"]);
    assert_eq!(code, 0);
    assert!(!out.contains("N = 20"), "{out}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "Without --upto, a search heap by heap for a complete solution",
        "up to heap 500 with candidates of at most 300 elements",
        "\"all_heaps\", \"period\", \"preperiod\"",
        "\"tame_upto\"",
        "default 20000, or 300 without --upto",
    ] {
        assert!(flat.contains(want), "{want}: {out}");
    }
}

/// Bad bounds of a misère survey: one line, exit 2, as `analyze` does;
/// no `--out` says why a file is needed.
#[test]
fn misere_survey_bounds_are_refused_in_one_line() {
    let f = tmp("zero.jsonl");
    let f = f.to_str().unwrap();
    for (args, want) in [
        (
            &[
                "survey",
                "0.75",
                "--misere",
                "--upto",
                "40",
                "--max-order",
                "0",
                "--out",
                f,
            ][..],
            "--max-order 0: give the most elements a candidate quotient may have, at least 1",
        ),
        (
            &["survey", "0.07", "0.77", "--misere", "--upto", "40"][..],
            "a run stopped midway resumes from it",
        ),
        (
            &["survey", "0.07", "--upto", "40"][..],
            "a run stopped midway resumes from it",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    assert!(!std::path::Path::new(f).exists());
}

/// A `--max-order` past what the memory holds is lowered, and the text
/// says so.
#[test]
fn a_max_order_past_the_memory_is_said_to_be_lowered() {
    let (code, out, err) = run(&[
        "analyze",
        "kayles",
        "--misere",
        "--upto",
        "5",
        "--max-order",
        "99999999999",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("; --max-order 99999999999 lowered to what the memory available holds)"),
        "{out}"
    );
    let (_, out, _) = run(&[
        "analyze",
        "kayles",
        "--misere",
        "--upto",
        "5",
        "--max-order",
        "50",
    ]);
    assert!(out.contains("(candidates of at most 50 elements)"), "{out}");
}

/// `value --misere` past the quotient's bounds: the search's error says
/// how far the quotient got.
#[test]
fn a_misere_value_past_the_bounds_names_the_quotient_tried() {
    let (code, _, err) = run(&[
        "value",
        "dawson-kayles",
        "30",
        "33",
        "--misere",
        "--max-states",
        "60",
        "--max-work",
        "2000",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("tried after the misère quotient of `octal:0.07`, which stopped: "),
        "{err}"
    );
    assert!(err.contains("octal:0.07"), "{err}");
}

/// A scripted ruleset has no periodicity theorem: the text says why its
/// quotient holds for heaps up to N only.
#[test]
fn a_script_says_why_no_period_is_proven() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/kayles.rhai");
    let spec = format!("script:{script}");
    let (code, out, err) = run(&["analyze", &spec, "--misere", "--upto", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "never proven for every heap size here: the periodicity test for misère quotients needs"
        ) && out.contains("for this game the quotient holds for heaps up to 20 only"),
        "{out}"
    );
    let v = json(&["analyze", &spec, "--misere", "--upto", "20", "--json"]);
    assert_eq!(v["periodicity_applies"], false);
    let v = json(&["analyze", "kayles", "--misere", "--upto", "20", "--json"]);
    assert_eq!(v["periodicity_applies"], true);
}

/// `play --misere` writes the house's `misère`, and `1 move`.
#[test]
fn play_headers_spell_misere_and_count_moves() {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args([
            "play", "kayles", "4", "--misere", "--first", "computer", "--seed", "1",
        ])
        .write_stdin("1\n")
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(": misère play against a"), "{text}");
    assert!(
        text.contains("after 1 move") && !text.contains("after 1 moves"),
        "{text}"
    );
}

/// A misère survey resumes only a file of the same survey (the same N
/// and `--max-order`), as a normal survey does; its summary counts the
/// codes asked for; a normal survey names a misère file for what it is.
#[test]
fn a_misere_survey_resumes_only_the_same_survey() {
    let file = tmp("resume.jsonl");
    let f = file.to_str().unwrap();
    let (code, _, err) = run(&["survey", "0.75", "--misere", "--upto", "300", "--out", f]);
    assert_eq!(code, 0, "{err}");
    for (args, want) in [
        (
            &["survey", "0.77", "--misere", "--upto", "50", "--out", f][..],
            "the record of 0.75 is from a survey to N = 300, not 50; give another file or the same bound (N is --upto)",
        ),
        (
            &[
                "survey",
                "0.77",
                "--misere",
                "--upto",
                "300",
                "--max-order",
                "500",
                "--out",
                f,
            ][..],
            "is from a survey with candidates of at most 1000 elements, not 500",
        ),
        (
            &["survey", "0.77", "--upto", "300", "--out", f][..],
            "holds a misère survey; give another file for a normal-play one",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    let (code, out, err) = run(&["survey", "0.77", "--misere", "--upto", "300", "--out", f]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("misère survey of 1 code to N = 300") && out.contains(": 0 tame, 1 solved, 0 open ("),
        "{out}"
    );
    let _ = std::fs::remove_file(&file);
}
