//! One module per subcommand; each writes to any `W: Write`.

mod analyze;
mod games;
mod plot;
mod sequence;
mod solve;
mod table;
mod value;

use crate::cli::{Cli, Command};
use std::io::Write;

/// Runs the parsed command line.
pub fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match cli.command {
        Command::Value(a) => value::run(&a, out),
        Command::Table(a) => match sequence::wanted(&a)? {
            Some(run) => sequence::run(&a, run, out),
            None => table::run(&a, out),
        },
        Command::Games(a) => games::run(&a, out),
        Command::Analyze(a) => analyze::run(&a, out),
        Command::Plot(a) => plot::run(&a, out),
        Command::Solve(a) => solve::run(&a, out),
    }
}

/// Parses a game spec, mapping the library error for the binary.
pub fn parse_game(spec: &str) -> anyhow::Result<sprague::rules::Game> {
    Ok(spec.parse::<sprague::rules::Game>()?)
}
