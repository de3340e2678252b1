//! The bounds on a script's calls: a plain value every front end sets
//! (the CLI's `--script-ops`, the server's settings), compiled whether or
//! not this build runs scripts (feature `scripts`).

/// Bounds on every call of a script's functions, so that no script runs
/// away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptLimits {
    /// The most operations (roughly, expressions evaluated) one call may
    /// take; 10^7 is about a second.
    pub ops: u64,
    /// The most nested function calls (recursion depth).
    pub depth: usize,
    /// The most characters a string, and elements an array or map, may
    /// hold (nested arrays and maps count all they hold).
    pub size: usize,
    /// The most seconds one call may take: a backstop for work that the
    /// operation count does not see (Rhai checks an array's size by
    /// walking it, so a huge array grows in quadratic time).
    pub seconds: u64,
}

impl Default for ScriptLimits {
    fn default() -> Self {
        ScriptLimits {
            ops: 10_000_000,
            depth: 64,
            size: 1_000_000,
            seconds: 2,
        }
    }
}

/// The deepest call nesting allowed whatever the limits say: deeper Rhai
/// recursion could overflow the native stack.
pub const MAX_SCRIPT_DEPTH: usize = 256;

/// The native stack a thread that runs scripts should have: calls nested
/// [`MAX_SCRIPT_DEPTH`] deep, each some tens of kilobytes of Rhai's
/// evaluator, take about 8 MiB in a release build (more in a debug one);
/// this leaves room for both. A thread touches only the pages it uses.
pub const SCRIPT_STACK: usize = 64 << 20;
