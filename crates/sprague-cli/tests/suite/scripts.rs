//! `script:FILE` as a user meets it: the examples against their built-in
//! twins through every command, and hostile scripts, each stopped with a
//! one-line error (exit code 2) within seconds.

use assert_cmd::Command;
use std::time::{Duration, Instant};

/// Runs `sprague ARGS` from the repository's root, returning (exit code,
/// stdout, stderr, seconds taken).
fn run(args: &[&str]) -> (i32, String, String, Duration) {
    let start = Instant::now();
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        start.elapsed(),
    )
}

fn ok(args: &[&str]) -> String {
    let (code, out, err, _) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// The JSON keys both twins share.
fn essentials(args: &[&str]) -> String {
    let v: serde_json::Value = serde_json::from_str(&ok(args)).unwrap();
    format!(
        "{} {} {} {}",
        v["grundy"],
        v["outcome"],
        v["remoteness"],
        v["winning_moves"].as_array().unwrap().len()
    )
}

#[test]
fn example_tables_equal_their_twins() {
    for (script, twin, upto) in [
        ("script:examples/subtract.rhai", "subtract:1,3,4", "2000"),
        ("script:examples/kayles.rhai", "kayles", "300"),
        ("script:examples/fdiv.rhai", "divide:2..6", "3000"),
        ("script:examples/grid.rhai", "grid:2x3", "9,9"),
    ] {
        let a = ok(&["table", script, "--upto", upto, "--json"]);
        let b = ok(&["table", twin, "--upto", upto, "--json"]);
        let (a, b): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(&a).unwrap(),
            serde_json::from_str(&b).unwrap(),
        );
        assert_eq!(a.get("values"), b.get("values"), "{script}");
        assert_eq!(a.get("rows"), b.get("rows"), "{script}");
    }
}

#[test]
fn example_values_equal_their_twins() {
    for (script, twin, sum) in [
        (
            "script:examples/subtract.rhai",
            "subtract:1,3,4",
            &["10", "12", "31"][..],
        ),
        ("script:examples/kayles.rhai", "kayles", &["7", "11"]),
        (
            "script:examples/fdiv.rhai",
            "divide:2..6",
            &["1000000000000000000", "3", "4"],
        ),
        ("script:examples/grid.rhai", "grid:2x3", &["4,4", "2,3", "5,7"]),
    ] {
        for extra in [&[][..], &["--misere"]] {
            if twin.starts_with("divide") && !extra.is_empty() {
                continue; // misère sums of heaps near 10^18 are beyond the graph of sums
            }
            let mut a = vec!["value", script];
            a.extend_from_slice(sum);
            a.extend_from_slice(extra);
            a.push("--json");
            let mut b = a.clone();
            b[1] = twin;
            assert_eq!(essentials(&a), essentials(&b), "{a:?}");
        }
    }
    let a = ok(&["value", "script:examples/subtract.rhai", "10", "12"]);
    assert!(a.contains("take 4 from the heap of 12  ->  10 + 8"), "{a}");
    let a = ok(&["value", "script:examples/subtract.rhai", "4"]);
    assert!(a.contains("take 4 from the heap of 4"), "{a}");
    let a = ok(&["value", "script:examples/gcd.rhai", "2,3,4,6"]);
    assert!(a.contains("take card 2 (g becomes 2)  ->  g=2;2,2,3"), "{a}");
    let a = ok(&["analyze", "script:examples/subtract.rhai", "--upto", "500"]);
    assert!(a.contains("period 7"), "{a}");
}

#[test]
fn example_plots_and_loopy_scripts_work() {
    let dir = std::env::temp_dir().join(format!("sprague-scripts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("kayles.svg");
    ok(&[
        "plot",
        "script:examples/kayles.rhai",
        "--upto",
        "60",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let out = ok(&[
        "value",
        "script:crates/sprague-cli/tests/data/scripts/loopy.rhai",
        "5",
    ]);
    assert!(out.contains("D: a draw"), "{out}");
    let out = ok(&["value", "script:examples/chomp.rhai", "4,4,4"]);
    assert!(out.contains("N: the player to move wins"), "{out}");
}

/// Each hostile script: exit code 2, one line naming the script and what
/// went wrong, within a few seconds, and nothing written to stdout.
#[test]
fn hostile_scripts_end_with_one_line_errors() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("loop.rhai", &["value"], "operation limit"),
        ("recurse.rhai", &["value"], "call-depth limit"),
        ("huge_array.rhai", &["value"], "limit"),
        ("huge_string.rhai", &["value"], "size limit"),
        ("nested.rhai", &["value"], "limit"),
        (
            "garbage.rhai",
            &["value"],
            "move 2 returned by fn moves is a string",
        ),
        ("not_array.rhai", &["value"], "return an array of moves"),
        ("open_file.rhai", &["value"], "Function not found: open_file"),
        ("import.rhai", &["value"], "line 2, column 1"),
        ("eval.rhai", &["value"], "'eval' is disabled"),
        ("syntax.rhai", &["value"], "line 3, column 12"),
        ("nomoves.rhai", &["value"], "fn moves(p)"),
        ("heap_up.rhai", &["table"], "smaller than the one moved from"),
        ("cycle.rhai", &["value"], "can recur"),
        ("throw.rhai", &["table"], "seven is not allowed"),
    ];
    for (file, cmd, needle) in cases {
        let spec = format!("script:crates/sprague-cli/tests/data/scripts/{file}");
        let mut args = cmd.to_vec();
        args.push(&spec);
        if cmd[0] == "table" {
            args.extend(["--upto", "20"]);
        } else {
            args.push("9");
        }
        let (code, out, err, took) = run(&args);
        assert_eq!(code, 2, "{file}: {err}");
        assert!(
            err.contains(needle) && err.starts_with("sprague: error: "),
            "{file}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{file}: {err}");
        assert!(out.is_empty(), "{file}: {out}");
        assert!(took < Duration::from_secs(8), "{file}: {took:?}");
        if !matches!(
            *file,
            "syntax.rhai" | "import.rhai" | "eval.rhai" | "nomoves.rhai" | "cycle.rhai"
        ) {
            assert!(err.contains("expanding position"), "{file}: {err}");
        }
    }
}

#[test]
fn limits_are_flags_and_bad_files_are_named() {
    let spec = "script:crates/sprague-cli/tests/data/scripts/loop.rhai";
    let (code, _, err, _) = run(&["table", spec, "--upto", "5", "--script-ops", "1000"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("stopped after 1000 operations") && err.contains("--script-ops"),
        "{err}"
    );
    let (code, _, err, _) = run(&["value", "script:no/such/file.rhai", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no/such/file.rhai") && err.contains("cannot read it"),
        "{err}"
    );
    let (code, _, err, _) = run(&["value", "script:examples/grid.rhai", "4,x"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("grid.rhai") && err.contains("line ") && err.contains("`4,x`"),
        "{err}"
    );
    let (code, _, err, _) = run(&["value", "script:", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("give the script file"), "{err}");
}
