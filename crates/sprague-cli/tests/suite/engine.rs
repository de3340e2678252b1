//! The long-run path of `sprague table`: summaries, sequence files, and
//! checkpoints that survive `kill -9` and refuse to be misused.

use assert_cmd::Command;
use sprague::rules::{HeapMoves, OctalCode};
use sprague::solve::{read_sequence, Checksum};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn sprague() -> Command {
    Command::cargo_bin("sprague").unwrap()
}

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("sprague")
}

fn plain_octal(code: &str, upto: u64) -> Vec<u16> {
    let code = OctalCode::parse(code).unwrap();
    let mut t = Vec::new();
    sprague::solve::extend_dense(HeapMoves::Octal(&code), &mut t, upto, u64::MAX).unwrap();
    t.into_iter().map(|v| v as u16).collect()
}

fn json(out: &[u8]) -> serde_json::Value {
    serde_json::from_slice(out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(out)))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-engine-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn full_json_holds_every_value_and_the_documented_checksum() {
    let out = sprague()
        .args(["table", "octal:0.16", "--upto", "3000", "--full", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = json(&out);
    let want = plain_octal("0.16", 3000);
    let got: Vec<u16> = serde_json::from_value(v["values"].clone()).unwrap();
    assert_eq!(got, want);
    assert_eq!(v["checksum"], format!("{:016x}", Checksum::of(&want)));
    assert_eq!(v["last"], want[3000]);
}

#[test]
fn a_proven_period_stops_the_run_and_the_summary_says_so() {
    let out = sprague()
        .args(["table", "kayles", "--upto", "1000000", "--summary"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("period    12 from 71 (proven"), "{text}");
    assert!(text.contains("by the period"), "{text}");
    let out = sprague()
        .args(["table", "kayles", "--upto", "1000000", "--summary", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = json(&out);
    assert_eq!(v["period"]["period"], 12);
    assert!(v["computed"].as_u64().unwrap() < 1000);
}

#[test]
fn every_simd_level_gives_the_same_checksum_and_the_summary_says_what_ran() {
    let mut sums = Vec::new();
    for level in ["plain", "avx2", "avx512"] {
        for threads in ["1", "2"] {
            let args = [
                "table",
                "octal:0.6",
                "--upto",
                "30000",
                "--summary",
                "--json",
                "--simd",
                level,
                "--threads",
                threads,
            ];
            let v = json(&sprague().args(args).assert().success().get_output().stdout);
            // The level the CPU allows, up to the one asked for.
            let ran = v["simd"].as_str().unwrap().to_string();
            let order = ["plain", "avx2", "avx512"];
            let pos = |l: &str| order.iter().position(|&o| o == l).unwrap();
            assert!(pos(&ran) <= pos(level), "{level} ran as {ran}");
            assert_eq!(v["threads"].as_u64(), Some(threads.parse().unwrap()));
            assert_eq!(v["table_bytes"].as_u64(), Some(2 * 30001));
            #[cfg(target_os = "linux")]
            assert!(v["peak_resident_bytes"].as_u64().unwrap() >= 2 * 30001, "{v}");
            sums.push(v["checksum"].as_str().unwrap().to_string());
        }
    }
    sums.dedup();
    assert_eq!(sums.len(), 1, "{sums:?}");
    let text = String::from_utf8(
        sprague()
            .args([
                "table",
                "grundy",
                "--upto",
                "20000",
                "--summary",
                "--simd",
                "plain",
                "--threads",
                "1",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(text.contains("on 1 thread, plain"), "{text}");
    assert!(text.contains("MB at the end"), "{text}");
}

/// A plain `table` past the dense engine's reach still prints every value,
/// computed by the sequence engine, exactly as the dense engine would.
#[test]
fn plain_tables_list_values_from_either_engine() {
    let parse = |args: &[&str]| -> Vec<u64> {
        let out = sprague()
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        json(&out)["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect()
    };
    let fast = parse(&["table", "octal:0.16", "--upto", "120000", "--json"]);
    let plain = parse(&["table", "octal:0.16", "--upto", "99999", "--json"]);
    assert_eq!(fast.len(), 120_001);
    assert_eq!(&fast[..100_000], &plain[..]);
}

#[test]
fn out_writes_the_sequence_file() {
    let path = tmp("seq.bin");
    sprague()
        .args(["table", "octal:0.6", "--upto", "2000", "--out"])
        .arg(&path)
        .assert()
        .success();
    let f = read_sequence(std::fs::File::open(&path).unwrap(), "seq.bin").unwrap();
    assert_eq!(f.spec, "octal:0.6");
    assert_eq!(f.values, plain_octal("0.6", 2000));
    assert!(!tmp_sibling(&path).exists());
}

fn tmp_sibling(p: &Path) -> PathBuf {
    let mut s = p.as_os_str().to_os_string();
    s.push(".tmp");
    PathBuf::from(s)
}

fn run_json(args: &[&str], checkpoint: Option<&Path>) -> serde_json::Value {
    let mut c = sprague();
    c.args(args).arg("--json");
    if let Some(p) = checkpoint {
        c.arg("--checkpoint").arg(p);
    }
    json(&c.assert().success().get_output().stdout)
}

/// Runs `args` whole, then twice killed with SIGKILL after its first
/// checkpoint, at the given fractions of the whole run's time (so that the
/// kill lands mid-run on a slow machine and on a fast one), and run again:
/// the results agree. Returns the largest checkpoint file seen.
fn kill_and_resume(args: &[&str], tag: &str, fractions: [f64; 2]) -> u64 {
    let t = Instant::now();
    let whole = run_json(args, None);
    let whole_time = t.elapsed();
    let mut resumed_once = false;
    let mut largest = 0;
    for (i, fraction) in fractions.into_iter().enumerate() {
        let ck = tmp(&format!("kill-{tag}-{i}.ckpt"));
        let start = Instant::now();
        let mut child = std::process::Command::new(bin())
            .args(args)
            .args(["--checkpoint-every", "0.02", "--checkpoint"])
            .arg(&ck)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the first checkpoint and for the moment chosen, then
        // kill -9.
        while !ck.exists() && start.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let at = whole_time.mul_f64(fraction);
        if let Some(left) = at.checked_sub(start.elapsed()) {
            std::thread::sleep(left);
        }
        let finished = child.try_wait().unwrap().is_some();
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        assert!(ck.exists());
        largest = largest.max(std::fs::metadata(&ck).unwrap().len());
        let resumed = run_json(args, Some(&ck));
        if !finished {
            assert!(resumed["resumed_from"].as_u64().unwrap() > 1, "{resumed}");
            resumed_once = true;
        }
        for key in ["checksum", "last", "largest", "computed", "values", "period"] {
            assert_eq!(
                resumed[key], whole[key],
                "{key} after a kill at {fraction} of the run"
            );
        }
    }
    assert!(
        resumed_once,
        "every run finished before it could be killed (the whole run took {whole_time:?})"
    );
    largest
}

#[test]
fn a_run_killed_with_sigkill_resumes_to_the_same_result() {
    kill_and_resume(
        &["table", "octal:0.6", "--upto", "1000000", "--full"],
        "0.6",
        [0.4, 0.75],
    );
}

#[test]
fn a_folded_run_checkpoints_little_and_resumes_to_the_same_result() {
    // 0.77 proves its period with 180 values; a full run then folds its table
    // (o + p + 65536 values) and checkpoints only that.
    let upto = 3_000_000u64;
    let args = ["table", "octal:0.77", "--upto", "3000000", "--full"];
    let largest = kill_and_resume(&args, "0.77", [0.4, 0.75]);
    assert!(largest < 400_000, "a checkpoint of {largest} bytes is not folded");
    // Every value, written out, is what the period gives.
    let path = tmp("folded.bin");
    sprague().args(args).arg("--out").arg(&path).assert().success();
    let f = read_sequence(std::fs::File::open(&path).unwrap(), "folded.bin").unwrap();
    assert_eq!(f.values.len() as u64, upto + 1);
    let plain = plain_octal("0.77", 1000);
    for (n, &v) in f.values.iter().enumerate() {
        let m = if n < 1000 { n } else { 71 + (n - 71) % 12 };
        assert_eq!(v, plain[m], "g({n})");
    }
}

#[test]
fn bad_checkpoints_are_refused_with_one_line() {
    let ck = tmp("bad.ckpt");
    let args = ["table", "octal:0.6", "--upto", "5000", "--checkpoint"];
    sprague().args(args).arg(&ck).assert().success();
    let good = std::fs::read(&ck).unwrap();
    let refuse = |args: &[&str], needle: &str| {
        let out = sprague()
            .args(args)
            .arg(&ck)
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("sprague: error: "), "{err}");
        assert!(err.contains(needle), "{err} lacks {needle}");
        assert_eq!(err.lines().count(), 1, "{err}");
    };
    // Another game, another N, another --full.
    refuse(
        &["table", "octal:0.16", "--upto", "5000", "--checkpoint"],
        "is for `octal:0.6`",
    );
    refuse(
        &["table", "octal:0.6", "--upto", "6000", "--checkpoint"],
        "a run to N = 5000, not 6000; remove it or pick another file (N is --upto)",
    );
    refuse(
        &["table", "octal:0.6", "--upto", "5000", "--full", "--checkpoint"],
        "stops at a proven period; resume it with the same settings (that is --full)",
    );
    // A flipped byte, a truncated file, garbage.
    let mut bad = good.clone();
    bad[200] ^= 0x10;
    std::fs::write(&ck, &bad).unwrap();
    refuse(&args, "checksum mismatch");
    std::fs::write(&ck, &good[..good.len() / 2]).unwrap();
    refuse(&args, "truncated");
    std::fs::write(&ck, b"hello").unwrap();
    refuse(&args, "truncated");
    std::fs::write(&ck, b"not a checkpoint at all, really").unwrap();
    refuse(&args, "bad magic");
    // A flag this version does not know (the flags word is at byte 12).
    let mut bad = good.clone();
    bad[12] |= 2;
    std::fs::write(&ck, &bad).unwrap();
    refuse(&args, "unknown flags");
    // The good one still works.
    std::fs::write(&ck, &good).unwrap();
    sprague().args(args).arg(&ck).assert().success();
}

#[test]
fn long_run_flags_need_a_game_the_engine_computes() {
    let out = sprague()
        .args(["table", "nim", "--upto", "10", "--full"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("octal codes and Grundy's game only"), "{err}");
}

/// Runs `args`, expecting exit code 2 and one line on stderr containing
/// `needle`, quickly (before any long computing).
fn refused(args: &[&str], needle: &str) {
    let t = Instant::now();
    let out = sprague().args(args).assert().code(2).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("sprague: error: ") && err.contains(needle),
        "{err} lacks {needle}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        t.elapsed() < Duration::from_secs(20),
        "refused only after {:?}",
        t.elapsed()
    );
}

#[test]
fn output_paths_are_checked_before_the_run() {
    // Long runs (tens of seconds) that must be refused at once.
    let long = ["table", "grundy", "--upto", "60000000", "--summary"];
    let dir = tmp("a-directory");
    std::fs::create_dir_all(&dir).unwrap();
    let dir = dir.to_str().unwrap();
    refused(&[&long[..], &["--out", dir]].concat(), "is not a regular file");
    refused(
        &[&long[..], &["--checkpoint", dir]].concat(),
        "is not a regular file",
    );
    refused(
        &[&long[..], &["--out", "/dev/null"]].concat(),
        "is not a regular file",
    );
    refused(
        &[&long[..], &["--out", "/nonexistent-dir/x.sgv"]].concat(),
        "cannot write there",
    );
    let same = tmp("same.f");
    let same = same.to_str().unwrap();
    refused(
        &[&long[..], &["--out", same, "--checkpoint", same]].concat(),
        "name the same file",
    );
    // The same file by another name.
    let sub = tmp("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let again = sub.join("..").join("same.f");
    refused(
        &[
            &long[..],
            &["--out", again.to_str().unwrap(), "--checkpoint", same],
        ]
        .concat(),
        "name the same file",
    );
    // The checkpoint's lock and temporary are the run's own.
    for (suffix, what) in [(".lock", "the lock file"), (".tmp", "the temporary file")] {
        let own = format!("{same}{suffix}");
        refused(
            &[&long[..], &["--out", &own, "--checkpoint", same]].concat(),
            what,
        );
    }
    refused(
        &[&long[..], &["--checkpoint", same, "--checkpoint-every", "1e20"]].concat(),
        "invalid value '1e20' for '--checkpoint-every",
    );
    refused(&[&long[..], &["--out", "x/"]].concat(), "give a file name");
}

#[cfg(unix)]
#[test]
fn links_are_followed_to_the_end_and_loops_refused() {
    let (a, b, c) = (tmp("chain-a"), tmp("chain-b"), tmp("chain-c"));
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&c, &b).unwrap();
    sprague()
        .args(["table", "octal:0.6", "--upto", "500", "--out"])
        .arg(&a)
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(&b).unwrap().file_type().is_symlink());
    assert!(std::fs::metadata(&c).unwrap().is_file());
    let (x, y) = (tmp("loop-x"), tmp("loop-y"));
    std::os::unix::fs::symlink(&y, &x).unwrap();
    std::os::unix::fs::symlink(&x, &y).unwrap();
    refused(
        &[
            "table",
            "grundy",
            "--upto",
            "60000000",
            "--summary",
            "--out",
            x.to_str().unwrap(),
        ],
        "too many levels of symbolic links",
    );
}

#[cfg(unix)]
#[test]
fn out_through_a_symbolic_link_writes_its_target() {
    let target = tmp("link-target.sgv");
    let link = tmp("link.sgv");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    sprague()
        .args(["table", "octal:0.6", "--upto", "2000", "--out"])
        .arg(&link)
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let f = read_sequence(std::fs::File::open(&target).unwrap(), "link-target.sgv").unwrap();
    assert_eq!(f.values, plain_octal("0.6", 2000));
}

#[test]
fn a_checkpoint_in_use_by_another_run_is_refused_and_freed_at_the_end() {
    let ck = tmp("in-use.ckpt");
    let lock = ck.with_file_name("in-use.ckpt.lock");
    let args = ["table", "grundy", "--upto", "60000000", "--checkpoint"];
    let mut first = std::process::Command::new(bin())
        .args(args)
        .arg(&ck)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    // The pid is written once the lock is held.
    let held = || std::fs::read(&lock).is_ok_and(|b| !b.is_empty());
    while !held() && t.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let second = [&args[..], &[ck.to_str().unwrap()]].concat();
    refused(&second, "is in use by another sprague run");
    first.kill().unwrap();
    first.wait().unwrap();
    // A killed run's lock ends with it: the checkpoint can be used again,
    // and a run that ends removes its lock file.
    let _ = std::fs::remove_file(&ck);
    let done = run_json(&["table", "octal:0.6", "--upto", "3000"], Some(&ck));
    assert_eq!(done["computed"], 3001);
    assert!(!lock.exists());
}

/// Runs `sprague ARGS` under an address-space limit of `kib` KiB.
#[cfg(target_os = "linux")]
fn limited(kib: u64, args: &[&str]) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(r#"ulimit -v {kib} && exec "$0" "$@""#))
        .arg(bin())
        .args(args)
        .output()
        .unwrap()
}

/// The smallest address-space limit, in whole MiB (as KiB), under which
/// this build of `sprague` loads and computes a small table: it depends on
/// the binary's size (a debug build maps far more than a release one).
#[cfg(target_os = "linux")]
fn smallest_working_limit() -> u64 {
    let works = |mib: u64| {
        limited(mib << 10, &["table", "octal:0.6", "--upto", "1000", "--summary"])
            .status
            .success()
    };
    let (mut lo, mut hi) = (1u64, 1024u64);
    assert!(works(hi), "sprague does not run in 1 GiB of address space");
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if works(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi << 10
}

#[cfg(target_os = "linux")]
#[test]
fn a_run_refused_memory_stops_with_its_checkpoint_saved_and_resumes() {
    let ck = tmp("refused-memory.ckpt");
    let args = ["table", "octal:0.6", "--upto", "10000000", "--summary"];
    // 12 MiB above what the binary itself needs: the table (2 bytes a
    // value, 20 MB whole) cannot double past a few million values.
    let kib = smallest_working_limit() + (12 << 10);
    let ck_arg = ck.to_str().unwrap();
    let out = limited(
        kib,
        &[&args[..], &["--threads", "1", "--checkpoint", ck_arg]].concat(),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("sprague: error: stopped at g(") && err.contains("the checkpoint is saved"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let resumed = run_json(&args, Some(&ck));
    assert!(resumed["resumed_from"].as_u64().unwrap() > 1_000_000, "{resumed}");
    let whole = run_json(&args, None);
    assert_eq!(resumed["checksum"], whole["checksum"]);
}
