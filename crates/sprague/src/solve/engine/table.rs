//! The engine's table of values g(0..len): flat, or folded at a proven
//! period.
//!
//! A flat table stores every value. A folded table stores g(0..S) with
//! S ≥ o + p + span and only counts the values after S: each of them was
//! computed and checked equal to g(o + (n − o) mod p) before it was
//! counted ([`Table::push`]), so reading it from there is exact. Any run of
//! at most `span` positions is then one contiguous slice of the store.

use crate::{Error, Result};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The values so far (see the [module docs](self)).
#[derive(Debug)]
pub(crate) struct Table {
    vals: Vec<u16>,
    fold: Option<Fold>,
    /// While [`Live`] views may be read by another thread: the store
    /// must not move, so a push past its capacity is refused.
    pinned: bool,
    /// While pinned, the number of values pushed, published (release)
    /// after each push for [`Live`] views.
    published: Arc<AtomicUsize>,
}

impl Clone for Table {
    /// A copy of the values, with no views (its own count).
    fn clone(&self) -> Table {
        Table {
            vals: self.vals.clone(),
            fold: self.fold,
            pinned: false,
            published: Arc::new(AtomicUsize::new(0)),
        }
    }
}

/// A read-only view of a flat, pinned table that another thread may read
/// while the owner appends: g(0..m), m the number of values pushed when it
/// is read (see [`Table::live`]).
#[derive(Clone, Debug)]
pub(crate) struct Live {
    ptr: *const u16,
    published: Arc<AtomicUsize>,
}

// SAFETY: a `Live` view only reads values that are never written again
// while it is used (the contract of `Table::live`): those below the count
// published after they were pushed; u16 is `Sync`.
unsafe impl Send for Live {}
// SAFETY: as for `Send`: every thread only reads through it.
unsafe impl Sync for Live {}

impl Live {
    /// The number of values pushed so far.
    pub fn len(&self) -> usize {
        self.published.load(Ordering::Acquire)
    }

    /// g(0..m), every value pushed so far.
    pub fn values(&self) -> &[u16] {
        let m = self.len();
        // SAFETY: `Table::live`'s contract: the store stays in place while
        // the view is used, and the m values published (release, after
        // they were written; acquire above) are initialised and never
        // written again.
        unsafe { std::slice::from_raw_parts(self.ptr, m) }
    }
}

/// Where a folded table's virtual positions map to.
#[derive(Clone, Copy, Debug)]
struct Fold {
    /// Pre-period o.
    o: usize,
    /// Period p.
    p: usize,
    /// The number of values computed, g(0..len).
    len: usize,
    /// Where g(len) is stored: o + (len − o) mod p.
    cur: usize,
    /// The longest slice [`Table::seg`] serves.
    span: usize,
}

impl Table {
    /// A flat table of the given values.
    pub fn new(vals: Vec<u16>) -> Table {
        Table {
            vals,
            fold: None,
            pinned: false,
            published: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Values that can still be pushed without moving the store (0 for a
    /// folded table).
    pub fn room(&self) -> usize {
        match self.fold {
            None => self.vals.capacity() - self.vals.len(),
            Some(_) => 0,
        }
    }

    /// Pins the store (`true`) so that [`Live`] views stay valid: pushes
    /// past the capacity are then refused, and so is folding. Unpinning
    /// (`false`) is for when no view is in use any more.
    pub fn pin(&mut self, pinned: bool) {
        self.pinned = pinned;
        if pinned {
            self.published.store(self.vals.len(), Ordering::Release);
        }
    }

    /// A view of the values pushed so far, and of those pushed later once
    /// they are, for another thread.
    ///
    /// # Safety
    /// The table must be flat and pinned ([`Table::pin`]), and stay pinned
    /// and unfolded while the view is read. Pushes are fine: they write
    /// past the published count within the capacity, and `Vec::push` makes
    /// no reference to the values before.
    pub unsafe fn live(&self) -> Live {
        debug_assert!(self.pinned && self.fold.is_none());
        Live {
            ptr: self.vals.as_ptr(),
            published: self.published.clone(),
        }
    }

    /// The number of values computed.
    #[inline]
    pub fn len(&self) -> usize {
        self.fold.map_or(self.vals.len(), |f| f.len)
    }

    /// The values held in memory: all of them unless folded.
    pub fn stored(&self) -> &[u16] {
        &self.vals
    }

    /// Whether the table is folded.
    pub fn is_folded(&self) -> bool {
        self.fold.is_some()
    }

    /// The longest run of positions that [`Table::seg`] serves.
    pub fn span(&self) -> usize {
        self.fold.map_or(usize::MAX, |f| f.span)
    }

    /// Where position x is stored, for a run of `len` ≤ span positions.
    #[inline]
    fn at(&self, x: usize, len: usize) -> usize {
        match self.fold {
            Some(f) if x + len > self.vals.len() => {
                debug_assert!(len <= f.span && x >= f.o);
                // Recent positions (the usual reads) without a division.
                let back = f.len.wrapping_sub(x);
                if back >= len && back <= f.cur - f.o {
                    f.cur - back
                } else {
                    f.o + (x - f.o) % f.p
                }
            }
            _ => x,
        }
    }

    /// g(x), for x < len.
    #[inline]
    pub fn get(&self, x: usize) -> u16 {
        self.vals[self.at(x, 1)]
    }

    /// g(x..x + len) as one slice; `len` is at most [`Table::span`].
    #[inline]
    pub fn seg(&self, x: usize, len: usize) -> &[u16] {
        let s = self.at(x, len);
        &self.vals[s..s + len]
    }

    /// Appends g(len..len + run.len()) = run, as [`Table::push`] does each
    /// value; a folded table checks the whole run against the period at
    /// once, and nothing is appended if any value differs.
    ///
    /// # Errors
    /// As [`Table::push`].
    pub fn push_run(&mut self, run: &[u16]) -> Result<()> {
        let Some(f) = self.fold else {
            return run.iter().try_for_each(|&v| self.push(v));
        };
        let (mut cur, mut done) = (f.cur, 0);
        while done < run.len() {
            let len = (f.o + f.p - cur).min(run.len() - done);
            let (got, want) = (&run[done..done + len], &self.vals[cur..cur + len]);
            if got != want {
                let i = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(0);
                return Err(Error::Internal(format!(
                    "g({}) = {} was computed, but the proven period (p = {} from {}) gives {}",
                    f.len + done + i,
                    got[i],
                    f.p,
                    f.o,
                    want[i]
                )));
            }
            done += len;
            cur = if cur + len == f.o + f.p { f.o } else { cur + len };
        }
        self.fold = Some(Fold {
            len: f.len + run.len(),
            cur,
            ..f
        });
        Ok(())
    }

    /// Appends g(n) = v, n = len. A folded table checks v against the
    /// period.
    ///
    /// # Errors
    /// When a folded table's v is not the value the period gives (which
    /// the periodicity theorem rules out: it would be a bug).
    #[inline]
    pub fn push(&mut self, v: u16) -> Result<()> {
        match self.fold {
            None => {
                let len = self.vals.len();
                if len == self.vals.capacity() {
                    if self.pinned {
                        return Err(Error::Internal(
                            "a pinned table is full (its store may not move)".into(),
                        ));
                    }
                    // Twice the size, as a push would, but an error (not an
                    // abort) when the system refuses.
                    self.vals.try_reserve(len.max(1024)).map_err(|_| {
                        Error::OutOfMemory(format!(
                            "the table of {len} values (2 bytes each) cannot grow to {}",
                            2 * len.max(1024)
                        ))
                    })?;
                }
                self.vals.push(v);
                if self.pinned {
                    self.published.store(self.vals.len(), Ordering::Release);
                }
                Ok(())
            }
            Some(f) => {
                let n = f.len;
                let want = self.vals[f.cur];
                if v != want {
                    return Err(Error::Internal(format!(
                        "g({n}) = {v} was computed, but the proven period (p = {} from {}) gives {want}",
                        f.p, f.o
                    )));
                }
                let cur = if f.cur + 1 == f.o + f.p { f.o } else { f.cur + 1 };
                self.fold = Some(Fold { len: n + 1, cur, ..f });
                Ok(())
            }
        }
    }

    /// Reserves room for g(0..=upto) in a flat table (only pages written
    /// count towards memory).
    pub fn reserve(&mut self, upto: usize) {
        // A pinned store may not move.
        if self.fold.is_none() && !self.pinned {
            let _ = self
                .vals
                .try_reserve_exact((upto + 1).saturating_sub(self.vals.len()));
        }
    }

    /// Folds a flat table at the proven period p from o, keeping g(0..keep)
    /// (keep ≥ o + p + span), once it holds that many; `len` > stored
    /// continues a folded run (whose later values were all checked when
    /// they were computed).
    ///
    /// # Returns
    /// Whether the table is folded now, or an error if a value after
    /// `keep` is not the one the period gives (which the theorem rules out).
    pub fn fold(&mut self, o: usize, p: usize, span: usize, len: usize, keep: usize) -> Result<bool> {
        if self.fold.is_some() {
            return Ok(true);
        }
        if self.pinned {
            return Err(Error::Internal("a pinned table may not fold".into()));
        }
        if p == 0 || keep < o + p + span || self.vals.len() < keep {
            return Ok(false);
        }
        let len = len.max(self.vals.len());
        // The values dropped are checked as later ones will be.
        for x in keep..self.vals.len() {
            let want = self.vals[o + (x - o) % p];
            if self.vals[x] != want {
                return Err(Error::Internal(format!(
                    "g({x}) = {} was computed, but the proven period (p = {p} from {o}) gives {want}",
                    self.vals[x]
                )));
            }
        }
        self.vals.truncate(keep);
        self.vals.shrink_to_fit();
        self.fold = Some(Fold {
            o,
            p,
            len,
            cur: o + (len - o) % p,
            span,
        });
        Ok(true)
    }

    /// g(0..end) (end ≤ len) as consecutive slices.
    pub fn chunks(&self, end: usize) -> impl Iterator<Item = &[u16]> + '_ {
        let end = end.min(self.len());
        let stored = end.min(self.vals.len());
        let step = self.fold.map_or(1, |f| f.span).max(1);
        let rest = (stored..end)
            .step_by(step)
            .map(move |x| self.seg(x, step.min(end - x)));
        std::iter::once(&self.vals[..stored]).chain(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_pushed_at_once_is_checked_like_each_value() {
        // Period 5 from 3; folded with 3 + 5 + 4 values kept.
        let g = |x: usize| {
            if x < 3 {
                x as u16
            } else {
                10 + ((x - 3) % 5) as u16
            }
        };
        let mut t = Table::new((0..12).map(g).collect());
        assert!(t.fold(3, 5, 4, 12, 12).unwrap());
        // A run through two turns of the period.
        t.push_run(&(12..25).map(g).collect::<Vec<_>>()).unwrap();
        assert_eq!(t.len(), 25);
        t.push(g(25)).unwrap();
        // A wrong value in a run: an error naming it, and nothing pushed.
        let mut bad: Vec<u16> = (26..34).map(g).collect();
        bad[5] = 99;
        let err = t.push_run(&bad).unwrap_err().to_string();
        assert!(err.contains("g(31) = 99"), "{err}");
        assert_eq!(t.len(), 26);
        assert_eq!(
            (26..40).map(|x| t.get(x)).collect::<Vec<_>>(),
            (26..40).map(g).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_pinned_table_never_moves_its_store() {
        let mut t = Table::new(Vec::with_capacity(4));
        t.push(0).unwrap();
        t.pin(true);
        // SAFETY: flat and pinned; the view is read while pinned.
        let view = unsafe { t.live() };
        assert_eq!(view.values(), &[0]);
        let room = t.room();
        for v in 1..=room as u16 {
            t.push(v).unwrap();
        }
        assert!(
            t.push(99).is_err(),
            "a push past the capacity would move the store"
        );
        // The view sees every value pushed.
        assert_eq!(view.values(), &(0..=room as u16).collect::<Vec<_>>()[..]);
        assert_eq!(t.len(), 1 + room);
        t.pin(false);
        t.push(99).unwrap();
        assert_eq!(t.get(1 + room), 99);
    }

    /// The raw-pointer view as the pipeline uses it: another thread reads
    /// every value published while the owner pushes more (and reads its
    /// own). Small enough for Miri, which checks the aliasing and the
    /// atomics (`cargo +nightly miri test -p sprague --lib
    /// engine::table::tests::a_live_view`).
    #[test]
    fn a_live_view_reads_what_is_published_while_the_owner_pushes() {
        let g = |x: usize| (x * 7 % 13) as u16;
        let mut t = Table::new(Vec::with_capacity(48));
        t.push(g(0)).unwrap();
        t.pin(true);
        // SAFETY: flat and pinned until the reader is joined.
        let view = unsafe { t.live() };
        std::thread::scope(|s| {
            let reader = s.spawn(move || {
                let mut seen = 0;
                while seen < 48 {
                    let vals = view.values();
                    assert!(vals.len() >= seen, "the published count went back");
                    for (x, &v) in vals.iter().enumerate() {
                        assert_eq!(v, g(x));
                    }
                    seen = vals.len();
                    std::thread::yield_now();
                }
            });
            for x in 1..48 {
                t.push(g(x)).unwrap();
                assert_eq!(t.get(x - 1), g(x - 1));
            }
            reader.join().unwrap();
        });
        t.pin(false);
        assert_eq!(t.stored(), &(0..48).map(g).collect::<Vec<_>>()[..]);
    }

    #[test]
    fn a_folded_table_reads_and_checks_through_the_period() {
        // o = 2, p = 3: 0 1 | 2 3 4 | 2 3 4 …
        let g = |n: usize| if n < 2 { n as u16 } else { 2 + ((n - 2) % 3) as u16 };
        let mut t = Table::new((0..7).map(g).collect());
        assert!(!t.fold(2, 3, 3, 0, 8).unwrap(), "needs o + p + span = 8 values");
        t.push(g(7)).unwrap();
        t.push(g(8)).unwrap();
        assert!(t.fold(2, 3, 3, 0, 8).unwrap());
        assert_eq!((t.stored().len(), t.len()), (8, 9));
        for n in 9..40 {
            t.push(g(n)).unwrap();
        }
        assert!(t.push(9).is_err());
        assert_eq!(t.len(), 40);
        for x in 0..40 {
            assert_eq!(t.get(x), g(x));
            for len in 1..=3.min(40 - x) {
                let want: Vec<u16> = (x..x + len).map(g).collect();
                assert_eq!(t.seg(x, len), &want[..], "x {x} len {len}");
            }
        }
        let all: Vec<u16> = t.chunks(33).flatten().copied().collect();
        assert_eq!(all, (0..33).map(g).collect::<Vec<_>>());
        // A dropped value that breaks the period is an error.
        let mut bad = Table::new((0..12).map(g).collect());
        bad.pin(true);
        assert!(bad.fold(2, 3, 3, 0, 8).is_err(), "a pinned table may not fold");
        bad.pin(false);
        bad.vals[10] = 9;
        assert!(bad.fold(2, 3, 3, 0, 8).is_err());
    }
}
