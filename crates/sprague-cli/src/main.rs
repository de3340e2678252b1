//! The `sprague` command: a thin dispatcher over the `sprague` library.
//!
//! `main` parses the command line into plain argument structs, runs the
//! chosen subcommand against a buffered stdout, and turns any error into a
//! one-line message on stderr with exit code 2 (bad input) or 1 (I/O).

mod cli;
mod cmd;

use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = cmd::run(cli, &mut out).and_then(|()| out.flush().map_err(anyhow::Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`sprague table … | head`) is not an error.
            if let Some(io) = e.downcast_ref::<io::Error>() {
                if io.kind() == io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
                eprintln!("sprague: error: {e:#}");
                return ExitCode::from(1);
            }
            eprintln!("sprague: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
