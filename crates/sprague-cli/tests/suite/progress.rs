//! The progress bar of long computations (issue 34): drawn on stderr when
//! it is a terminal (read off a tmux screen), never when it is piped.
//! `SPRAGUE_PROGRESS_DELAY_MS=0` makes the bar due at once, so that a
//! short run would draw it.

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;

/// A dense table of some seconds: all-but sets cost O(N²).
const LONG_TABLE: [&str; 4] = ["table", "allbut:1,2", "--upto", "90000"];

#[test]
fn piped_output_has_no_progress_text() {
    for args in [
        &["table", "allbut:1,2", "--upto", "20000"][..],
        &["value", "octal:0.6", "30000"][..],
        &["analyze", "grundy", "--upto", "3000"][..],
        &["table", "wythoff", "--upto", "60,60"][..],
    ] {
        let out = Command::cargo_bin("sprague")
            .unwrap()
            .args(args)
            .env("SPRAGUE_PROGRESS_DELAY_MS", "0")
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains('█') && !text.contains("░"), "{args:?}");
    }
}

#[test]
fn a_terminal_sees_the_bar_while_it_runs_and_not_after() {
    if std::process::Command::new("tmux").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("SPRAGUE_SKIP_TMUX").is_some(),
            "tmux is missing, so the progress bar cannot be checked: install it \
             (`.ci/test` does), or set SPRAGUE_SKIP_TMUX=1 to skip"
        );
        return;
    }
    let name = format!("sprague-progress-{}", std::process::id());
    let tmux = |args: &[&str]| {
        let out = std::process::Command::new("tmux").args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    // The answer goes to a file: the screen holds only what stderr draws,
    // then `done`.
    let file = std::env::temp_dir().join(format!("{name}.txt"));
    let cmd = format!(
        "SPRAGUE_PROGRESS_DELAY_MS=0 {} {} > {}; echo done; sleep 60",
        cargo_bin("sprague").display(),
        LONG_TABLE.join(" "),
        file.display()
    );
    tmux(&["new-session", "-d", "-s", &name, "-x", "80", "-y", "24", &cmd]);
    let screen = || tmux(&["capture-pane", "-p", "-t", &name]);
    let mut seen = None;
    for _ in 0..2400 {
        let s = screen();
        if s.contains("heap values") {
            seen = Some(s);
            break;
        }
        if s.contains("done") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    let mut last = screen();
    for _ in 0..2400 {
        if last.contains("done") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        last = screen();
    }
    tmux(&["kill-session", "-t", &name]);
    let values = std::fs::read_to_string(&file).unwrap_or_default();
    let _ = std::fs::remove_file(&file);
    let seen = seen.unwrap_or_else(|| panic!("no bar while it ran; at the end:\n{last}"));
    // `N/N+1 heap values (elapsed)`, with the count of the table.
    assert!(seen.contains("/90,001 heap values"), "{seen}");
    assert!(last.contains("done") && !last.contains("heap values"), "{last}");
    assert!(values.starts_with("n "), "the table went to the file");
}
