//! Messages that name the fix, as a newcomer meets them (issue 34): each
//! test is one message, named after what was wrong before.

use assert_cmd::Command;
use std::path::PathBuf;

/// Runs `sprague ARGS` in `dir` (or the repository's root), returning
/// (exit code, stdout, stderr).
fn run_in(dir: Option<&PathBuf>, args: &[&str]) -> (i32, String, String) {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .current_dir(dir.unwrap_or(&root))
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn run(args: &[&str]) -> (i32, String, String) {
    run_in(None, args)
}

/// The one-line error of a command that must fail with exit code 2.
fn error(dir: Option<&PathBuf>, args: &[&str]) -> String {
    let (code, out, err) = run_in(dir, args);
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("sprague: error: "), "{args:?}: {err}");
    err
}

/// A directory of its own holding the scripts `files` (name, text).
fn scripts(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-messages-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

/// Take 1 or 2: a heap game that forgot `const HEAP = true;`.
const TAKE_1_2: &str = "fn moves(n) { let out = []; for k in [1, 2] { if k <= n { out.push(n - k); } } out }";

#[test]
fn a_heap_script_without_heap_asked_for_a_line_table_is_told_to_add_it() {
    let dir = scripts("heap", &[("e1.rhai", TAKE_1_2)]);
    let err = error(Some(&dir), &["table", "script:e1.rhai", "--upto", "10"]);
    assert!(err.contains("add `const HEAP = true;` to the script"), "{err}");
    // With it, the table is there.
    let fixed = format!("const HEAP = true;\n{TAKE_1_2}");
    std::fs::write(dir.join("e2.rhai"), fixed).unwrap();
    let (code, out, _) = run_in(Some(&dir), &["table", "script:e2.rhai", "--upto", "5", "--json"]);
    assert_eq!(code, 0);
    assert!(out.contains("[0,1,2,0,1,2]"), "{out}");
}

#[test]
fn a_loopy_one_number_script_without_heap_is_told_to_add_it() {
    let loopy = "const LOOPY = true;\nfn moves(n) { if n > 0 { [n - 1, (n + 1) % 5] } else { [] } }";
    let dir = scripts("loopy-line", &[("e5.rhai", loopy)]);
    let err = error(Some(&dir), &["table", "script:e5.rhai", "--upto", "10"]);
    assert!(err.contains("add `const HEAP = true;` to the script"), "{err}");
}

#[test]
fn a_loopy_script_without_loopy_is_told_what_to_write() {
    let cycle = "fn moves(n) { if n > 0 { [n - 1, (n + 1) % 5] } else { [] } }";
    let dir = scripts("loopy", &[("e4.rhai", cycle)]);
    let err = error(Some(&dir), &["value", "script:e4.rhai", "3"]);
    assert!(err.contains("can recur: this game is loopy"), "{err}");
    assert!(err.contains("add `const LOOPY = true;`"), "{err}");
}

#[test]
fn a_grid_of_a_script_whose_moves_read_a_number_is_an_error_not_zeros() {
    let dir = scripts("grid", &[("e1.rhai", TAKE_1_2)]);
    let err = error(Some(&dir), &["table", "script:e1.rhai", "--upto", "3,3"]);
    assert!(err.contains("no move from any pair [x, y]"), "{err}");
    assert!(err.contains("add `const HEAP = true;`"), "{err}");
    // A script on pairs still gets its grid.
    let (code, out, err) = run(&["table", "script:examples/grid.rhai", "--upto", "3,3", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"rows\""), "{out}");
}

#[test]
fn script_names_are_prefixed_one_way() {
    let dir = scripts(
        "names",
        &[
            ("bad.rhai", "fn moves(n) { [n + ] }"),
            (
                "up.rhai",
                "const HEAP = true;\nfn moves(n) { if n > 0 { [n + 1] } else { [] } }",
            ),
        ],
    );
    // A syntax error (when compiled) and a bad move (when run).
    let compiled = error(Some(&dir), &["value", "script:bad.rhai", "3"]);
    let moved = error(Some(&dir), &["table", "script:up.rhai", "--upto", "4"]);
    for err in [compiled, moved] {
        let name = if err.contains("bad.rhai") {
            "bad.rhai"
        } else {
            "up.rhai"
        };
        assert!(
            err.starts_with(&format!("sprague: error: `script:{name}`: ")),
            "{err}"
        );
        assert!(!err.contains("script `"), "{err}");
    }
}

#[test]
fn a_negative_position_gets_spragues_own_message_not_claps() {
    for args in [
        &["value", "kayles", "-3"][..],
        &["value", "nim", "4", "-1"][..],
        &["play", "nim", "-2", "--lines"][..],
    ] {
        let err = error(None, args);
        assert!(err.contains("bad position `-"), "{args:?}: {err}");
        assert!(err.contains("expected a non-negative number"), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
}

#[test]
fn json_errors_are_one_object_on_stderr_with_the_same_exit_code() {
    for (args, code, kind) in [
        (&["value", "kayles", "x", "--json"][..], 2, "bad_input"),
        (&["value", "--json", "nope", "3"][..], 2, "not_found"),
        (&["table", "nim", "--upto", "10^12", "--json"][..], 2, "bound"),
        // A command-line error found by the parser.
        (&["value", "kayles", "--json", "--bogus"][..], 2, "bad_input"),
    ] {
        let (got, out, err) = run(args);
        assert_eq!(got, code, "{args:?}");
        assert_eq!(out, "", "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        let v: serde_json::Value =
            serde_json::from_str(&err).unwrap_or_else(|e| panic!("{args:?}: {e}: {err}"));
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{err}");
        assert_eq!(v["kind"], kind, "{err}");
        assert_eq!(v["exit_code"], code, "{err}");
    }
    // Without --json, the same error is text.
    let err = error(None, &["value", "kayles", "x"]);
    assert!(err.contains("bad position `x`"), "{err}");
}

#[test]
fn emit_does_not_suggest_a_larger_upto_for_a_game_without_a_prover() {
    let err = error(None, &["analyze", "grundy", "--emit", "python", "--upto", "300"]);
    assert!(!err.contains("try a larger --upto"), "{err}");
    assert!(err.contains("no theorem proves a pattern"), "{err}");
    // Where a theorem exists, more values may find the proof.
    let err = error(
        None,
        &["analyze", "octal:0.6", "--emit", "python", "--upto", "300"],
    );
    assert!(err.contains("try a larger --upto"), "{err}");
}

#[test]
fn analyze_upto_0_reports_n_at_most_0() {
    let (code, out, err) = run(&["analyze", "kayles", "--upto", "0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("octal:0.77: g(n) for n ≤ 0\n"), "{out}");
    let (_, out, _) = run(&["analyze", "kayles", "--upto", "0", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["checked_upto"], 0);
}

#[test]
fn rare_values_counts_heaps_and_lists_values_in_words_that_say_so() {
    let (code, out, _) = run(&["analyze", "grundy", "--upto", "8000"]);
    assert_eq!(code, 0);
    let line = out
        .lines()
        .find(|l| l.starts_with("rare_values:"))
        .expect("a rare_values line");
    assert!(line.contains("the rare values (0, "), "{line}");
    assert!(line.contains("occur at "), "{line}");
    assert!(line.contains(" heaps n, the last at n = "), "{line}");
    assert!(!line.contains("positions hold"), "{line}");
}

#[test]
fn a_bare_survey_code_with_digits_8_or_9_is_an_error_suggesting_hex() {
    let dir = scripts("survey", &[]);
    let err = error(
        Some(&dir),
        &["survey", "0.99", "--upto", "100", "--out", "f.jsonl"],
    );
    assert!(err.contains("hex:0.99"), "{err}");
    assert!(!dir.join("f.jsonl").exists(), "nothing is surveyed");
    std::fs::write(dir.join("codes.txt"), "0.77\n0.8\n").unwrap();
    let err = error(
        Some(&dir),
        &[
            "survey",
            "--file",
            "codes.txt",
            "--upto",
            "100",
            "--out",
            "f.jsonl",
        ],
    );
    assert!(err.contains("hex:0.8") && err.contains("line 2"), "{err}");
    // Written out, it is surveyed as the hexadecimal game it names.
    let (code, _, err) = run_in(
        Some(&dir),
        &["survey", "hex:0.99", "0.7", "--upto", "100", "--out", "f.jsonl"],
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(dir.join("f.jsonl")).unwrap();
    assert!(text.contains("\"code\":\"0.99\""), "{text}");
}

/// A flag given without its value does not end in an empty list of
/// choices ("give one of  (see …)"), and a mistyped flag or subcommand
/// keeps clap's suggestion on the one line.
#[test]
fn a_missing_value_and_a_typo_get_a_useful_line() {
    let e = error(None, &["analyze", "kayles", "--misere", "--upto"]);
    assert!(e.contains("a value is required for '--upto"), "{e}");
    assert!(!e.contains("give one of"), "{e}");
    let e = error(None, &["analyze", "octal:0.75", "--misre"]);
    assert!(e.contains("did you mean `--misere`?"), "{e}");
    let e = error(None, &["analyse", "kayles"]);
    assert!(e.contains("did you mean `analyze`?"), "{e}");
}

/// A code written without its game (as `survey` takes codes) is told how
/// to write it, and a position may be a power as `--upto` may.
#[test]
fn a_bare_code_is_told_its_spelling_and_positions_take_powers() {
    let e = error(None, &["value", "0.75", "5", "--misere"]);
    assert!(e.contains("write `octal:0.75`"), "{e}");
    let (code, out, err) = run(&["value", "kayles", "10^18", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1000000000000000000"), "{out}");
    let e = error(None, &["value", "kayles", "2^64"]);
    assert!(e.contains("larger than the largest supported value"), "{e}");
    let e = error(None, &["value", "kayles", "x7"]);
    assert!(e.contains("or a power such as 10^6"), "{e}");
}
