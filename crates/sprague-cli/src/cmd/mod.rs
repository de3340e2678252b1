//! One module per subcommand; each writes to any `W: Write`.

mod analyze;
pub mod boards;
mod exact_table;
mod files;
mod games;
mod interrupt;
mod misere_survey;
mod play;
mod plot;
mod quotient;
mod sequence;
mod serve;
mod solve;
mod survey;
mod table;
mod value;
mod watch;

use crate::cli::{Cli, Command};
use std::io::Write;

/// Runs the parsed command line.
///
/// The computing commands run with a progress bar on stderr ([`watch`]);
/// long table runs and surveys draw their own.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    use watch::watched;
    match cli.command {
        Command::Value(a) => watched(out, |out| value::run(&a, out)),
        Command::Table(a) if a.beyond_normal() => watched(out, |out| table::run(&a, out)),
        Command::Table(a) => match sequence::wanted(&a)? {
            Some(run) => sequence::run(&a, run, out),
            None => watched(out, |out| table::run(&a, out)),
        },
        Command::Games(a) => games::run(&a, out),
        Command::Analyze(a) => watched(out, |out| analyze::run(&a, out)),
        Command::Plot(a) => watched(out, |out| plot::run(&a, out)),
        Command::Solve(a) => solve::run(&a, out),
        Command::Play(a) => play::run(&a, out),
        Command::Serve(a) => serve::run(&a, out),
        Command::Survey(a) => survey::run(&a, out),
    }
}

/// Parses a game spec, reading the file a spec names (`graph:FILE`,
/// `script:FILE`), a script running within `limits` (`--script-ops` …).
pub fn load_game(spec: &str, limits: sprague::rules::ScriptLimits) -> anyhow::Result<sprague::rules::Game> {
    Ok(sprague::rules::Game::load(spec, &mut read_rules_file, limits)?)
}

/// What a table or an analysis runs along (the library decides: a family
/// of boards when the spec has `N` in place of a size, else the game),
/// reading the files a spec names as [`load_game`] does.
pub fn load_line(spec: &str, limits: sprague::rules::ScriptLimits) -> anyhow::Result<sprague::report::Line> {
    Ok(sprague::report::Line::load(spec, &mut read_rules_file, limits)?)
}

/// The text of a file a spec names (bounded, UTF-8), or a one-line reason.
pub fn read_rules_file(path: &str) -> Result<String, String> {
    let bytes = std::fs::File::open(path)
        .map_err(anyhow::Error::new)
        .and_then(read_bounded)
        .map_err(|e| format!("cannot read it: {e}"))?;
    String::from_utf8(bytes).map_err(|_| "cannot read it: it is not UTF-8 text".to_string())
}

/// The error for a line table (`--upto N`) of a game whose positions are
/// not heap sizes; for a script it names the fix (`const HEAP = true;`).
pub(crate) fn not_heap_sizes(spec: &str) -> anyhow::Error {
    if spec.starts_with("script:") {
        anyhow::anyhow!(
            "`{spec}` positions are not heap sizes: if a position is one number n ≥ 0, add `const HEAP = true;` to the script (then --upto N gives g(0..=N)); else give --upto N,M for a 2-D table of pairs [x, y]"
        )
    } else {
        anyhow::anyhow!("`{spec}` positions are pairs: give --upto N,M for a 2-D table")
    }
}

/// Everything `input` holds, up to [`sprague::MAX_INPUT_BYTES`]: a larger
/// input (or an endless one, such as `/dev/zero`) is an error, read no
/// further. A regular file is measured before it is read; a stream is read
/// in blocks into a buffer that never grows past the bound.
pub(crate) fn read_bounded(mut input: impl std::io::Read + AsFileLen) -> anyhow::Result<Vec<u8>> {
    let max = sprague::MAX_INPUT_BYTES as usize;
    let too_large = || {
        anyhow::anyhow!(
            "it is larger than {} GiB, the most sprague reads from one input",
            max >> 30
        )
    };
    if input.file_len().is_some_and(|len| len > max as u64) {
        return Err(too_large());
    }
    let mut bytes: Vec<u8> = Vec::new();
    let mut block = vec![0u8; 1 << 16];
    loop {
        let n = match input.read(&mut block) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if bytes.len() + n > max {
            return Err(too_large());
        }
        if bytes.capacity() - bytes.len() < n {
            // Doubling, but never past the bound.
            let want = (bytes.capacity() * 2).clamp(bytes.len() + n, max);
            bytes.reserve_exact(want - bytes.len());
        }
        bytes.extend_from_slice(&block[..n]);
    }
}

/// The length of a regular file, known before reading it (none for a
/// stream, a device or a pipe).
pub(crate) trait AsFileLen {
    /// The length, if this is a regular file.
    fn file_len(&self) -> Option<u64>;
}

impl AsFileLen for std::fs::File {
    fn file_len(&self) -> Option<u64> {
        self.metadata().ok().filter(|m| m.is_file()).map(|m| m.len())
    }
}

impl AsFileLen for &std::fs::File {
    fn file_len(&self) -> Option<u64> {
        (*self).file_len()
    }
}

impl AsFileLen for std::io::StdinLock<'_> {
    fn file_len(&self) -> Option<u64> {
        None
    }
}

/// `--upto N` or `--upto N,M`: each number whole (`1000000`, `1_000_000`)
/// or a power `B^K` (`2^28`, `10^6`).
pub(crate) fn parse_upto(text: &str) -> anyhow::Result<(u64, Option<u64>)> {
    let bad = |why: String| anyhow::anyhow!("bad --upto `{text}`: {why}");
    let num = |t: &str| sprague::rules::parse_u64(t).map_err(bad);
    match text.split_once(',') {
        Some((a, b)) => Ok((num(a)?, Some(num(b)?))),
        None => Ok((num(text)?, None)),
    }
}
