//! The web API driven in process (the router as a tower service), in one
//! test binary:
//!
//! - `harness`: a request in, status and JSON out.
//! - `api`: value, table, analyze, solve and the lists, with the keys of
//!   the CLI's `--json`.
//! - `quotient`: the misère analysis, as the library reports it.
//! - `skill`: the win chance against skill, as the library reports it.
//! - `play`: games through the play endpoints, to the end, with hints and undo.
//! - `malformed`: bad JSON, huge bodies and positions, unknown games and
//!   endpoints, path traversal: all 4xx with a JSON error, the server still up.
//! - `guard`: Host and Origin checks, JSON refusals of the layers, bounds.
//! - `load`: the deepest script, light requests past heavy ones, shares.
//! - `socket`: a real socket: half-open connections closed, the cap.

mod suite {
    mod api;
    mod guard;
    mod harness;
    mod load;
    mod malformed;
    mod play;
    mod quotient;
    mod skill;
    mod socket;
}
