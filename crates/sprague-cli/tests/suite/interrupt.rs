//! Ctrl-C (SIGINT) during a board search: the search stops, the memo of
//! the shapes solved so far is written (`--memo`), one line says how far
//! it got, the exit code is 130, and a later run resumes from the memo;
//! the `--max-states` bound keeps the memo too, and so does `--memo-every`
//! while the search runs (a run killed outright resumes from it). A
//! process started with SIGINT ignored keeps it ignored.
//!
//! Each run is started through `env --default-signal=INT` (GNU coreutils):
//! a test run in the background by a shell without job control inherits
//! SIGINT ignored, which the command keeps (as the last test checks).

use assert_cmd::cargo::cargo_bin;
use sprague::solve::ComponentMemo;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A fresh directory for one test's memo files.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sprague-interrupt-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `sprague args` with SIGINT at its default, sends it SIGINT
/// after `after` (when `Some`), and gives (exit code, stdout, stderr).
fn run(args: &[&str], interrupt_after: Option<Duration>, ignored: bool) -> (Option<i32>, String, String) {
    let signal = if ignored {
        "--ignore-signal=INT"
    } else {
        "--default-signal=INT"
    };
    let mut child = Command::new("env")
        .arg(signal)
        .arg(cargo_bin("sprague"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(after) = interrupt_after {
        // The signal is sent only once the command catches it, so that a
        // slow start on a loaded machine cannot make SIGINT end it at once
        // (an ignored SIGINT is never caught).
        if !ignored {
            wait_until_catching_sigint(child.id());
        }
        std::thread::sleep(after);
        assert!(
            child.try_wait().unwrap().is_none(),
            "{args:?} ended before the signal"
        );
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    }
    if ignored {
        // Still running a second after the signal: then ended here.
        std::thread::sleep(Duration::from_secs(1));
        let still = child.try_wait().unwrap().is_none();
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        assert!(still, "{args:?} ended on an ignored SIGINT: {out:?}");
        return (None, String::new(), String::new());
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Waits (up to a minute) until process `pid` has a handler for SIGINT:
/// bit 2 of `SigCgt` in `/proc/PID/status`.
fn wait_until_catching_sigint(pid: u32) {
    let start = std::time::Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .is_some_and(|m| m & 0b10 != 0);
        if caught {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("process {pid} never caught SIGINT");
}

/// The numbers of the line `interrupted after S states (A shapes, B
/// sums), …`: (S, A, B).
fn counts(line: &str) -> (u64, u64, u64) {
    let num = |t: &str| t.replace(',', "").parse::<u64>().unwrap();
    let rest = line.strip_prefix("sprague: interrupted after ").expect(line);
    let (states, rest) = rest.split_once(" states (").expect(line);
    let (shapes, rest) = rest.split_once(" shapes, ").expect(line);
    let (sums, _) = rest.split_once(" sums), ").expect(line);
    (num(states), num(shapes), num(sums))
}

/// The memo file `file`, read as the library reads it.
fn memo(file: &Path) -> ComponentMemo {
    ComponentMemo::read_from("memo", &std::fs::read(file).unwrap()).unwrap()
}

#[test]
fn ctrl_c_keeps_the_solved_shapes_and_a_rerun_resumes_from_them() {
    let d = dir("value");
    let file = d.join("cram.db");
    let f = file.to_str().unwrap();
    // 5 x 7 Cram takes some seconds even in release: stopped after 1.5 s.
    let (code, out, err) = run(
        &["value", "cram:5x7", "--memo", f],
        Some(Duration::from_millis(1500)),
        false,
    );
    assert_eq!(code, Some(130), "{err}");
    assert!(out.is_empty(), "{out}");
    let line = err.trim_end();
    assert!(!line.contains('\n'), "one line: {err}");
    let (states, shapes, sums) = counts(line);
    assert_eq!(states, shapes + sums);
    assert!(shapes > 0, "{line}");
    assert!(
        line.ends_with(&format!(
            "; the solved shapes are kept in {f} (the same command resumes from them)"
        )),
        "{line}"
    );
    // Saved as it stopped: every shape it had valued, no file beside it.
    let kept = memo(&file);
    assert_eq!(kept.len() as u64, shapes, "{line}");
    let beside: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        beside,
        [std::ffi::OsString::from("cram.db")],
        "no file left beside the memo"
    );

    // The same family's memo serves 5 x 6: *2 (Beling's table), with the
    // shapes kept not valued again.
    let (code, out, err) = run(&["value", "cram:5x6", "--memo", f, "--json"], None, false);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], 2, "{out}");
    let method = v["method"].as_str().unwrap();
    let (known, new) = known_and_new(method);
    assert!(known >= shapes && new < known, "{method}");
    // Fresh, 5 x 6 values more shapes than that.
    let (_, out, _) = run(&["value", "cram:5x6", "--json"], None, false);
    let fresh: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (_, fresh_new) = known_and_new(fresh["method"].as_str().unwrap());
    assert!(new < fresh_new, "{method} against {}", fresh["method"]);
    assert!(memo(&file).len() as u64 >= known);

    // Without --memo, the line says how to keep them.
    let (code, _, err) = run(&["value", "cram:5x7"], Some(Duration::from_millis(1000)), false);
    assert_eq!(code, Some(130), "{err}");
    assert!(
        err.trim_end()
            .ends_with("; give --memo FILE to keep the solved shapes for the next run"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// (shapes known, new) from a method line `… (cram split+full: K shapes
/// known, N new, …)`.
fn known_and_new(method: &str) -> (u64, u64) {
    let (_, rest) = method.split_once(": ").expect(method);
    let (known, rest) = rest.split_once(" shapes known, ").expect(method);
    let (new, _) = rest.split_once(" new").expect(method);
    (known.parse().unwrap(), new.parse().unwrap())
}

#[test]
fn a_table_along_a_family_and_the_state_bound_keep_the_memo_too() {
    let d = dir("table");
    let file = d.join("cram.db");
    let f = file.to_str().unwrap();
    let (code, _, err) = run(
        &["table", "cram:5xN", "--upto", "8", "--memo", f],
        Some(Duration::from_millis(1500)),
        false,
    );
    assert_eq!(code, Some(130), "{err}");
    let (_, shapes, _) = counts(err.trim_end());
    assert_eq!(memo(&file).len() as u64, shapes);
    // An analysis along the family says how far it got too (it has no
    // --memo, so the line ends there).
    let (code, _, err) = run(
        &["analyze", "cram:5xN", "--upto", "8"],
        Some(Duration::from_millis(1500)),
        false,
    );
    assert_eq!(code, Some(130), "{err}");
    let (states, _, _) = counts(err.trim_end());
    assert!(states > 0 && !err.contains("--memo"), "{err}");

    // At --max-states: the bound's error, and the memo written.
    let bound = d.join("bound.db");
    let (code, _, err) = run(
        &[
            "value",
            "cram:5x7",
            "--memo",
            bound.to_str().unwrap(),
            "--max-states",
            "20000",
        ],
        None,
        false,
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--max-states"), "{err}");
    // The line says where the shapes are kept.
    let said = format!("the solved shapes are kept in {}", bound.display());
    assert!(err.contains(&said), "{err}");
    let kept = memo(&bound).len();
    assert!(kept > 1000 && kept < 20000, "{kept}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn memo_every_saves_the_shapes_while_the_search_runs_so_a_killed_run_resumes() {
    // 5 x 7 Cram runs some seconds: with --memo-every 1 its memo is on
    // disk within them; SIGKILL (no handler, no final save) then loses
    // only what came after the last save. Spawned directly (SIGINT is
    // not needed here, so no `env --default-signal` wrapper).
    let d = dir("every");
    let file = d.join("cram.db");
    let f = file.to_str().unwrap();
    let mut child = Command::new(cargo_bin("sprague"))
        .args(["value", "cram:5x7", "--memo", f, "--memo-every", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while !file.exists() && start.elapsed() < Duration::from_secs(120) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(file.exists(), "no memo saved within two minutes");
    assert!(running, "5x7 ended before its first save: nothing to show");
    // A whole memo (renamed into place), of exact values that serve 5 x 6.
    let kept = memo(&file).len() as u64;
    assert!(kept > 0);
    let (code, out, err) = run(&["value", "cram:5x6", "--memo", f, "--json"], None, false);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], 2, "{out}");
    let (known, _) = known_and_new(v["method"].as_str().unwrap());
    assert!(known >= kept, "{out}");

    // Without --memo there is nothing to save: said at once.
    let (code, _, err) = run(&["value", "cram:3x3", "--memo-every", "5"], None, false);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--memo <FILE>") && err.contains("required"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_ignored_sigint_stays_ignored() {
    run(&["value", "cram:5x7"], Some(Duration::from_millis(500)), true);
}

#[test]
fn a_terminal_sees_the_search_and_ctrl_c_at_it_stops_it() {
    if std::process::Command::new("tmux").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("SPRAGUE_SKIP_TMUX").is_some(),
            "tmux is missing, so the terminal cannot be checked: install it \
             (`.ci/test` does), or set SPRAGUE_SKIP_TMUX=1 to skip"
        );
        return;
    }
    let name = format!("sprague-interrupt-{}", std::process::id());
    let tmux = |args: &[&str]| {
        let out = Command::new("tmux").args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let cmd = format!(
        "SPRAGUE_PROGRESS_DELAY_MS=0 env --default-signal=INT {} value cram:5x7; echo exit $?; sleep 60",
        cargo_bin("sprague").display()
    );
    tmux(&["new-session", "-d", "-s", &name, "-x", "80", "-y", "24", &cmd]);
    let screen = || tmux(&["capture-pane", "-p", "-t", &name]);
    let wait_for = |what: &str| {
        for _ in 0..1200 {
            let s = screen();
            if s.contains(what) {
                return s;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        screen()
    };
    // The search's line: states, shapes, sums, memory, time, on one row.
    let seen = wait_for(" sums, ");
    let row = seen
        .lines()
        .find(|l| l.contains(" sums, "))
        .unwrap_or_default()
        .to_string();
    tmux(&["send-keys", "-t", &name, "C-c"]);
    let end = wait_for("exit ");
    tmux(&["kill-session", "-t", &name]);
    assert!(
        row.contains(" states: ") && row.contains(" shapes, ") && row.contains("iB"),
        "{seen}"
    );
    assert!(row.chars().count() <= 80, "{row}");
    assert!(end.contains("sprague: interrupted after "), "{end}");
    assert!(end.contains("exit 130"), "{end}");
}
