//! The `sprague` command: a thin dispatcher over the `sprague` library.
//!
//! `main` parses the command line into plain argument structs, runs the
//! chosen subcommand against a buffered stdout, and turns any error into a
//! one-line message on stderr with exit code 2 (bad input), 1 (I/O) or 3
//! (an internal error: a bug in sprague, not in the input).

mod cli;
mod cmd;
mod term;

use clap::Parser;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// What to add to a library error so that the user knows the next step.
fn hint(e: &anyhow::Error) -> &'static str {
    match e.downcast_ref::<sprague::Error>() {
        Some(sprague::Error::UnknownGame(_)) => " (run `sprague games` for the list)",
        Some(sprague::Error::UnknownProblem(_)) => " (run `sprague solve --list` for the list)",
        Some(sprague::Error::Unsupported(m)) if m.ends_with("its positions form a 2-D table") => {
            "; give --upto N,M for a 2-D table"
        }
        Some(sprague::Error::BadFile { reason, .. })
            if reason.starts_with("checkpoint is for a run to N") =>
        {
            " (N is --upto)"
        }
        Some(sprague::Error::BadFile { reason, .. })
            if reason.starts_with("checkpoint was written by a run that") =>
        {
            " (that is --full)"
        }
        Some(sprague::Error::BadFile { reason, .. }) if reason.contains("is from a survey to N =") => {
            " (N is --upto)"
        }
        Some(sprague::Error::LimitExceeded { .. }) => "; raise the bound with --max-states",
        Some(sprague::Error::WorkExceeded { .. }) => "; raise the bound with --max-work",
        Some(sprague::Error::Script { reason, .. }) if reason.contains("the operation limit") => {
            "; raise it with --script-ops"
        }
        Some(sprague::Error::Script { reason, .. }) if reason.contains("the call-depth limit") => {
            "; raise it with --script-depth"
        }
        Some(sprague::Error::Script { reason, .. }) if reason.contains("the size limit") => {
            "; raise it with --script-size"
        }
        Some(sprague::Error::Script { reason, .. }) if reason.contains("the time limit") => {
            "; raise it with --script-seconds"
        }
        _ => "",
    }
}

/// Whether the error is a write to a closed pipe, directly or through
/// the JSON writer.
fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>().map(io::Error::kind) == Some(io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == Some(io::ErrorKind::BrokenPipe)
    })
}

/// The help to point a command-line error at: that of the subcommand the
/// arguments name (`sprague table --help`), else the top-level one.
fn help_for(args: impl Iterator<Item = String>) -> String {
    use clap::CommandFactory;
    let first = args.skip(1).find(|a| !a.starts_with('-'));
    match first.filter(|a| cli::Cli::command().find_subcommand(a).is_some()) {
        Some(sub) => format!("sprague {sub} --help"),
        None => "sprague --help".to_string(),
    }
}

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Bare `sprague`: the help, as a usage error.
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // One line: clap's first, without its usage block.
            let text = e.render().to_string();
            let mut lines = text.lines().take_while(|l| !l.trim().is_empty());
            let mut first = lines
                .next()
                .unwrap_or("bad command line")
                .trim_start_matches("error: ")
                .to_string();
            if first.ends_with(':') {
                // "the following required arguments were not provided:" + names
                let names: Vec<&str> = lines.map(str::trim).collect();
                first = format!("{first} {}", names.join(", "));
            }
            use clap::error::{ContextKind, ContextValue};
            if let Some(ContextValue::Strings(valid)) = e.get(ContextKind::ValidValue) {
                first = format!("{first}: give one of {}", valid.join(", "));
            }
            let first = term::escape(&first);
            eprintln!("sprague: error: {first} (see `{}`)", help_for(std::env::args()));
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    // Text from arguments and scripts reaches a terminal escaped.
    let terminal = stdout.is_terminal();
    let buffered = io::BufWriter::new(stdout.lock());
    let mut out: Box<dyn Write> = if terminal {
        Box::new(term::Escaping::new(buffered))
    } else {
        Box::new(buffered)
    };
    // Scripted rules fail by unwinding out of the solvers: the guard turns
    // that back into their error.
    let result = sprague::rules::dynamic::guard(|| Ok(cmd::run(cli, &mut out)))
        .unwrap_or_else(|e| Err(e.into()))
        .and_then(|()| out.flush().map_err(anyhow::Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`sprague table … | head`) is not an error.
            if broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            let text = format!("{e:#}");
            let text = term::escape(&text);
            if e.downcast_ref::<io::Error>().is_some() {
                eprintln!("sprague: error: {text}");
                return ExitCode::from(1);
            }
            if let Some(sprague::Error::Internal(_)) = e.downcast_ref::<sprague::Error>() {
                eprintln!("sprague: {text}");
                return ExitCode::from(3);
            }
            eprintln!("sprague: error: {text}{}", hint(&e));
            ExitCode::from(2)
        }
    }
}
