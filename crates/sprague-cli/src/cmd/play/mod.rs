//! `sprague play`: a game against the computer — a terminal UI when stdin
//! and stdout are a terminal, else line mode. Both are thin front ends over
//! [`sprague::play::Session`], which holds the game and chooses the
//! computer's moves.

mod draw;
mod fit;
mod line;
mod screen;
mod tui;

pub(crate) use draw::sum_text;

use crate::cli::{FirstArg, PlayArgs};
use sprague::play::{Config, First, Session};
use sprague::solve::Play;
use std::io::{IsTerminal, Write};

/// What the front ends need besides the session.
pub struct Options {
    /// Show every move's value from the start.
    pub hints: bool,
    /// One JSON object per line (line mode).
    pub json: bool,
    /// The seed, shown so that a game can be repeated.
    pub seed: u64,
    /// The bounds of every analysis (the terminal UI gives each its own
    /// stop token).
    pub limits: sprague::solve::Limits,
}

/// Runs `sprague play`.
pub fn run(args: &PlayArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = super::load_game(&args.spec, args.limits.script_limits())?;
    let seed = args.seed.unwrap_or_else(seed_from_clock);
    let config = Config {
        play: if args.misere { Play::Misere } else { Play::Normal },
        opponent: args.opponent,
        seed,
        first: match args.first {
            FirstArg::Me => First::Me,
            FirstArg::Computer => First::Computer,
            FirstArg::Random => First::Random,
        },
        limits: args.limits.limits(),
        max_turns: args.max_turns,
    };
    let positions = super::boards::positions_or_start(&game, &args.positions)?;
    let opts = Options {
        hints: args.hints,
        json: args.json,
        seed,
        limits: config.limits.clone(),
    };
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if terminal && !args.json && !args.lines {
        let title = format!("{} {}", args.spec, args.positions.join(" "));
        let open = |limits| Session::new(game, &positions, Config { limits, ..config });
        return tui::run(open, title.trim_end(), &opts);
    }
    let mut session = start(game, &positions, config, out)?;
    let stdin = std::io::stdin();
    line::run(&mut session, &opts, &mut stdin.lock(), out)
}

/// The session, its start analysed with a progress bar on stderr (a
/// large board may take a while; Ctrl-C ends the process, as it does at
/// the prompt).
fn start(
    game: sprague::rules::Game,
    positions: &[String],
    config: Config,
    out: &mut dyn Write,
) -> anyhow::Result<Session> {
    Ok(super::watch::watched(out, |_| {
        Session::new(game, positions, config)
    })?)
}

/// A seed when none is given: the clock's nanoseconds.
fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A play convention as the headers write it: `normal`, `misère` (the
/// house spelling; `Play::name` stays the plain token of the JSON).
fn convention_shown(play: Play) -> &'static str {
    match play {
        Play::Misere => "misère",
        p => p.name(),
    }
}

/// `n` and the noun, singular for 1: `1 move`, `3 moves`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
