//! The terminal UI at 80×24, read off a tmux screen: nothing is cut
//! without an ellipsis, the key legend is whole, nothing tells who is
//! winning until hints are on, the hint line stays after a move, and a
//! heap of 10^18 is a short row with its size.

use assert_cmd::cargo::cargo_bin;
use std::process::Command;
use std::time::Duration;

/// A `sprague` command in a detached tmux session of a fixed size.
struct Tmux {
    name: String,
}

impl Tmux {
    /// Starts `sprague ARGS` at `cols`×`rows`; `None` (with a note) where
    /// tmux is missing and SPRAGUE_SKIP_TMUX allows skipping.
    fn start(tag: &str, cols: u16, rows: u16, args: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            // Skipping is an explicit choice, never a silent pass.
            assert!(
                std::env::var_os("SPRAGUE_SKIP_TMUX").is_some(),
                "tmux is missing, so the terminal UI cannot be checked: install it \
                 (`.ci/test` does), or set SPRAGUE_SKIP_TMUX=1 to skip"
            );
            eprintln!("note: tmux is not installed; the terminal UI test is skipped");
            return None;
        }
        let t = Tmux {
            name: format!("sprague-tui-{tag}-{}", std::process::id()),
        };
        let cmd = format!("{} {args}", cargo_bin("sprague").display());
        let (x, y) = (cols.to_string(), rows.to_string());
        t.run(&["new-session", "-d", "-s", &t.name, "-x", &x, "-y", &y, &cmd]);
        Some(t)
    }

    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.name])
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.run(&["send-keys", "-t", &self.name, k]);
        }
    }

    /// Waits until `pred` holds for the screen and the screen is drawn
    /// whole (its last line, the key legend, is written last: a capture
    /// taken mid-draw under load has the top without it), and returns it.
    fn wait(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        for _ in 0..400 {
            let s = self.screen();
            if pred(&s) && s.contains("q quit") {
                return s;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the screen never showed {what}:\n{}", self.screen());
    }

    fn wait_for(&self, text: &str) -> String {
        self.wait(&format!("`{text}`"), |s| s.contains(text))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-session", "-t", &self.name]);
    }
}

/// The text of the panel whose top border carries `title`, its rows joined
/// by spaces (so that a wrapped line reads whole), spaces collapsed.
fn panel(screen: &str, title: &str) -> String {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let (top, start) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            let s: String = l.iter().collect();
            s.find(&format!("┌ {title}")).map(|b| (i, s[..b].chars().count()))
        })
        .unwrap_or_else(|| panic!("no panel `{title}`:\n{screen}"));
    let end = start + 1 + lines[top][start + 1..].iter().position(|&c| c == '┐').unwrap();
    let mut text = String::new();
    for l in &lines[top + 1..] {
        if l.get(start) != Some(&'│') {
            break;
        }
        let row: String = l[start + 1..end.min(l.len())].iter().collect();
        text.push(' ');
        text.push_str(&row);
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Checks what holds on every screen: no line wider than 80 columns, the
/// whole key legend on the last lines.
fn fits(s: &str) {
    for l in s.lines() {
        assert!(
            l.chars().count() <= 80,
            "a line wider than 80 columns: {l:?}\n{s}"
        );
    }
    let legend: String = s.lines().rev().take(2).collect::<Vec<_>>().join(" ");
    for key in [
        "↑↓",
        "Enter play",
        ": type",
        "? hints",
        "u undo",
        "r redo",
        "n new",
        "q quit",
    ] {
        assert!(legend.contains(key), "the legend lacks `{key}`:\n{s}");
    }
}

/// Kayles 6 + 4 at 80×24: a wrapped history, nothing spoiled until hints
/// are on, the hint line kept after a move.
#[test]
fn terminal_ui_fits_80x24_and_spoils_nothing_without_hints() {
    let Some(t) = Tmux::start("fit", 80, 24, "play kayles 6 4 --seed 1") else {
        return;
    };
    let s = t.wait_for("your turn");
    fits(&s);
    for spoiler in ["winning", "losing", "win (", "loss (", "better"] {
        assert!(!s.contains(spoiler), "`{spoiler}` with hints off:\n{s}");
    }
    // Move 2 (1 + 4 from the 6) gives the win away; the computer answers.
    t.keys(&["2", "Enter"]);
    let s = t.wait_for("computer: ");
    fits(&s);
    let history = panel(&s, "History");
    assert!(
        history.contains("1. you: heap 1: take 1 from 6, leaving 1 + 4"),
        "the history line is cut: {history}\n{s}"
    );
    assert!(history.contains("2. computer: "), "{history}");
    for spoiler in ["winning", "losing", "better"] {
        assert!(!s.contains(spoiler), "`{spoiler}` with hints off:\n{s}");
    }
    assert!(panel(&s, "Values").contains("hidden until hints are on"), "{s}");
    // Hints on: the values, the advice and the hint line.
    t.keys(&["?"]);
    let s = t.wait_for("hint: ");
    fits(&s);
    assert!(panel(&s, "Values").contains("1 you winning 7"), "{s}");
    let history = panel(&s, "History");
    assert!(
        history.contains("better: heap 1: take 2 from 6, leaving 4"),
        "the advice is cut or missing: {history}\n{s}"
    );
    let moves = panel(&s, "Moves");
    assert!(
        moves.contains("1) loss (r=5) heap 1: take 1 from 4, leaving 3"),
        "{moves}\n{s}"
    );
    // A move with hints on: the hint line stays.
    t.keys(&["Enter"]);
    let s = t.wait(" `3. you` in the history", |s| {
        panel(s, "History").contains("3. you")
    });
    fits(&s);
    assert!(
        s.contains("hint: you lose against perfect play; the longest defence"),
        "{s}"
    );
    t.keys(&["q"]);
}

/// A Kayles row of 10^18 at 80×24: a short row with its size, and the hint
/// says there is no remoteness at this size rather than a longest defence.
#[test]
fn terminal_ui_draws_a_huge_heap_as_a_short_row_with_its_size() {
    let args = "play kayles 1000000000000000000 --first computer --seed 1";
    let Some(t) = Tmux::start("huge", 80, 24, args) else {
        return;
    };
    let s = t.wait_for("your turn");
    fits(&s);
    let pos = panel(&s, "Position");
    assert!(pos.contains("●●●…"), "{pos}\n{s}");
    // The computer's move leaves two heaps that add up to 10^18 - 2.
    let sizes: Vec<u64> = pos
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .filter(|&n: &u64| n > 9)
        .collect();
    assert!(
        sizes.iter().any(|&n| n > 999_999_999_999_999_000),
        "no heap size shown: {pos}\n{s}"
    );
    t.keys(&["?"]);
    let s = t.wait_for("hint: ");
    fits(&s);
    assert!(s.contains("no remoteness at this size"), "{s}");
    assert!(!s.contains("longest defence"), "{s}");
    t.keys(&["q"]);
}
