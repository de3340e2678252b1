//! Quotients proven so far in this process, by spec, so that a session of
//! play or a server answers each position from a quotient built once.

use super::MisereQuotient;
use crate::rules::Ruleset;
use crate::solve::Limits;
use crate::{Error, Result};
use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex};

/// What is known of one game.
#[derive(Default)]
struct Entry {
    /// The quotient of the most heaps proven (a complete one covers all).
    best: Option<Arc<MisereQuotient>>,
    /// The fewest heaps whose quotient failed within its bounds.
    failed: Option<u64>,
    /// The largest `(max_heap, max_order)` a search for a complete
    /// quotient failed within.
    no_complete: Option<(u64, usize)>,
}

static CACHE: Mutex<Option<HashMap<String, Entry>>> = Mutex::new(None);

fn with_entry<T>(spec: &str, f: impl FnOnce(&mut Entry) -> T) -> T {
    let mut guard = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    f(guard
        .get_or_insert_with(HashMap::default)
        .entry(spec.to_string())
        .or_default())
}

/// Whether an error says something of the quotient (a bound it needs),
/// rather than of this run (stopped from outside, memory refused).
fn remembered(e: &Error) -> bool {
    !matches!(e, Error::Stopped | Error::OutOfMemory(_))
}

impl MisereQuotient {
    /// A quotient covering heaps `1..=upto` of `rules`, from this process's
    /// cache where one covers them (a complete quotient, or one of more
    /// heaps), else computed (candidates of at most `max_order` elements)
    /// and cached. A failure within the bounds is remembered, and the same
    /// or a larger request fails at once.
    ///
    /// # Errors
    /// As [`Self::of`].
    pub fn cached<R: Ruleset>(
        rules: &R,
        upto: u64,
        max_order: usize,
        limits: Limits,
    ) -> Result<Arc<MisereQuotient>> {
        let spec = rules.spec();
        let known = with_entry(&spec, |e| {
            if let Some(q) = e.best.as_ref().filter(|q| q.all_heaps() || q.upto() >= upto) {
                return Some(Ok(Arc::clone(q)));
            }
            e.failed.filter(|&f| f <= upto).map(|_| {
                Err(Error::Unsupported(format!(
                    "no misère quotient of `{}` on heaps up to {upto} within the bounds",
                    crate::excerpt(&spec)
                )))
            })
        });
        if let Some(k) = known {
            return k;
        }
        let result = MisereQuotient::of_within(rules, upto, max_order, limits).map(Arc::new);
        with_entry(&spec, |e| match &result {
            Ok(q) => {
                if e.best
                    .as_ref()
                    .is_none_or(|b| !b.all_heaps() && b.upto() < q.upto())
                {
                    e.best = Some(Arc::clone(q));
                }
            }
            Err(err) if remembered(err) => e.failed = Some(e.failed.map_or(upto, |f| f.min(upto))),
            Err(_) => {}
        });
        result
    }

    /// A complete quotient of `rules` (see [`Self::complete`]), from this
    /// process's cache where one was found, else searched and cached; a
    /// search that failed within bounds at least as large fails at once.
    ///
    /// # Errors
    /// As [`Self::complete`].
    pub fn cached_complete<R: Ruleset>(
        rules: &R,
        max_heap: u64,
        max_order: usize,
        limits: Limits,
    ) -> Result<Arc<MisereQuotient>> {
        let spec = rules.spec();
        let known = with_entry(&spec, |e| {
            if let Some(q) = e.best.as_ref().filter(|q| q.all_heaps()) {
                return Some(Ok(Arc::clone(q)));
            }
            e.no_complete
                .filter(|&(h, o)| h >= max_heap && o >= max_order)
                .map(|(h, _)| {
                    Err(Error::Unsupported(format!(
                        "no complete misère quotient of `{}` was found by heap {h}",
                        crate::excerpt(&spec)
                    )))
                })
        });
        if let Some(k) = known {
            return k;
        }
        let result = MisereQuotient::complete(rules, max_heap, max_order, limits).map(Arc::new);
        with_entry(&spec, |e| match &result {
            Ok(q) => e.best = Some(Arc::clone(q)),
            Err(err) if remembered(err) => {
                let (h, o) = e.no_complete.unwrap_or((0, 0));
                e.no_complete = Some((h.max(max_heap), o.max(max_order)));
            }
            Err(_) => {}
        });
        result
    }
}
