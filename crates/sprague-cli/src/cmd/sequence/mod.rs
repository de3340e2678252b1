//! Long sequence runs: `sprague table` on octal codes and Grundy's game with
//! `--checkpoint`, `--out`, `--full`, or a large N.
//!
//! The library's sequence engine ([`sprague::solve::Engine`]) does the
//! computing and defines the file formats; this module owns the files
//! (atomic replace: temp file, fsync, rename, fsync of the directory), the
//! progress bar, and the summary.

pub(crate) mod progress;

use super::files::{atomic_write, identity, sibling, target, RunLock};
use crate::cli::TableArgs;
use anyhow::{bail, Context};
use serde::Serialize;
use sprague::solve::{
    checksum_upto_with, read_checkpoint, write_checkpoint, write_sequence, Engine, EnginePeriod,
    EngineStatus, SeqGame, Tuning,
};
use std::fs::File;
use std::io::{BufReader, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// A long run, decided from the command line.
pub struct LongRun {
    game: SeqGame,
    upto: u64,
}

/// Whether `table` should run the sequence engine as a long run: `Some`
/// when a long-run flag is given (an error if the game is not one the
/// engine computes). A plain `table` goes to the library's
/// [`sprague::report::heap_values`], which picks the engine itself.
pub fn wanted(a: &TableArgs) -> anyhow::Result<Option<LongRun>> {
    let l = &a.long_run;
    let flagged = l.checkpoint.is_some() || l.out.is_some() || l.full || l.summary;
    if !flagged {
        return Ok(None);
    }
    if sprague::rules::is_family(&a.spec) {
        // A family that is a heap game's heaps (`node-kayles:path:N`)
        // names the game to ask instead.
        let instead = match super::load_line(&a.spec, a.limits.script_limits()) {
            Ok(sprague::report::Line::Family(f)) => f.heap_game().map(|(g, _)| {
                format!(
                    ": its members are heaps of `{0}`, so ask that game (`sprague table {0} --upto N --summary`)",
                    g.spec()
                )
            }),
            _ => None,
        };
        bail!(
            "--checkpoint, --out, --full and --summary work for octal codes and Grundy's game only, not along a family of boards (`{}`){}",
            a.spec,
            instead.unwrap_or_default()
        );
    }
    let game = super::load_game(&a.spec, a.limits.script_limits())?;
    match SeqGame::from_game(&game) {
        None => bail!(
            "--checkpoint, --out, --full and --summary work for octal codes and Grundy's game only, not `{}`",
            a.spec
        ),
        Some(game) => Ok(Some(LongRun {
            game,
            upto: parse_upto(&a.upto)?,
        })),
    }
}

/// The engine's tuning from `--threads` and `--simd` (the library's
/// choice for this machine where they are not given).
pub fn tuning(l: &crate::cli::LongRunArgs) -> Tuning {
    let base = Tuning::for_this_machine();
    Tuning {
        threads: l.threads.unwrap_or(base.threads),
        simd: l.simd.into(),
        ..base
    }
}

/// N of a long run: one number (see [`super::parse_upto`]).
fn parse_upto(text: &str) -> anyhow::Result<u64> {
    match super::parse_upto(text)? {
        (n, None) => Ok(n),
        (_, Some(_)) => bail!(
            "bad --upto `{text}`: long runs (--summary, --checkpoint, --out, --full) compute g(0..=N) of \
             an octal code or Grundy's game; give one N"
        ),
    }
}

/// The summary of a run, as printed with `--json`.
#[derive(Serialize)]
struct Summary<'a> {
    spec: String,
    upto: u64,
    computed: u64,
    last: u16,
    largest: u16,
    rare_positions: u64,
    mask: u16,
    period: Option<EnginePeriod>,
    /// FNV-1a 64 of g(0..=N) as u16 little-endian, in hex.
    checksum: String,
    seconds: f64,
    values_per_second: f64,
    resumed_from: u64,
    /// Threads the engine ran on.
    threads: usize,
    /// The vector instructions the kernels used (`plain`, `avx2`,
    /// `avx512`).
    simd: String,
    /// The values the table holds at the end, in bytes (2 per value; a
    /// folded table holds only its start).
    table_bytes: u64,
    /// The process's peak resident memory (VmHWM), in bytes; null where
    /// unknown (off Linux).
    peak_resident_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Values<'a>>,
}

/// g(0..c) of a run, written to JSON as an array straight from the
/// engine's table (no copy of a folded table).
struct Values<'a>(&'a Engine, u64);

impl Serialize for Values<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.chunks(self.1).flatten())
    }
}

/// Runs the engine to N with checkpoints, progress and the summary.
pub fn run(a: &TableArgs, run: LongRun, out: &mut dyn Write) -> anyhow::Result<()> {
    let l = &a.long_run;
    let LongRun { game, upto } = run;
    if a.format == crate::cli::TableFormat::Bfile {
        bail!("--format bfile prints the values: not with --summary, --checkpoint, --out or --full, which print a summary");
    }
    let full = l.full;
    let spec = game.spec();
    // Checked when parsed (`cli::seconds_between_checkpoints`).
    let every = Duration::try_from_secs_f64(l.checkpoint_every)
        .ok()
        .with_context(|| {
            format!(
                "bad --checkpoint-every `{}`: give a number of seconds from 0 to {}",
                l.checkpoint_every,
                crate::cli::MAX_EVERY
            )
        })?;
    if upto >= u32::MAX as u64 {
        bail!(
            "--upto {upto} is too large for the sequence engine (at most {})",
            u32::MAX - 1
        );
    }
    // Where the files go, checked before any computing.
    let checkpoint = l
        .checkpoint
        .as_deref()
        .map(|p| target(p, "--checkpoint"))
        .transpose()?;
    let out_file = l.out.as_deref().map(|p| target(p, "--out")).transpose()?;
    if let (Some(c), Some(o)) = (&checkpoint, &out_file) {
        // The checkpoint, its temporary and its lock are the run's own.
        if identity(c).is_some() && identity(c) == identity(o) {
            bail!("--checkpoint and --out name the same file `{}`", c.display());
        }
        for (file, what) in [(sibling(c, ".tmp"), "temporary"), (sibling(c, ".lock"), "lock")] {
            if identity(&file).is_some() && identity(&file) == identity(o) {
                bail!(
                    "--out `{}` is the {what} file of --checkpoint `{}`",
                    o.display(),
                    c.display()
                );
            }
        }
    }
    // One run at a time on a checkpoint, locked before it is read.
    let _lock = checkpoint
        .as_deref()
        .zip(l.checkpoint.as_deref())
        .map(|(c, given)| RunLock::take(c, given))
        .transpose()?;
    let tuning = tuning(l);
    let mut engine = match &checkpoint {
        Some(path) if path.exists() => {
            let file = File::open(path).with_context(|| format!("cannot open `{}`", path.display()))?;
            let name = path.display().to_string();
            let ck = read_checkpoint(BufReader::new(file), &name, &spec, upto, full)?;
            Engine::resume_folded(game, ck.values, ck.computed, tuning)
                .map_err(|e| anyhow::anyhow!("`{name}`: corrupt checkpoint ({e})"))?
        }
        _ => Engine::resume_tuned(game, vec![0], tuning)?,
    };
    let resumed_from = engine.len();
    let mut bar = progress::Progress::new(upto + 1, resumed_from);
    let memory = sprague_host::Memory::new();
    let start = Instant::now();
    let mut saved = Instant::now();
    let mut save_cost = Duration::ZERO;
    let mut budget = 4096usize;
    loop {
        let t = Instant::now();
        let status = match engine.advance(upto, full, budget) {
            Ok(status) => Some(status),
            // The system refused the table memory (e.g. `ulimit -v`).
            Err(sprague::Error::OutOfMemory(_)) => None,
            Err(e) => return Err(e.into()),
        };
        // Aim at about a tenth of a second per step.
        let took = t.elapsed().as_secs_f64().max(1e-6);
        budget = ((budget as f64 * 0.1 / took) as usize).clamp(256, 1 << 24);
        bar.set(engine.len(), engine.mask() == 0);
        if status.is_some_and(|s| s != EngineStatus::Running) {
            break;
        }
        // Stop, with the checkpoint saved, rather than be killed for
        // memory: a table still growing while little memory is left.
        let need = 2 * (upto + 1).saturating_sub(engine.len());
        if status.is_none() || (!engine.is_folded() && memory.running_low(need)) {
            bar.finish();
            if let Some(path) = &checkpoint {
                save_checkpoint(path, &spec, upto, full, &engine)?;
            }
            // Not bad input: an I/O-class error (exit code 1).
            let left = match status {
                None => "the system refused more memory for the table (2 bytes per value)".to_string(),
                Some(_) => format!(
                    "less than {} MiB of memory left for the table (2 bytes per value)",
                    sprague_host::MIN_FREE >> 20
                ),
            };
            let why = format!(
                "stopped at g({}): {left}{}",
                engine.len() - 1,
                if checkpoint.is_some() {
                    "; the checkpoint is saved"
                } else {
                    ""
                }
            );
            return Err(std::io::Error::new(std::io::ErrorKind::OutOfMemory, why).into());
        }
        // Save every `every`, but never spend more than a tenth of the time saving.
        if let Some(path) = &checkpoint {
            if saved.elapsed() >= every.max(save_cost * 10) {
                let t = Instant::now();
                save_checkpoint(path, &spec, upto, full, &engine)?;
                save_cost = t.elapsed();
                saved = Instant::now();
            }
        }
    }
    bar.finish();
    // The last checkpoint and --out are written before the result is
    // printed; if one fails (a full disk), the finished run's result is
    // still printed, and the error follows it (exit code 1).
    let last_save = checkpoint
        .as_ref()
        .map_or(Ok(()), |path| save_checkpoint(path, &spec, upto, full, &engine));
    let computed = engine.len().min(upto + 1);
    let written = out_file.as_ref().map_or(Ok(()), |path| {
        // A name of this run's own: two runs given one --out do not write
        // into one temporary file.
        let tmp = sibling(path, &format!(".{}.tmp", std::process::id()));
        atomic_write(path, &tmp, |w| {
            write_sequence(w, &spec, upto, computed, engine.chunks(computed), engine.period())
        })
    });
    let computing = start.elapsed().as_secs_f64();
    // Past a proven period the checksum runs through the period's values:
    // seconds for N near 2^32, with a bar of its own, and in the time.
    let mut bar = progress::Progress::new(upto + 1, computed);
    let checksum = checksum_upto_with(&engine, upto, |n| bar.set(n, false))
        .context("internal error: no checksum at the end of a run")?;
    bar.finish();
    let seconds = start.elapsed().as_secs_f64();
    let new = computed - resumed_from.min(computed);
    let summary = Summary {
        spec: spec.clone(),
        upto,
        computed,
        last: engine
            .value(upto)
            .context("internal error: g(N) unknown at the end of a run")?,
        largest: engine.max_value(),
        rare_positions: engine.rare_count(),
        mask: engine.sparse_mask().unwrap_or(0),
        period: engine.period(),
        checksum: format!("{checksum:016x}"),
        seconds,
        values_per_second: new as f64 / computing.max(1e-9),
        resumed_from,
        threads: tuning.threads,
        simd: engine.simd().to_string(),
        table_bytes: 2 * engine.stored().len() as u64,
        peak_resident_bytes: sprague_host::peak_resident(),
        values: (l.full && a.json).then_some(Values(&engine, computed)),
    };
    if a.json {
        serde_json::to_writer(&mut *out, &summary)?;
        writeln!(out)?;
    } else {
        print_summary(&summary, out)?;
    }
    last_save.and(written)
}

fn print_summary(s: &Summary, out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "game      {}", s.spec)?;
    let how = if s.computed > s.upto {
        "computed".to_string()
    } else {
        format!("by the period (computed g(0..={}))", s.computed - 1)
    };
    writeln!(out, "last      g({}) = {}   {how}", s.upto, s.last)?;
    writeln!(out, "largest   {}", s.largest)?;
    if s.mask != 0 {
        writeln!(
            out,
            "rare      {} positions (mask {:#x})",
            s.rare_positions, s.mask
        )?;
    } else {
        writeln!(
            out,
            "rare      {} positions (no sparse space: dense mode)",
            s.rare_positions
        )?;
    }
    let theorem = if s.spec.starts_with("hex:") {
        "hexadecimal"
    } else {
        "octal"
    };
    match &s.period {
        Some(p) => writeln!(
            out,
            "period    {} from {} (proven by the {theorem} periodicity theorem with {} values)",
            p.period, p.preperiod, p.proven_with
        )?,
        None => writeln!(out, "period    none proven")?,
    }
    writeln!(
        out,
        "checksum  {}   (FNV-1a 64 of g(0..={}) as u16 LE)",
        s.checksum, s.upto
    )?;
    let mb = |b: u64| b as f64 / 1e6;
    let table = format!("the table {:.1} MB at the end", mb(s.table_bytes));
    match s.peak_resident_bytes {
        Some(peak) => writeln!(out, "memory    {:.1} MB peak resident; {table}", mb(peak))?,
        None => writeln!(out, "memory    {table}")?,
    }
    let thr = if s.threads == 1 { "thread" } else { "threads" };
    let on = format!(" on {} {thr}, {}", s.threads, s.simd);
    let resumed = if s.resumed_from > 1 {
        format!(", resumed at {}", s.resumed_from)
    } else {
        String::new()
    };
    if s.resumed_from > 1 && s.computed <= s.resumed_from {
        // A finished run run again: its checkpoint held every value.
        writeln!(
            out,
            "time      {:.3} s, nothing left to compute{resumed}",
            s.seconds
        )?;
    } else {
        writeln!(
            out,
            "time      {:.3} s, {:.3e} values/s{resumed}{on}",
            s.seconds, s.values_per_second
        )?;
    }
    Ok(())
}

fn save_checkpoint(path: &Path, spec: &str, upto: u64, full: bool, engine: &Engine) -> anyhow::Result<()> {
    // The run holds the checkpoint's lock, so the temporary is its own.
    atomic_write(path, &sibling(path, ".tmp"), |w| {
        write_checkpoint(w, spec, upto, full, engine.stored(), engine.len())
    })
}
