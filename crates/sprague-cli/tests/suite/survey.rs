//! `sprague survey`: published periods come out proven with their
//! figures, a killed survey resumes with every code once, the number of
//! jobs changes nothing, and bad input gets one line and exit code 2.

use assert_cmd::Command;
use sprague::pattern::{read_survey, SurveyRecord, SurveyStatus};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn sprague() -> Command {
    Command::cargo_bin("sprague").unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-survey-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The records of a survey file, checked to be whole lines with each code
/// once, by code, without their times.
fn records(file: &Path, upto: u64) -> BTreeMap<String, SurveyRecord> {
    let bytes = std::fs::read(file).unwrap();
    let f = read_survey(&bytes, path(file), Some(upto)).unwrap();
    assert!(!f.torn, "{} ends in a torn line", file.display());
    let n = f.records.len();
    let map: BTreeMap<String, SurveyRecord> = f
        .records
        .into_iter()
        .map(|r| (r.code.clone(), r.without_time()))
        .collect();
    assert_eq!(map.len(), n, "a code written twice");
    map
}

/// Runs a survey that must fail: exit 2, one line on stderr holding
/// every one of `needles`.
fn refused(args: &[&str], needles: &[&str]) {
    let out = sprague().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("sprague: error: "), "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{n}` not in {err}");
    }
}

#[test]
fn published_solved_games_come_out_proven_with_the_published_figures() {
    let tsv =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/published.tsv")).unwrap();
    let upto = 100_000u64;
    // code → (pre-period, period) where the proof fits in N values.
    let mut want = BTreeMap::new();
    let mut beyond = Vec::new();
    for line in tsv
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (o, p): (u64, u64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let t = f[0].len() as u64 - 2;
        if 2 * o + 3 * p + t <= upto {
            want.insert(f[0].to_string(), (o, p));
        } else {
            beyond.push(f[0].to_string());
        }
    }
    for code in ["0.77", "0.07", "0.137", "0.177", "0.1377", "0.11377", "0.127"] {
        assert!(want.contains_key(code), "{code} missing from published.tsv");
    }
    // Officers (0.6) is open: no period is known.
    let out = tmp("published.jsonl");
    let mut args = vec!["survey".to_string()];
    args.extend(want.keys().cloned().chain(beyond.iter().cloned()));
    args.push("0.6".into());
    let n = upto.to_string();
    args.extend(["--upto", &n, "--out", path(&out), "--jobs", "2"].map(String::from));
    sprague().args(&args).assert().success();
    let got = records(&out, upto);
    assert_eq!(got.len(), want.len() + beyond.len() + 1);
    for (code, &(o, p)) in &want {
        let r = &got[code];
        assert_eq!(
            (r.status, r.preperiod, r.period),
            (SurveyStatus::Proven, Some(o), Some(p)),
            "{code}"
        );
        assert!(
            r.computed_to < upto && r.computed_to + 1 >= 2 * o + 3 * p,
            "{r:?}"
        );
    }
    // Not provable within N: never proven (observed or open).
    for code in beyond.iter().chain([&"0.6".to_string()]) {
        assert!(!got[code].status.is_proven(), "{:?}", got[code]);
        assert_eq!(got[code].computed_to, upto);
    }
}

#[test]
fn jobs_1_and_jobs_2_write_the_same_records_and_a_rerun_writes_nothing() {
    let (one, two) = (tmp("jobs1.jsonl"), tmp("jobs2.jsonl"));
    for (file, jobs) in [(&one, "1"), (&two, "2")] {
        sprague()
            .args([
                "survey",
                "--digits",
                "2",
                "--upto",
                "3000",
                "--out",
                path(file),
                "--jobs",
                jobs,
            ])
            .assert()
            .success();
    }
    let a = records(&one, 3000);
    assert_eq!(a.len(), 63);
    assert_eq!(a, records(&two, 3000));
    // Every status a two-digit family has is there, and trivial means no
    // digit that splits.
    assert!(
        a.values().any(|r| r.status == SurveyStatus::Trivial)
            && a.values().any(|r| r.status == SurveyStatus::Proven)
    );
    for r in a.values() {
        let splits = r.code.chars().skip(2).any(|d| d.to_digit(16).unwrap() >= 4);
        assert_eq!(
            r.status == SurveyStatus::Trivial,
            !splits && r.status.is_proven(),
            "{r:?}"
        );
    }
    // Run again: every code is in the file, nothing is added.
    let before = std::fs::read(&one).unwrap();
    let out = sprague()
        .args(["survey", "--digits", "2", "--upto", "3000", "--out", path(&one)])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(
        String::from_utf8_lossy(&out).contains("0 run now"),
        "{}",
        String::from_utf8_lossy(&out)
    );
    assert_eq!(std::fs::read(&one).unwrap(), before);
}

#[test]
fn a_killed_survey_resumes_with_every_code_once_and_the_records_of_a_whole_run() {
    let args = |file: &Path| -> Vec<String> {
        [
            "survey",
            "--digits",
            "2",
            "--upto",
            "40000",
            "--jobs",
            "2",
            "--out",
            path(file),
        ]
        .map(String::from)
        .to_vec()
    };
    let whole = tmp("whole.jsonl");
    sprague().args(args(&whole)).assert().success();
    let want = records(&whole, 40_000);
    let file = tmp("killed.jsonl");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sprague"))
        .args(args(&file))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Kill -9 once a few codes are written, well before the end.
    let t = Instant::now();
    let lines = |f: &Path| std::fs::read(f).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
    while lines(&file) < 5 && t.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let at_kill = lines(&file);
    assert!(
        (5..63).contains(&at_kill),
        "killed after {at_kill} codes: not mid-run"
    );
    // A kill in the middle of a write: half a line, no newline.
    let done = records(&file, 40_000);
    let missing = want.keys().find(|c| !done.contains_key(*c)).unwrap();
    let line = want[missing].to_line();
    let mut bytes = std::fs::read(&file).unwrap();
    bytes.extend_from_slice(&line.as_bytes()[..line.len() / 2]);
    std::fs::write(&file, &bytes).unwrap();
    let out = sprague()
        .args(args(&file))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    assert!(text.contains(&format!("{at_kill} already in the file")), "{text}");
    assert_eq!(records(&file, 40_000), want);
}

#[test]
fn the_report_sorts_codes_counts_statuses_and_writes_csv() {
    let file = tmp("report.jsonl");
    sprague()
        .args([
            "survey",
            "0.6",
            "0.33",
            "0.07",
            "0.77",
            "--upto",
            "2000",
            "--out",
            path(&file),
        ])
        .assert()
        .success();
    let out = sprague()
        .args(["survey", "--report", path(&file)])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with("4 codes to N = 2000: 1 trivial, 2 proven, 0 observed, 1 open\n"),
        "{text}"
    );
    // Every code sorted, then the one not proven.
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| 0."))
        .map(|l| l.split('|').nth(1).unwrap().trim())
        .collect();
    assert_eq!(rows, ["0.07", "0.33", "0.6", "0.77", "0.6"]);
    assert!(text.contains("| 0.07 | proven | 53 | 34 |"), "{text}");
    assert!(text.contains("| 0.6 | open | 2000 | — | — |"), "{text}");
    let csv = tmp("report.csv");
    sprague()
        .args([
            "survey",
            "--report",
            path(&file),
            "--format",
            "csv",
            "-o",
            path(&csv),
        ])
        .assert()
        .success()
        .stdout("");
    let csv = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "code,status,preperiod,period,computed_to,max_value,mask,rare,seconds,upto"
    );
    assert!(
        lines[1].starts_with("0.07,proven,53,34,") && lines[3].starts_with("0.6,open,,,2000,"),
        "{csv}"
    );
    assert_eq!(lines.len(), 5);
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    let out = tmp("bad.jsonl");
    let o = path(&out);
    refused(
        &["survey", "0.77", "0.7z", "--upto", "100", "--out", o],
        &["`0.7z`", "argument 2", "`z`"],
    );
    let list = tmp("codes.txt");
    std::fs::write(&list, "0.77 0.07\n# comment\n0.16, 0.9q\n").unwrap();
    refused(
        &["survey", "--file", path(&list), "--upto", "100", "--out", o],
        &["line 3", "`0.9q`", "codes.txt"],
    );
    refused(
        &["survey", "--digits", "7", "--upto", "100", "--out", o],
        &["2097151", "1048576"],
    );
    refused(
        &["survey", "--digits", "0", "--upto", "100", "--out", o],
        &["at least one digit"],
    );
    refused(&["survey", "--hex", "--upto", "100", "--out", o], &["--digits"]);
    refused(
        &["survey", "0.77", "--upto", "0", "--out", o],
        &["--upto 0", "N ≥ 1"],
    );
    refused(
        &["survey", "0.77", "--upto", "2^32", "--out", o],
        &[
            "4294967296",
            "too large for the sequence engine (at most 4294967294)",
        ],
    );
    refused(&["survey", "--upto", "100", "--out", o], &["no codes"]);
    refused(&["survey", "0.77", "--upto", "100"], &["--out"]);
    refused(&["survey", "--report", o, "--upto", "100"], &["--upto"]);
    let empty = tmp("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    refused(
        &["survey", "--report", path(&empty)],
        &["empty.jsonl", "no survey line"],
    );
    // A file of another survey, or no survey file at all, is left alone.
    sprague()
        .args(["survey", "0.77", "--upto", "100", "--out", o])
        .assert()
        .success();
    let before = std::fs::read(&out).unwrap();
    refused(
        &["survey", "0.07", "--upto", "200", "--out", o],
        &["line 1", "N = 100, not 200", "--upto"],
    );
    assert_eq!(std::fs::read(&out).unwrap(), before);
    let other = tmp("other.txt");
    std::fs::write(&other, "some notes\nof mine\n").unwrap();
    refused(
        &["survey", "0.07", "--upto", "100", "--out", path(&other)],
        &["line 1", "not a survey record"],
    );
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "some notes\nof mine\n");
    refused(&["survey", "--report", path(&other)], &["line 1"]);
}

/// `survey --misere`: one JSON line a code with its quotient's order, the
/// solved codes complete with their published periods, a rerun writes
/// nothing, and `--report` prints the misère table.
#[test]
fn misere_survey_writes_one_line_a_code_and_reports_it() {
    let file = tmp("misere.jsonl");
    let run = |codes: &[&str]| {
        let mut args = vec![
            "survey",
            "--misere",
            "--upto",
            "200",
            "--max-order",
            "200",
            "--out",
            path(&file),
        ];
        args.extend(codes);
        sprague().args(&args).assert().success();
    };
    run(&["0.75", "0.34", "0.77", "0.07", "0.3"]);
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: BTreeMap<String, serde_json::Value> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (v["code"].as_str().unwrap().to_string(), v)
        })
        .collect();
    assert_eq!(lines.len(), 5, "{text}");
    for (code, period, order) in [("0.75", 2, 8), ("0.34", 8, 12), ("0.77", 12, 40)] {
        let v = &lines[code];
        assert_eq!(
            (v["all_heaps"].as_bool(), v["kind"].as_str()),
            (Some(true), Some("solved")),
            "{v}"
        );
        assert_eq!(
            (v["period"].as_u64(), v["order"].as_u64()),
            (Some(period), Some(order)),
            "{v}"
        );
    }
    // Dawson's Kayles: its quotient passes 200 elements before a period.
    let dk = &lines["0.07"];
    assert_eq!(
        (dk["kind"].as_str(), dk["all_heaps"].as_bool()),
        (Some("open"), Some(false)),
        "{dk}"
    );
    assert!(dk["period"].is_null() && dk["stopped"].is_string(), "{dk}");
    // 0.3 is misère Nim with heaps of 0 and 1: tame.
    assert_eq!(lines["0.3"]["kind"], "tame");
    run(&["0.75", "0.34"]);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        text,
        "a rerun writes nothing"
    );
    let out = sprague()
        .args(["survey", "--report", path(&file)])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert!(
        report.starts_with("5 codes in misère play to N = 200:"),
        "{report}"
    );
    assert!(
        report.contains("| 0.75 | solved | 8 | 2 | 2 from 8 | 22 |"),
        "{report}"
    );
    assert!(report.contains("- 0.07: quotient of order"), "{report}");
    // A normal survey file is not appended to by a misère survey.
    let normal = tmp("normal.jsonl");
    sprague()
        .args(["survey", "0.77", "--upto", "1000", "--out", path(&normal)])
        .assert()
        .success();
    refused(
        &[
            "survey",
            "--misere",
            "0.75",
            "--upto",
            "50",
            "--out",
            path(&normal),
        ],
        &["normal-play survey"],
    );
    refused(
        &[
            "survey",
            "--misere",
            "0.75",
            "--upto",
            "5000",
            "--out",
            path(&file),
        ],
        &["4096"],
    );
}
