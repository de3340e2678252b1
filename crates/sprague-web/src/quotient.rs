//! `POST /api/analyze` with `"misere": true`: the misère quotient of a
//! heap game ([`sprague::report::misere_report`]), with the keys of
//! `sprague analyze SPEC --misere --json`.
//!
//! A quotient may take the whole time limit (its candidates grow with the
//! heaps), so the request runs in the heavy lane at once, within the
//! server's bounds: its memory bound lowers the order a candidate may
//! reach, as the memory available does for the CLI, and its time limit
//! stops it with a 503.

use crate::api::{load_game, AnalyzeRequest, Upto};
use crate::client::Client;
use crate::error::ApiError;
use crate::work::Cost;
use crate::Shared;
use axum::response::{IntoResponse, Response};
use axum::Json;
use sprague::solve::QuotientAsk;

/// Answers `r`, a request with `misere` (or `max_order`) set.
pub(crate) async fn analyze(s: Shared, client: Client, r: AnalyzeRequest) -> Result<Response, ApiError> {
    if !r.misere {
        return Err(ApiError::bad(
            "`max_order` bounds a misère quotient: give it with `\"misere\": true`",
        ));
    }
    if r.emit.is_some() {
        return Err(ApiError::bad(
            "`emit` writes a proven pattern of normal play: it cannot be used with `misere`",
        ));
    }
    let upto = match r.upto {
        None => None,
        Some(Upto::Line(n)) => Some(n),
        Some(Upto::Grid([n, m])) => {
            return Err(ApiError::bad(format!(
                "`upto` [{n}, {m}]: `misere` takes `upto` N (the largest heap), not [N, M]"
            )))
        }
    };
    let ask = QuotientAsk {
        upto,
        max_order: r.max_order,
        memory: None,
    };
    let script_limits = s.config.script_limits;
    s.work
        .run(&client, Cost::Heavy, move |budget| {
            let game = load_game(&r.spec, r.script.as_deref(), script_limits)?;
            // The budget's memory bound lowers the order (misere_report).
            let report = sprague::report::misere_report(&game, &ask, budget.limits)?;
            Ok(Json(report).into_response())
        })
        .await
}
