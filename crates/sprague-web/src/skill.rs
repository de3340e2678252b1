//! `POST /api/skill`: the win chance of a sum against the players' skills
//! ([`sprague::report::skill_report`]), as `sprague plot --skill-curve`
//! computes it, for the page or a script to draw.
//!
//! Every point is a pass over the whole graph of sums, so the request runs
//! in the heavy lane at once, within the server's bounds and time limit
//! (stopped with a 503 there), like random play in `/api/value`.

use crate::api::{body, load_game, positions, PositionText};
use crate::client::Client;
use crate::error::ApiError;
use crate::work::Cost;
use crate::Shared;
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use sprague::solve::Play;

/// `POST /api/skill`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SkillRequest {
    spec: String,
    #[serde(default)]
    script: Option<String>,
    positions: Vec<PositionText>,
    #[serde(default)]
    misere: bool,
}

/// `POST /api/skill`: the [`sprague::report::SkillReport`] of the sum.
pub(crate) async fn skill(
    State(s): State<Shared>,
    client: Client,
    json: Result<Json<SkillRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let r = body(json)?;
    let positions = positions(r.positions)?;
    let play = if r.misere { Play::Misere } else { Play::Normal };
    let script_limits = s.config.script_limits;
    s.work
        .run(&client, Cost::Heavy, move |budget| {
            let game = load_game(&r.spec, r.script.as_deref(), script_limits)?;
            let report = sprague::report::skill_report(&game, &positions, play, budget.limits)?;
            Ok(Json(report).into_response())
        })
        .await
}
