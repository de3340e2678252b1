//! Requests meant to break the server: each is refused with a 4xx and a
//! JSON error naming what was wrong, and the server answers afterwards.

use super::harness::{app, get, post, raw, refused};
use axum::http::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn every_malformed_request_is_a_4xx_and_the_server_stays_up() {
    let app = app();
    // Not JSON, the wrong shape, unknown fields.
    refused(
        &raw(&app, Method::POST, "/api/value", "{\"spec\": ").await,
        "bad request body",
    );
    refused(
        &raw(&app, Method::POST, "/api/value", "[1, 2]").await,
        "bad request body",
    );
    refused(
        &post(&app, "/api/value", json!({"spec": "nim"})).await,
        "positions",
    );
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "nim", "positions": [3], "misère": true}),
        )
        .await,
        "misère",
    );
    refused(
        &post(&app, "/api/value", json!({"spec": "nim", "positions": [-3]})).await,
        "bad position `-3`: expected a non-negative number",
    );
    for (odd, why) in [
        (json!(1.5), "bad position `1.5`: `1.5` is not a whole number"),
        (
            json!(true),
            "bad position `true`: give a position as a whole number",
        ),
        (json!([1, 2]), "bad position `[1,2]`: give a position"),
    ] {
        refused(
            &post(&app, "/api/value", json!({"spec": "nim", "positions": [odd]})).await,
            why,
        );
    }
    refused(
        &post(&app, "/api/value", json!({"spec": "nim", "positions": []})).await,
        "empty",
    );
    // Huge bodies and positions.
    let huge = format!(
        "{{\"spec\": \"nim\", \"positions\": [\"{}\"]}}",
        "9".repeat(2 << 20)
    );
    let answer = raw(&app, Method::POST, "/api/value", huge).await;
    assert_eq!(answer.0, StatusCode::PAYLOAD_TOO_LARGE);
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "nim", "positions": ["9".repeat(500)]}),
        )
        .await,
        "longer than",
    );
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "nim", "positions": vec![1; 1000]}),
        )
        .await,
        "at most",
    );
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "nim", "positions": ["99999999999999999999999"]}),
        )
        .await,
        "bad position",
    );
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "nim", "positions": [18446744073709551616u128 as f64]}),
        )
        .await,
        "is larger than the largest supported value",
    );
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "grundy", "positions": [1_000_000_000_000u64]}),
        )
        .await,
        "limit",
    );
    refused(
        &post(
            &app,
            "/api/table",
            json!({"spec": "kayles", "upto": 1_000_000_000_000u64}),
        )
        .await,
        "limit",
    );
    refused(
        &post(
            &app,
            "/api/table",
            json!({"spec": "wythoff", "upto": [100_000, 100_000]}),
        )
        .await,
        "limit",
    );
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "x".repeat(10_000), "positions": [1]}),
        )
        .await,
        "longer than",
    );
    // Unknown games, problems, endpoints and games in play.
    refused(
        &post(&app, "/api/value", json!({"spec": "chess", "positions": [1]})).await,
        "unknown game",
    );
    refused(
        &post(&app, "/api/value", json!({"spec": "subtract:", "positions": [1]})).await,
        "bad game spec",
    );
    refused(
        &post(&app, "/api/solve", json!({"problem": "../etc", "input": ""})).await,
        "unknown problem",
    );
    refused(&get(&app, "/api/nothing").await, "no API endpoint");
    refused(&get(&app, "/api/play/0123456789abcdef").await, "no game");
    refused(
        &post(&app, "/api/play/zz/move", json!({"move": 1})).await,
        "no game",
    );
    // A file on the server is never read: paths in specs and in URLs.
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "graph:/etc/passwd", "positions": ["root"]}),
        )
        .await,
        "reads no files",
    );
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "script:../../etc/passwd", "positions": [1]}),
        )
        .await,
        "reads no files",
    );
    refused(
        &post(
            &app,
            "/api/play",
            json!({"spec": "script:/etc/shadow", "positions": [1]}),
        )
        .await,
        "reads no files",
    );
    for path in [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/vendor/../../Cargo.toml",
        "/..%2fCargo.toml",
        "/src/lib.rs",
    ] {
        let (status, body) = get(&app, path).await;
        assert!(status.is_client_error(), "{path}: {status}");
        assert!(!body.to_string().contains("root:"), "{path}");
    }
    // A script that does not compile.
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "script:x.rhai", "script": "fn moves(", "positions": [1]}),
        )
        .await,
        "script",
    );
    // Wrong methods.
    let (status, _) = raw(&app, Method::GET, "/api/value", "").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    // Still up.
    let (status, body) = post(&app, "/api/value", json!({"spec": "nim", "positions": [3, 4, 5]})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["grundy"], 2);
}

/// A computation past the time limit is answered with a 503 and stopped:
/// with one worker, the next question gets the worker's turn at once
/// (before, the stopped-waiting computation held it until its bounds).
#[tokio::test]
async fn a_request_past_the_time_limit_is_stopped_and_gives_back_its_turn() {
    let app = sprague_web::router(sprague_web::Config {
        workers: 1,
        timeout: std::time::Duration::from_secs(1),
        ..sprague_web::Config::default()
    });
    // Millions of sums of a loopy game: minutes of work within the
    // default bounds.
    let slow = json!({"spec": "updown:1/1/100000000", "positions": [3]});
    let (status, body) = post(&app, "/api/value", slow).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("no answer within 1 s"),
        "{body}"
    );
    let (status, body) = post(&app, "/api/value", json!({"spec": "nim", "positions": [3, 4, 5]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["grundy"], 2);
}
