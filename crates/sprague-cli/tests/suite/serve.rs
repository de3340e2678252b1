//! `sprague serve` over a real socket: the address printed, the API's JSON
//! equal to the CLI's `--json` (values, tables, the misère analysis), and a clean stop on Ctrl-C (SIGINT).

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// One HTTP/1.1 request: (status, body).
fn http(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (status, body)
}

#[test]
fn serve_answers_as_the_cli_and_stops_on_ctrl_c() {
    let mut child = Command::new(cargo_bin("sprague"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in `{first}`"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");

    let (status, body) = http(
        &addr,
        "POST",
        "/api/value",
        r#"{"spec":"kayles","positions":[7,11],"misere":false}"#,
    );
    assert_eq!(status, 200, "{body}");
    let cli = Command::new(cargo_bin("sprague"))
        .args(["value", "kayles", "7", "11", "--json"])
        .output()
        .unwrap();
    let web: Value = serde_json::from_str(&body).unwrap();
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(web, cli);

    let (status, body) = http(&addr, "POST", "/api/table", r#"{"spec":"kayles","upto":40}"#);
    assert_eq!(status, 200);
    let cli = Command::new(cargo_bin("sprague"))
        .args(["table", "kayles", "--upto", "40", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap(),
        serde_json::from_slice::<Value>(&cli.stdout).unwrap()
    );

    // Tables along a family of boards: the same library call, the same JSON.
    for (family, upto) in [("cram:3xN", "8"), ("node-kayles:path:N", "30")] {
        let body = format!(r#"{{"spec":"{family}","upto":{upto}}}"#);
        let (status, body) = http(&addr, "POST", "/api/table", &body);
        assert_eq!(status, 200, "{body}");
        let cli = Command::new(cargo_bin("sprague"))
            .args(["table", family, "--upto", upto, "--json"])
            .output()
            .unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(&body).unwrap(),
            serde_json::from_slice::<Value>(&cli.stdout).unwrap(),
            "{family}"
        );
    }

    // The misère analysis: the library's report, as the CLI prints it
    // (its time aside). An order bound for kayles, so that the memory each
    // side has (the machine's, the server's share) lowers neither.
    for (body, args) in [
        (r#"{"spec":"octal:0.75","misere":true}"#, &["octal:0.75"][..]),
        (
            r#"{"spec":"kayles","misere":true,"upto":12,"max_order":1000}"#,
            &["kayles", "--upto", "12", "--max-order", "1000"],
        ),
    ] {
        let (status, body) = http(&addr, "POST", "/api/analyze", body);
        assert_eq!(status, 200, "{body}");
        let cli = Command::new(cargo_bin("sprague"))
            .arg("analyze")
            .args(args)
            .args(["--misere", "--json"])
            .output()
            .unwrap();
        let timeless = |mut v: Value| {
            assert!(v["seconds"].is_f64(), "{v}");
            v.as_object_mut().unwrap().remove("seconds");
            v
        };
        let web = timeless(serde_json::from_str(&body).unwrap());
        assert_eq!(
            web,
            timeless(serde_json::from_slice(&cli.stdout).unwrap()),
            "{args:?}"
        );
        assert!(web["order"].as_u64().is_some_and(|n| n >= 8), "{web}");
    }

    let (status, body) = http(&addr, "POST", "/api/value", "{not json");
    assert_eq!(status, 400);
    assert!(body.contains("\"error\""), "{body}");
    let (status, _) = http(&addr, "GET", "/", "");
    assert_eq!(status, 200);

    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert_eq!(lines.next().unwrap().unwrap(), "sprague: stopped");
}

/// `--host` other than loopback warns on start that anyone reaching the
/// address can use the server (issue 33).
#[test]
fn serve_on_every_interface_warns() {
    let mut child = Command::new(cargo_bin("sprague"))
        .args(["serve", "--port", "0", "--host", "0.0.0.0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap()).lines();
    let warning = err.next().unwrap().unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        warning.starts_with("sprague: warning: listening on 0.0.0.0"),
        "{warning}"
    );
    assert!(warning.contains("anyone"), "{warning}");
}
