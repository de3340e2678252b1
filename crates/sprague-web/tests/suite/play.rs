//! Games through the play endpoints.

use super::harness::{app, get, post, raw, refused};
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

async fn start(app: &axum::Router, body: Value) -> Value {
    let (status, state) = post(app, "/api/play", body).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

#[tokio::test]
async fn the_perfect_computer_wins_kayles_from_a_p_position() {
    let app = app();
    // g(4) xor g(4) = 0: you move first and lose.
    let mut state = start(&app, json!({"spec": "kayles", "positions": [4, 4], "seed": 1})).await;
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["to_move"], "you");
    assert_eq!(
        state["shapes"][0],
        json!({"shape": "heap", "size": 4, "cap": null})
    );
    for _ in 0..10 {
        if !state["summary"].is_null() {
            break;
        }
        let (status, s) = post(&app, &format!("/api/play/{id}/move"), json!({"move": 1})).await;
        assert_eq!(status, StatusCode::OK, "{s}");
        if s["summary"].is_null() {
            let (status, s) = post(&app, &format!("/api/play/{id}/computer"), json!({})).await;
            assert_eq!(status, StatusCode::OK, "{s}");
            state = s;
        } else {
            state = s;
        }
    }
    assert_eq!(state["summary"]["winner"], "computer", "{state}");
    refused(
        &post(&app, &format!("/api/play/{id}/move"), json!({"move": 1})).await,
        "over",
    );
}

#[tokio::test]
async fn hints_rate_every_move_and_undo_takes_back() {
    let app = app();
    let state = start(&app, json!({"spec": "kayles", "positions": ["5", "4"]})).await;
    let id = state["id"].as_str().unwrap();
    let (status, hints) = get(&app, &format!("/api/play/{id}/hints")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(hints["standing"]["outcome"], "N");
    let best = hints["best"].as_u64().unwrap();
    assert_eq!(hints["ratings"][best as usize - 1]["verdict"], "win");
    assert_eq!(
        hints["ratings"].as_array().unwrap().len(),
        state["moves"].as_array().unwrap().len()
    );
    let (_, s) = post(&app, &format!("/api/play/{id}/move"), json!({"move": best})).await;
    assert_eq!(s["moves_made"], 1);
    assert_eq!(s["to_move"], "computer");
    refused(
        &post(&app, &format!("/api/play/{id}/move"), json!({"move": 1})).await,
        "computer's turn",
    );
    let (_, s) = post(&app, &format!("/api/play/{id}/undo"), json!({})).await;
    assert_eq!(s["moves_made"], 0);
    let (_, s) = post(&app, &format!("/api/play/{id}/redo"), json!({})).await;
    assert_eq!(s["moves_made"], 1);
    let (status, _) = raw(&app, Method::DELETE, &format!("/api/play/{id}"), "").await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    refused(&get(&app, &format!("/api/play/{id}")).await, "no game");
}

#[tokio::test]
async fn moves_by_label_and_the_computer_first_on_a_board() {
    let app = app();
    let state = start(
        &app,
        json!({"spec": "grid:2x3", "positions": ["4,4"], "first": "computer", "misere": true}),
    )
    .await;
    let id = state["id"].as_str().unwrap();
    assert_eq!(state["convention"], "misere");
    assert_eq!(state["to_move"], "computer");
    let (_, s) = post(&app, &format!("/api/play/{id}/computer"), json!({})).await;
    assert_eq!(s["moves_made"], 1);
    let label = s["moves"][0]["label"].as_str().unwrap().to_string();
    let (status, s) = post(&app, &format!("/api/play/{id}/move"), json!({"move": label})).await;
    assert_eq!(status, StatusCode::OK, "{s}");
    assert_eq!(s["history"][1]["label"], label.as_str());
    refused(
        &post(
            &app,
            "/api/play",
            json!({"spec": "kayles", "positions": [3], "opponent": "genius"}),
        )
        .await,
        "opponent",
    );
}
