//! The web API driven in process (the router as a tower service), in one
//! test binary:
//!
//! - `harness`: a request in, status and JSON out.
//! - `api`: value, table, analyze, solve and the lists, with the keys of
//!   the CLI's `--json`.
//! - `play`: games through the play endpoints, to the end, with hints and undo.
//! - `malformed`: bad JSON, huge bodies and positions, unknown games and
//!   endpoints, path traversal: all 4xx with a JSON error, the server still up.

mod suite {
    mod api;
    mod harness;
    mod malformed;
    mod play;
}
