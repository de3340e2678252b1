//! `sprague plot SPEC POSITION... --skill-curve`: the win chance against
//! skill, drawn as SVG and PNG, with a summary on stdout that agrees with
//! `sprague value --random` and `--skill`, and its one-line errors.

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

/// A path in a scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-skill-curve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Plots the skill curve of `args` (spec, positions, options) to a scratch
/// SVG and returns the summary it printed.
fn summary(args: &[&str], file: &str) -> String {
    let path = scratch(file);
    let mut all = vec!["plot"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--skill-curve", "-o", path.to_str().unwrap()]);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    out
}

/// The chance printed after `key` (`P=0`, `a=1,b=0`) on the summary line
/// that starts with `line` (`equal`, `apart`).
fn chance(out: &str, line: &str, key: &str) -> f64 {
    let l = out
        .lines()
        .find(|l| l.starts_with(line))
        .unwrap_or_else(|| panic!("no `{line}` line in {out}"));
    let at = l
        .find(&format!("{key}: "))
        .unwrap_or_else(|| panic!("no `{key}` in {l}"));
    let rest = &l[at + key.len() + 2..];
    let end = rest.find([',', ' ', ';']).unwrap_or(rest.len());
    rest[..end]
        .parse()
        .unwrap_or_else(|_| panic!("`{}` is not a number in {l}", &rest[..end]))
}

/// `sprague value ... --json` with the given options: its win_probability.
fn value_probability(args: &[&str]) -> f64 {
    let mut all = vec!["value"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    v["win_probability"].as_f64().unwrap()
}

#[test]
fn svg_and_png_are_written_and_not_empty() {
    for (args, file, magic) in [
        (&["kayles", "4", "5"][..], "k.svg", &b"<svg"[..]),
        (&["nim", "3", "4", "5"][..], "n.png", &b"\x89PNG"[..]),
        (&["nim", "1", "1", "5", "--misere"][..], "m.png", &b"\x89PNG"[..]),
    ] {
        let path = scratch(file);
        let _ = std::fs::remove_file(&path);
        let mut all = vec!["plot"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--skill-curve", "-o", path.to_str().unwrap()]);
        let (code, out, err) = run(&all);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains(&format!("wrote {}", path.display())), "{out}");
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(magic), "{args:?}");
        assert!(bytes.len() > 10_000, "{args:?}: {} bytes", bytes.len());
    }
}

#[test]
fn perfect_play_gives_the_outcome_at_p_one() {
    let out = summary(&["nim", "3", "4", "5"], "win.svg");
    assert!(
        out.contains("N: the player to move wins with perfect play"),
        "{out}"
    );
    assert_eq!(chance(&out, "equal", "P=1"), 1.0, "{out}");
    // A perfect mover wins whatever the opponent does.
    assert_eq!(chance(&out, "apart", "a=1,b=0"), 1.0, "{out}");

    let out = summary(&["nim", "1", "2", "3"], "loss.svg");
    assert!(
        out.contains("P: the player to move loses with perfect play"),
        "{out}"
    );
    assert_eq!(chance(&out, "equal", "P=1"), 0.0, "{out}");
    // Against a perfect opponent the player to move never wins.
    assert_eq!(chance(&out, "apart", "a=0,b=1"), 0.0, "{out}");
}

#[test]
fn random_play_at_p_zero_matches_value_random() {
    for args in [
        &["kayles", "4", "5"][..],
        &["nim", "1", "2", "3"][..],
        &["nim", "3", "4", "5"][..],
        &["nim", "1", "1", "5", "--misere"][..],
    ] {
        let out = summary(args, "random.svg");
        let mut value = args.to_vec();
        value.push("--random");
        let expected = value_probability(&value);
        let got = chance(&out, "equal", "P=0");
        // The summary prints six decimals at most.
        assert!((got - expected).abs() < 1e-6, "{args:?}: {got} vs {expected}");
    }
}

#[test]
fn heat_map_corners_match_value_skill() {
    let out = summary(&["kayles", "4", "5"], "corners.svg");
    for (key, skill) in [
        ("a=1,b=0", "1,0"),
        ("a=0,b=1", "0,1"),
        ("a=1,b=0.5", "1,0.5"),
        ("a=0.5,b=1", "0.5,1"),
    ] {
        let expected = value_probability(&["kayles", "4", "5", "--skill", skill]);
        let got = chance(&out, "apart", key);
        assert!((got - expected).abs() < 1e-6, "{key}: {got} vs {expected}");
    }
    let expected = value_probability(&["kayles", "4", "5", "--skill", "0.5"]);
    assert!((chance(&out, "equal", "P=0.5") - expected).abs() < 1e-6, "{out}");
}

#[test]
fn bad_input_is_one_line_and_exit_two() {
    let svg = scratch("bad.svg");
    let svg = svg.to_str().unwrap();
    for (args, needle) in [
        (
            &["plot", "updown:1,2/3/20", "7", "9", "--skill-curve", "-o", svg][..],
            "is loopy: random play may never end",
        ),
        (
            &["plot", "nim", "--skill-curve", "-o", svg][..],
            "--skill-curve needs a position",
        ),
        (
            &["plot", "nim", "x", "--skill-curve", "-o", svg][..],
            "bad position `x`",
        ),
        (
            &["plot", "grid:2x3", "4", "--skill-curve", "-o", svg][..],
            "bad position `4`",
        ),
        (
            &["plot", "nim", "3", "4", "--upto", "10", "-o", svg][..],
            "positions are plotted only with --skill-curve",
        ),
        (
            &["plot", "kayles", "--upto", "10", "--misere", "-o", svg][..],
            "--misere applies only with --skill-curve",
        ),
        (
            &["plot", "nim", "3", "--skill-curve", "--upto", "10", "-o", svg][..],
            "cannot be used with",
        ),
        (
            &["plot", "nim", "3", "--skill-curve", "-o", "curve.pdf"][..],
            "name the file FILE.svg or FILE.png",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
