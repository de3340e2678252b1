//! `docs/tutorial.md` kept true: every command in its `console` blocks is
//! run, and what the binary prints must be the output shown beneath it.
//!
//! A command is a line `$ sprague ARGS` or `$ printf 'INPUT' | sprague
//! ARGS` (INPUT with `\n` escapes, given on stdin); the lines up to the
//! next `$ ` or the block's end are its stdout, compared line by line
//! (trailing spaces aside). `sprague serve` runs on a free port (the page
//! shows the default one) and must answer a request for its page.

use assert_cmd::cargo::cargo_bin;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

/// One command of the tutorial and the output it shows.
#[derive(Debug)]
struct Step {
    /// The `$ ` line, for messages.
    line: String,
    /// What `printf` pipes in, if anything.
    input: Option<String>,
    args: Vec<String>,
    shown: Vec<String>,
}

fn tutorial() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/tutorial.md");
    std::fs::read_to_string(path).expect("docs/tutorial.md")
}

/// The commands of every `console` block, in order.
fn steps(text: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut in_console = false;
    for line in text.lines() {
        if let Some(fence) = line.strip_prefix("```") {
            in_console = !in_console && fence.trim() == "console";
            continue;
        }
        if !in_console {
            continue;
        }
        let Some(cmd) = line.strip_prefix("$ ") else {
            let step = steps.last_mut().expect("a console block starts with a `$ ` line");
            step.shown.push(line.trim_end().to_string());
            continue;
        };
        let (input, rest) = match cmd.strip_prefix("printf '") {
            Some(p) => {
                let (payload, rest) = p.split_once("' | ").expect("printf '…' | sprague …");
                (Some(payload.replace("\\n", "\n")), rest)
            }
            None => (None, cmd),
        };
        let args = rest
            .strip_prefix("sprague ")
            .unwrap_or_else(|| panic!("a tutorial command runs sprague: {line}"));
        assert!(
            !args.contains(['\'', '"', '|', '>', '<', '$']),
            "the test splits arguments at spaces only: {line}"
        );
        steps.push(Step {
            line: line.to_string(),
            input,
            args: args.split_whitespace().map(str::to_string).collect(),
            shown: Vec::new(),
        });
    }
    steps
}

/// Lines as compared: trailing spaces and trailing empty lines dropped.
fn lines(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

fn check_output(step: &Step) {
    let mut child = Command::new(cargo_bin("sprague"))
        .args(&step.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = step.input.clone().unwrap_or_default();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}: exit {:?}: {}",
        step.line,
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = lines(&stdout);
    let shown = lines(&step.shown.join("\n"));
    assert!(
        printed == shown,
        "docs/tutorial.md is stale at `{}`:\n--- shown\n{}\n--- printed\n{}",
        step.line,
        shown.join("\n"),
        printed.join("\n")
    );
}

/// `sprague serve` on a free port: its first line, with the port the page
/// shows, and a page that answers.
fn check_serve(step: &Step) {
    let mut child = Command::new(cargo_bin("sprague"))
        .args(&step.args)
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let result = std::panic::catch_unwind(|| {
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in `{first}`"))
            .to_string();
        let port = addr.rsplit(':').next().unwrap();
        let as_shown = first.trim_end().replace(&format!(":{port}/"), ":8080/");
        assert_eq!(vec![as_shown], lines(&step.shown.join("\n")), "{}", step.line);
        let mut socket = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            socket,
            "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut page = String::new();
        socket.read_to_string(&mut page).unwrap();
        assert!(
            page.starts_with("HTTP/1.1 200"),
            "{}",
            &page[..page.len().min(200)]
        );
        assert!(page.contains("id=\"play-form\""), "the page has no game form");
    });
    let _ = child.kill();
    let _ = child.wait();
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}

#[test]
fn every_command_of_the_tutorial_prints_what_it_shows() {
    let steps = steps(&tutorial());
    // About ten commands, from Nim to misère Kayles, and the browser.
    assert!(steps.len() >= 10, "{} commands: {steps:#?}", steps.len());
    let all = steps
        .iter()
        .map(|s| s.line.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    for needed in [
        "sprague value nim",
        "sprague value kayles",
        "--misere",
        "sprague serve",
    ] {
        assert!(all.contains(needed), "the tutorial lacks `{needed}`");
    }
    for step in &steps {
        assert!(!step.shown.is_empty(), "`{}` shows no output", step.line);
        if step.args.first().map(String::as_str) == Some("serve") {
            check_serve(step);
        } else {
            check_output(step);
        }
    }
}

#[test]
fn the_tutorial_parser_reads_commands_inputs_and_outputs() {
    let text = "intro\n```sh\n$ sprague not-run\n```\n```console\n$ printf 'a\\nb\\n' | sprague play nim 1\nout 1  \nout 2\n$ sprague value nim 3\nx\n```\n";
    let s = steps(text);
    assert_eq!(s.len(), 2, "{s:#?}");
    assert_eq!(s[0].input.as_deref(), Some("a\nb\n"));
    assert_eq!(s[0].args, ["play", "nim", "1"]);
    assert_eq!(s[0].shown, ["out 1", "out 2"]);
    assert_eq!(s[1].input, None);
    assert_eq!(s[1].shown, ["x"]);
}
