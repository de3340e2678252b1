//! The accept loop: hyper's HTTP/1 server over the router, with a cap on
//! open connections and a deadline for each request's header.
//!
//! Why not `axum::serve`: it sets no timer, so a connection that sends half
//! a header stays open for ever (a thousand of them exhaust the server's
//! files), and it accepts without limit. Here a connection waits for a slot
//! before it is accepted (the others wait in the kernel's backlog), and one
//! that has not sent a whole header within the deadline (or sits idle that
//! long between requests) is closed.

use crate::client::Connection;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The bounds on connections.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Open at once, at most.
    pub max_connections: usize,
    /// The longest a request's header may take to arrive.
    pub header_timeout: Duration,
}

/// How long the requests in flight may take to finish once asked to stop.
const DRAIN: Duration = Duration::from_secs(30);

/// Serves `app` on `listener` until `shutdown` completes, then lets the
/// requests in flight finish (for [`DRAIN`] at most).
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    let mut count = 0u64;
    loop {
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Out of files or a connection reset before it was
                    // taken: wait a little rather than spin.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        count += 1;
        let id = Connection(count);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(id);
            app.clone().oneshot(req)
        });
        let conn = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(TokioIo::new(stream), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
            drop(slot);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(DRAIN, graceful.shutdown()).await;
}
