//! The library's one error type, and the kind of each error.
//!
//! Every message is a single line that names the offending text, so a front
//! end can print it as is. What a front end *does* with an error (its exit
//! code, HTTP status or Python exception, and the setting to raise) is
//! decided from [`Error::kind`] and [`Error::bound`], never from the
//! message's text: each front end keeps one table from kinds to its own
//! answers.

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
    /// A misère quotient, or a candidate for one, would have more elements
    /// than its bound allows ([`Bound::Order`]): the order is the bound, not
    /// the states of a search.
    #[error("{what} reached {order} elements, past the limit of {limit}")]
    OrderExceeded {
        /// What was being built.
        what: String,
        /// The order it reached (at least `limit + 1`).
        order: u64,
        /// The most elements allowed.
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
    /// A line table g(0..=N) (or a heap's question) was asked of a game
    /// whose positions are not heap sizes: pairs, boards, lists.
    #[error("`{spec}` is not a heap game: its positions form a 2-D table")]
    NotHeap {
        /// The game's spec.
        spec: String,
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
    /// error, a move of the wrong type. The reason names the line and
    /// column where known, and the position being expanded.
    #[error("`{script}`: {reason}")]
    Script {
        /// The rules' spec, as the user named them (`script:game.rhai`).
        script: String,
        /// What went wrong, in one line.
        reason: String,
    },
    /// One call of a script passed one of its bounds (operations, seconds,
    /// call depth, size): the script may be right and the bound too small.
    #[error("`{script}`: {reason}")]
    ScriptLimit {
        /// The rules' spec, as the user named them (`script:game.rhai`).
        script: String,
        /// Which bound: one of the `Script…` members of [`Bound`].
        bound: Bound,
        /// What happened, in one line (where, and the bound's value).
        reason: String,
    },
    /// A file does not belong to this run: it was written with another
    /// setting (another N, another `full`). Resuming would mix two runs.
    #[error("`{file}`: {reason}")]
    Mismatch {
        /// The file as the user named it.
        file: String,
        /// The setting that differs.
        setting: Setting,
        /// The two values, in one line.
        reason: String,
    },
    /// A contest problem name that `sprague solve --list` does not show.
    #[error("unknown problem `{0}`")]
    UnknownProblem(String),
    /// The computation was stopped from outside before it ended (its stop
    /// token, [`crate::Stop`], was stopped): the front end gave up on the
    /// answer.
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

/// What kind of failure an error is: what a front end answers it with.
///
/// | kind | CLI exit | HTTP | Python |
/// |---|---|---|---|
/// | [`ErrorKind::BadInput`] | 2 | 400 | `sprague.BadInput` |
/// | [`ErrorKind::NotFound`] | 2 | 404 | `sprague.BadInput` |
/// | [`ErrorKind::Bound`] | 2 | 422 | `sprague.LimitExceeded` |
/// | [`ErrorKind::Stopped`] | 130 | 503 | `sprague.Stopped` |
/// | [`ErrorKind::Internal`] | 3 | 500 | `sprague.InternalError` |
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The question is wrong: a malformed spec, position, file or script,
    /// or a question the game has no answer to. Asking it again fails again.
    BadInput,
    /// A name (of a game, of a contest problem) that is not known.
    NotFound,
    /// The question is fine but its answer needs more than a bound allows
    /// ([`Error::bound`] says which); raising the bound may answer it.
    Bound,
    /// The caller stopped the computation (a stop token, Ctrl-C, a
    /// deadline) before it ended.
    Stopped,
    /// A check inside sprague failed: a bug, not the input's fault.
    Internal,
}

/// A bound a computation can reach; each front end names the setting that
/// raises it (the CLI's `--max-states`, Python's `max_states=`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Bound {
    /// The positions a search may remember or a table may hold.
    States,
    /// The steps (moves listed, option values looked at) a computation may take.
    Work,
    /// The memory the system gives.
    Memory,
    /// The elements a misère quotient (or a candidate for one) may have
    /// (the CLI's `--max-order`).
    Order,
    /// The operations one call of a script may take.
    ScriptOperations,
    /// The seconds one call of a script may take.
    ScriptSeconds,
    /// How deep a script's calls may nest.
    ScriptDepth,
    /// How large a script's strings, arrays and maps may grow.
    ScriptSize,
}

/// A setting of a run that a file records, so that a resumed run is the
/// same run ([`Error::Mismatch`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Setting {
    /// The last position computed (N of `g(0..=N)`).
    Upto,
    /// Whether every value is kept, or only what a proof needs.
    Full,
    /// The most elements a candidate misère quotient may have.
    MaxOrder,
}

impl Error {
    /// The kind of this error, which decides how every front end answers
    /// it (see the table at [`ErrorKind`]).
    ///
    /// ```
    /// use sprague::{Error, ErrorKind};
    /// let e: Error = "no-such-game".parse::<sprague::rules::Game>().unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::NotFound);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::UnknownGame(_) | Error::UnknownProblem(_) => ErrorKind::NotFound,
            Error::LimitExceeded { .. }
            | Error::OrderExceeded { .. }
            | Error::WorkExceeded { .. }
            | Error::OutOfMemory(_)
            | Error::ScriptLimit { .. } => ErrorKind::Bound,
            Error::Stopped => ErrorKind::Stopped,
            Error::Internal(_) => ErrorKind::Internal,
            Error::BadSpec { .. }
            | Error::BadPosition { .. }
            | Error::Loopy(_)
            | Error::NotHeap { .. }
            | Error::Unsupported(_)
            | Error::BadFile { .. }
            | Error::Script { .. }
            | Error::Mismatch { .. }
            | Error::Input { .. } => ErrorKind::BadInput,
        }
    }

    /// The bound this error reached, for [`ErrorKind::Bound`] errors.
    pub fn bound(&self) -> Option<Bound> {
        match self {
            Error::LimitExceeded { .. } => Some(Bound::States),
            Error::OrderExceeded { .. } => Some(Bound::Order),
            Error::WorkExceeded { .. } => Some(Bound::Work),
            Error::OutOfMemory(_) => Some(Bound::Memory),
            Error::ScriptLimit { bound, .. } => Some(*bound),
            _ => None,
        }
    }
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
