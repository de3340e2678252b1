//! `table --format bfile`: an OEIS b-file (issue 34), checked against the
//! conventions of <https://oeis.org/SubmittingBFiles.html>: a line `n a(n)`
//! per term, n from the offset 0 up by one, a single space, no blank line,
//! at most 1000 characters a line; and against the JSON table.

use assert_cmd::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The terms of a b-file, checking its form.
fn terms(text: &str) -> Vec<String> {
    assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{text:?}");
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            assert!(line.len() <= 1000, "line {i} is {} characters", line.len());
            let (n, a) = line
                .split_once(' ')
                .unwrap_or_else(|| panic!("line {i}: `{line}`"));
            assert_eq!(n, i.to_string(), "line {i}: `{line}`");
            assert!(
                !a.is_empty() && a.chars().all(|c| c.is_ascii_digit()),
                "line {i}: `{line}`"
            );
            a.to_string()
        })
        .collect()
}

#[test]
fn bfile_lists_every_value_as_the_json_table_does() {
    for (spec, upto) in [
        ("kayles", "100"),
        ("nim", "20"),
        ("subtract:1,3,4", "50"),
        ("grundy", "100000"),
    ] {
        let (code, out, err) = run(&["table", spec, "--upto", upto, "--format", "bfile"]);
        assert_eq!(code, 0, "{spec}: {err}");
        let got = terms(&out);
        let (_, json, _) = run(&["table", spec, "--upto", upto, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let want: Vec<String> = v["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.to_string())
            .collect();
        assert_eq!(got, want, "{spec}");
    }
    // Misère values g⁻ too.
    let (code, out, _) = run(&["table", "kayles", "--upto", "12", "--misere", "--format", "bfile"]);
    assert_eq!(code, 0);
    let (_, json, _) = run(&["table", "kayles", "--upto", "12", "--misere", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let want: Vec<String> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.to_string())
        .collect();
    assert_eq!(terms(&out), want);
}

#[test]
fn bfile_refuses_what_is_no_sequence_of_whole_numbers() {
    for (args, needle) in [
        (
            &["table", "wythoff", "--upto", "5,5", "--format", "bfile"][..],
            "give --upto N",
        ),
        (
            &["table", "kayles", "--upto", "5", "--genus", "--format", "bfile"][..],
            "genus",
        ),
        (
            &["table", "updown:1,2/3/20", "--upto", "5", "--format", "bfile"][..],
            "no b-file",
        ),
        (
            &["table", "kayles", "--upto", "5", "--format", "bfile", "--json"][..],
            "cannot be used with",
        ),
        (
            &[
                "table",
                "kayles",
                "--upto",
                "10^5",
                "--summary",
                "--format",
                "bfile",
            ][..],
            "not with --summary",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
