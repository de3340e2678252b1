//! The `sprague` binary driven as a user drives it, in one test binary:
//!
//! - `cli`: value, table, games, and every bad input's one-line error.
//! - `boards`: Cram, Node Kayles, Chomp: starts, families, the memo file.
//! - `solve`: the contest problems on their samples and brute-force cases.
//! - `engine`: long runs: checkpoints killed with SIGKILL and resumed, bad files.
//! - `faults` (Linux): a full disk, a read-only directory and random kills
//!   during every command that writes a file.
//! - `analyze`: patterns, plots and emitted code (compiled and run).
//! - `beyond`: misère play, remoteness, random and skilled play, loopy games.
//! - `skill_curve`: `plot --skill-curve`, the win chance against skill.
//! - `scripts`: `script:FILE` examples against their twins; hostile scripts.
//! - `play`: games against the computer through a pipe and on a tmux screen.
//! - `serve`: the web server over a real socket, its JSON against the CLI's.
//! - `survey`: many codes, killed and resumed, the report, bad input.

mod suite {
    mod analyze;
    mod beyond;
    mod boards;
    mod cli;
    mod engine;
    #[cfg(target_os = "linux")]
    mod faults;
    mod play;
    mod scripts;
    mod serve;
    mod skill_curve;
    mod solve;
    mod survey;
}
