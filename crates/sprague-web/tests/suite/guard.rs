//! Only the server's own page may call it, every refusal is JSON, and
//! every field is bounded as the CLI bounds it.

use super::harness::{app, app_with, post, refused, send};
use axum::http::{Method, Request, StatusCode};
use serde_json::json;

const NIM: &str = r#"{"spec": "nim", "positions": [3]}"#;

fn value_request() -> axum::http::request::Builder {
    Request::builder()
        .method(Method::POST)
        .uri("/api/value")
        .header("content-type", "application/json")
}

/// A page elsewhere (DNS rebinding, or a cross-site request) is refused
/// with a 403; the server's own names are answered.
#[tokio::test]
async fn a_host_or_origin_not_the_servers_own_is_refused() {
    let bound = app_with(|c| c.listen = Some("127.0.0.1:8080".parse().unwrap()));
    for host in [
        "evil.example",
        "evil.example:8080",
        "127.0.0.1:9999",
        "localhost.evil.example:8080",
    ] {
        let (status, _, body) = send(&bound, value_request().header("host", host), NIM).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}: {body}");
        assert!(body["error"].as_str().unwrap().contains("Host"), "{body}");
    }
    let (status, _, body) = send(
        &bound,
        Request::get("/api/games").header("host", "evil.example"),
        "",
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080"] {
        let (status, _, body) = send(&bound, value_request().header("host", host), NIM).await;
        assert_eq!(status, StatusCode::OK, "{host}: {body}");
    }
    for origin in [
        "http://evil.example",
        "null",
        "http://localhost:9999",
        "https://localhost:8080",
    ] {
        let build = value_request()
            .header("host", "localhost:8080")
            .header("origin", origin);
        let (status, _, body) = send(&bound, build, NIM).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}: {body}");
        assert!(body["error"].as_str().unwrap().contains("Origin"), "{body}");
    }
    let build = value_request()
        .header("host", "localhost:8080")
        .header("origin", "http://localhost:8080");
    assert_eq!(send(&bound, build, NIM).await.0, StatusCode::OK);
    // Driven in process (no address bound): any port of a loopback name.
    let (status, _, _) = send(&app(), value_request().header("host", "127.0.0.1:1234"), NIM).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = send(&app(), value_request().header("host", "evil.example"), NIM).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// The refusals of the layers (body too large by its Content-Length, a
/// method a route does not take) are JSON too, with their status.
#[tokio::test]
async fn every_refusal_is_json_with_its_status() {
    let app = app();
    let big = vec![b' '; sprague_web::MAX_BODY + 1];
    let build = value_request().header("content-length", big.len());
    let (status, headers, body) = send(&app, build, big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(headers["content-type"], "application/json");
    assert!(body["error"].as_str().unwrap().contains("larger than"), "{body}");
    let (status, headers, body) = send(&app, Request::get("/api/value"), "").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(
        body["error"].as_str().unwrap().contains("`GET` is not allowed"),
        "{body}"
    );
    assert!(headers["allow"].to_str().unwrap().contains("POST"));
    let (status, _, body) = send(&app, Request::put("/api/play/abc"), "").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(body["error"].is_string(), "{body}");
}

/// `max_turns` and `max_moves` are bounded as the CLI bounds them.
#[tokio::test]
async fn every_field_is_bounded_as_the_cli_bounds_it() {
    let app = app();
    for turns in [0u64, 1_000_001] {
        refused(
            &post(
                &app,
                "/api/play",
                json!({"spec": "nim", "positions": [3], "max_turns": turns}),
            )
            .await,
            "`max_turns`",
        );
    }
    let (status, body) = post(
        &app,
        "/api/play",
        json!({"spec": "nim", "positions": [3], "max_turns": 1_000_000}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    refused(
        &post(
            &app,
            "/api/value",
            json!({"spec": "nim", "positions": [3], "max_moves": 1001}),
        )
        .await,
        "`max_moves`",
    );
    let (status, body) = post(
        &app,
        "/api/value",
        json!({"spec": "nim", "positions": [3], "max_moves": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
