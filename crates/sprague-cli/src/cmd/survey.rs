//! `sprague survey`: many codes through the sequence engine, one JSON line
//! each, on every core; and `--report`, the table a paper prints.
//!
//! The library ([`sprague::pattern`]) runs one code and reads and formats
//! survey files; this module owns the threads, the file and the progress
//! bar. Each code runs on one thread of its own (the engine's helper
//! thread would only halve the cores left to other codes); the records
//! come back to the main thread, which alone writes the file: one whole
//! line and a flush per code, so that a survey killed at any moment leaves
//! whole lines and at worst a torn last one, which the next run drops
//! (cutting the file back to its last newline) before it appends. The file
//! is locked (the operating system's advisory lock, which ends with the
//! process) so that two surveys never append to one file.

use super::files::{atomic_write, sibling, target};
use crate::cli::{ReportFormat, SurveyArgs};
use anyhow::{bail, Context};
use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprague::pattern::{
    code_family, dedup_codes, is_misere_survey, parse_code, parse_codes, parse_record_code, read_survey,
    run_code_watched, write_survey_csv, write_survey_markdown, SurveyCounts, SurveyFile, SurveyRecord,
    SurveyRunState, SurveyStatus, SURVEY_MAX_UPTO,
};
use sprague::rules::OctalCode;
use std::collections::HashSet;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{IsTerminal, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// Runs `sprague survey`.
pub fn run(a: &SurveyArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    match &a.report {
        Some(file) => report(file, a.format, a.out.as_deref(), out),
        None => survey(a, out),
    }
}

/// The codes the command line names: arguments, a file, a family; each
/// game once, in that order.
fn codes(a: &SurveyArgs) -> anyhow::Result<Vec<OctalCode>> {
    let mut codes = Vec::new();
    for (i, text) in a.codes.iter().enumerate() {
        let code = parse_code(text)
            .map_err(|why| anyhow::anyhow!("bad code `{text}` (argument {}): {why}", i + 1))?;
        codes.push(code);
    }
    if let Some(file) = &a.file {
        let text = std::fs::File::open(file)
            .map_err(anyhow::Error::new)
            .and_then(super::read_bounded)
            .and_then(|b| String::from_utf8(b).map_err(|_| anyhow::anyhow!("it is not UTF-8 text")))
            .map_err(|e| anyhow::anyhow!("--file `{}`: cannot read it ({e})", file.display()))?;
        codes.extend(parse_codes(&text).with_context(|| format!("--file `{}`", file.display()))?);
    }
    if let Some(d) = a.digits {
        codes.extend(code_family(d, a.hex)?);
    }
    if codes.is_empty() {
        bail!("no codes to survey: give codes (0.77 hex:0.f …), --file FILE or --digits D");
    }
    Ok(dedup_codes(codes))
}

/// N of a survey: 1 to the engine's last heap.
fn upto(text: &str) -> anyhow::Result<u64> {
    match super::parse_upto(text)? {
        (n, None) if (1..=SURVEY_MAX_UPTO).contains(&n) => Ok(n),
        (0, None) => bail!("--upto 0: a survey computes g(0..=N) for some N ≥ 1"),
        (n, None) => bail!(
            "--upto {n} is too large for the sequence engine (at most {})",
            SURVEY_MAX_UPTO
        ),
        (_, Some(_)) => bail!("bad --upto `{text}`: a survey runs each code to one N"),
    }
}

fn survey(a: &SurveyArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    if a.misere {
        return super::misere_survey::run(a, codes(a)?, out);
    }
    let Some(text) = a.upto.as_deref() else {
        bail!("a survey needs --upto N (or give --report FILE)");
    };
    let upto = upto(text)?;
    let Some(path) = a.out.as_deref() else {
        bail!("a survey needs --out FILE (e.g. --out survey.jsonl): its records are appended there, one JSON line a code, and a run stopped midway resumes from it; --report FILE then prints the table");
    };
    let codes = codes(a)?;
    // The place is checked before anything runs: a directory where no file
    // can be made (read-only) is refused here, not at the first record.
    let path = target(path, "--out")?;
    let (mut file, done) = open_out(&path, upto)?;
    // Sets, not scans: a family and its file may hold 2^20 codes each.
    let in_file: HashSet<OctalCode> = done.codes().into_iter().collect();
    let todo: Vec<&OctalCode> = codes.iter().filter(|c| !in_file.contains(c)).collect();
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(todo.len().max(1));
    let mut counts = SurveyCounts::default();
    let wanted: HashSet<&OctalCode> = codes.iter().collect();
    for r in &done.records {
        if parse_record_code(&r.code).is_ok_and(|c| wanted.contains(&c)) {
            counts.add(r.status);
        }
    }
    let bar = Bar::new(codes.len() as u64, (codes.len() - todo.len()) as u64);
    bar.show(&counts);
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let simd = a.simd.into();
    let mut failed: Vec<(String, sprague::Error)> = Vec::new();
    let mut written: Option<anyhow::Error> = None;
    // What each thread runs now, for the bar.
    let running: Mutex<Vec<Option<Running>>> = Mutex::new(vec![None; jobs]);
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel::<(usize, sprague::Result<SurveyRecord>)>();
        for job in 0..jobs {
            let tx = tx.clone();
            let (next, stop, todo, running) = (&next, &stop, &todo, &running);
            let set = move |r: Option<Running>| {
                if let Ok(mut slots) = running.lock() {
                    slots[job] = r;
                }
            };
            s.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(code) = todo.get(i) else { return };
                let since = Instant::now();
                set(Some(Running {
                    code: i,
                    since,
                    state: SurveyRunState {
                        computed: 0,
                        dense: true,
                    },
                }));
                let watch = |state: SurveyRunState| {
                    set(Some(Running {
                        code: i,
                        since,
                        state,
                    }));
                    !stop.load(Ordering::Relaxed)
                };
                let result = run_code_watched(code, upto, simd, &watch);
                set(None);
                if tx.send((i, result)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        loop {
            let (i, result) = match rx.recv_timeout(Duration::from_millis(500)) {
                Ok(got) => got,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let slowest = running
                        .lock()
                        .ok()
                        .and_then(|r| r.iter().flatten().min_by_key(|r| r.since).copied());
                    bar.running(slowest.map(|r| (todo[r.code], r, upto)));
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            match result {
                Ok(record) => {
                    if written.is_none() {
                        // One write of the whole line, then a flush.
                        let line = record.to_line() + "\n";
                        if let Err(e) = file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
                            written = Some(
                                anyhow::Error::new(e)
                                    .context(format!("cannot write to `{}`", path.display())),
                            );
                            stop.store(true, Ordering::Relaxed);
                            continue;
                        }
                        counts.add(record.status);
                        bar.done(&counts);
                    }
                }
                Err(e) => {
                    if !stop.load(Ordering::Relaxed) {
                        failed.push((todo[i].to_string(), e));
                    }
                    bar.done(&counts);
                }
            }
        }
    });
    bar.finish();
    if let Some(e) = written {
        return Err(e);
    }
    let _ = file.sync_data();
    writeln!(
        out,
        "survey of {} code{} to N = {upto} in `{}`: {} ({} run now in {:.1} s on {jobs} {}, {} already in the file)",
        codes.len(),
        if codes.len() == 1 { "" } else { "s" },
        path.display(),
        SurveyStatus::ALL
            .iter()
            .map(|&s| format!("{} {s}", counts.get(s)))
            .collect::<Vec<_>>()
            .join(", "),
        todo.len() - failed.len(),
        start.elapsed().as_secs_f64(),
        if jobs == 1 { "thread" } else { "threads" },
        codes.len() - todo.len(),
    )?;
    let nfailed = failed.len();
    if let Some((code, e)) = failed.into_iter().next() {
        let what = match nfailed {
            1 => format!("{code} was"),
            n => format!("{n} codes were"),
        };
        return Err(anyhow::Error::new(e).context(format!(
            "{what} not written (run the survey again to retry); {code}"
        )));
    }
    Ok(())
}

/// Opens (or creates) a survey's `--out` file, locked against another
/// survey, and reads what it holds (normal and misère surveys alike).
pub(super) fn open_locked(path: &Path) -> anyhow::Result<(File, Vec<u8>)> {
    let shown = path.display();
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("--out `{shown}`: cannot open it"))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        bail!("--out `{shown}` is not a regular file");
    }
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            bail!("--out `{shown}` is in use by another sprague survey; wait for it to end or give another file")
        }
        Err(TryLockError::Error(e)) => {
            return Err(anyhow::Error::new(e).context(format!("--out `{shown}`: cannot lock it")))
        }
    }
    let bytes = super::read_bounded(&file).with_context(|| format!("cannot read `{shown}`"))?;
    Ok((file, bytes))
}

/// Opens (or creates) the survey file, locked, reads the records already
/// in it (all from a survey to `upto`), cuts a torn last line and leaves
/// the file positioned to append.
fn open_out(path: &Path, upto: u64) -> anyhow::Result<(File, SurveyFile)> {
    let shown = path.display();
    let (mut file, bytes) = open_locked(path)?;
    if is_misere_survey(&bytes) {
        anyhow::bail!("--out `{shown}` holds a misère survey; give another file for a normal-play one (or add --misere)");
    }
    let done = read_survey(&bytes, &shown.to_string(), Some(upto))?;
    if done.torn {
        // The line a killed survey was writing: dropped, and run again.
        file.set_len(done.valid_len)
            .with_context(|| format!("cannot cut the torn last line of `{shown}`"))?;
    }
    file.seek(SeekFrom::Start(done.valid_len))
        .with_context(|| format!("cannot seek in `{shown}`"))?;
    Ok((file, done))
}

/// `sprague survey --report FILE`: the table, to `-o` or stdout.
fn report(file: &Path, format: ReportFormat, to: Option<&Path>, out: &mut dyn Write) -> anyhow::Result<()> {
    // Where the table goes, checked first; the file there is replaced only
    // by a whole table.
    let to = to.map(|p| target(p, "-o")).transpose()?;
    let bytes = std::fs::File::open(file)
        .map_err(anyhow::Error::new)
        .and_then(super::read_bounded)
        .map_err(|e| anyhow::anyhow!("--report `{}`: cannot read it ({e})", file.display()))?;
    if is_misere_survey(&bytes) {
        let mut text = Vec::new();
        super::misere_survey::report(&bytes, file, format, &mut text)?;
        return match to {
            Some(path) => {
                let tmp = sibling(&path, &format!(".{}.tmp", std::process::id()));
                atomic_write(&path, &tmp, |w| w.write_all(&text))
            }
            None => Ok(out.write_all(&text)?),
        };
    }
    let read = read_survey(&bytes, &file.display().to_string(), None)?;
    if read.torn {
        eprintln!(
            "sprague: note: `{}` ends in a torn line (a survey stopped while writing it); it is left out",
            file.display()
        );
    }
    if read.records.is_empty() {
        bail!("--report `{}`: the file holds no survey line", file.display());
    }
    let mut text = Vec::new();
    match format {
        ReportFormat::Markdown => write_survey_markdown(&read.records, &mut text)?,
        ReportFormat::Csv => write_survey_csv(&read.records, &mut text)?,
    }
    match to {
        Some(path) => {
            // A name of this process's own: two reports to one file do
            // not write into one temporary.
            let tmp = sibling(&path, &format!(".{}.tmp", std::process::id()));
            atomic_write(&path, &tmp, |w| w.write_all(&text))?
        }
        None => out.write_all(&text)?,
    }
    Ok(())
}

/// A code being run, as the bar shows it.
#[derive(Clone, Copy, Debug)]
struct Running {
    /// Its index among the codes to run.
    code: usize,
    since: Instant,
    state: SurveyRunState,
}

/// The progress bar of a survey on stderr: codes done, proven and open,
/// and the code that has run longest of those running now, how far it is
/// and, when it runs dense, why it is slow; hidden unless stderr is a
/// terminal.
struct Bar(ProgressBar, std::cell::RefCell<String>);

impl Bar {
    fn new(len: u64, pos: u64) -> Bar {
        let bar = match std::io::stderr().is_terminal() {
            true => ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()),
            false => ProgressBar::hidden(),
        };
        if let Ok(style) = ProgressStyle::with_template(
            "{wide_bar} {pos}/{len} codes ({elapsed_precise}, ETA {eta})\n{wide_msg}",
        ) {
            bar.set_style(style);
        }
        bar.set_position(pos);
        Bar(bar, Default::default())
    }

    fn show(&self, c: &SurveyCounts) {
        *self.1.borrow_mut() = format!(
            "{} proven, {} observed, {} open",
            c.proven + c.trivial,
            c.observed,
            c.open
        );
        self.0.set_message(self.1.borrow().clone());
    }

    /// Adds the code that has run longest, once it has run two seconds.
    fn running(&self, slowest: Option<(&OctalCode, Running, u64)>) {
        let mut text = self.1.borrow().clone();
        if let Some((code, r, upto)) = slowest.filter(|(_, r, _)| r.since.elapsed() >= Duration::from_secs(2))
        {
            text += &format!(
                "; {code} for {}: {}/{} values{}",
                HumanDuration(r.since.elapsed()),
                HumanCount(r.state.computed),
                HumanCount(upto + 1),
                if r.state.dense {
                    ", dense (no rare/common split: time grows as N^2)"
                } else {
                    ""
                }
            );
        }
        self.0.set_message(text);
    }

    fn done(&self, c: &SurveyCounts) {
        self.0.inc(1);
        self.show(c);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}
