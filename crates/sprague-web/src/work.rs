//! Computations off the async threads: at most a fixed number at once,
//! each within a wall-clock limit.

use crate::error::ApiError;
use axum::http::StatusCode;
use sprague::solve::stop::{stoppable, StopFlag};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The computations in flight.
pub(crate) struct Pool {
    permits: Arc<Semaphore>,
    timeout: Duration,
}

impl Pool {
    /// At most `workers` at once, each answered within `timeout`.
    pub fn new(workers: usize, timeout: Duration) -> Pool {
        Pool {
            permits: Arc::new(Semaphore::new(workers.max(1))),
            timeout,
        }
    }

    /// Runs `job` on the blocking threads. Waiting for a turn counts
    /// against the wall-clock limit; a job still running at the limit (or
    /// whose request is dropped) is answered with a 503 and stopped: what
    /// looks at the flag ([`sprague::solve::stop`] says which computations
    /// do) ends soon after and gives its turn back.
    pub async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let permits = self.permits.clone();
        let flag = StopFlag::new();
        let stop_on_drop = StopOnDrop(flag.clone());
        let work = async move {
            let _stop = stop_on_drop;
            let permit = permits
                .acquire_owned()
                .await
                .map_err(|_| busy("the server is shutting down"))?;
            let handle = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                stoppable(&flag, job)
            });
            handle.await.map_err(|_| ApiError {
                status: StatusCode::INTERNAL_SERVER_ERROR,
                message: "internal error: the computation failed".into(),
            })?
        };
        match tokio::time::timeout(self.timeout, work).await {
            Ok(r) => r,
            Err(_) => Err(busy(&format!(
                "no answer within {}: ask something smaller",
                seconds(self.timeout)
            ))),
        }
    }
}

/// A time limit as people write it: `20 s`, or `0.6 s` below a second.
fn seconds(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{} s", d.as_secs_f64())
    }
}

/// Stops the computation of a request when the request's future is
/// dropped: at the time limit, or when the client goes away.
struct StopOnDrop(StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

fn busy(message: &str) -> ApiError {
    ApiError {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: message.into(),
    }
}
