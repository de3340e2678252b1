//! Ctrl-C (SIGINT) during a search of a game on a board or graph: the
//! first one stops the search through its stop token
//! ([`sprague::Stop`]), so that the command writes the memo of the shapes
//! solved so far (`--memo`) and ends with a line saying how far it got
//! (exit 130); a second one ends the process at once.
//!
//! A process that starts with SIGINT ignored (a job a shell without job
//! control runs in the background, `nohup`) keeps it ignored, as the
//! shell meant: Ctrl-C at the terminal is for the job in the foreground.
//! Other commands keep the default (Ctrl-C ends them at once).

use signal_hook::consts::SIGINT;
use signal_hook::iterator::Signals;
use sprague::Stop;
use std::sync::OnceLock;

/// The token that Ctrl-C stops, its watcher started on first use; `None`
/// when SIGINT is ignored or cannot be watched (then Ctrl-C does what it
/// did before: nothing, or end the process).
pub fn stop_on_ctrl_c() -> Option<Stop> {
    static TOKEN: OnceLock<Option<Stop>> = OnceLock::new();
    TOKEN.get_or_init(watch).clone()
}

/// Starts a thread that stops a new token on the first SIGINT and exits
/// with 130 on the second.
fn watch() -> Option<Stop> {
    if ignored_at_start() {
        return None;
    }
    let mut signals = Signals::new([SIGINT]).ok()?;
    let stop = Stop::new();
    let token = stop.clone();
    std::thread::Builder::new()
        .name("ctrl-c".into())
        .spawn(move || {
            for _ in signals.forever() {
                if token.is_stopped() {
                    // The second Ctrl-C: the user wants out now (a memo
                    // being written is left as it was: it is written
                    // beside the file and renamed into place).
                    eprintln!("sprague: interrupted again: ending without waiting");
                    std::process::exit(130);
                }
                token.stop();
            }
        })
        .ok()?;
    Some(stop)
}

/// Whether this process was started with SIGINT ignored (Linux: the
/// `SigIgn` mask of `/proc/self/status`, bit 2 for SIGINT; elsewhere
/// assumed not).
fn ignored_at_start() -> bool {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return false;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (SIGINT - 1)) != 0)
}
