//! `sprague solve`, driven through the real binary.
//!
//! Contents: every `tests/data/solve/NAME[-suffix].in` against its `.out`
//! (the contest samples, and cases answered by the brute forces of
//! `gen.py`); `--explain` keeps the answers; `--list`; malformed input
//! exits 2 with a one-line error naming line and token, after the answers
//! of the tests before it.

use assert_cmd::Command;
use std::fs;
use std::path::Path;

fn sprague() -> Command {
    Command::cargo_bin("sprague").unwrap()
}

fn solve(problem: &str, input: &str, explain: bool) -> std::process::Output {
    let mut cmd = sprague();
    cmd.arg("solve").arg(problem);
    if explain {
        cmd.arg("--explain");
    }
    cmd.write_stdin(input).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn data_files_give_the_expected_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/solve");
    let mut seen = Vec::new();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension() != Some(std::ffi::OsStr::new("in")) {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let problem = stem.split('-').next().unwrap().to_string();
        let input = fs::read_to_string(&path).unwrap();
        let want = fs::read_to_string(path.with_extension("out")).unwrap();
        let out = solve(&problem, &input, false);
        assert!(out.status.success(), "{stem}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), want, "{stem}");
        // --explain adds `#` lines and changes no answer.
        let out = solve(&problem, &input, true);
        assert!(out.status.success(), "{stem} --explain: {}", text(&out.stderr));
        let explained = text(&out.stdout);
        assert!(
            explained.lines().any(|l| l.starts_with("# ")),
            "{stem}: no explanation"
        );
        let kept: String = explained
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(kept, want, "{stem} --explain");
        seen.push(problem);
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen, ["fdivgame", "potato", "seagm", "tuzgmbr", "wizards"]);
}

#[test]
fn explain_shows_values_xor_and_a_winning_move() {
    let out = text(&solve("fdivgame", "1\n2\n3 4\n", true).stdout);
    assert!(out.contains("g(3) = 2") && out.contains("g(4) = 3"), "{out}");
    assert!(out.contains("xor = 2 ^ 3 = 1"), "{out}");
    assert!(out.contains("divide 4 by 2, leaving 2"), "{out}");
    let out = text(&solve("seagm", "1\n4\n1 2 3 4\n", true).stdout);
    assert!(out.contains("throwing 3 first"), "{out}");
    let out = text(&solve("wizards", "1\n10 21\n", true).stdout);
    assert!(out.contains("subtract 10 from 21"), "{out}");
}

#[test]
fn list_names_every_problem_with_its_source() {
    let out = sprague().args(["solve", "--list"]).output().unwrap();
    assert!(out.status.success());
    let s = text(&out.stdout);
    for needle in [
        "fdivgame",
        "CodeChef FDIVGAME",
        "Codeforces 167C",
        "TUZGMBR",
        "SEAGM",
        "SRM 472",
    ] {
        assert!(s.contains(needle), "{needle} missing from\n{s}");
    }
}

#[test]
fn malformed_input_exits_2_after_the_earlier_answers() {
    let cases = [
        (
            "fdivgame",
            "3\n2\n3 4\n3\n1 3\n",
            "Henry\n",
            "input line 5",
            "`<end of line>`",
        ),
        (
            "wizards",
            "3\n10 21\n31 10\n0 x1\n",
            "First\nSecond\n",
            "input line 4",
            "`x1`",
        ),
        (
            "tuzgmbr",
            "2\n4 4\n",
            "Tuzik\n",
            "input line 3",
            "`<end of input>`",
        ),
        ("seagm", "2\n1\n5\n1\n5 6\n", "1 1.0000\n", "input line 5", "`6`"),
        ("potato", "1\n4\n5\n", "Taro\n", "input line 3", "`5`"),
        (
            "potato",
            "1\n99999999999999999999\n",
            "",
            "input line 2",
            "larger than",
        ),
    ];
    for (problem, input, stdout, line, token) in cases {
        let out = solve(problem, input, false);
        assert_eq!(out.status.code(), Some(2), "{problem} {input:?}");
        assert_eq!(text(&out.stdout), stdout, "{problem} {input:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("sprague: error: "), "{err}");
        assert!(
            err.contains(line) && err.contains(token),
            "{problem} {input:?}: {err}"
        );
    }
}

#[test]
fn unknown_problem_is_a_one_line_error() {
    let out = solve("chess", "1\n", false);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown problem `chess`") && err.contains("--list"),
        "{err}"
    );
}
