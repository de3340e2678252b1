//! A stop that stops (issue 33): every kind of long computation, stopped
//! at the time limit with a 503, ends within half a second — the process
//! then uses (almost) no CPU.
//!
//! A test binary of its own: it measures the whole process's CPU time,
//! which other tests running beside it would add to.

#![cfg(target_os = "linux")]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// The process's CPU time (user and system) so far, from /proc/self/stat.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    // Fields after the command name (which may hold spaces), 1-based from
    // field 3: utime is field 14, stime 15.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<u64> = rest
        .split(' ')
        .skip(11)
        .take(2)
        .map(|x| x.parse().unwrap())
        .collect();
    let hz = rustix::param::clock_ticks_per_second() as f64;
    Duration::from_secs_f64((f[0] + f[1]) as f64 / hz)
}

/// A scripted heap game whose every call does some 10^5 operations.
const SLOW_SCRIPT: &str =
    "const HEAP = true;\nfn moves(n) { let s = 0; for i in 0..100000 { s += i; } if n > 0 { [n - 1] } else { [] } }\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_long_computation_ends_within_half_a_second_of_its_503() {
    let app = sprague_web::router(sprague_web::Config {
        timeout: Duration::from_secs(1),
        workers: 12,
        ..sprague_web::Config::default()
    });
    // Each of these computes for many seconds within the default bounds.
    let jobs: Vec<(&str, &str, Value)> = vec![
        (
            "loopy table",
            "/api/table",
            json!({"spec": "updown:1,2,3/4,5/1000000", "upto": 1_000_000}),
        ),
        (
            "loopy value",
            "/api/value",
            json!({"spec": "updown:1/1/100000000", "positions": [3]}),
        ),
        (
            "random play",
            "/api/value",
            json!({"spec": "kayles", "positions": [40, 41, 42], "random": true}),
        ),
        (
            "misère value",
            "/api/value",
            json!({"spec": "grundy", "positions": [30, 31, 32, 33, 34], "misere": true}),
        ),
        (
            "play start",
            "/api/play",
            json!({"spec": "grundy", "positions": [30, 31, 32, 33, 34], "misere": true}),
        ),
        (
            "scripted table",
            "/api/table",
            json!({"spec": "script:slow.rhai", "script": SLOW_SCRIPT, "upto": 5000}),
        ),
        (
            "skill curve",
            "/api/skill",
            // Built in a fraction of a second; its 105 passes take seconds.
            json!({"spec": "kayles", "positions": [20, 21]}),
        ),
        (
            "misère table",
            "/api/table",
            json!({"spec": "kayles", "upto": 60, "kind": "misere"}),
        ),
    ];
    let started = Instant::now();
    let tasks: Vec<_> = jobs
        .into_iter()
        .enumerate()
        .map(|(i, (name, path, body))| {
            let app = app.clone();
            tokio::spawn(async move {
                let req = Request::post(path)
                    .header("content-type", "application/json")
                    .header(sprague_web::CLIENT_HEADER, format!("client{i}"))
                    .body(Body::from(body.to_string()))
                    .unwrap();
                let resp = app.oneshot(req).await.unwrap();
                (name, resp.status())
            })
        })
        .collect();
    for t in tasks {
        let (name, status) = t.await.unwrap();
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{name}");
    }
    let answered = started.elapsed();
    // Half a second after the 503s, then a window of a second.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = cpu();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let used = cpu() - before;
    eprintln!("CPU from 0.5 s to 1.5 s after the 503s: {used:?} (503s after {answered:?})");
    assert!(
        used < Duration::from_millis(150),
        "{used:?} of CPU in the second from 0.5 s after the 503s (answered after {answered:?})"
    );
}
