//! Stopping a computation from another thread: a flag that the searches
//! look at each time they count their work.
//!
//! A front end that gives up on an answer (the web server at its time
//! limit, a client gone) stops the flag; the computation running under it
//! ([`stoppable`]) then ends with [`Error::Stopped`] within a few steps
//! instead of running on to its bounds. The flag is seen by the work
//! counters of [`super::Solver`], [`super::sums::SumGraph`],
//! [`super::outcome`], [`super::quotient`] and [`super::loopy`], every
//! 1024 heaps of a dense table ([`super::dense`]; the threads that list a
//! scripted heap game's moves look at it every 16 heaps) and between the batches
//! of the sequence engine where `value` and `analyze` run it, on the
//! thread that runs the computation.

use crate::{Error, Result};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag that stops the computations running under it; clones share it.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag not yet stopped.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks every computation under this flag to end.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopFlag::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    /// The flag of the computation running on this thread, if any.
    static CURRENT: RefCell<Option<StopFlag>> = const { RefCell::new(None) };
}

/// Runs `work` on this thread under `flag`: the searches it runs end with
/// [`Error::Stopped`] soon after the flag is stopped. Calls nest; the
/// outer flag is in force again when `work` returns (or unwinds).
///
/// # Examples
/// ```
/// use sprague::rules::Wythoff;
/// use sprague::solve::stop::{stoppable, StopFlag};
/// use sprague::solve::{Limits, Solver};
///
/// let flag = StopFlag::new();
/// flag.stop();
/// let r = stoppable(&flag, || Solver::new(&Wythoff, Limits::default()).grundy(&(300, 500)));
/// assert_eq!(r, Err(sprague::Error::Stopped));
/// ```
pub fn stoppable<T>(flag: &StopFlag, work: impl FnOnce() -> T) -> T {
    /// Puts the outer flag back, also on unwinding.
    struct Restore(Option<StopFlag>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = outer);
        }
    }
    let outer = CURRENT.with(|c| c.borrow_mut().replace(flag.clone()));
    let _restore = Restore(outer);
    work()
}

/// The flag of the computation running on this thread, for the threads
/// it starts to look at.
pub(crate) fn current() -> Option<StopFlag> {
    CURRENT.with(|c| c.borrow().clone())
}

/// [`Error::Stopped`] if the computation on this thread was asked to end.
pub(crate) fn check() -> Result<()> {
    CURRENT.with(|c| match &*c.borrow() {
        Some(flag) if flag.is_stopped() => Err(Error::Stopped),
        _ => Ok(()),
    })
}
