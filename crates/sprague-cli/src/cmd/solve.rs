//! `sprague solve`: a contest problem, stdin to stdout, in its exact format.
//!
//! The whole input is read at once and each answer is written to the
//! buffered output as soon as the library computes it, so that an error
//! further down the input leaves every earlier answer printed.

use crate::cli::SolveArgs;
use sprague::report::problems::{find, problems, Output};
use std::io::{self, Write};

/// Runs `sprague solve`.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let name = match (&args.problem, args.list) {
        (Some(name), false) => name,
        _ => return list(out),
    };
    let problem = find(name)?;
    let input = super::read_bounded(io::stdin().lock()).map_err(|e| match e.downcast::<io::Error>() {
        Ok(io) => anyhow::Error::new(io),
        Err(e) => anyhow::anyhow!("the input: {e}"),
    })?;
    let mut write_error: Option<io::Error> = None;
    let result = {
        let mut output = Output::new(args.explain, |line: &str| {
            match out.write_all(line.as_bytes()).and_then(|()| out.write_all(b"\n")) {
                Ok(()) => true,
                Err(e) => {
                    write_error = Some(e);
                    false
                }
            }
        });
        (problem.solve)(&input, &mut output)
    };
    if let Some(e) = write_error {
        return Err(e.into());
    }
    // Everything answered so far goes out before the error message.
    out.flush()?;
    Ok(result?)
}

/// Prints the registry.
fn list(out: &mut dyn Write) -> anyhow::Result<()> {
    let width = problems().iter().map(|p| p.name.len()).max().unwrap_or(0);
    writeln!(out, "Contest problems (sprague solve NAME < input):\n")?;
    for p in problems() {
        writeln!(out, "  {:width$}  {}", p.name, p.summary)?;
        writeln!(out, "  {:width$}  source: {}; game: {}", "", p.source, p.game)?;
    }
    Ok(())
}
