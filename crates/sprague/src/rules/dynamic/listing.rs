//! How [`Dynamic`] lists runs of heaps for the dense engine: in order, on
//! several threads where the rules allow it, within a cap on memory.

use super::ruleset::expanding;
use super::{heap_parts, Dynamic, Value};
use crate::rules::{HeapLister, HeapListing, Ruleset};
use crate::{Error, Result, Stop};
use std::panic;
use std::sync::atomic::{AtomicU64, Ordering};

impl HeapLister for Dynamic {
    fn heap_options(&self, n: u64, parts: &mut Vec<u64>, ends: &mut Vec<usize>, stop: &Stop) -> Result<()> {
        let p = Value::Int(n as i64);
        let listed = match self.cache.get(&p) {
            // Listed earlier by a search: the cache holds what `fetch` gave.
            Some(moves) => heap_parts(&self.spec(), n, &moves, parts, ends),
            None => self.rules.heap_options(n, parts, ends, stop),
        };
        listed.map_err(|e| expanding(&*self.rules, e, &p))
    }

    /// Lists a run of heaps, on up to 8 threads when the rules allow it
    /// (each thread a contiguous part of the run, with a stack of its own
    /// as large as a main thread's).
    ///
    /// A failure is reported for the smallest heap that fails, as a
    /// one-thread listing would, and the threads listing heaps above it
    /// stop. The listing stops early (at least one heap listed) once it
    /// holds about 2^22 parts and moves (`LISTING_CAP`), so that heaps with many
    /// moves never hold more than that in memory; the dense engine asks for
    /// the rest next. Each thread holds a clone of `stop`, looks at it
    /// every 16 heaps and passes it to the script's calls.
    fn heap_range(&self, lo: u64, hi: u64, out: &mut HeapListing, stop: &Stop) -> Result<()> {
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get().min(LIST_THREADS));
        let count = hi.saturating_sub(lo);
        if !self.rules.parallel() || threads < 2 || count < 2 * MIN_PER_THREAD {
            for n in lo..hi {
                if n > lo && out.size() > LISTING_CAP {
                    break;
                }
                self.heap_options(n, &mut out.parts, &mut out.ends, stop)?;
                out.heaps.push(out.ends.len());
            }
            return Ok(());
        }
        let threads = threads.min((count / MIN_PER_THREAD) as usize) as u64;
        let cap = LISTING_CAP / threads as usize;
        let rules = &*self.rules;
        let failed = AtomicU64::new(u64::MAX);
        let list = |a: u64, b: u64, stop: &Stop| -> Part {
            let mut l = HeapListing::default();
            let mut n = a;
            while n < b {
                if failed.load(Ordering::Relaxed) < n {
                    return Part::Dropped;
                }
                if stop.is_stopped() {
                    return Part::Stopped;
                }
                if n > a && l.size() > cap {
                    break;
                }
                let step = if l.size() > cap / 8 { 1 } else { LIST_STEP };
                let end = (n + step).min(b);
                if let Err((m, e)) = rules.heap_range(n, end, &mut l, stop) {
                    failed.fetch_min(m, Ordering::Relaxed);
                    return Part::Failed(m, e);
                }
                n = end;
            }
            Part::Listed(l, n)
        };
        let cut = |i: u64| lo + count * i / threads;
        let parts: Vec<(u64, Part)> = std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads)
                .map(|i| {
                    let (a, b) = (cut(i), cut(i + 1));
                    // A clone of the token of its own: the thread's script
                    // calls see it.
                    let stop = stop.clone();
                    let spawned = std::thread::Builder::new()
                        .stack_size(LIST_STACK)
                        .spawn_scoped(s, move || list(a, b, &stop));
                    (a, b, spawned.ok())
                })
                .collect();
            let mut parts = vec![(cut(1), list(lo, cut(1), stop))];
            for (a, b, handle) in helpers {
                let part = match handle {
                    Some(h) => h.join().unwrap_or_else(|payload| panic::resume_unwind(payload)),
                    // No thread to be had: list the part here.
                    None => list(a, b, stop),
                };
                parts.push((b, part));
            }
            parts
        });
        for (b, part) in parts {
            match part {
                Part::Listed(l, end) => {
                    out.append(&l);
                    if end < b {
                        break; // stopped at the cap: the heaps after it come next run
                    }
                }
                Part::Failed(n, e) => return Err(expanding(&*self.rules, e, &Value::Int(n as i64))),
                Part::Stopped => return Err(Error::Stopped),
                // A part below failed; its error comes first.
                Part::Dropped => break,
            }
        }
        Ok(())
    }
}

/// What one thread's part of a run of heaps came to.
enum Part {
    /// Heaps from the part's start up to the given end listed (all of the
    /// part, or fewer at the cap).
    Listed(HeapListing, u64),
    /// The heap that failed, and why.
    Failed(u64, Error),
    /// A heap below the part failed: the part was left.
    Dropped,
    /// The computation was asked to stop.
    Stopped,
}

/// The most threads that list a run of heaps of rules that allow it.
const LIST_THREADS: usize = 8;

/// The fewest heaps worth a thread of their own when listing a run.
const MIN_PER_THREAD: u64 = 4;

/// Heaps a listing thread lists between looks at the failures of the
/// others, the stop token and its size.
const LIST_STEP: u64 = 16;

/// Parts and moves a listing of a run holds, about, before it stops early
/// (some 32 MB).
pub const LISTING_CAP: usize = 1 << 22;

/// The stack of a listing thread: a script may recurse as deep as its
/// call-depth limit allows.
const LIST_STACK: usize = crate::rules::SCRIPT_STACK;
