//! The crate's error type (starting the server) and the API's refusals.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::net::SocketAddr;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The address could not be bound (in use, not allowed).
    #[error("cannot listen on {addr}: {reason}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why not.
        reason: String,
    },
    /// The async runtime failed.
    #[error("the web server failed: {0}")]
    Runtime(String),
}

/// A request the API refuses or cannot answer: a status and a one-line
/// message, sent as `{"error": message}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    /// A 400: the request is wrong; the message says how.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A 404 for something the request names that is not there.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }
}

/// The library's errors, by kind (the table at [`sprague::ErrorKind`]):
/// 400 for bad input, 404 for a name not known, 422 for a bound the
/// question reaches, 503 for a computation stopped at the time limit, 500
/// for a broken invariant (a bug).
impl From<sprague::Error> for ApiError {
    fn from(e: sprague::Error) -> ApiError {
        use sprague::ErrorKind as K;
        let status = match e.kind() {
            K::BadInput => StatusCode::BAD_REQUEST,
            K::NotFound => StatusCode::NOT_FOUND,
            K::Bound => StatusCode::UNPROCESSABLE_ENTITY,
            K::Stopped => StatusCode::SERVICE_UNAVAILABLE,
            K::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError {
            status,
            message: e.to_string(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

/// A handler that panicked (a bug): a 500 with a JSON error, the server
/// carrying on.
pub(crate) fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: "internal error: the request was dropped".into(),
    }
    .into_response()
}
