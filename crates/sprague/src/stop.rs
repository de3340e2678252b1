//! The stop token: a value that a front end hands to a long computation
//! so that it can end it from another thread.
//!
//! A computation receives its token in its [`crate::solve::Limits`]
//! (`limits.stop`), beside its other bounds, so that a signature that
//! takes limits says that the computation can be cancelled. A front end
//! that gives up on an answer (the web server at its time limit, a client
//! gone, the play session's "stop thinking") calls [`Stop::stop`] on a
//! clone it kept; the computation then ends with [`crate::Error::Stopped`]
//! within a few steps instead of running on to its bounds.
//!
//! Who looks at it: the work counters of [`crate::solve::Solver`],
//! [`crate::solve::SumGraph`], [`crate::solve::OutcomeSearch`],
//! [`crate::solve::MisereQuotient`], loopy values and the other
//! searches; every 1024 heaps of a dense table ([`crate::solve::extend_dense`]);
//! the batches of the sequence engine where queries and analyses run it;
//! the threads a computation starts (each gets a clone: the threads that
//! list a scripted heap game's moves look at it every 16 heaps); and a
//! script's own calls, from Rhai's progress callback (the token reaches
//! the rules in the move buffer, [`crate::rules::Moves::stop`], and as an
//! argument of [`crate::rules::HeapLister`]).
//!
//! The bound on memory travels beside the token, in
//! [`crate::solve::Limits::max_memory`].

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A stop token: clones share one flag, and stopping any clone stops the
/// computations that hold the others.
///
/// [`Stop::default`] (or [`Stop::new`]) is a token nobody has stopped; a
/// computation given one that nobody else holds runs to its other bounds.
///
/// # Examples
/// ```
/// use sprague::rules::Wythoff;
/// use sprague::solve::{Limits, Solver};
/// use sprague::Stop;
///
/// let stop = Stop::new();
/// let limits = Limits { stop: stop.clone(), ..Limits::default() };
/// stop.stop(); // from any thread that holds a clone
/// let r = Solver::new(&Wythoff, limits).grundy(&(300, 500));
/// assert_eq!(r, Err(sprague::Error::Stopped));
/// ```
#[derive(Clone)]
pub struct Stop(
    /// The shared flag; `None` for the token nothing stops ([`Stop::NEVER`]),
    /// which costs no allocation (a move buffer's default).
    Option<Arc<AtomicBool>>,
);

impl Default for Stop {
    fn default() -> Stop {
        Stop(Some(Arc::default()))
    }
}

impl Stop {
    /// A token that nothing stops ([`Stop::stop`] on it does nothing),
    /// for work too short to be worth one, without an allocation.
    pub(crate) const NEVER: Stop = Stop(None);

    /// A token not yet stopped.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every computation holding this token (or a clone) to end.
    pub fn stop(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether [`Stop::stop`] was called on this token or a clone.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// [`crate::Error::Stopped`] once the token is stopped.
    #[inline]
    pub fn check(&self) -> crate::Result<()> {
        if self.is_stopped() {
            Err(crate::Error::Stopped)
        } else {
            Ok(())
        }
    }
}

/// Two tokens are equal when they share one flag.
impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

impl Eq for Stop {}

impl fmt::Debug for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Stop({})",
            if self.is_stopped() { "stopped" } else { "running" }
        )
    }
}
