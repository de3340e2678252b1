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
//!
//! The flag may carry a memory bound ([`StopFlag::with_memory_limit`]),
//! checked by the graph of sums ([`super::sums::SumGraph`]), the
//! memoised search ([`super::Solver`]) and dense tables before they grow.

use crate::{Error, Result};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag that stops the computations running under it; clones share it.
///
/// It may also carry a memory bound: the bytes that the big tables of one
/// computation under it (the graph of sums, a search's memo, a dense
/// table) may take, checked from an estimate before they grow, so that a
/// server answers a question too big with [`Error::OutOfMemory`] before the
/// machine runs short.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    stopped: Arc<AtomicBool>,
    memory: Option<u64>,
}

impl StopFlag {
    /// A flag not yet stopped.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// This flag, with the tables of a computation under it bounded to
    /// `bytes` (an estimate of their size, checked as they grow).
    ///
    /// ```
    /// use sprague::rules::Nim;
    /// use sprague::solve::stop::{stoppable, StopFlag};
    /// use sprague::solve::{random::{probability_of, Skill}, Limits, Play};
    ///
    /// let sum = [30, 31, 32];
    /// let ask = || probability_of(&Nim, &sum, Play::Normal, &Skill::random(), Limits::default());
    /// // Some thousands of sums: more than 64 KiB.
    /// let small = StopFlag::new().with_memory_limit(1 << 16);
    /// assert!(matches!(stoppable(&small, ask), Err(sprague::Error::OutOfMemory(_))));
    /// let enough = StopFlag::new().with_memory_limit(1 << 30);
    /// assert!(stoppable(&enough, ask).is_ok());
    /// ```
    pub fn with_memory_limit(mut self, bytes: u64) -> StopFlag {
        self.memory = Some(bytes);
        self
    }

    /// The memory bound, if any (see [`StopFlag::with_memory_limit`]).
    pub fn memory_limit(&self) -> Option<u64> {
        self.memory
    }

    /// Asks every computation under this flag to end.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopFlag::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
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

/// [`Error::OutOfMemory`] if tables of about `bytes` bytes would pass the
/// memory bound of the computation on this thread; `what` names them.
pub(crate) fn check_memory(bytes: u64, what: impl FnOnce() -> String) -> Result<()> {
    CURRENT.with(|c| match &*c.borrow() {
        Some(StopFlag {
            memory: Some(limit), ..
        }) if bytes > *limit => Err(Error::OutOfMemory(format!(
            "{} would take about {} MB, past this computation's bound of {} MB",
            what(),
            bytes.div_ceil(1 << 20),
            limit / (1 << 20)
        ))),
        _ => Ok(()),
    })
}

/// Whether the computation on this thread was asked to end (scripts ask
/// it from inside Rhai's progress callback).
#[cfg_attr(not(feature = "scripts"), allow(dead_code))]
pub(crate) fn stopped() -> bool {
    check().is_err()
}

/// [`Error::Stopped`] if the computation on this thread was asked to end.
pub(crate) fn check() -> Result<()> {
    CURRENT.with(|c| match &*c.borrow() {
        Some(flag) if flag.is_stopped() => Err(Error::Stopped),
        _ => Ok(()),
    })
}
