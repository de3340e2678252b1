//! The library's one error type.
//!
//! Every message is a single line that names the offending text, so a front
//! end can print it as is and exit with code 2.

/// Everything that can go wrong in the library.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A spec string names no game in the catalog.
    #[error("unknown game `{0}` (run `sprague games` for the list)")]
    UnknownGame(String),
    /// A spec string names a game but its parameters are malformed.
    #[error("bad game spec `{spec}`: {reason}")]
    BadSpec {
        /// The spec as the user wrote it.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A position could not be parsed or is out of range for the game.
    #[error("bad position `{text}`: {reason}")]
    BadPosition {
        /// The position as the user wrote it.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A computation would exceed a bound set in [`crate::solve::Limits`].
    #[error("{what} exceeds the limit of {limit} states; raise it with --max-states, or ask `sprague analyze` for a pattern")]
    LimitExceeded {
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
    /// A contest problem name that `sprague solve --list` does not show.
    #[error("unknown problem `{0}` (run `sprague solve --list` for the list)")]
    UnknownProblem(String),
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

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
