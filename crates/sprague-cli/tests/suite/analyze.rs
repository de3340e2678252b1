//! `sprague analyze` and `sprague plot` driven through the real binary:
//! findings and their status, JSON shape, emitted code compiled and run
//! against the library's tables, plots written, and bad input refused.

use assert_cmd::Command;
use sprague::pattern::{prove, HeapLimits};
use sprague::rules::{Game, GameVisitor, Ruleset};
use sprague::solve::{extend_dense, Limits, Solver};
use std::path::{Path, PathBuf};

fn sprague() -> Command {
    Command::cargo_bin("sprague").unwrap()
}

/// Runs the binary; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = sprague().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn kayles_is_proven_periodic() {
    let (code, out, _) = run(&["analyze", "kayles"]);
    assert_eq!(code, 0);
    assert!(out.contains("period 12, pre-period 71"), "{out}");
    assert!(out.contains("proven (octal periodicity theorem"), "{out}");
}

#[test]
fn json_reports_kind_status_and_parameters() {
    let v = json(&["analyze", "divide:2..6", "--json"]);
    assert_eq!(v["spec"], "divide:2..6");
    let f = &v["findings"][0];
    assert_eq!(f["kind"], "floor_division");
    assert_eq!(f["status"], "proven");
    assert_eq!((f["base"].as_u64(), f["n0"].as_u64()), (Some(12), Some(6)));
    assert!(f["argument"].as_str().unwrap().contains("⌊n/12⌋"));
    let runs = &v["findings"][1];
    assert_eq!(runs["kind"], "runs");
    assert_eq!(
        runs["runs"][1],
        serde_json::json!({"from": 12, "to": 24, "value": 1})
    );

    let v = json(&["analyze", "octal:0.07", "--json"]);
    assert_eq!(
        (
            v["findings"][0]["preperiod"].as_u64(),
            v["findings"][0]["period"].as_u64()
        ),
        (Some(53), Some(34))
    );

    let v = json(&["analyze", "allbut:1,2", "--upto", "300", "--json"]);
    let f = &v["findings"][0];
    assert_eq!(
        (f["kind"].as_str(), f["status"].as_str()),
        (Some("arithmetic_periodic"), Some("observed"))
    );
    assert_eq!(
        (f["saltus"].as_i64(), f["checked_upto"].as_u64()),
        (Some(1), Some(300))
    );
    assert!(f.get("argument").is_none());
}

#[test]
fn grid_is_proven_separable_and_wythoff_recognised() {
    let (code, out, _) = run(&["analyze", "grid:2x3", "--upto", "16,16"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("g(x, y) = ((x − 1) mod 4) xor ((y − 1) mod 3)"),
        "{out}"
    );
    let v = json(&["analyze", "wythoff", "--upto", "30,30", "--json"]);
    assert!(v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["kind"] == "wythoff_positions"));
}

#[test]
fn unprovable_games_say_observed_and_refuse_to_emit() {
    let (code, out, _) = run(&["analyze", "grundy", "--upto", "8000"]);
    assert_eq!(code, 0);
    assert!(!out.contains("proven"), "{out}");
    assert!(out.contains("rare_values: bitmask 0b1:"), "{out}");
    assert!(out.contains("observed up to 8000"), "{out}");
    let (code, _, err) = run(&["analyze", "grundy", "--upto", "300", "--emit", "rust"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("sprague: error: no proven pattern for `grundy`"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn bad_input_is_one_line_and_exit_two() {
    for (args, needle) in [
        (&["analyze", "kayles", "--upto", "12x"][..], "bad --upto `12x`"),
        (&["analyze", "kayles", "--upto", "10,10"][..], "is a heap game"),
        (&["analyze", "gcd"][..], "not a normal-play game on two numbers"),
        (&["analyze", "chess"][..], "unknown game"),
        (
            &["plot", "kayles", "--upto", "10", "-o", "k.pdf"][..],
            "name the file FILE.svg or FILE.png",
        ),
        (
            &["plot", "kayles", "--upto", "10", "-o", "/nonexistent-dir/k.svg"][..],
            "-o `/nonexistent-dir/k.svg`: cannot write there",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn plots_are_written_as_svg_and_png() {
    for (spec, upto, file, magic) in [
        ("kayles", "100", "k.svg", &b"<svg"[..]),
        ("divide:2..6", "5000", "d.png", &b"\x89PNG"[..]),
        ("grid:2x3", "8,8", "g.png", &b"\x89PNG"[..]),
        ("wythoff", "12,12", "w.svg", &b"<svg"[..]),
    ] {
        let path = scratch(file);
        let (code, out, err) = run(&["plot", spec, "--upto", upto, "-o", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{spec}: {err}");
        assert!(out.contains("wrote"), "{out}");
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(magic), "{spec}");
        assert!(bytes.len() > 1000, "{spec}");
    }
}

/// The texts of an SVG plot: (whether drawn turned a quarter, the text).
fn svg_texts(svg: &str) -> Vec<(bool, String)> {
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let (attrs, rest) = t.split_once('>').unwrap();
            let body = rest.split("</text>").next().unwrap().trim();
            (attrs.contains("rotate("), body.to_string())
        })
        .collect()
}

#[test]
fn heat_maps_name_their_axes_as_the_rules_do_and_have_a_colour_scale() {
    // x (the first number) across, y up, each named as the game names it;
    // the scale titled g with a label for every value of a small table.
    for (spec, across, up) in [
        ("grid:2x3", "rows", "columns"),
        ("wythoff", "heap a", "heap b"),
        ("wizards", "a", "b"),
    ] {
        let path = scratch(&format!("axes-{}.svg", spec.replace(':', "-")));
        let (code, out, err) = run(&["plot", spec, "--upto", "6,4", "-o", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{spec}: {err}");
        if out.contains("no TrueType font") {
            // Skipping is an explicit choice, never a silent pass.
            assert!(
                std::env::var_os("SPRAGUE_SKIP_FONTS").is_some(),
                "no font, so the plot's text cannot be checked: install fonts-dejavu-core, \
                 or set SPRAGUE_SKIP_FONTS=1 to skip"
            );
            eprintln!("note: no TrueType font; the heat map's text is not checked");
            return;
        }
        let texts = svg_texts(&std::fs::read_to_string(&path).unwrap());
        assert!(texts.contains(&(false, across.to_string())), "{spec}: {texts:?}");
        assert!(texts.contains(&(true, up.to_string())), "{spec}: {texts:?}");
        assert!(
            texts.contains(&(false, "g".to_string())),
            "{spec}: no scale title: {texts:?}"
        );
    }
    // grid:2x3 on 1..=6 × 1..=4 has the values 0..=3: each is written in
    // its cells, on the scale, and perhaps at a tick of an axis (never 0,
    // since the axes start at 1: the scale alone makes 0 one more).
    let path = scratch("axes-scale.svg");
    let (code, _, err) = run(&["plot", "grid:2x3", "--upto", "6,4", "-o", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let texts = svg_texts(&std::fs::read_to_string(&path).unwrap());
    for v in 0..=3u64 {
        let cells = (1..=6u64)
            .flat_map(|x| (1..=4u64).map(move |y| ((x - 1) % 4) ^ ((y - 1) % 3)))
            .filter(|&g| g == v)
            .count();
        let shown = texts.iter().filter(|(_, t)| *t == v.to_string()).count();
        assert!(
            shown > cells,
            "value {v}: {cells} cells and no entry on the scale: {texts:?}"
        );
    }
}

/// The library's brute-force values: a dense table for small n, the plain
/// memoised search (no pattern) for the floor-division game's large n.
fn brute(spec: &str, ns: &[u64]) -> Vec<u64> {
    struct B<'a>(&'a [u64]);
    impl GameVisitor for B<'_> {
        type Output = Vec<u64>;
        fn visit<R: Ruleset>(self, rules: &R) -> Vec<u64> {
            let moves = rules.heap_moves().unwrap();
            let mut table = Vec::new();
            extend_dense(moves, &mut table, 4000, u64::MAX).unwrap();
            let proof = prove(moves, HeapLimits::default()).unwrap().unwrap();
            let mut solver = Solver::new(rules, Limits::default());
            self.0
                .iter()
                .map(|&n| match table.get(n as usize) {
                    Some(&g) => g as u64,
                    None if matches!(moves, sprague::rules::HeapMoves::Divide(_)) => {
                        solver
                            .grundy(&rules.parse_position(&n.to_string()).unwrap())
                            .unwrap()
                            .0
                    }
                    // Periodic games: beyond the table, the proven evaluator
                    // (itself tested against tables in the library's tests).
                    None => proof.evaluator.value(n),
                })
                .collect()
        }
    }
    spec.parse::<Game>().unwrap().visit(B(ns))
}

fn probes() -> Vec<u64> {
    let mut ns: Vec<u64> = (0..4000).collect();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..300 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        ns.push(x);
        ns.push(x % 1_000_000_000_000_000_001);
    }
    ns.extend([
        u64::MAX,
        u64::MAX - 1,
        999_999_999_999_999_999,
        1_000_000_000_000_000_000,
    ]);
    ns
}

fn have(tool: &str) -> bool {
    std::process::Command::new(tool).arg("--version").output().is_ok()
}

/// Compiles (if needed) and runs `source` with the probes on stdin.
fn run_program(dir: &Path, lang: &str, source: &str, input: &str) -> Option<String> {
    use std::io::Write;
    use std::process::{Command as Cmd, Stdio};
    let (file, build, exe): (&str, Option<Vec<String>>, Vec<String>) = match lang {
        "rust" => (
            "main.rs",
            Some(vec![
                std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()),
                "-O".into(),
                "-o".into(),
                dir.join("main-rs").to_string_lossy().into(),
                dir.join("main.rs").to_string_lossy().into(),
            ]),
            vec![dir.join("main-rs").to_string_lossy().into()],
        ),
        "cpp" => (
            "main.cpp",
            Some(vec![
                "g++".into(),
                "-O2".into(),
                "-o".into(),
                dir.join("main-cpp").to_string_lossy().into(),
                dir.join("main.cpp").to_string_lossy().into(),
            ]),
            vec![dir.join("main-cpp").to_string_lossy().into()],
        ),
        _ => (
            "main.py",
            None,
            vec!["python3".into(), dir.join("main.py").to_string_lossy().into()],
        ),
    };
    let tool = build.as_ref().map_or("python3", |b| b[0].as_str());
    if !have(tool) {
        // A missing compiler must not turn this test into one that checks
        // nothing: skipping is an explicit choice.
        assert!(
            std::env::var_os("SPRAGUE_SKIP_MISSING_COMPILERS").is_some(),
            "`{tool}` is missing, so the emitted {lang} code cannot be checked: install it, \
             or set SPRAGUE_SKIP_MISSING_COMPILERS=1 to skip"
        );
        eprintln!("note: `{tool}` is missing: emitted {lang} code not run");
        return None;
    }
    std::fs::write(dir.join(file), source).unwrap();
    if let Some(b) = build {
        let st = Cmd::new(&b[0]).args(&b[1..]).output().unwrap();
        assert!(
            st.status.success(),
            "{lang} build failed: {}",
            String::from_utf8_lossy(&st.stderr)
        );
    }
    let mut child = Cmd::new(&exe[0])
        .args(&exe[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn emitted_code_agrees_with_the_tables() {
    let ns = probes();
    let input: String = ns.iter().map(|n| format!("{n}\n")).collect();
    for (spec, langs) in [
        ("kayles", &["rust", "cpp", "python"][..]),
        ("divide:2..6", &["rust", "cpp", "python"][..]),
        ("subtract:1,3,4", &["python"][..]),
        ("powers:4", &["cpp"][..]),
    ] {
        let want: Vec<String> = brute(spec, &ns).iter().map(u64::to_string).collect();
        for &lang in langs {
            let (code, func, err) = run(&["analyze", spec, "--emit", lang]);
            assert_eq!(code, 0, "{err}");
            let main = match lang {
                "rust" => "\nfn main() {\n    use std::io::BufRead;\n    for l in std::io::stdin().lock().lines() {\n        println!(\"{}\", grundy(l.unwrap().trim().parse().unwrap()));\n    }\n}\n",
                "cpp" => "\n#include <cstdio>\nint main() {\n    unsigned long long n;\n    while (std::scanf(\"%llu\", &n) == 1) std::printf(\"%llu\\n\", grundy(n));\n}\n",
                _ => "\nimport sys\nfor line in sys.stdin:\n    print(grundy(int(line)))\n",
            };
            let source = func.clone() + main;
            let dir = scratch(&format!("{}-{lang}", spec.replace([':', ',', '.'], "_")));
            std::fs::create_dir_all(&dir).unwrap();
            if let Some(got) = run_program(&dir, lang, &source, &input) {
                let got: Vec<&str> = got.lines().collect();
                assert_eq!(got.len(), want.len(), "{spec} {lang}");
                for ((n, g), w) in ns.iter().zip(&got).zip(&want) {
                    assert_eq!(g, w, "{spec} {lang}: g({n})");
                }
            }
        }
    }
}

#[test]
fn value_uses_proven_patterns_for_huge_heaps() {
    let v = json(&["value", "octal:0.77", "1000000000000000000", "--json"]);
    assert_eq!(
        v["pattern"],
        "periodic (period 12 from n = 71), proven by the octal periodicity theorem"
    );
    // The same residue mod 12 above the pre-period, within a dense table.
    let small = 71 + (1_000_000_000_000_000_000u64 - 71) % 12;
    assert_eq!(v["grundy"].as_u64(), Some(brute("kayles", &[small])[0]));

    let n = 999_999_999_999_999_999u64;
    let v = json(&["value", "divide:2..6", &n.to_string(), "--json"]);
    assert!(v["pattern"]
        .as_str()
        .unwrap()
        .starts_with("floor division (g(n) = g(⌊n/12⌋) from n = 6)"));
    assert_eq!(v["grundy"].as_u64(), Some(brute("divide:2..6", &[n])[0]));
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);

    let (code, out, _) = run(&["value", "kayles", "7", "11"]);
    assert_eq!(code, 0);
    assert!(!out.contains("pattern"), "small heaps need no pattern: {out}");
}

/// `analyze --misere`: the proven quotient, in text and JSON, and the
/// answers `value --misere` gives from it agree with its P-portion.
#[test]
fn misere_quotient_is_printed_and_used_by_value() {
    let v = json(&["analyze", "octal:0.75", "--misere", "--upto", "12", "--json"]);
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["order"], 8);
    assert_eq!(v["upto"], 12);
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b²"]));
    assert_eq!(v["heaps"].as_array().unwrap().len(), 13);
    assert_eq!(v["generators"][2]["heap"], 5);
    let (code, out, err) = run(&["analyze", "octal:0.75", "--misere", "--upto", "12"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("order 8"), "{out}");
    assert!(out.contains("relations: a² = 1"), "{out}");
    assert!(
        out.contains("proven for sums of any number of heaps up to 12"),
        "{out}"
    );
    // Heap 1 alone is a, in P: the player to move must take the last one.
    let one = json(&["value", "octal:0.75", "1", "--misere", "--json"]);
    assert_eq!(one["outcome"], "P");
    let many = json(&[
        "value",
        "octal:0.75",
        "1",
        "3",
        "5",
        "7",
        "9",
        "11",
        "--misere",
        "--json",
    ]);
    assert!(
        many["method"].as_str().unwrap().contains("misère quotient"),
        "{many}"
    );
}

#[test]
fn misere_quotient_bad_input_is_one_line() {
    for (args, needle) in [
        (&["analyze", "wythoff", "--misere"][..], "not a game of heaps"),
        (&["analyze", "kayles", "--misere", "--upto", "3,4"], "--upto N"),
        (
            &["analyze", "kayles", "--misere", "--emit", "rust"],
            "cannot be used with",
        ),
        (
            &["analyze", "kayles", "--misere", "--upto", "0"],
            "from 1 to 4096",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// A quotient past `--max-order` reaches a bound of its own: one line,
/// exit 2, the order reached and the flag that raises it (not
/// `--max-states`, which does not); the time a quotient took is printed.
#[test]
fn misere_quotient_past_max_order_names_its_flag() {
    let args = [
        "analyze",
        "dawson-kayles",
        "--misere",
        "--upto",
        "20",
        "--max-order",
        "10",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("elements, past the limit of"), "{err}");
    assert!(
        err.contains("--max-order") && !err.contains("--max-states"),
        "{err}"
    );
    for (args, needle) in [
        (&["analyze", "kayles", "--max-order", "10"][..], "--misere"),
        (
            &["analyze", "kayles", "--misere", "--max-order", "0"],
            "at least 1",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let v = json(&[
        "analyze",
        "octal:0.75",
        "--misere",
        "--upto",
        "12",
        "--max-order",
        "100",
        "--json",
    ]);
    assert_eq!(
        (v["order"].as_u64(), v["max_order"].as_u64()),
        (Some(8), Some(100))
    );
    assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{v}");
    let (code, out, err) = run(&["analyze", "octal:0.75", "--misere", "--upto", "12"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" s (candidates of at most 20000 elements)"), "{out}");
}

/// One flag name means one thing everywhere: every command that writes a
/// file takes `-o`, `--out` and `--output` alike.
#[test]
fn commands_that_write_files_share_one_flag() {
    let dir = scratch("out-flag");
    std::fs::create_dir_all(&dir).unwrap();
    for flag in ["-o", "--out", "--output"] {
        let svg = dir.join(format!("plot{flag}.svg"));
        let (code, _, err) = run(&["plot", "kayles", "--upto", "10", flag, svg.to_str().unwrap()]);
        assert_eq!(code, 0, "plot {flag}: {err}");
        assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
        let seq = dir.join(format!("table{flag}.seq"));
        let (code, _, err) = run(&[
            "table",
            "kayles",
            "--upto",
            "100",
            "--summary",
            flag,
            seq.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "table {flag}: {err}");
        assert!(std::fs::metadata(&seq).unwrap().len() > 0);
    }
}

/// `analyze --misere` with no `--upto` searches heap by heap and proves
/// 0.75's order-8 quotient for every heap size.
#[test]
fn misere_complete_solution_is_found_and_proven() {
    let (code, out, err) = run(&["analyze", "octal:0.75", "--misere"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("order 8"), "{out}");
    assert!(
        out.contains("proven for every heap size (period 2 from 8)"),
        "{out}"
    );
    let v = json(&["analyze", "octal:0.75", "--misere", "--json"]);
    assert_eq!(v["all_heaps"], true);
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(2), Some(8))
    );
    let v = json(&["analyze", "octal:0.75", "--misere", "--upto", "12", "--json"]);
    assert_eq!(v["all_heaps"], false);
    assert!(v["period"].is_null());
}

/// Misère Kayles at any size: `value` answers heaps of 10^18 from the
/// complete quotient, with winning moves, and each one it lists leaves a
/// sum that `value` calls P.
#[test]
fn misere_kayles_at_any_size() {
    let big = "1000000000000000000";
    let v = json(&[
        "value",
        "kayles",
        big,
        "999999999999999999",
        "17",
        "--misere",
        "--json",
        "--max-moves",
        "3",
    ]);
    assert_eq!(v["outcome"], "N");
    assert!(v["method"].as_str().unwrap().contains("every heap size"), "{v}");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert!(v["winning_moves_total"].as_u64().unwrap() >= 3);
    for m in moves {
        let after: Vec<String> = m["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().map_or_else(|| p.to_string(), str::to_string))
            .collect();
        let mut args = vec!["value", "kayles"];
        args.extend(after.iter().map(String::as_str));
        args.extend(["--misere", "--json"]);
        assert_eq!(json(&args)["outcome"], "P", "{m}");
    }
}
