//! Text from users and scripts reaches the terminal escaped (issue 33):
//! no control character of an argument or a script's message is printed
//! as it is.

use assert_cmd::Command;

/// Runs `sprague ARGS`: (exit code, stderr as bytes).
fn stderr_of(args: &[&str]) -> (i32, Vec<u8>) {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), out.stderr)
}

fn has_control(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .any(|&b| (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f)
}

/// Regression (issue 33): `sprague value nim $'3\e]0;PWNED\a'` retitled
/// the terminal window: the error echoed the argument as it was.
#[test]
fn an_argument_echoed_in_an_error_is_escaped() {
    let (code, err) = stderr_of(&["value", "nim", "3\u{1b}]0;PWNED\u{7}"]);
    assert_eq!(code, 2);
    assert!(!has_control(&err), "{err:?}");
    let text = String::from_utf8(err).unwrap();
    assert!(text.contains("3\\x1b]0;PWNED\\x07"), "{text}");
    // An unknown flag is echoed by the command-line parser's error.
    let (code, err) = stderr_of(&["value", "--\u{1b}[2J", "nim", "3"]);
    assert_eq!(code, 2);
    assert!(!has_control(&err), "{err:?}");
}

/// A script's own error message (thrown text) is escaped too.
#[test]
fn a_scripts_error_message_is_escaped() {
    let dir = tempfile_dir();
    let path = dir.join("hostile.rhai");
    std::fs::write(&path, "fn moves(n) { throw \"\u{1b}]0;PWNED\u{7}\u{9b}2J\" }\n").unwrap();
    let (code, err) = stderr_of(&["value", &format!("script:{}", path.display()), "3"]);
    assert_eq!(code, 2);
    assert!(!has_control(&err), "{err:?}");
    let text = String::from_utf8(err).unwrap();
    assert!(text.contains("\\x1b]0;PWNED\\x07\\u{9b}2J"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A fresh directory under the system's temporary one.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-terminal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
