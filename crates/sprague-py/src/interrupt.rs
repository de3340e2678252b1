//! Long calls that Ctrl-C stops: the computation runs on a thread of its
//! own with a stop token ([`sprague::Stop`]) in its limits, while the
//! calling thread, without the GIL, waits for its answer and looks for a
//! pending signal every [`POLL`]. A `KeyboardInterrupt` (or any exception
//! a signal handler raises) stops the token; the computation ends at its
//! next check, and the exception is raised in Python.
//!
//! Why a thread: Python runs signal handlers only on its main thread and
//! only when asked ([`Python::check_signals`]), so the thread that called
//! must be free to ask while the work goes on. Rules written in Python
//! still run (their calls take the GIL on the computing thread). The
//! computing threads (a script's stack each) are kept and reused.
//!
//! A call from another Python thread (a survey's pool) is stopped by the
//! [`StopToken`] it was given instead: signals reach only the main thread.

use crate::errors::{self, Failure};
use pyo3::prelude::*;
use sprague::Stop;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// How often the calling thread looks for a pending signal.
pub const POLL: Duration = Duration::from_millis(50);

/// The most computing threads kept waiting for a next call.
const MAX_IDLE: usize = 16;

/// A call's work, given the means to say its thread is free again.
type Job = Box<dyn FnOnce(&Free) + Send>;

/// The computing threads waiting for work: starting a thread with a
/// script's stack costs about 0.1 ms, more than a short call itself, so
/// threads are kept and reused.
static IDLE: Mutex<Vec<mpsc::Sender<Job>>> = Mutex::new(Vec::new());

/// A computing thread's way back to [`IDLE`], taken by its job just
/// before it answers (so that the next call finds the thread free).
struct Free(mpsc::Sender<Job>);

impl Free {
    fn mark(&self) {
        let mut idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < MAX_IDLE {
            idle.push(self.0.clone());
        }
    }
}

/// Runs `job` on a free computing thread, or on a new one.
fn submit(job: Job) -> Result<(), Failure> {
    let free = IDLE.lock().unwrap_or_else(PoisonError::into_inner).pop();
    let job = match free {
        Some(thread) => match thread.send(job) {
            Ok(()) => return Ok(()),
            Err(mpsc::SendError(job)) => job,
        },
        None => job,
    };
    let (tx, rx) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("sprague".into())
        .stack_size(sprague::rules::SCRIPT_STACK)
        .spawn(move || {
            let free = Free(tx);
            job(&free);
            // Jobs come while this thread is in IDLE (its sender there).
            while let Ok(job) = rx.recv() {
                job(&free);
            }
        })
        .map_err(|e| Failure::Internal(format!("cannot start a thread: {e}")))?;
    Ok(())
}

/// Runs `work` (which must compute with `stop` in its limits) on a
/// computing thread and answers what it answers; a signal's exception
/// while it runs stops `stop` and comes back as [`Failure::Python`] once
/// the work has ended.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: &Stop,
    work: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    let (tx, rx) = mpsc::channel();
    submit(Box::new(move |free: &Free| {
        let done = errors::contain(work);
        free.mark();
        let _ = tx.send(done);
    }))?;
    let mut rx = rx;
    loop {
        // Without the GIL: the work may need it (rules from Python).
        let (got, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
        rx = back;
        match got {
            Ok(done) => return done,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(Failure::Internal(
                    "the computing thread ended without an answer".into(),
                ))
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if let Err(e) = py.check_signals() {
            stop.stop();
            // The work ends at its next check of the token: waited for
            // here, without the GIL, so that nothing goes on computing.
            py.detach(move || {
                let _ = rx.recv();
            });
            return Err(Failure::Python(e));
        }
    }
}

/// A stop token Python holds: the survey's pool gives one to each call it
/// runs on its threads and stops it when the survey ends early (Ctrl-C in
/// the main thread), so that no run goes on alone.
#[pyclass(module = "sprague._sprague", name = "StopToken", frozen)]
pub struct StopToken(pub Stop);

#[pymethods]
impl StopToken {
    /// A token not yet stopped.
    #[new]
    fn new() -> StopToken {
        StopToken(Stop::new())
    }

    /// Stops every call given this token.
    fn stop(&self) {
        self.0.stop();
    }

    /// Whether the token was stopped.
    fn is_stopped(&self) -> bool {
        self.0.is_stopped()
    }
}
