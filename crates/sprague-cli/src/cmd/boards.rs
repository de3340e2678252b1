//! Games on boards and graphs in the CLI: the start a spec names, the memo
//! file (`--memo`), the keying (`--keying`), and tables and analyses along a
//! family (`cram:3xN`).

use crate::cli::{AnalyzeArgs, BoardArgs, TableArgs};
use crate::report::Interrupted;
use anyhow::Context;
use sprague::report::{BoardFamily, Line, LineOptions};
use sprague::rules::Game;
use sprague::solve::{shared_memo, ComponentMemo, Limits, SolvedSoFar};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The positions asked for, or the start the spec names when none is.
pub fn positions_or_start(game: &Game, positions: &[String]) -> anyhow::Result<Vec<String>> {
    if !positions.is_empty() {
        return Ok(positions.to_vec());
    }
    match game.start_position() {
        Some(p) => Ok(vec![p]),
        None => anyhow::bail!(
            "give at least one position: `{}` names no start (see the examples in `sprague games`)",
            game.spec()
        ),
    }
}

/// The game keyed as `--keying` says, with the values of `--memo` loaded
/// into its family's memo.
pub fn prepare(game: Game, args: &BoardArgs) -> anyhow::Result<Game> {
    let game = game.with_keying(args.keying);
    let (Some(file), Some(family)) = (&args.memo, game.memo_family()) else {
        return Ok(game);
    };
    // Before any search: a memo that cannot be written would lose it.
    super::files::target(file, "--memo")?;
    let keep = file.clone();
    super::watch::keep_memo_every(
        Duration::from_secs(args.memo_every),
        Box::new(move |solved| write_memo(&keep, solved)),
    );
    if !file.exists() {
        return Ok(game);
    }
    let name = file.display().to_string();
    let bytes = std::fs::File::open(file)
        .map_err(anyhow::Error::from)
        .and_then(super::read_bounded)
        .with_context(|| format!("cannot read the memo `{name}`"))?;
    let loaded = ComponentMemo::read_from(&name, &bytes)?;
    shared_memo(&family)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .merge(&name, loaded)?;
    Ok(game)
}

/// `limits` with the token that Ctrl-C stops ([`super::interrupt`]), for
/// a search of a game on a board or graph.
pub fn interruptible(mut limits: Limits) -> Limits {
    if let Some(stop) = super::interrupt::stop_on_ctrl_c() {
        limits.stop = stop;
    }
    limits
}

/// `r`, or when Ctrl-C stopped it the line that says how far the search
/// got (from its last report, [`super::watch::last_components`]), how long
/// it ran since `started`, and where its solved shapes are kept (exit
/// 130; `memo_flag`: whether the command has `--memo`, to suggest it).
/// Call it after [`save`].
pub fn or_interrupted<T>(
    r: sprague::Result<T>,
    args: &BoardArgs,
    started: Instant,
    memo_flag: bool,
) -> anyhow::Result<T> {
    match r {
        Err(sprague::Error::Stopped) => Err(interrupted(args, started, memo_flag).into()),
        r => Ok(r?),
    }
}

/// The line of [`or_interrupted`].
fn interrupted(args: &BoardArgs, started: Instant, memo_flag: bool) -> Interrupted {
    use indicatif::HumanCount;
    let secs = started.elapsed().as_secs_f64();
    let time = if secs < 10.0 {
        format!("{secs:.1} s")
    } else {
        format!("{secs:.0} s")
    };
    let done = match super::watch::last_components() {
        Some((shapes, sums, _)) => format!(
            "interrupted after {} states ({} shapes, {} sums), {time}",
            HumanCount(shapes + sums),
            HumanCount(shapes),
            HumanCount(sums)
        ),
        // Stopped before the search reported (or not a search of shapes:
        // misère play searches whole sums).
        None => return Interrupted(format!("interrupted after {time}")),
    };
    let kept = match &args.memo {
        Some(file) => format!(
            "the solved shapes are kept in {} (the same command resumes from them)",
            file.display()
        ),
        None if memo_flag => "give --memo FILE to keep the solved shapes for the next run".to_string(),
        None => return Interrupted(done),
    };
    Interrupted(format!("{done}; {kept}"))
}

/// The `--memo` file this run wrote, if any: an error at a bound then
/// says that the solved shapes are kept there.
static SAVED: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// The `--memo` file this run wrote ([`save`]), if any.
pub fn saved_memo() -> Option<&'static Path> {
    SAVED.get().map(PathBuf::as_path)
}

/// Writes the family's memo to `--memo` (through a file beside it, renamed
/// into place, so that a failed write loses nothing).
pub fn save(game: &Game, args: &BoardArgs) -> anyhow::Result<()> {
    let (Some(file), Some(family)) = (&args.memo, game.memo_family()) else {
        return Ok(());
    };
    let memo = shared_memo(&family);
    let memo = memo.lock().unwrap_or_else(|e| e.into_inner());
    write_memo(file, &*memo)?;
    let _ = SAVED.set(file.clone());
    Ok(())
}

/// Writes `solved` (a family's memo) to `file` atomically, through a
/// temporary file of this process's own beside it (`.NAME.PID.tmp`): a
/// write that fails or is cut short leaves the old memo as it was.
fn write_memo(file: &Path, solved: &dyn SolvedSoFar) -> anyhow::Result<()> {
    let tmp = super::files::sibling(file, &format!(".{}.tmp", std::process::id()));
    super::files::atomic_write(file, &tmp, |w| solved.write_to(w))
}

/// The values along the family, n = 0..=upto, with `--memo` read before
/// and written after (also after a bound or Ctrl-C); `memo_flag`: whether
/// the command has `--memo` (`analyze` has not). A bound or Ctrl-C ends
/// the line at the member it stopped in: the values before it, and the
/// error (Ctrl-C's says how far the search got). Past its largest board a
/// family that is a heap game's heaps goes on as that game, by the
/// library's one call for tables ([`Line::values`]).
fn values(
    family: &BoardFamily,
    upto: u64,
    args: &BoardArgs,
    limits: Limits,
    memo_flag: bool,
) -> anyhow::Result<(Vec<u32>, Option<anyhow::Error>)> {
    let started = Instant::now();
    let read = &mut super::read_rules_file;
    let first = prepare(family.member(1, read)?, args)?;
    let limits = interruptible(limits);
    if family.heap_game().is_some() && upto > 0 && family.member(upto, read).is_err() {
        let how = LineOptions {
            limits,
            keying: args.keying,
            ..LineOptions::default()
        };
        let r = Line::Family(family.clone()).values(upto, &how, read);
        save(&first, args)?;
        let (values, _) = or_interrupted(r, args, started, memo_flag)?;
        return Ok((values.into_wide(), None));
    }
    let r = family
        .with_keying(args.keying)
        .values_to_bound(upto, limits, read);
    // Saved whatever the end: the values found before a bound or Ctrl-C
    // are kept.
    save(&first, args)?;
    let (values, stop) = r?;
    let stop = stop.and_then(|e| or_interrupted::<()>(Err(e), args, started, memo_flag).err());
    Ok((values, stop))
}

/// The values along `family` for `plot` (no `--memo`, the default keying).
pub fn family_values(family: &BoardFamily, upto: u64, limits: Limits) -> anyhow::Result<Vec<u32>> {
    match values(family, upto, &no_memo(), limits, false)? {
        (values, None) => Ok(values),
        (_, Some(e)) => Err(e),
    }
}

/// The board flags of a command that has none (`plot`, `analyze`): no
/// `--memo`, the default keying.
fn no_memo() -> BoardArgs {
    BoardArgs {
        memo: None,
        memo_every: 0,
        keying: sprague::rules::Keying::default(),
    }
}

/// `sprague table FAMILY --upto N`.
pub fn table(args: &TableArgs, family: &BoardFamily, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.beyond_normal() {
        let asked = [
            (args.misere, "--misere"),
            (args.genus, "--genus"),
            (args.remoteness, "--remoteness"),
        ];
        let asked: Vec<String> = asked
            .iter()
            .filter(|a| a.0)
            .map(|a| format!("`{}`", a.1))
            .collect();
        return Err(family.grundy_only(&asked.join(" or ")).into());
    }
    let upto = match super::parse_upto(&args.upto)? {
        (n, None) => n,
        (_, Some(_)) => return Err(family.no_second_size(&format!("`--upto {}`", args.upto)).into()),
    };
    let (values, stop) = values(family, upto, &args.board, args.limits.limits(), true)?;
    let Some(e) = stop else {
        return super::table::print_values(&args.spec, &values, args, out);
    };
    if values.is_empty() {
        return Err(e);
    }
    // The members before the bound, then the error that says where it
    // stopped (Ctrl-C's line says how far the search got).
    super::table::print_values(&args.spec, &values, args, out)?;
    out.flush()?;
    if e.downcast_ref::<Interrupted>().is_some() {
        return Err(e);
    }
    let kept = values.len();
    Err(e.context(format!(
        "the table stops at N = {kept} (N = 0..={} are above)",
        kept - 1
    )))
}

/// `sprague analyze FAMILY`: the values along N and the period they show
/// ([`sprague::report::family_report`]): observed for boards (no theorem
/// bounds the window), proven where the family is a heap game's heaps.
pub fn analyze(args: &AnalyzeArgs, family: &BoardFamily, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.misere {
        return Err(family.no_misere().into());
    }
    if args.emit.is_some() {
        return Err(family.no_evaluator().into());
    }
    let upto = match args.upto.as_deref().map(super::parse_upto).transpose()? {
        None => None,
        Some((n, None)) => Some(n),
        Some((_, Some(_))) => {
            let asked = args.upto.as_deref().unwrap_or_default();
            return Err(family.no_second_size(&format!("`--upto {asked}`")).into());
        }
    };
    let started = Instant::now();
    let limits = interruptible(args.limits.limits());
    let r = sprague::report::family_report(family, upto, limits, &mut super::read_rules_file);
    let r = or_interrupted(r, &no_memo(), started, false)?;
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &r)?;
        writeln!(out)?;
        return Ok(());
    }
    if let Some(rows) = &r.third_rows {
        return three_row_chomp(r.checked_upto, rows, out);
    }
    let last = r.values.len().saturating_sub(1);
    writeln!(out, "{}: g(n) for n ≤ {last}", r.spec)?;
    if let Some(heaps) = &r.heap_game {
        writeln!(
            out,
            "as heaps of {heaps}: its analysis checked g(n) for n ≤ {}, and the members n ≤ {} were valued on their boards too",
            r.checked_upto,
            sprague::report::BOARDS_CHECKED.min(r.values.len().saturating_sub(1) as u64)
        )?;
    }
    let shown: Vec<String> = r.values.iter().map(u32::to_string).collect();
    writeln!(out, "values: {}", shown.join(" "))?;
    if let Some(why) = &r.stopped {
        writeln!(out, "{why}")?;
    }
    let how = match (&r.argument, &r.heap_game) {
        (Some(why), _) => format!("proven for every n: {why}"),
        (None, Some(_)) => format!("observed up to n = {} (not proven)", r.checked_upto),
        (None, None) => format!(
            "observed up to n = {} (not proven: no theorem bounds the check for boards)",
            r.checked_upto
        ),
    };
    match &r.period {
        Some(p) if p.saltus == 0 => writeln!(
            out,
            "periodic: g(n + {}) = g(n) for n ≥ {}\n  {how}",
            p.period, p.preperiod
        )?,
        Some(p) => writeln!(
            out,
            "arithmetic-periodic: g(n + {}) = g(n) + {} for n ≥ {}\n  {how}",
            p.period, p.saltus, p.preperiod
        )?,
        None => writeln!(out, "no period observed up to n = {}", r.checked_upto)?,
    }
    Ok(())
}

/// `sprague analyze chomp:3xN --upto B` as text: the P-positions
/// [a, b, c] of three-row Chomp with b ≤ B, by third row c (a last run
/// a = b + k given as a run, as Brouwer's table states them).
fn three_row_chomp(upto: u64, rows: &[sprague::solve::ThirdRow], out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(
        out,
        "three-row Chomp: the P-positions [a, b, c] (rows top first) with b ≤ {upto}, by third row c"
    )?;
    for r in rows {
        let mut line: Vec<String> = r
            .positions
            .iter()
            .map(|[a, b, c]| format!("[{a},{b},{c}]"))
            .collect();
        if let Some(run) = r.run {
            line.push(format!(
                "[b+{},b,{}] for {} ≤ b ≤ {}",
                run.offset, r.c, run.from, run.to
            ));
        }
        if line.is_empty() {
            line.push("none".into());
        }
        writeln!(out, "c = {}: {}", r.c, line.join(" "))?;
    }
    writeln!(
        out,
        "every [a, b, c] not listed is N; a run is observed to the bound, not proven beyond it"
    )?;
    Ok(())
}
