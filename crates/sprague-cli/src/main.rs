//! The `sprague` command: a thin dispatcher over the `sprague` library.
//!
//! `main` parses the command line into plain argument structs, runs the
//! chosen subcommand against a buffered stdout, and turns any error into a
//! one-line message on stderr with exit code 2 (bad input), 1 (I/O) or 3
//! (an internal error: a bug in sprague, not in the input); with `--json`,
//! that message is a JSON object ([`report`]).

#![forbid(unsafe_code)]

mod cli;
mod cmd;
mod report;
mod term;

use clap::Parser;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// What to add to a library error so that the user knows the next step:
/// the flag that raises the bound it reached, the list that holds the
/// names, the flag behind a setting a file was written with. Decided from
/// the error's kind, bound and setting, never from its text.
fn hint(e: &anyhow::Error) -> String {
    use sprague::{Bound, Error, ErrorKind, Setting};
    let Some(e) = e.downcast_ref::<Error>() else {
        return String::new();
    };
    let hint = match (e.kind(), e) {
        (ErrorKind::NotFound, Error::UnknownProblem(_)) => " (run `sprague solve --list` for the list)",
        (ErrorKind::NotFound, _) => " (run `sprague games` for the list)",
        (_, Error::NotHeap { .. }) if script_given() => {
            "; if a position is one number n ≥ 0, add `const HEAP = true;` to the script, else give --upto N,M for a 2-D table"
        }
        (_, Error::NotHeap { .. }) => "; give --upto N,M for a 2-D table",
        (_, Error::Loopy(_)) if script_given() => {
            "; if positions of the script may recur, add `const LOOPY = true;` to it (draws and generalised values are then computed)"
        }
        (ErrorKind::BadInput, Error::Mismatch { setting, .. }) => match setting {
            Setting::Upto => " (N is --upto)",
            Setting::Full => " (that is --full)",
            Setting::MaxOrder => " (that is --max-order)",
            _ => "",
        },
        (ErrorKind::Bound, _) => match e.bound() {
            Some(Bound::States) => match cmd::boards::saved_memo() {
                // The board commands save their memo also at a bound.
                Some(file) => {
                    return format!(
                        "; raise the bound with --max-states (the solved shapes are kept in {}: the command with a larger bound resumes from them)",
                        file.display()
                    )
                }
                None => "; raise the bound with --max-states",
            },
            Some(Bound::Work) => "; raise the bound with --max-work",
            Some(Bound::Order) => "; raise the bound with --max-order",
            Some(Bound::ScriptOperations) => "; raise it with --script-ops",
            Some(Bound::ScriptDepth) => "; raise it with --script-depth",
            Some(Bound::ScriptSize) => "; raise it with --script-size",
            Some(Bound::ScriptSeconds) => "; raise it with --script-seconds",
            _ => "",
        },
        _ => "",
    };
    hint.to_string()
}

/// Whether the command line names a game by a script (`script:FILE`).
fn script_given() -> bool {
    std::env::args().any(|a| a.starts_with("script:"))
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
            let listed = match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(valid)) if !valid.is_empty() => {
                    first = format!("{first}: give one of {}", valid.join(", "));
                    true
                }
                _ => false,
            };
            // clap's "a similar argument exists" tip, which is on a later
            // line (not where the valid values are listed already).
            let suggested: &[ContextKind] = if listed {
                &[]
            } else {
                &[
                    ContextKind::SuggestedArg,
                    ContextKind::SuggestedSubcommand,
                    ContextKind::SuggestedValue,
                ]
            };
            for &kind in suggested {
                let similar = match e.get(kind) {
                    Some(ContextValue::String(s)) => vec![s.clone()],
                    Some(ContextValue::Strings(s)) => s.clone(),
                    _ => continue,
                };
                if let Some(s) = similar.first() {
                    first = format!("{first}; did you mean `{s}`?");
                    break;
                }
            }
            let message = format!("{first} (see `{}`)", help_for(std::env::args()));
            report::error(&message, report::Kind::BadInput);
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
    let result = cmd::run(cli, &mut out).and_then(|()| out.flush().map_err(anyhow::Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`sprague table … | head`) is not an error.
            if broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            if e.downcast_ref::<io::Error>().is_some() {
                report::error(&format!("{e:#}"), report::Kind::Io);
                return ExitCode::from(1);
            }
            let kind = report::Kind::of(&e, report::Kind::BadInput);
            match kind {
                report::Kind::Internal => report::error(&format!("{e:#}"), kind),
                _ => report::error(&format!("{e:#}{}", hint(&e)), kind),
            }
            ExitCode::from(kind.exit_code())
        }
    }
}
