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
    /// Why a light try gave up: stopped, or in need of the heavy lane.
    retry: Retry,
}

/// Whether a light try that failed so should run again in the heavy lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Retry {
    No,
    /// The computation was stopped (at the light lane's time, or the
    /// request's).
    Stopped,
    /// The job cannot go on in the light lane (a game busy with a heavy
    /// request).
    Heavy,
}

impl ApiError {
    /// An error with its status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry: Retry::No,
        }
    }

    /// A 400: the request is wrong; the message says how.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A 404 for something the request names that is not there.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// A 409: the request does not fit the state it acts on.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// A 503: the server cannot answer now.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// A 500: a bug in the server.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// A light job that cannot go on in the light lane.
    pub fn needs_heavy_lane() -> ApiError {
        ApiError {
            retry: Retry::Heavy,
            ..ApiError::busy("the game is busy with another request")
        }
    }

    /// Whether the computation was stopped.
    pub fn is_stop(&self) -> bool {
        self.retry == Retry::Stopped
    }

    /// Whether the job asked for the heavy lane.
    pub fn leaves_light_lane(&self) -> bool {
        self.retry == Retry::Heavy
    }
}

/// The library's errors, by kind (the table at [`sprague::ErrorKind`]):
/// 400 for bad input, 404 for a name not known, 422 for a bound the
/// question reaches, 503 for a computation stopped at the time limit, 500
/// for a broken invariant (a bug).
impl From<sprague::Error> for ApiError {
    fn from(e: sprague::Error) -> ApiError {
        use sprague::ErrorKind as K;
        let kind = e.kind();
        let mut message = e.to_string();
        if let sprague::Error::NotHeap { .. } = e {
            // What to ask instead, as the CLI's hint says it for its flags.
            message.push_str("; give `upto` as two numbers [N, M] for its table of pairs");
        }
        let status = match kind {
            K::BadInput => StatusCode::BAD_REQUEST,
            K::NotFound => StatusCode::NOT_FOUND,
            K::Bound => StatusCode::UNPROCESSABLE_ENTITY,
            K::Stopped => StatusCode::SERVICE_UNAVAILABLE,
            K::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError {
            retry: if kind == K::Stopped {
                Retry::Stopped
            } else {
                Retry::No
            },
            ..ApiError::new(status, message)
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
    ApiError::internal("internal error: the request was dropped").into_response()
}

/// Every refusal as JSON: answers of the layers and of axum itself (a
/// body over the limit, a method a route does not take, a request past
/// the outer time limit) come with a plain or empty body; this middleware
/// gives them `{"error": …}` with the same status.
pub(crate) async fn json_refusals(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    use axum::http::header;
    let method = req.method().clone();
    let path = sprague::excerpt(req.uri().path());
    let response = next.run(req).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request body is larger than {} bytes", crate::MAX_BODY)
        }
        // axum adds `Allow` outside the layers.
        StatusCode::METHOD_NOT_ALLOWED => format!("`{method}` is not allowed on `{path}`"),
        StatusCode::REQUEST_TIMEOUT => "the request took too long: ask something smaller".into(),
        s => format!(
            "{} {}",
            s.as_u16(),
            s.canonical_reason().unwrap_or("refused").to_lowercase()
        ),
    };
    ApiError::new(status, message).into_response()
}
