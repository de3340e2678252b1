//! sprague-web: the web page of `sprague serve`.
//!
//! One page, embedded in the binary (module `assets`), over a JSON API under
//! `/api/` (modules `api` and `play`). The API answers with the library's
//! report types ([`sprague::report`]), so its JSON has the keys that the
//! CLI's `--json` prints; the page is a thin client of that API.
//!
//! Why it is built this way: the server is a front end like the CLI, and
//! as careful with input — a request is text from anywhere on the machine,
//! or from a page elsewhere that the browser sends here. Only its own page
//! may call it (module `guard`: `Host` and `Origin` checked). Every
//! computation runs on a thread of its own with a script's stack (module
//! `work`), under the CLI's bounds on states and work, a memory bound, a
//! wall-clock limit and a cap on how many run at once, in two lanes so
//! that cheap requests never wait for expensive ones; bodies and positions
//! are size-limited; a game is a catalog spec or script *text* run in the
//! script sandbox, never a path on the server; connections are capped and
//! must send their header in time (module `serve`); every refusal is a 4xx
//! or 5xx with `{"error": "..."}`.

#![warn(missing_docs)]
// System calls go through safe wrappers (module `sys`).
#![forbid(unsafe_code)]

mod api;
mod assets;
mod client;
mod error;
mod guard;
mod play;
mod quotient;
mod serve;
mod skill;
mod sys;
mod work;

pub use client::CLIENT_HEADER;
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
    /// How many heavy computations may run at once (others wait their
    /// turn); one client holds at most half of them, rounded up.
    pub workers: usize,
    /// How many light computations may run at once.
    pub light_workers: usize,
    /// The most bytes the tables of one computation may take (an estimate
    /// checked as they grow; past it the request is answered 422). By
    /// default a server's share, fixed at start
    /// ([`sprague_host::computation_memory`], `docs/memory.md`).
    pub memory: u64,
    /// How many games may be held at once.
    pub max_sessions: usize,
    /// How long an untouched game is kept.
    pub session_ttl: Duration,
    /// How many connections may be open at once (more wait to be accepted;
    /// fewer where the process may not open that many files).
    pub max_connections: usize,
    /// How long a connection may take to send a request's header (and may
    /// sit idle between requests) before it is closed.
    pub header_timeout: Duration,
    /// The address the server is bound to: `Host` and `Origin` must name it.
    /// `None` (the router driven in process): any port of a loopback name.
    pub listen: Option<SocketAddr>,
}

impl Default for Config {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let workers = cores * 2;
        Config {
            limits: Limits::default(),
            script_limits: ScriptLimits::default(),
            timeout: Duration::from_secs(20),
            workers,
            light_workers: cores.max(2),
            memory: sprague_host::computation_memory(sprague_host::Share::Server { slots: workers })
                .unwrap_or(sprague_host::SERVER_UNKNOWN),
            max_sessions: 1000,
            session_ttl: Duration::from_secs(3600),
            max_connections: 1024,
            header_timeout: Duration::from_secs(10),
            listen: None,
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
        work: work::Pool::new(
            config.workers,
            config.light_workers,
            config.timeout,
            config.limits.clone(),
            config.memory,
        ),
        games: play::Games::new(config.max_sessions, config.session_ttl),
        config,
    });
    let outer_timeout = state.config.timeout + Duration::from_secs(10);
    let hosts = Arc::new(guard::Hosts {
        listen: state.config.listen,
    });
    Router::new()
        .route("/api/games", get(api::games))
        .route("/api/problems", get(api::problems))
        .route("/api/value", post(api::value))
        .route("/api/table", post(api::table))
        .route("/api/analyze", post(api::analyze))
        .route("/api/solve", post(api::solve))
        .route("/api/skill", post(skill::skill))
        .route("/api/play", post(play::start))
        .route("/api/play/{id}", get(play::show).delete(play::end))
        .route("/api/play/{id}/move", post(play::human_move))
        .route("/api/play/{id}/computer", post(play::computer_move))
        .route("/api/play/{id}/hints", get(play::hints))
        .route("/api/play/{id}/undo", post(play::undo))
        .route("/api/play/{id}/redo", post(play::redo))
        .route("/api/play/{id}/restart", post(play::restart))
        .fallback(assets::serve)
        .with_state(state)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            outer_timeout,
        ))
        .layer(CatchPanicLayer::custom(error::panic_response))
        .layer(axum::middleware::from_fn_with_state(hosts, guard::check))
        .layer(axum::middleware::from_fn(error::json_refusals))
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
        serve(listener, config, async {
            // Without a Ctrl-C handler the server runs until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
    })
}

/// Serves [`router`] on `listener` (its address taken as the server's
/// own, whatever `config.listen` says) until `shutdown` completes, then
/// lets the requests in flight finish: connections capped at
/// `config.max_connections`, each closed when a request's header takes
/// longer than `config.header_timeout`.
///
/// # Errors
/// [`Error::Runtime`] when the listener's address cannot be read.
pub async fn serve(
    listener: tokio::net::TcpListener,
    mut config: Config,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), Error> {
    let bound = listener.local_addr().map_err(|e| Error::Runtime(e.to_string()))?;
    config.listen = Some(bound);
    let limits = serve::Limits {
        max_connections: sys::connection_cap(config.max_connections),
        header_timeout: config.header_timeout,
    };
    serve::serve(listener, router(config), limits, shutdown).await;
    Ok(())
}
