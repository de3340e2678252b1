//! `POST /api/skill`: the library's skill report as JSON, agreeing with
//! `/api/value` at the points that both answer, and its refusals.

use super::harness::{app, app_with, post, refused};
use axum::http::StatusCode;
use serde_json::json;
use sprague::solve::{Limits, Play};

#[tokio::test]
async fn skill_is_the_library_report_and_agrees_with_value() {
    let app = app();
    let (status, body) = post(
        &app,
        "/api/skill",
        json!({"spec": "kayles", "positions": [4, "5"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let game = "kayles".parse().unwrap();
    let want =
        sprague::report::skill_report(&game, &["4".into(), "5".into()], Play::Normal, Limits::default())
            .unwrap();
    assert_eq!(body, serde_json::to_value(&want).unwrap());
    assert_eq!(body["spec"], "octal:0.77");
    assert_eq!(body["play"], "normal");
    assert_eq!(body["outcome"], "N");
    assert_eq!(body["curve_skills"].as_array().unwrap().len(), 33);
    assert_eq!(body["heat"].as_array().unwrap().len(), 33);
    // Both players at random: the curve's first point is `value --random`.
    let (_, value) = post(
        &app,
        "/api/value",
        json!({"spec": "kayles", "positions": [4, 5], "random": true}),
    )
    .await;
    let random = value["win_probability"].as_f64().unwrap();
    let first = body["curve"][0].as_f64().unwrap();
    assert!((first - random).abs() <= 1e-12, "{first} vs {random}");
    // Perfect players: the winner wins.
    assert_eq!(body["curve"][32], 1.0);
}

#[tokio::test]
async fn skill_in_misere_play() {
    let (status, body) = post(
        &app(),
        "/api/skill",
        json!({"spec": "nim", "positions": [1, 1], "misere": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["play"], "misere");
    assert_eq!(body["outcome"], "N");
    // One move either way: whoever moves leaves one heap, and wins.
    assert_eq!(body["curve"][0], 1.0);
}

#[tokio::test]
async fn skill_refusals_are_json() {
    let app = app();
    refused(
        &post(
            &app,
            "/api/skill",
            json!({"spec": "updown:1,2/3/20", "positions": [7]}),
        )
        .await,
        "random play may never end",
    );
    refused(
        &post(&app, "/api/skill", json!({"spec": "nim", "positions": []})).await,
        "`positions` is empty",
    );
    refused(
        &post(&app, "/api/skill", json!({"spec": "nim", "positions": ["x"]})).await,
        "bad position `x`",
    );
    refused(
        &post(&app, "/api/skill", json!({"spec": "nim", "positions": [-1]})).await,
        "non-negative",
    );
    refused(
        &post(
            &app,
            "/api/skill",
            json!({"spec": "nim", "positions": [3], "steps": 8}),
        )
        .await,
        "unknown field `steps`",
    );
    refused(
        &post(&app, "/api/skill", json!({"spec": "nosuch", "positions": [3]})).await,
        "nosuch",
    );
    // Past the server's bounds: the graph's error, as the other endpoints give it.
    let small = app_with(|c| c.limits.max_states = 100);
    let (status, body) = post(
        &small,
        "/api/skill",
        json!({"spec": "kayles", "positions": [20, 21]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["error"].as_str().unwrap().contains("100"), "{body}");
}
