//! The `sprague` binary driven as a user drives it, in one test binary:
//!
//! - `cli`: value, table, games, and every bad input's one-line error.
//! - `boards`: Cram, Node Kayles, Chomp: starts, families, the memo file.
//! - `solve`: the contest problems on their samples and brute-force cases.
//! - `engine`: long runs: checkpoints killed with SIGKILL and resumed, bad files.
//! - `faults` (Linux): a full disk, a read-only directory and random kills
//!   during every command that writes a file.
//! - `interrupt` (Linux): Ctrl-C during a board search keeps the memo,
//!   says how far it got (exit 130), and a rerun resumes from the memo.
//! - `analyze`: patterns, plots and emitted code (compiled and run).
//! - `beyond`: misère play, remoteness, random and skilled play, loopy games.
//! - `skill_curve`: `plot --skill-curve`, the win chance against skill.
//! - `scripts`: `script:FILE` examples against their twins; hostile scripts.
//! - `play`: games against the computer through a pipe and on a tmux screen.
//! - `tui`: the terminal UI at 80×24 on a tmux screen: fits, spoils nothing.
//! - `tutorial`: every command of docs/tutorial.md prints what it shows.
//! - `serve`: the web server over a real socket, its JSON against the CLI's.
//! - `survey`: many codes, killed and resumed, the report, bad input.
//! - `messages`: each error a newcomer met, naming its fix (issue 34).
//! - `misere_front`: misère analysis and surveys as a new user meets them:
//!   bounded searches, tame games, honest extents (issue 36).
//! - `shown`: gcd's cards as dealt, and one rule for counting random moves.
//! - `bfile`: `table --format bfile`, an OEIS b-file.
//! - `progress`: the progress bar on a terminal (tmux), none when piped.
//! - `terminal`: arguments and scripts' messages reach the terminal escaped.

mod suite {
    mod analyze;
    mod beyond;
    mod bfile;
    mod boards;
    mod cli;
    mod engine;
    #[cfg(target_os = "linux")]
    mod faults;
    #[cfg(target_os = "linux")]
    mod interrupt;
    mod messages;
    mod misere_front;
    mod play;
    mod progress;
    mod scripts;
    mod serve;
    mod shown;
    mod skill_curve;
    mod solve;
    mod survey;
    mod terminal;
    mod tui;
    mod tutorial;
}
