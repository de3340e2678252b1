//! The library's one error type.
//!
//! Every message is a single line that names the offending text, so a front
//! end can print it as is and exit with code 2.

/// Everything that can go wrong in the library.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A spec string names no game in the catalog.
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    /// A spec string names a game but its parameters are malformed.
    #[error("bad game spec `{}`: {reason}", excerpt(.spec))]
    BadSpec {
        /// The spec as the user wrote it.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A position could not be parsed or is out of range for the game.
    #[error("bad position `{}`: {reason}", excerpt(.text))]
    BadPosition {
        /// The position as the user wrote it.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A computation would exceed a bound set in [`crate::solve::Limits`].
    #[error("{what} exceeds the limit of {limit} states")]
    LimitExceeded {
        /// What was being computed.
        what: String,
        /// The bound that was hit.
        limit: u64,
    },
    /// A computation would take more steps than [`crate::solve::Limits`]
    /// allow (a step is one move listed or one option value looked at).
    #[error("{what} needs more than {limit} steps")]
    WorkExceeded {
        /// What was being computed.
        what: String,
        /// The bound that was hit.
        limit: u64,
    },
    /// The game's rules let a position recur, which this solver cannot handle.
    #[error("position `{0}` can recur: this game is loopy")]
    Loopy(String),
    /// The question has no answer for this game (e.g. a Grundy value of a
    /// game that is not played under the normal convention).
    #[error("{0}")]
    Unsupported(String),
    /// The system refused memory that a table needed (a run to a large N
    /// under a memory limit).
    #[error("out of memory: {0}")]
    OutOfMemory(String),
    /// A file (checkpoint or sequence file) is malformed or does not belong
    /// to this run.
    #[error("`{file}`: {reason}")]
    BadFile {
        /// The file as the user named it.
        file: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Rules defined at run time (a script) failed: a syntax or runtime
    /// error, a limit, a move of the wrong type. The reason names the line
    /// and column where known, and the position being expanded.
    #[error("`{script}`: {reason}")]
    Script {
        /// The rules' spec, as the user named them (`script:game.rhai`).
        script: String,
        /// What went wrong, in one line.
        reason: String,
    },
    /// A contest problem name that `sprague solve --list` does not show.
    #[error("unknown problem `{0}`")]
    UnknownProblem(String),
    /// The computation was stopped from outside before it ended (see
    /// [`crate::solve::stop`]): the front end gave up on the answer.
    #[error("the computation was stopped before it ended")]
    Stopped,
    /// A check inside sprague failed: a bug, not bad input. The message
    /// says which invariant broke.
    #[error("internal error: {0} (this is a bug in sprague; please report it)")]
    Internal(String),
    /// Malformed contest input: names the line (1-based) and the token.
    #[error("input line {line}: {reason} (token `{token}`)")]
    Input {
        /// 1-based line number.
        line: usize,
        /// The offending token, or `<end of input>`.
        token: String,
        /// What was expected.
        reason: String,
    },
}

/// `text` as an error message quotes it: whole when short, else its start
/// and end around an ellipsis, so that one error stays one readable line.
pub fn excerpt(text: &str) -> String {
    const KEEP: usize = 40;
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 2 * KEEP + 10 {
        return text.to_string();
    }
    let head: String = chars[..KEEP].iter().collect();
    let tail: String = chars[chars.len() - KEEP..].iter().collect();
    format!("{head}…{tail} ({} characters)", chars.len())
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
