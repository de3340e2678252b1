//! sprague-web: the web page of `sprague serve`.
//!
//! One page, embedded in the binary (module `assets`), over a JSON API under
//! `/api/` (modules `api` and `play`). The API answers with the library's
//! report types ([`sprague::report`]), so its JSON has the keys that the
//! CLI's `--json` prints; the page is a thin client of that API.
//!
//! Why it is built this way: the server is a front end like the CLI, and
//! as careful with input — a request is text from anywhere on the machine.
//! Every computation runs off the async threads (module `work`) under the
//! CLI's bounds on states and work, a wall-clock limit and a cap on how
//! many run at once; bodies and positions are size-limited; a game is a
//! catalog spec or script *text* run in the script sandbox, never a path
//! on the server; every refusal is a 4xx with `{"error": "..."}`.

#![warn(missing_docs)]

mod api;
mod assets;
mod error;
mod play;
mod work;

pub use error::Error;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use sprague::rules::ScriptLimits;
use sprague::solve::Limits;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 1 << 20;

/// How the server bounds its work.
#[derive(Clone, Debug)]
pub struct Config {
    /// Bounds on each computation (as the CLI's `--max-states`, `--max-work`).
    pub limits: Limits,
    /// Bounds on each call of an uploaded script.
    pub script_limits: ScriptLimits,
    /// The longest a request may compute before it is answered with an error.
    pub timeout: Duration,
    /// How many computations may run at once (others wait their turn).
    pub workers: usize,
    /// How many games may be held at once.
    pub max_sessions: usize,
    /// How long an untouched game is kept.
    pub session_ttl: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            limits: Limits::default(),
            script_limits: ScriptLimits::default(),
            timeout: Duration::from_secs(20),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get() * 2),
            max_sessions: 1000,
            session_ttl: Duration::from_secs(3600),
        }
    }
}

/// What every handler shares.
struct State {
    config: Config,
    work: work::Pool,
    games: play::Games,
}

type Shared = Arc<State>;

/// The whole application: the API, the page and the layers that bound
/// every request.
pub fn router(config: Config) -> Router {
    let state = Arc::new(State {
        work: work::Pool::new(config.workers, config.timeout),
        games: play::Games::new(config.max_sessions, config.session_ttl),
        config,
    });
    let outer_timeout = state.config.timeout + Duration::from_secs(10);
    Router::new()
        .route("/api/games", get(api::games))
        .route("/api/problems", get(api::problems))
        .route("/api/value", post(api::value))
        .route("/api/table", post(api::table))
        .route("/api/analyze", post(api::analyze))
        .route("/api/solve", post(api::solve))
        .route("/api/play", post(play::start))
        .route("/api/play/{id}", get(play::show).delete(play::end))
        .route("/api/play/{id}/move", post(play::human_move))
        .route("/api/play/{id}/computer", post(play::computer_move))
        .route("/api/play/{id}/hints", get(play::hints))
        .route("/api/play/{id}/undo", post(play::undo))
        .route("/api/play/{id}/redo", post(play::redo))
        .route("/api/play/{id}/restart", post(play::restart))
        .fallback(assets::serve)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            outer_timeout,
        ))
        .layer(CatchPanicLayer::custom(error::panic_response))
        .with_state(state)
}

/// Serves [`router`] on `addr` until Ctrl-C, then lets the requests in
/// flight finish. `ready` is told the address bound (the port when 0 was
/// asked for).
///
/// # Errors
/// [`Error`] when the runtime cannot start or the address cannot be bound.
pub fn run(addr: SocketAddr, config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::Runtime(e.to_string()))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| Error::Bind {
                addr,
                reason: e.to_string(),
            })?;
        let bound = listener.local_addr().map_err(|e| Error::Bind {
            addr,
            reason: e.to_string(),
        })?;
        ready(bound);
        axum::serve(listener, router(config))
            .with_graceful_shutdown(async {
                // Without a Ctrl-C handler the server runs until killed.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            })
            .await
            .map_err(|e| Error::Runtime(e.to_string()))
    })
}
