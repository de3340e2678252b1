//! One request through the router: the status and the body as JSON.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use serde_json::Value;
use tower::ServiceExt;

/// A router with the default config.
pub fn app() -> Router {
    sprague_web::router(sprague_web::Config::default())
}

/// Sends `body` (raw bytes) to `path` with `method`.
pub async fn raw(app: &Router, method: Method, path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    let value = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()))
    };
    (status, value)
}

/// POSTs `json` to `path`.
pub async fn post(app: &Router, path: &str, json: Value) -> (StatusCode, Value) {
    raw(app, Method::POST, path, json.to_string()).await
}

/// GETs `path`.
pub async fn get(app: &Router, path: &str) -> (StatusCode, Value) {
    raw(app, Method::GET, path, Body::empty()).await
}

/// Asserts a 4xx whose JSON error mentions `needle`.
#[track_caller]
pub fn refused(answer: &(StatusCode, Value), needle: &str) {
    let (status, body) = answer;
    assert!(status.is_client_error(), "status {status} for {body}");
    let e = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {body}"));
    assert!(e.contains(needle), "error `{e}` does not mention `{needle}`");
}

/// A router with `config` changed from the default by `change`.
pub fn app_with(change: impl FnOnce(&mut sprague_web::Config)) -> Router {
    let mut config = sprague_web::Config::default();
    change(&mut config);
    sprague_web::router(config)
}

/// Sends a request built by `build` (method, URI and headers set there),
/// with `body`.
pub async fn send(
    app: &Router,
    build: axum::http::request::Builder,
    body: impl Into<Body>,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let resp = app
        .clone()
        .oneshot(build.body(body.into()).unwrap())
        .await
        .unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
    (status, headers, value)
}

/// POSTs `json` to `path` as client `id` (the page's `x-sprague-client`).
pub async fn post_as(app: &Router, id: &str, path: &str, json: Value) -> (StatusCode, Value) {
    let build = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header("content-type", "application/json")
        .header(sprague_web::CLIENT_HEADER, id);
    let (status, _, body) = send(app, build, json.to_string()).await;
    (status, body)
}
