//! The web API's request decoding and handling, through the whole router
//! of `sprague serve` (no network): the first byte picks an endpoint, the
//! rest is the request body. For a game played in the page, the body is two
//! lines: the request that starts the game, then a move request; the
//! game's other endpoints (hints, the computer's move, undo, redo,
//! restart, the state, the end) follow on the game it started.
//!
//! Every answer must be a 2xx or a 4xx, or a 503 for a computation that
//! runs past the server's time limit, with a JSON body: never a 500 (a
//! panic in a handler, which the router would otherwise turn into one, or
//! an internal error), and never a panic or hang of the process.
#![no_main]

use axum::body::{to_bytes, Body};
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use libfuzzer_sys::fuzz_target;
use sprague::rules::ScriptLimits;
use sprague::solve::Limits;
use sprague_web::{router, Config, MAX_BODY};
use std::sync::LazyLock;
use std::time::Duration;
use tower::ServiceExt;

/// The runtime that serves every input.
static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
});

/// The router, with bounds small enough that every answer comes well
/// within the fuzzer's one-second limit in an instrumented build.
static APP: LazyLock<Router> = LazyLock::new(|| {
    router(Config {
        limits: Limits {
            max_states: 5_000,
            max_work: 200_000,
            ..Limits::default()
        },
        script_limits: ScriptLimits {
            ops: 20_000,
            seconds: 1,
            ..ScriptLimits::default()
        },
        timeout: Duration::from_millis(600),
        workers: 2,
        max_sessions: 64,
        session_ttl: Duration::from_secs(60),
        ..Config::default()
    })
});

/// The stateless endpoints.
const POSTS: &[&str] = &["/api/value", "/api/table", "/api/analyze", "/api/solve"];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    RUNTIME.block_on(async {
        match pick as usize % (POSTS.len() + 1) {
            i if i < POSTS.len() => {
                send(Method::POST, POSTS[i], body.to_vec()).await;
            }
            _ => play(body).await,
        }
    });
});

/// Starts a game with the first line, then plays the second line as a
/// move and calls the game's other endpoints.
async fn play(body: &[u8]) {
    let mut lines = body.splitn(2, |&b| b == b'\n');
    let start = lines.next().unwrap_or_default().to_vec();
    let chosen = lines.next().unwrap_or_default().to_vec();
    let (status, answer) = send(Method::POST, "/api/play", start).await;
    if !status.is_success() {
        return;
    }
    let id = answer["id"].as_str().expect("a started game has an id").to_string();
    let at = |tail: &str| format!("/api/play/{id}{tail}");
    send(Method::POST, &at("/move"), chosen).await;
    send(Method::GET, &at("/hints"), Vec::new()).await;
    send(Method::POST, &at("/computer"), Vec::new()).await;
    send(Method::POST, &at("/undo"), Vec::new()).await;
    send(Method::POST, &at("/redo"), Vec::new()).await;
    send(Method::POST, &at("/restart"), Vec::new()).await;
    send(Method::GET, &at(""), Vec::new()).await;
    send(Method::DELETE, &at(""), Vec::new()).await;
}

/// One request; checks the answer's status and that its body is JSON.
async fn send(method: Method, path: &str, body: Vec<u8>) -> (StatusCode, serde_json::Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .expect("a request");
    let response = APP.clone().oneshot(request).await.expect("the router answers");
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 4 * MAX_BODY)
        .await
        .expect("a whole body");
    assert!(
        status.is_success() || status.is_client_error() || status == StatusCode::SERVICE_UNAVAILABLE,
        "{path}: status {status}: {}",
        String::from_utf8_lossy(&bytes)
    );
    if status == StatusCode::NO_CONTENT {
        return (status, serde_json::Value::Null);
    }
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{path}: status {status}, a body that is not JSON ({e})"));
    (status, json)
}
