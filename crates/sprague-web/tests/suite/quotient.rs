//! `POST /api/analyze` with `"misere": true`: the library's misère report
//! with the keys of `sprague analyze SPEC --misere --json` (the CLI's
//! suite compares the two over a socket), within the server's memory
//! bound and time limit, and its refusals.

use super::harness::{app, app_with, post, refused};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sprague::report::misere_report;
use sprague::solve::Limits;
use sprague::solve::{bytes_for_order, QuotientAsk};
use std::time::Duration;

/// The report as JSON without its time, which differs run to run.
fn timeless(mut v: Value) -> Value {
    let seconds = v.as_object_mut().unwrap().remove("seconds");
    assert!(
        seconds.is_some_and(|s| s.as_f64().is_some_and(|s| s >= 0.0)),
        "{v}"
    );
    v
}

#[tokio::test]
async fn misere_analysis_is_the_library_report() {
    let app = app();
    for (spec, upto) in [("octal:0.75", None), ("kayles", Some(12))] {
        let mut request = json!({"spec": spec, "misere": true});
        if let Some(n) = upto {
            request["upto"] = json!(n);
        }
        let (status, body) = post(&app, "/api/analyze", request).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let ask = QuotientAsk {
            upto,
            ..QuotientAsk::default()
        };
        let want = misere_report(&spec.parse().unwrap(), &ask, Limits::default()).unwrap();
        assert_eq!(timeless(body), timeless(serde_json::to_value(&want).unwrap()));
    }
    let (_, body) = post(
        &app,
        "/api/analyze",
        json!({"spec": "octal:0.75", "misere": true}),
    )
    .await;
    assert_eq!(
        (body["order"].as_u64(), body["all_heaps"].as_bool()),
        (Some(8), Some(true))
    );
    assert_eq!(body["convention"], "misere");
    assert_eq!(body["max_order"], sprague::solve::QUOTIENT_SEARCH_ORDER);
    let (status, body) = post(
        &app,
        "/api/analyze",
        json!({"spec": "kayles", "misere": true, "upto": 12, "max_order": 100}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["order"].as_u64(), body["max_order"].as_u64()),
        (Some(24), Some(100))
    );
}

#[tokio::test]
async fn misere_analysis_keeps_to_the_servers_memory_and_time() {
    // The memory bound lowers the order a candidate may reach.
    let small = app_with(|c| c.memory = bytes_for_order(10));
    let (status, body) = post(
        &small,
        "/api/analyze",
        json!({"spec": "dawson-kayles", "misere": true, "upto": 20}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["error"].as_str().unwrap().contains("memory"), "{body}");
    // A quotient longer than the time limit is stopped with a 503.
    let quick = app_with(|c| c.timeout = Duration::from_millis(50));
    let (status, body) = post(
        &quick,
        "/api/analyze",
        json!({"spec": "dawson-kayles", "misere": true, "upto": 30}),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
}

#[tokio::test]
async fn misere_analysis_refusals_name_the_field() {
    let app = app();
    for (request, needle) in [
        (
            json!({"spec": "kayles", "misere": true, "upto": [3, 4]}),
            "not [N, M]",
        ),
        (
            json!({"spec": "kayles", "misere": true, "emit": "rust"}),
            "`emit`",
        ),
        (json!({"spec": "kayles", "max_order": 10}), "\"misere\": true"),
        (
            json!({"spec": "kayles", "misere": true, "max_order": 0}),
            "at least 1",
        ),
        (json!({"spec": "kayles", "misere": true, "upto": 0}), "from 1 to"),
        (json!({"spec": "wythoff", "misere": true}), "not a game of heaps"),
        (json!({"spec": "kayles", "misere": "yes"}), "misere"),
    ] {
        refused(&post(&app, "/api/analyze", request.clone()).await, needle);
    }
}
