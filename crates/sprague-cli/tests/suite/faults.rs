//! Faults (Linux): a full disk, a read-only directory and SIGKILL at random
//! moments, for every command that writes a file.
//!
//! - A full disk is `ulimit -f K` with SIGXFSZ ignored (inherited through
//!   `exec`): a write past K KiB fails with EFBIG, as one on a full disk
//!   fails with ENOSPC. The run fails with one line and exit code 1 (an I/O
//!   error), the good file there is left byte for byte and no temporary is
//!   left beside it.
//! - A read-only directory is `chmod 555`, or, where that does not stop the
//!   user (root), a read-only bind mount in a mount namespace of the run's
//!   own (`unshare -m`). Where neither can be made the test fails, unless
//!   `SPRAGUE_SKIP_FAULTS` is set (a machine known to allow neither): then
//!   it says on stderr what it did not check.
//! - Kills land at offsets drawn from a seeded generator (the seed is
//!   printed; `SPRAGUE_FAULT_SEED=N` repeats a run); every killed run is
//!   resumed, and every finished one matches an uncut run.

use sprague::pattern::{read_survey, SurveyRecord};
use std::collections::{BTreeMap, BTreeSet};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("sprague")
}

/// A fresh directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-faults-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs sprague in `dir` (relative paths there).
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(bin()).args(args).current_dir(dir).output().unwrap()
}

fn ok(dir: &Path, args: &[&str]) -> Output {
    let out = run(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs sprague in `dir` with files limited to `kib` KiB: writes past it
/// fail with EFBIG, as on a full disk.
fn full_disk(dir: &Path, kib: u64, args: &[&str]) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(r#"trap '' XFSZ; ulimit -f "$0" && exec "$@""#)
        .arg(kib.to_string())
        .arg(bin())
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// The names in `dir`.
fn listing(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// A failed run: exit code `code`, one line on stderr that names `file`.
fn failed(out: &Output, code: i32, file: &str, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{what}: {err}");
    assert!(err.starts_with("sprague: error: "), "{what}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{what}: not one line: {err}");
    assert!(
        err.contains(file),
        "{what}: the error does not name `{file}`: {err}"
    );
}

/// One writer under a full disk: `good` is in place (made by `setup`),
/// `args` fail to replace it; it is left byte for byte (and the same file),
/// and the directory holds what it held.
fn keeps_the_good_file(name: &str, setup: &[&[&str]], good: &str, kib: u64, args: &[&str]) -> PathBuf {
    use std::os::unix::fs::MetadataExt;
    let dir = scratch(name);
    for s in setup {
        ok(&dir, s);
    }
    let before = std::fs::read(dir.join(good)).unwrap();
    let inode = std::fs::metadata(dir.join(good)).unwrap().ino();
    let names = listing(&dir);
    let out = full_disk(&dir, kib, args);
    failed(&out, 1, good, name);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("File too large"),
        "{name}: not the full-disk error: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::read(dir.join(good)).unwrap() == before,
        "{name}: `{good}` changed"
    );
    assert_eq!(
        std::fs::metadata(dir.join(good)).unwrap().ino(),
        inode,
        "{name}: `{good}` replaced"
    );
    assert_eq!(listing(&dir), names, "{name}: files left behind");
    dir
}

#[test]
fn a_full_disk_leaves_the_sequence_file_and_the_checkpoint_as_they_were() {
    // --out: a good file of a shorter run; the new one (40 KB) does not fit.
    keeps_the_good_file(
        "out",
        &[&["table", "octal:0.16", "--upto", "2000", "--out", "g.seq"]],
        "g.seq",
        16,
        &[
            "table",
            "octal:0.16",
            "--upto",
            "20000",
            "--full",
            "--out",
            "g.seq",
        ],
    );
    // --checkpoint: a finished run's checkpoint, saved again at the end.
    let args = [
        "table",
        "octal:0.16",
        "--upto",
        "20000",
        "--full",
        "--checkpoint",
        "g.ckpt",
        "--out",
        "g.seq",
    ];
    let dir = keeps_the_good_file("checkpoint", &[&args], "g.ckpt", 32, &args);
    // And from nothing: the run fails, then resumes to the uncut result.
    let fresh = scratch("checkpoint-fresh");
    let out = full_disk(&fresh, 24, &args);
    failed(&out, 1, "g.", "checkpoint from nothing");
    assert!(!fresh.join("g.seq").exists());
    ok(&fresh, &args);
    assert!(std::fs::read(fresh.join("g.seq")).unwrap() == std::fs::read(dir.join("g.seq")).unwrap());
    assert_eq!(listing(&fresh), listing(&dir));
}

#[test]
fn a_full_disk_leaves_a_plot_as_it_was() {
    for (name, file, args) in [
        (
            "plot-png",
            "p.png",
            vec!["plot", "grundy", "--upto", "60", "-o", "p.png"],
        ),
        (
            "plot-svg",
            "p.svg",
            vec!["plot", "grundy", "--upto", "60", "-o", "p.svg"],
        ),
        (
            "plot-skill",
            "p.svg",
            vec!["plot", "nim", "3", "--skill-curve", "-o", "p.svg"],
        ),
    ] {
        // The good file: a small picture (an SVG without text is small,
        // so the limit is what it takes plus 1 KiB).
        let setup: Vec<&str> = ["plot", "octal:0.07", "--upto", "4", "-o", file].to_vec();
        let probe = scratch(name);
        ok(&probe, &setup);
        let kib = std::fs::metadata(probe.join(file)).unwrap().len() / 1024 + 1;
        keeps_the_good_file(name, &[&setup], file, kib, &args);
    }
}

#[test]
fn a_full_disk_leaves_a_report_as_it_was_and_a_survey_resumes() {
    let codes = ["0.07", "0.137", "0.77", "0.4", "0.51", "0.16", "0.6", "0.5"];
    let more = ["0.45", "0.71", "0.35", "0.26", "0.37", "0.75", "0.156", "0.165"];
    let survey = |codes: &[&str], file: &'static str| -> Vec<String> {
        let mut a: Vec<String> = ["survey", "--upto", "3000", "--jobs", "1", "--out", file]
            .map(String::from)
            .to_vec();
        a.extend(codes.iter().map(|c| c.to_string()));
        a
    };
    let all: Vec<&str> = codes.iter().chain(&more).copied().collect();
    let first = survey(&codes, "s.jsonl");
    let first: Vec<&str> = first.iter().map(String::as_str).collect();
    // --report -o: nothing fits.
    keeps_the_good_file(
        "report",
        &[&first, &["survey", "--report", "s.jsonl", "-o", "r.md"]],
        "r.md",
        0,
        &["survey", "--report", "s.jsonl", "--format", "csv", "-o", "r.md"],
    );
    // --out: the file grows by whole lines and at most a torn last one;
    // the next run resumes to the records of an uncut survey.
    let whole = scratch("survey-whole");
    let all_args = survey(&all, "s.jsonl");
    let all_args: Vec<&str> = all_args.iter().map(String::as_str).collect();
    ok(&whole, &all_args);
    let dir = scratch("survey-out");
    ok(&dir, &first);
    let before = std::fs::read(dir.join("s.jsonl")).unwrap();
    let kib = before.len() as u64 / 1024 + 1;
    let out = full_disk(&dir, kib, &all_args);
    failed(&out, 1, "s.jsonl", "survey --out");
    let after = std::fs::read(dir.join("s.jsonl")).unwrap();
    assert!(
        after.starts_with(&before),
        "survey --out: the records in place changed"
    );
    assert!(after.len() > before.len(), "the limit was not reached mid-survey");
    assert_eq!(listing(&dir), BTreeSet::from(["s.jsonl".to_string()]));
    ok(&dir, &all_args);
    assert_eq!(records(&dir.join("s.jsonl")), records(&whole.join("s.jsonl")));
}

/// The records of a survey file by code, without their times; whole
/// lines, each code once.
fn records(file: &Path) -> BTreeMap<String, SurveyRecord> {
    let bytes = std::fs::read(file).unwrap();
    let f = read_survey(&bytes, &file.display().to_string(), None).unwrap();
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

/// How `dir` is made read-only for a run, found once.
enum ReadOnly {
    Chmod,
    BindMount,
    Cannot(String),
}

fn read_only_mechanism() -> &'static ReadOnly {
    use std::os::unix::fs::PermissionsExt;
    static HOW: std::sync::OnceLock<ReadOnly> = std::sync::OnceLock::new();
    HOW.get_or_init(|| {
        let dir = scratch("ro-probe");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
        let writable = std::fs::write(dir.join("x"), b"").is_ok();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        if !writable {
            eprintln!("read-only directory: chmod 555");
            return ReadOnly::Chmod;
        }
        // chmod does not stop this user (root): a read-only bind mount.
        let ro = Command::new("unshare")
            .args(["-m", "sh", "-c"])
            .arg(r#"mount --bind -o ro "$0" "$0" && ! touch "$0/y" 2>/dev/null"#)
            .arg(&dir)
            .stderr(Stdio::piped())
            .output();
        match ro {
            Ok(o) if o.status.success() && !dir.join("y").exists() => {
                eprintln!("read-only directory: chmod 555 does not stop this user; a read-only bind mount");
                ReadOnly::BindMount
            }
            Ok(o) => ReadOnly::Cannot(format!(
                "chmod 555 does not stop this user (root?) and `unshare -m` + `mount --bind -o ro` failed: {}",
                String::from_utf8_lossy(&o.stderr).trim()
            )),
            Err(e) => ReadOnly::Cannot(format!(
                "chmod 555 does not stop this user (root?) and `unshare` cannot be run: {e}"
            )),
        }
    })
}

/// Runs sprague in `dir` made read-only; `None` (said on stderr) where
/// that cannot be made.
fn read_only(dir: &Path, args: &[&str]) -> Option<Output> {
    use std::os::unix::fs::PermissionsExt;
    match read_only_mechanism() {
        ReadOnly::Chmod => {
            /// Makes the directory writable again, also when the run panics.
            struct Writable<'a>(&'a Path);
            impl Drop for Writable<'_> {
                fn drop(&mut self) {
                    let _ = std::fs::set_permissions(self.0, std::fs::Permissions::from_mode(0o755));
                }
            }
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
            let _writable = Writable(dir);
            Some(run(dir, args))
        }
        ReadOnly::BindMount => Some(
            Command::new("unshare")
                .args(["-m", "sh", "-c"])
                .arg(r#"mount --bind -o ro "$0" "$0" && cd "$0" && exec "$@""#)
                .arg(dir)
                .arg(bin())
                .args(args)
                .output()
                .unwrap(),
        ),
        ReadOnly::Cannot(why) => {
            if std::env::var_os("SPRAGUE_SKIP_FAULTS").is_none() {
                panic!(
                    "cannot make a read-only directory: {why} \
                     (set SPRAGUE_SKIP_FAULTS=1 to skip this check on such a machine)"
                );
            }
            eprintln!("SKIPPED (SPRAGUE_SKIP_FAULTS): a read-only directory: {why}");
            None
        }
    }
}

#[test]
fn a_read_only_directory_is_refused_before_computing_and_its_files_kept() {
    let dir = scratch("read-only");
    let table = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut a = vec!["table", "octal:0.16", "--full"];
        a.extend(extra);
        a
    };
    let setup: Vec<Vec<&str>> = vec![
        table(&["--upto", "3000", "--checkpoint", "g.ckpt", "--out", "g.seq"]),
        vec!["plot", "grundy", "--upto", "30", "-o", "p.png"],
        vec!["survey", "0.07", "0.77", "--upto", "1000", "--out", "s.jsonl"],
        vec!["survey", "--report", "s.jsonl", "-o", "r.md"],
    ];
    for s in &setup {
        ok(&dir, s);
    }
    let files: Vec<(String, Vec<u8>)> = listing(&dir)
        .into_iter()
        .map(|n| (n.clone(), std::fs::read(dir.join(&n)).unwrap()))
        .collect();
    for (file, args) in [
        ("g.seq", table(&["--upto", "4000", "--out", "g.seq"])),
        ("g.ckpt", table(&["--upto", "3000", "--checkpoint", "g.ckpt"])),
        ("p.png", vec!["plot", "grundy", "--upto", "40", "-o", "p.png"]),
        (
            "r.md",
            vec!["survey", "--report", "s.jsonl", "--format", "csv", "-o", "r.md"],
        ),
        (
            "s.jsonl",
            vec!["survey", "0.16", "--upto", "1000", "--out", "s.jsonl"],
        ),
    ] {
        let Some(out) = read_only(&dir, &args) else {
            return;
        };
        // Refused before any computing: bad input (exit code 2), nothing
        // on stdout.
        failed(&out, 2, file, file);
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("cannot write there"),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{file}: computed before refusing");
        for (name, bytes) in &files {
            assert!(&std::fs::read(dir.join(name)).unwrap() == bytes, "{name} changed");
        }
        assert_eq!(listing(&dir), files.iter().map(|f| f.0.clone()).collect());
    }
}

/// splitmix64: a small seeded generator, so that a failing run repeats.
struct Rng(u64);

impl Rng {
    fn seeded() -> Rng {
        let seed = std::env::var("SPRAGUE_FAULT_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
            });
        eprintln!("fault seed {seed} (SPRAGUE_FAULT_SEED={seed} repeats it)");
        Rng(seed)
    }

    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Kills `args` (run in a fresh `dir`) `kills` times with SIGKILL at
/// offsets uniform over the uncut run's time, each killed run resumed by
/// the next; when a run finishes, `same` compares its files with the
/// uncut run's (in `whole`) and the next run starts afresh. Returns the
/// runs compared.
fn kill_loop(name: &str, args: &[&str], kills: usize, same: impl Fn(&Path, &Path)) -> usize {
    let whole = scratch(&format!("{name}-whole"));
    let t = Instant::now();
    ok(&whole, args);
    let uncut = t.elapsed();
    let mut rng = Rng::seeded();
    let dir = scratch(name);
    let (mut killed, mut compared) = (0, 0);
    while killed < kills {
        let mut child = Command::new(bin())
            .args(args)
            .current_dir(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let at = uncut.mul_f64(rng.unit());
        let start = Instant::now();
        while start.elapsed() < at && child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(1).min(at.saturating_sub(start.elapsed())));
        }
        let _ = child.kill();
        let status = child.wait().unwrap();
        match status.signal() {
            Some(9) => killed += 1,
            _ => {
                assert!(
                    status.success(),
                    "{name}: a run failed ({status}) after {killed} kills"
                );
                same(&dir, &whole);
                compared += 1;
                std::fs::remove_dir_all(&dir).unwrap();
                std::fs::create_dir_all(&dir).unwrap();
            }
        }
    }
    // The last killed run, resumed to the end.
    ok(&dir, args);
    same(&dir, &whole);
    compared + 1
}

#[test]
fn runs_killed_at_random_moments_resume_to_the_uncut_result() {
    let table = [
        "table",
        "octal:0.16",
        "--upto",
        "2000000",
        "--full",
        "--checkpoint-every",
        "0.05",
        "--checkpoint",
        "g.ckpt",
        "--out",
        "g.seq",
    ];
    let compared = kill_loop("kill-table", &table, 10, |dir, whole| {
        assert!(
            std::fs::read(dir.join("g.seq")).unwrap() == std::fs::read(whole.join("g.seq")).unwrap(),
            "g.seq differs from the uncut run's"
        );
        // A run killed while it wrote --out leaves its `g.seq.PID.tmp`
        // (documented: sprague cannot tell a dead run's from a live one's
        // on another machine); nothing else is left.
        let stale = |n: &String| {
            n.strip_prefix("g.seq.")
                .and_then(|r| r.strip_suffix(".tmp"))
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        };
        let left: BTreeSet<String> = listing(dir).into_iter().filter(|n| !stale(n)).collect();
        assert_eq!(left, listing(whole), "files left behind");
    });
    eprintln!("table: 10 kills, {compared} runs finished, all identical to the uncut one");
    let mut survey = vec!["survey", "--upto", "100000", "--jobs", "2", "--out", "s.jsonl"];
    survey.extend([
        "0.07", "0.137", "0.77", "0.4", "0.51", "0.16", "0.6", "0.5", "0.45", "0.71", "0.35", "0.26",
    ]);
    let compared = kill_loop("kill-survey", &survey, 10, |dir, whole| {
        assert_eq!(records(&dir.join("s.jsonl")), records(&whole.join("s.jsonl")));
        assert_eq!(listing(dir), listing(whole), "files left behind");
    });
    eprintln!("survey: 10 kills, {compared} runs finished, all identical to the uncut one");
}
