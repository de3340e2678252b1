//! `sprague survey --misere`: each code's misère quotient built heap by
//! heap to N, one JSON line a code, on every core; and the report of such
//! a file. As the normal survey does, only the main thread writes the file,
//! one whole line and a flush a code, and a run resumes: codes already in
//! the file are skipped and a torn last line is cut.

use super::files::target;
use crate::cli::{ReportFormat, SurveyArgs};
use anyhow::{bail, Context};
use sprague::pattern::{
    check_misere_resume, is_misere_survey, read_misere_survey, run_misere_code, write_misere_csv,
    write_misere_markdown, MisereRecord,
};
use sprague::rules::OctalCode;
use sprague::solve::QUOTIENT_MAX_HEAP;
use std::collections::HashSet;
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Runs `sprague survey --misere`.
pub fn run(a: &SurveyArgs, codes: Vec<OctalCode>, out: &mut dyn Write) -> anyhow::Result<()> {
    let Some(text) = a.upto.as_deref() else {
        bail!("a survey needs --upto N (or give --report FILE)");
    };
    let upto = match super::parse_upto(text)? {
        (n, None) if (1..=QUOTIENT_MAX_HEAP).contains(&n) => n,
        (n, None) => {
            bail!("--upto {n}: a misère survey builds each quotient to a heap from 1 to {QUOTIENT_MAX_HEAP}")
        }
        (_, Some(_)) => bail!("bad --upto `{text}`: a survey runs each code to one N"),
    };
    if a.max_order == 0 {
        bail!("--max-order 0: give the most elements a candidate quotient may have, at least 1");
    }
    let Some(path) = a.out.as_deref() else {
        bail!("a survey needs --out FILE (e.g. --out survey.jsonl): its records are appended there, one JSON line a code, and a run stopped midway resumes from it; --report FILE then prints the table");
    };
    let path = target(path, "--out")?;
    let (mut file, done) = open_out(&path, upto, a.max_order)?;
    let in_file: HashSet<String> = done.iter().map(|r| r.code.clone()).collect();
    let todo: Vec<&OctalCode> = codes
        .iter()
        .filter(|c| !in_file.contains(&c.to_string()))
        .collect();
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(todo.len().max(1));
    let limits = sprague::solve::Limits::default();
    let max_order = a.max_order;
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // The summary counts the codes asked for, not every record in the file.
    let asked: HashSet<String> = codes.iter().map(|c| c.to_string()).collect();
    let mut kinds: Vec<String> = done
        .iter()
        .filter(|r| asked.contains(&r.code))
        .map(|r| r.kind.clone())
        .collect();
    let mut failed: Vec<(String, sprague::Error)> = Vec::new();
    let mut written: Option<anyhow::Error> = None;
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel::<(usize, sprague::Result<MisereRecord>)>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, stop, todo, limits) = (&next, &stop, &todo, &limits);
            s.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(code) = todo.get(i) else { return };
                let result = run_misere_code(code, upto, max_order, limits.clone());
                if tx.send((i, result)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for (i, result) in rx {
            match result {
                Ok(record) if written.is_none() => {
                    let line = record.to_line() + "\n";
                    if let Err(e) = file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
                        written = Some(
                            anyhow::Error::new(e).context(format!("cannot write to `{}`", path.display())),
                        );
                        stop.store(true, Ordering::Relaxed);
                        continue;
                    }
                    kinds.push(record.kind);
                }
                Ok(_) => {}
                Err(e) => failed.push((todo[i].to_string(), e)),
            }
        }
    });
    if let Some(e) = written {
        return Err(e);
    }
    let _ = file.sync_data();
    let count = |k: &str| kinds.iter().filter(|x| *x == k).count();
    writeln!(
        out,
        "misère survey of {} code{} to N = {upto} in `{}`: {} tame, {} solved, {} open ({} run now in {:.1} s on {jobs} {}, {} already in the file)",
        codes.len(),
        if codes.len() == 1 { "" } else { "s" },
        path.display(),
        count("tame"),
        count("solved"),
        count("open"),
        todo.len() - failed.len(),
        start.elapsed().as_secs_f64(),
        if jobs == 1 { "thread" } else { "threads" },
        codes.len() - todo.len(),
    )?;
    if let Some((code, e)) = failed.into_iter().next() {
        return Err(
            anyhow::Error::new(e).context(format!("{code} was not written (run the survey again to retry)"))
        );
    }
    Ok(())
}

/// Opens (or creates) the survey file, locked, reads its records (all of
/// a survey to `upto` with `max_order`), cuts a torn last line and leaves
/// it positioned to append.
fn open_out(path: &Path, upto: u64, max_order: usize) -> anyhow::Result<(File, Vec<MisereRecord>)> {
    let shown = path.display();
    let (mut file, bytes) = super::survey::open_locked(path)?;
    if !bytes.is_empty() && !is_misere_survey(&bytes) {
        bail!("--out `{shown}` holds a normal-play survey; give another file for a misère one");
    }
    let done = read_misere_survey(&bytes, &shown.to_string())?;
    // Before anything is cut: a file of another survey is left as it is.
    check_misere_resume(&done, &shown.to_string(), upto, Some(max_order))?;
    let valid = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) as u64;
    file.set_len(valid)
        .with_context(|| format!("cannot cut the torn last line of `{shown}`"))?;
    file.seek(SeekFrom::Start(valid))
        .with_context(|| format!("cannot seek in `{shown}`"))?;
    Ok((file, done))
}

/// The report of a misère survey file's bytes, as Markdown or CSV.
pub fn report(bytes: &[u8], name: &Path, format: ReportFormat, text: &mut Vec<u8>) -> anyhow::Result<()> {
    let records = read_misere_survey(bytes, &name.display().to_string())?;
    if records.is_empty() {
        bail!("--report `{}`: the file holds no survey line", name.display());
    }
    match format {
        ReportFormat::Markdown => write_misere_markdown(&records, text)?,
        ReportFormat::Csv => write_misere_csv(&records, text)?,
    }
    Ok(())
}
