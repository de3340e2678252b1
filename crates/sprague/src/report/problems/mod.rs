//! The reference contest problems, in their exact input and output formats.
//!
//! Each problem is a thin adapter: it parses the contest input with the
//! line-aware tokenizer in [`Input`], answers every test from the library's
//! rules (closed forms where the theory gives one, checked against plain
//! search in the tests) and hands each output line to an [`Output`] as soon
//! as it is known. Nothing here does I/O: a front end supplies the callback
//! that writes. Because answers are emitted test by test, malformed input
//! further down leaves the lines already printed valid, and the error
//! ([`crate::Error::Input`]) names the line and token where reading stopped.
//!
//! ```
//! use sprague::report::problems::{find, Output};
//!
//! let mut lines = Vec::new();
//! let mut out = Output::new(false, |l: &str| {
//!     lines.push(l.to_string());
//!     true
//! });
//! (find("fdivgame").unwrap().solve)(b"2\n2\n3 4\n3\n1 3 5\n", &mut out).unwrap();
//! drop(out);
//! assert_eq!(lines, ["Henry", "Derek"]);
//! ```

pub mod fdivgame;
mod input;
pub mod potato;
pub mod seagm;
pub mod tuzgmbr;
pub mod wizards;

pub use input::{Input, Record};

use crate::{Error, Result};

/// Where a problem's lines go: contest answers, and with `explain` also
/// notes (prefixed `# `) that show the reasoning behind each answer.
pub struct Output<'o> {
    emit: Box<dyn FnMut(&str) -> bool + 'o>,
    explain: bool,
    closed: bool,
}

impl<'o> Output<'o> {
    /// An output that passes each line (without its newline) to `emit`;
    /// `emit` returns `false` to stop the solver early (a closed pipe).
    pub fn new(explain: bool, emit: impl FnMut(&str) -> bool + 'o) -> Self {
        Output {
            emit: Box::new(emit),
            explain,
            closed: false,
        }
    }

    /// Whether notes are wanted; solvers skip building them otherwise.
    pub fn explaining(&self) -> bool {
        self.explain
    }

    /// Whether the receiver asked to stop.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// One line of the contest output.
    pub fn answer(&mut self, line: &str) {
        if !self.closed {
            self.closed = !(self.emit)(line);
        }
    }

    /// One line of explanation, shown only with `explain`, as `# text`.
    pub fn note(&mut self, text: impl AsRef<str>) {
        if self.explain && !self.closed {
            let line = format!("# {}", text.as_ref());
            self.closed = !(self.emit)(&line);
        }
    }
}

/// A solver: reads the whole contest input and answers test by test.
pub type SolveFn = fn(&[u8], &mut Output<'_>) -> Result<()>;

/// A contest problem in the registry.
pub struct Problem {
    /// The name used on the command line (`fdivgame`).
    pub name: &'static str,
    /// What the problem asks, in one line.
    pub summary: &'static str,
    /// Where the problem comes from.
    pub source: &'static str,
    /// The game in the catalog that the problem plays.
    pub game: &'static str,
    /// The solver.
    pub solve: SolveFn,
}

/// Every problem, in the order `sprague solve --list` shows them.
pub fn problems() -> &'static [Problem] {
    const PROBLEMS: &[Problem] = &[
        Problem {
            name: "fdivgame",
            summary: "numbers divided by 2..6 and floored, 0 erased; Henry moves first: Henry or Derek?",
            source: "CodeChef FDIVGAME",
            game: "divide:2..6",
            solve: fdivgame::solve,
        },
        Problem {
            name: "wizards",
            summary: "pairs (a, b): b - a^k or b mod a; First or Second?",
            source: "Codeforces 167C (Wizards and Numbers)",
            game: "wizards",
            solve: wizards::solve,
        },
        Problem {
            name: "tuzgmbr",
            summary: "chip at (1,1) of an N x M board, up 1-3 rows or right 1-2 columns: Tuzik or Vanya?",
            source: "CodeChef TUZGMBR",
            game: "grid:2x3",
            solve: tuzgmbr::solve,
        },
        Problem {
            name: "seagm",
            summary: "gcd card game: optimal winner and win probability under random play",
            source: "CodeChef SEAGM",
            game: "gcd",
            solve: seagm::solve,
        },
        Problem {
            name: "potato",
            summary: "eat a power of four potatoes, who cannot loses; Taro first: Taro or Hanako?",
            source: "TopCoder SRM 472 (PotatoGame)",
            game: "powers:4",
            solve: potato::solve,
        },
    ];
    PROBLEMS
}

/// The problem called `name` (case-insensitive).
pub fn find(name: &str) -> Result<&'static Problem> {
    problems()
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| Error::UnknownProblem(name.to_string()))
}

/// Runs a problem whose input is a test count T and then T tests: calls
/// `test` with each test's 1-based number, stops early once the output is
/// closed, and requires that nothing but blank lines follows the last test.
pub(crate) fn each_test(
    data: &[u8],
    out: &mut Output<'_>,
    count: &str,
    mut test: impl FnMut(&mut Input<'_>, &mut Output<'_>, u64) -> Result<()>,
) -> Result<()> {
    let mut input = Input::new(data);
    let tests = read_count(&mut input, count)?;
    for t in 1..=tests {
        if out.closed() {
            return Ok(());
        }
        test(&mut input, out, t)?;
    }
    input.finish()
}

/// Reads the first line of a problem that starts with a test count.
pub(crate) fn read_count(input: &mut Input<'_>, name: &str) -> Result<u64> {
    let mut r = input.record(name)?;
    let t = r.number(name, 0, u64::MAX)?;
    r.end(name)?;
    Ok(t)
}

/// The winner's name among two players, the first to move first.
pub(crate) fn winner<'n>(first_wins: bool, first: &'n str, second: &'n str) -> &'n str {
    if first_wins {
        first
    } else {
        second
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_names_are_unique_and_found() {
        let mut names = std::collections::HashSet::new();
        for p in problems() {
            assert!(names.insert(p.name), "{} twice", p.name);
            // (Not pointer equality: a release build may copy the table.)
            assert_eq!(find(p.name).unwrap().game, p.game);
            assert!(p.game.parse::<crate::rules::Game>().is_ok(), "{}", p.game);
        }
        assert!(matches!(find("chess"), Err(Error::UnknownProblem(_))));
    }

    #[test]
    fn output_stops_when_the_receiver_does() {
        let mut n = 0;
        let mut out = Output::new(true, |_: &str| {
            n += 1;
            n < 2
        });
        out.answer("a");
        out.note("b");
        assert!(out.closed());
        out.answer("c");
        drop(out);
        assert_eq!(n, 2);
    }
}
