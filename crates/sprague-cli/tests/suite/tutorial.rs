//! The README's tour, `docs/tutorial.md` and every page of the guide under
//! `docs/` kept true: every command in their `console` blocks is run, and
//! what the binary prints must be the output shown beneath it. Their
//! relative links must lead to a file and, for a page, to a heading of it.
//!
//! A command is a line `$ sprague ARGS` or `$ printf 'INPUT' | sprague
//! ARGS` (INPUT with `\n` escapes, given on stdin), run in the workspace's
//! root (so `script:examples/kayles.rhai` is found); the lines up to the
//! next `$ ` or the block's end are its stdout, compared line by line
//! (trailing spaces aside). A shown line `…` alone stands for any lines.
//! Output that starts with `sprague: error:` is an error's: the command
//! must exit with code 2 and print it on stderr. `sprague serve` runs on a
//! free port (the page shows the default one) and must answer a request
//! for its page. Commands too slow for the test profile (over a second or
//! so) belong in `sh` blocks, which are not run.

use assert_cmd::cargo::cargo_bin;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command of a page and the output it shows.
#[derive(Debug)]
struct Step {
    /// The `$ ` line, for messages.
    line: String,
    /// What `printf` pipes in, if anything.
    input: Option<String>,
    args: Vec<String>,
    shown: Vec<String>,
}

/// The workspace's root, where the README and `docs/` are.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A page of the docs, by its path from the workspace's root.
fn page(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The pages of the guide under `docs/`, sorted, by path from the root.
fn guide_pages() -> Vec<String> {
    let mut pages: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    pages
}

/// The commands of every `console` block, in order (a block may be
/// indented, as in a list item).
fn steps(text: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut in_console = false;
    // The fence's indentation (a block in a list item), taken off its lines.
    let mut indent = 0;
    for line in text.lines() {
        let body = line.trim_start_matches(' ');
        if let Some(fence) = body.strip_prefix("```") {
            in_console = !in_console && fence.trim() == "console";
            indent = line.len() - body.len();
            continue;
        }
        if !in_console {
            continue;
        }
        let line = &line[(line.len() - body.len()).min(indent)..];
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
            .unwrap_or_else(|| panic!("a console command runs sprague: {line}"));
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

/// Whether a printed line is the shown one, a `…` in the shown line
/// standing for any text.
fn line_matches(shown: &str, printed: &str) -> bool {
    let mut parts = shown.split('…');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = printed.strip_prefix(first) else {
        return false;
    };
    let mut parts: Vec<&str> = parts.collect();
    let Some(last) = parts.pop() else {
        return rest.is_empty();
    };
    for part in parts {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Whether `printed` is what `shown` shows, a shown line `…` standing for
/// any run of lines (none included) and a `…` within a line for any text:
/// a glob match over lines, by the usual two pointers with one place to
/// go back to.
fn matches(shown: &[String], printed: &[String]) -> bool {
    let (mut s, mut p) = (0, 0);
    // The last `…` seen and the printed line it has swallowed up to.
    let mut back: Option<(usize, usize)> = None;
    while p < printed.len() {
        if s < shown.len() && shown[s] == "…" {
            back = Some((s, p));
            s += 1;
        } else if s < shown.len() && line_matches(&shown[s], &printed[p]) {
            s += 1;
            p += 1;
        } else if let Some((bs, bp)) = back {
            back = Some((bs, bp + 1));
            s = bs + 1;
            p = bp + 1;
        } else {
            return false;
        }
    }
    shown[s..].iter().all(|l| l == "…")
}

fn check_output(page: &str, step: &Step) {
    let mut child = Command::new(cargo_bin("sprague"))
        .args(&step.args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = step.input.clone().unwrap_or_default();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let shown = lines(&step.shown.join("\n"));
    let is_error = shown.first().is_some_and(|l| l.starts_with("sprague: error:"));
    let printed = if is_error {
        assert_eq!(
            out.status.code(),
            Some(2),
            "{page}: `{}` shows an error, but exits with {:?}: {stdout}{stderr}",
            step.line,
            out.status.code()
        );
        lines(&stderr)
    } else {
        assert!(
            out.status.success(),
            "{page}: `{}`: exit {:?}: {stderr}",
            step.line,
            out.status.code(),
        );
        lines(&stdout)
    };
    assert!(
        matches(&shown, &printed),
        "{page} is stale at `{}`:\n--- shown\n{}\n--- printed\n{}",
        step.line,
        shown.join("\n"),
        printed.join("\n")
    );
}

/// `sprague serve` on a free port: its first line, with the port the page
/// shows, and a page that answers.
fn check_serve(page: &str, step: &Step) {
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
        assert_eq!(
            vec![as_shown],
            lines(&step.shown.join("\n")),
            "{page}: {}",
            step.line
        );
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

/// Runs every step of a page; answers the `$ ` lines, for the callers'
/// checks of what the page covers.
fn run_page(path: &str) -> Vec<String> {
    let steps = steps(&page(path));
    for step in &steps {
        assert!(!step.shown.is_empty(), "{path}: `{}` shows no output", step.line);
        if step.args.first().map(String::as_str) == Some("serve") {
            check_serve(path, step);
        } else {
            check_output(path, step);
        }
    }
    steps.into_iter().map(|s| s.line).collect()
}

fn assert_covers(path: &str, commands: &[String], needed: &[&str]) {
    let all = commands.join("\n");
    for needed in needed {
        assert!(all.contains(needed), "{path} lacks `{needed}`");
    }
}

#[test]
fn every_command_of_the_tutorial_prints_what_it_shows() {
    let path = "docs/tutorial.md";
    let commands = run_page(path);
    // About ten commands, from Nim to misère Kayles, and the browser.
    assert!(commands.len() >= 10, "{} commands: {commands:#?}", commands.len());
    let needed = [
        "sprague value nim",
        "sprague value kayles",
        "--misere",
        "sprague serve",
    ];
    assert_covers(path, &commands, &needed);
}

#[test]
fn every_command_of_the_readme_tour_prints_what_it_shows() {
    let commands = run_page("README.md");
    // A tour of about ten commands, the set-up's example among them.
    assert!(commands.len() >= 10, "{} commands: {commands:#?}", commands.len());
    let needed = [
        "$ sprague value kayles 7 11",
        "sprague table",
        "sprague analyze",
        "--misere",
        "sprague play",
        "sprague solve",
        "sprague serve",
    ];
    assert_covers("README.md", &commands, &needed);
}

#[test]
fn every_command_of_the_guide_prints_what_it_shows() {
    let mut run = 0;
    for path in guide_pages() {
        if path != "docs/tutorial.md" {
            run += run_page(&path).len();
        }
    }
    // The cheap commands of games, beyond, play, problems, patterns, …
    assert!(run >= 15, "only {run} commands of the guide are run");
}

/// The set-up section of the README: exactly two commands, the second the
/// one CI runs for its tests (`.ci/run` runs `.ci/test`).
#[test]
fn the_readme_set_up_has_the_two_commands_ci_runs() {
    let readme = page("README.md");
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with("Set-up"))
        .expect("a `## Set-up` section");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a `sh` block in the set-up");
    let commands: Vec<&str> = block
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(
        commands,
        [
            "cargo run --release -p sprague-cli -- value kayles 7 11",
            "bash .ci/test"
        ]
    );
    let ci = page(".ci/run");
    assert!(
        ci.lines().any(|l| l.trim() == ".ci/test"),
        ".ci/run no longer runs .ci/test, the README's test command"
    );
}

/// GitHub's anchor of a heading: lower case, spaces to `-`, punctuation
/// other than `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The lines of a page outside its code blocks (fences may be indented).
fn prose(text: &str) -> Vec<&str> {
    let mut in_code = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            out.push(line);
        }
    }
    out
}

/// The anchors of a page's headings (a repeated heading gets `-1`, `-2`, …).
fn anchors(text: &str) -> Vec<String> {
    let mut bases: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for line in prose(text) {
        let level = line.chars().take_while(|&c| c == '#').count();
        if level == 0 || !line[level..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[level..]);
        let seen = bases.iter().filter(|b| **b == base).count();
        out.push(if seen == 0 {
            base.clone()
        } else {
            format!("{base}-{seen}")
        });
        bases.push(base);
    }
    out
}

/// The targets of a page's Markdown links and images, outside code.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                out.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
    out
}

#[test]
fn every_relative_link_of_the_readme_and_the_guide_resolves() {
    let mut pages = vec!["README.md".to_string()];
    pages.extend(guide_pages());
    let mut checked = 0;
    for path in &pages {
        let dir = Path::new(path).parent().unwrap();
        for target in link_targets(&page(path)) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                path.clone()
            } else {
                dir.join(file).to_string_lossy().into_owned()
            };
            assert!(
                root().join(&linked).exists(),
                "{path}: link `{target}`: no {linked}"
            );
            if let Some(anchor) = anchor.filter(|_| linked.ends_with(".md")) {
                let known = anchors(&page(&linked));
                assert!(
                    known.iter().any(|a| a == anchor),
                    "{path}: link `{target}`: {linked} has no heading `#{anchor}` ({known:?})"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} links checked");
}

#[test]
fn the_tutorial_parser_reads_commands_inputs_and_outputs() {
    let text = "intro\n```sh\n$ sprague not-run\n```\n```console\n$ printf 'a\\nb\\n' | sprague play nim 1\nout 1  \nout 2\n$ sprague value nim 3\nx\n```\n- item\n\n  ```console\n  $ sprague value nim 4\n    y\n  ```\n";
    let s = steps(text);
    assert_eq!(s.len(), 3, "{s:#?}");
    assert_eq!(s[2].args, ["value", "nim", "4"]);
    assert_eq!(s[2].shown, ["  y"]);
    assert_eq!(s[0].input.as_deref(), Some("a\nb\n"));
    assert_eq!(s[0].args, ["play", "nim", "1"]);
    assert_eq!(s[0].shown, ["out 1", "out 2"]);
    assert_eq!(s[1].input, None);
    assert_eq!(s[1].shown, ["x"]);
}

#[test]
fn the_checks_match_elisions_anchors_and_links() {
    let v = |s: &str| lines(&s.replace(' ', "\n"));
    assert!(matches(&v("a b c"), &v("a b c")));
    assert!(!matches(&v("a b c"), &v("a b")));
    assert!(!matches(&v("a b"), &v("a b c")));
    assert!(matches(&v("a … c"), &v("a x y c")));
    assert!(matches(&v("a … c"), &v("a c")));
    assert!(matches(&v("a …"), &v("a x y")));
    assert!(matches(&v("… c … e"), &v("c x c d e")));
    assert!(!matches(&v("a … c"), &v("a x y")));
    assert!(!matches(&v("… c"), &v("x c d")));
    assert!(matches(&v("a(…) b"), &v("a(12) b")));
    assert!(matches(&v("a…b…c"), &v("a1b2c")));
    assert!(!matches(&v("a…b…c"), &v("a1c2b")));
    assert!(!matches(&v("a(…)"), &v("a(12")));
    assert!(!line_matches("ab…b", "ab"));
    assert!(line_matches("ab…b", "abb"));
    assert_eq!(slug("`--json` keys"), "--json-keys");
    assert_eq!(slug("Faults: kills, a full disk"), "faults-kills-a-full-disk");
    assert_eq!(slug("Misère play"), "misère-play");
    assert_eq!(
        anchors("# A\n```\n# not a heading\n```\n## B\n## B c\n## B c\n#nope\n"),
        ["a", "b", "b-c", "b-c-1"]
    );
    assert_eq!(
        link_targets("see [x](a.md#b) and ![p](i.png)\n```\n[no](c.md)\n```\n"),
        ["a.md#b", "i.png"]
    );
}
