//! The outcome search's bounds — states (forgetting settled sums to make
//! room), work, memory, its stop token — and its progress reports.

use super::NimberSearch;
use crate::solve::progress::{self, Task};
use crate::{Error, Result};

impl<P> NimberSearch<'_, P> {
    /// Tells the front end's reporter how far the search is
    /// ([`Task::Components`]).
    pub(super) fn report(&self) {
        let bytes = self.memo.bytes() + self.table_bytes();
        progress::report(
            Task::Components {
                shapes: self.memo.len() as u64,
                sums: self.t.settled.len() as u64,
                bytes: bytes as u64,
                forgotten: self.forgotten,
            },
            (self.memo.len() + self.t.settled.len()) as u64,
            Some(self.limits.max_states),
        );
    }

    /// The answer of `ask` (a question from outside: [`Self::key_value`],
    /// [`Self::is_p`]), asked again from empty tables each time a sweep
    /// starts the search again (see [`Self::check_bounds`]).
    pub(super) fn restarting<T>(&mut self, ask: impl Fn(&mut Self) -> Result<T>) -> Result<T> {
        loop {
            let r = ask(self);
            if !std::mem::take(&mut self.restart) {
                return r;
            }
            debug_assert!(r.is_err(), "a search that started again ended with its answer");
            self.t = Default::default();
        }
    }

    /// `r`, reported first when it is an error (a stop, a bound), so that
    /// the front end's last report says how far the search got.
    pub(super) fn told<T>(&self, r: Result<T>) -> Result<T> {
        if r.is_err() {
            self.report();
        }
        r
    }

    /// The errors of the bounds: states, memory, stop. At the bound on
    /// states, the settled sums are a cache: while they hold at least
    /// half of it, the search makes room and goes on; it ends when the
    /// shapes valued, which are kept, hold more than half.
    ///
    /// Room is made by starting again: every settled sum and every
    /// numbered component is forgotten (the numbers too, which nothing
    /// else would free), and the question is asked again with the shapes
    /// valued so far. A P-position settled is a lone component whose
    /// value its heap is, kept in the memo (a sum of several large
    /// components is made one before it is searched; only the test mode
    /// that searches sums whole loses P-positions here), so what is
    /// searched again is N-positions and the positions the search was in.
    /// The price: asking again values more shapes (they count against
    /// the bound) and takes more work. When no shape has been valued
    /// since the last start, starting again could repeat itself: then
    /// only the N-positions are forgotten (`Settled::forget`) and the
    /// numbers are kept.
    pub(super) fn check_bounds(&mut self) -> Result<()> {
        let max = self.limits.max_states;
        if (self.memo.len() + self.t.settled.len()) as u64 >= max {
            if self.t.settled.len() as u64 >= max / 2 {
                self.sweeps += 1;
                if self.memo.len() > self.valued_at_restart {
                    self.valued_at_restart = self.memo.len();
                    self.forgotten += self.t.settled.len() as u64;
                    self.restarts += 1;
                    self.peak_components = self.peak_components.max(self.t.ids.len());
                    self.restart = true;
                    return Err(Error::Internal(
                        "the outcome search started again and its question was not asked again".into(),
                    ));
                }
                // Frees at least a quarter of the bound: P-positions are
                // kept only if they are at most a quarter.
                let keep = usize::try_from(max / 4).unwrap_or(usize::MAX);
                self.forgotten += self.t.settled.forget(keep) as u64;
            } else {
                let swept = match self.sweeps {
                    0 => String::new(),
                    k => format!(
                        "; {} settled sums were forgotten in {k} sweep{} to make room{}",
                        self.forgotten,
                        if k == 1 { "" } else { "s" },
                        match self.restarts {
                            0 => String::new(),
                            r if r == k => " (each starting the search again)".to_string(),
                            r => format!(" ({r} starting the search again)"),
                        }
                    ),
                };
                return Err(Error::LimitExceeded {
                    what: format!(
                        "the outcome search of large components ({}: {} shapes valued, {} sums settled{swept})",
                        self.rules.family(),
                        self.memo.len(),
                        self.t.settled.len()
                    ),
                    limit: max,
                });
            }
        }
        if self.work > self.limits.max_work {
            return Err(Error::WorkExceeded {
                what: format!("the outcome search of large components ({})", self.rules.family()),
                limit: self.limits.max_work,
            });
        }
        // The tables as they are, and the settled states' next doubling.
        let bytes = self.memo.bytes() + self.table_bytes() + self.t.settled.bytes();
        self.limits.check_memory(bytes as u64, || {
            format!(
                "the outcome search of large components ({}: {} states settled)",
                self.rules.family(),
                self.t.settled.len()
            )
        })?;
        self.limits.check_stop()
    }
}
