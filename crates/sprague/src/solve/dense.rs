//! The dense engine: g(0..=N) of a heap game, bottom-up, in one array.
//!
//! Each heap game's moves get their own loop ([`HeapMoves`]), so the inner
//! loop of an octal or Grundy's-game table is a plain walk over two slices
//! with a stamp array for the mex: the same work as the textbook O(n²)
//! C loop, no allocation per heap.

use super::Limits;
use crate::rules::{HeapListing, HeapMoves};
use crate::{Error, Result};

/// Fills `table` so that it holds g(0..=upto).
///
/// # Arguments
/// * `moves`: the heap game.
/// * `table`: values already known (g(0..len)); extended in place.
/// * `upto`: the last heap to compute.
/// * `max_states`: the largest table allowed.
///
/// # Returns
/// An error, leaving `table` as it was, when `upto` exceeds `max_states`.
/// Nothing stops it but its end; [`extend_within`] takes a stop token
/// and the other bounds of [`Limits`].
///
/// # Complexity
/// O(N·|S|) for subtraction and division games, O(N²) for octal codes with
/// splitting moves, Grundy's game and all-but sets; O(N) memory. Listed
/// moves cost what the lister takes, plus one step a part.
///
/// # Examples
/// ```
/// use sprague::rules::HeapMoves;
/// let mut t = Vec::new();
/// sprague::solve::extend_dense(HeapMoves::Subtract(&[1, 2]), &mut t, 6, 100).unwrap();
/// assert_eq!(t, [0, 1, 2, 0, 1, 2, 0]);
/// ```
pub fn extend(moves: HeapMoves<'_>, table: &mut Vec<u32>, upto: u64, max_states: u64) -> Result<()> {
    fill(moves, table, upto, max_states, &Limits::default())
}

/// [`extend`] up to `max_states` values, stopped by `limits.stop` and
/// within `limits.max_memory`.
fn fill(
    moves: HeapMoves<'_>,
    table: &mut Vec<u32>,
    upto: u64,
    max_states: u64,
    limits: &Limits,
) -> Result<()> {
    if upto >= max_states {
        return Err(Error::LimitExceeded {
            what: format!("a table of {} values", upto as u128 + 1),
            limit: max_states,
        });
    }
    if upto >= u32::MAX as u64 {
        return Err(Error::LimitExceeded {
            what: format!("a table of {} values", upto as u128 + 1),
            limit: u32::MAX as u64,
        });
    }
    let upto = upto as usize;
    if table.len() > upto {
        return Ok(());
    }
    limits.check_memory(4 * (upto as u64 + 1), || {
        format!("a table of {} values", upto as u128 + 1)
    })?;
    table.reserve(upto + 1 - table.len());
    let mut mex = Mex::new(table.iter().copied().max().unwrap_or(0));
    // The listed moves (HeapMoves::Listed) of heaps `listed.0..listed.1`,
    // asked a run at a time (a lister may use several threads) and reused.
    let mut listing = HeapListing::default();
    let mut listed = (table.len(), table.len());
    let mut run = 16;
    // A heap of these costs O(n) (or a script's call): look at the stop
    // flag at each; the others every 1024 heaps.
    let every = match moves {
        HeapMoves::AllBut(_) | HeapMoves::Grundy | HeapMoves::Listed(_) => 1,
        _ => 1024,
    };
    for n in table.len()..=upto {
        if n % every == 0 {
            limits.check_stop()?;
            super::progress::report(super::progress::Task::HeapValues, n as u64, Some(upto as u64 + 1));
        }
        let g = match moves {
            HeapMoves::Nim => n as u32,
            HeapMoves::Subtract(s) => mex.run(|m| {
                for &k in s.iter().take_while(|&&k| k as usize <= n) {
                    m.mark(table[n - k as usize]);
                }
            }),
            HeapMoves::AllBut(s) => mex.run(|m| {
                for k in (1..=n).filter(|&k| s.binary_search(&(k as u64)).is_err()) {
                    m.mark(table[n - k]);
                }
            }),
            HeapMoves::Powers(a) => mex.run(|m| {
                let mut p = 1usize;
                while p <= n {
                    m.mark(table[n - p]);
                    match p.checked_mul(a as usize) {
                        Some(q) => p = q,
                        None => break,
                    }
                }
            }),
            HeapMoves::Divide(ds) => mex.run(|m| {
                if n > 0 {
                    for &d in ds {
                        m.mark(table[n / d as usize]);
                    }
                }
            }),
            HeapMoves::Grundy => mex.run(|m| mark_splits(table, n, n.saturating_sub(1) / 2, m)),
            HeapMoves::Listed(lister) => {
                if n == listed.1 {
                    let hi = (n + run).min(upto + 1);
                    listing.clear();
                    lister.heap_range(n as u64, hi as u64, &mut listing, &limits.stop)?;
                    let got = listing.heaps.len();
                    assert!(
                        (1..=hi - n).contains(&got),
                        "a lister lists from the first heap asked"
                    );
                    listed = (n, n + got);
                    run = next_run(run, listing.parts.len() + listing.ends.len());
                }
                let i = n - listed.0;
                let first = if i == 0 { 0 } else { listing.heaps[i - 1] };
                let moves = &listing.ends[first..listing.heaps[i]];
                let mut start = if first == 0 { 0 } else { listing.ends[first - 1] };
                mex.run(|m| {
                    for &end in moves {
                        // Every part is below n (the lister checks), so in the table.
                        let v = listing.parts[start..end]
                            .iter()
                            .fold(0, |x, &k| x ^ table[k as usize]);
                        m.mark(v);
                        start = end;
                    }
                })
            }
            HeapMoves::Octal(code) => mex.run(|m| {
                for (k, &d) in code.digits().iter().enumerate() {
                    if k > n {
                        break;
                    }
                    if d & 1 != 0 && k == n && k > 0 {
                        m.mark(0);
                    }
                    if d & 2 != 0 && n > k && k > 0 {
                        m.mark(table[n - k]);
                    }
                    if d & 4 != 0 && n >= k + 2 {
                        mark_splits(table, n - k, (n - k) / 2, m);
                    }
                    if d & 8 != 0 && n >= k + 3 {
                        mark_triples(table, n - k, m);
                    }
                }
            }),
        };
        mex.note(g);
        table.push(g);
    }
    Ok(())
}

/// The next run of heaps (at most 4096) to list at once, after a run of
/// `run` heaps listed `size` parts and moves: runs grow while listings stay
/// small (fewer hand-offs to a lister's threads), and shrink when heaps
/// have many moves (the lister also stops a run early at its memory cap).
fn next_run(run: usize, size: usize) -> usize {
    if size > 1 << 22 {
        (run / 2).max(1)
    } else if size < 1 << 20 {
        (run * 2).min(1 << 12)
    } else {
        run
    }
}

/// The steps (option values looked at) to extend a table of `from` values
/// to g(0..=upto): the dense engine's cost model, for [`Limits::max_work`].
///
/// # Complexity
/// O(1), or O(|S|) for sets.
pub fn work(moves: HeapMoves<'_>, from: u64, upto: u64) -> u128 {
    if upto < from {
        return 0;
    }
    let (a, b) = (from as u128, upto as u128 + 1);
    let count = b - a;
    // Σ n for n in [a, b): the cost of a loop over every smaller heap.
    let linear = (b * (b - 1) - a * a.saturating_sub(1)) / 2;
    match moves {
        HeapMoves::Nim => count,
        HeapMoves::Subtract(s) | HeapMoves::Divide(s) => count * (s.len() as u128 + 1),
        HeapMoves::Powers(_) | HeapMoves::Listed(_) => count * 64,
        HeapMoves::AllBut(_) => linear + count,
        HeapMoves::Grundy => linear / 2 + count,
        HeapMoves::Octal(code) => {
            let splits = code.digits().iter().filter(|&&d| d & 4 != 0).count() as u128;
            let triples = code.digits().iter().filter(|&&d| d & 8 != 0).count() as u128;
            // Σ n² for n in [a, b), of which a triple split looks at n²/12.
            let square = |x: u128| x.saturating_sub(1) * x * (2 * x).saturating_sub(1) / 6;
            let quadratic = square(b) - square(a);
            triples * (quadratic / 12) + splits * linear / 2 + count * (code.digits().len() as u128 + 1)
        }
    }
}

/// [`extend`] within every bound of `limits`: refuses, before any work, a
/// table whose cost (the option values it would look at) exceeds `limits.max_work` (or whose values
/// would pass `limits.max_memory`), and ends with [`Error::Stopped`] soon
/// after `limits.stop` is stopped.
///
/// # Examples
/// ```
/// use sprague::rules::HeapMoves;
/// use sprague::solve::{extend_dense_within, Limits};
/// let limits = Limits::default();
/// limits.stop.stop();
/// let r = extend_dense_within(HeapMoves::Grundy, &mut Vec::new(), 5000, &limits);
/// assert_eq!(r, Err(sprague::Error::Stopped));
/// ```
pub fn extend_within(moves: HeapMoves<'_>, table: &mut Vec<u32>, upto: u64, limits: &Limits) -> Result<()> {
    check_within(moves, table.len() as u64, upto, limits)?;
    fill(moves, table, upto, limits.max_states, limits)
}

/// The error [`extend_within`] gives, found before any work: whether a
/// table of `from` values may grow to g(0..=upto) within `limits` (the
/// states bound, the engine's 2^32 − 1 values, and the work of
/// [`work`]). A front end that computes a table in slices checks the
/// whole table first, so that it names the same limit as one that
/// computes it at once.
///
/// The crate's own; its example is the unit test
/// `check_within_names_the_table_too_large`.
pub fn check_within(moves: HeapMoves<'_>, from: u64, upto: u64, limits: &Limits) -> Result<()> {
    for limit in [limits.max_states, u32::MAX as u64] {
        if upto >= limit {
            return Err(Error::LimitExceeded {
                what: format!("a table of {} values", upto as u128 + 1),
                limit,
            });
        }
    }
    let cost = work(moves, from, upto);
    if cost > limits.max_work as u128 {
        return Err(Error::WorkExceeded {
            what: format!("a table of {} values (about {cost} steps)", upto as u128 + 1),
            limit: limits.max_work,
        });
    }
    Ok(())
}

/// Marks g(a) xor g(r − a) for a = 1..=h (h ≤ r/2 keeps the heaps apart).
///
/// This is the hot loop of every splitting game. While all values are below
/// 2^15 (always, in practice) the stamp array has exactly 2^16 entries and
/// the index is masked, so the loop carries no bounds check.
#[inline]
fn mark_splits(table: &[u32], r: usize, h: usize, m: &mut Marker<'_>) {
    if h == 0 {
        return;
    }
    let lo = &table[1..=h];
    let hi = &table[r - h..r];
    let stamp = m.stamp;
    if let Ok(small) = <&mut [u32; SMALL]>::try_from(&mut *m.seen) {
        for i in 0..h {
            small[(lo[i] ^ hi[h - 1 - i]) as usize & (SMALL - 1)] = stamp;
        }
    } else {
        for (x, y) in lo.iter().zip(hi.iter().rev()) {
            m.mark(x ^ y);
        }
    }
}

/// Marks g(a) xor g(b) xor g(c) for every a ≤ b ≤ c, a + b + c = r, a ≥ 1:
/// the three-heap options of a hexadecimal code, plainly (O(r²)).
fn mark_triples(table: &[u32], r: usize, m: &mut Marker<'_>) {
    for a in 1..=r / 3 {
        let ga = table[a];
        for b in a..=(r - a) / 2 {
            m.mark(ga ^ table[b] ^ table[r - a - b]);
        }
    }
}

/// The stamp array's size while every value is below 2^15.
const SMALL: usize = 1 << 16;

/// A stamp array for repeated mex computations.
struct Mex {
    seen: Vec<u32>,
    stamp: u32,
}

impl Mex {
    fn new(max_value: u32) -> Self {
        let mut m = Mex {
            seen: Vec::new(),
            stamp: 0,
        };
        m.note(max_value);
        m
    }

    /// Makes room for every xor of two values up to `g`.
    fn note(&mut self, g: u32) {
        let need = ((g as usize + 1).next_power_of_two() * 2).max(SMALL);
        if self.seen.len() < need {
            self.seen.resize(need, 0);
        }
    }

    fn run(&mut self, body: impl FnOnce(&mut Marker<'_>)) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let mut m = Marker {
            seen: &mut self.seen,
            stamp: self.stamp,
        };
        body(&mut m);
        let stamp = self.stamp;
        self.seen
            .iter()
            .position(|&s| s != stamp)
            .unwrap_or(self.seen.len()) as u32
    }
}

/// Marks option values seen for the current heap.
///
/// Invariant (kept by [`Mex::note`]): `seen` has room for every xor of two
/// values in the table, so no mark falls outside it.
struct Marker<'a> {
    seen: &'a mut [u32],
    stamp: u32,
}

impl Marker<'_> {
    #[inline(always)]
    fn mark(&mut self, v: u32) {
        self.seen[v as usize] = self.stamp;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::OctalCode;

    #[test]
    fn check_within_names_the_table_too_large() {
        let e = check_within(HeapMoves::Nim, 0, 100_000_000, &Limits::default()).unwrap_err();
        assert!(e.to_string().contains("a table of 100000001 values"), "{e}");
    }

    /// The plain mex of xors of pairs, for values of any size.
    fn naive_grundy_step(t: &[u32], n: usize) -> u32 {
        let vals: Vec<u64> = (1..n)
            .filter(|&a| a < n - a)
            .map(|a| (t[a] ^ t[n - a]) as u64)
            .collect();
        crate::mex(vals) as u32
    }

    /// Large values (≥ 2^15) take the unmasked path; it must agree too.
    #[test]
    fn large_values_take_the_checked_path() {
        let mut t: Vec<u32> = (0..40u32).map(|i| i.wrapping_mul(2_654_435_761) >> 12).collect();
        let mut want = t.clone();
        extend(HeapMoves::Grundy, &mut t, 90, u64::MAX).unwrap();
        for n in 40..=90 {
            let g = naive_grundy_step(&want, n);
            want.push(g);
        }
        assert_eq!(t, want);
        assert!(t.iter().any(|&v| v >= 1 << 15));
    }

    /// Subtraction of 1, 2 or 5, listed at most `per_call` heaps a call.
    #[derive(Debug)]
    struct Stingy {
        per_call: u64,
    }

    impl crate::rules::HeapLister for Stingy {
        fn heap_options(
            &self,
            n: u64,
            parts: &mut Vec<u64>,
            ends: &mut Vec<usize>,
            _: &crate::Stop,
        ) -> Result<()> {
            for k in [1, 2, 5] {
                if k <= n {
                    if k < n {
                        parts.push(n - k);
                    }
                    ends.push(parts.len());
                }
            }
            Ok(())
        }

        fn heap_range(&self, lo: u64, hi: u64, out: &mut HeapListing, stop: &crate::Stop) -> Result<()> {
            for n in lo..hi.min(lo + self.per_call) {
                self.heap_options(n, &mut out.parts, &mut out.ends, stop)?;
                out.heaps.push(out.ends.len());
            }
            Ok(())
        }
    }

    #[test]
    fn a_lister_that_lists_fewer_heaps_than_asked_gives_the_same_table() {
        let mut want = Vec::new();
        extend(HeapMoves::Subtract(&[1, 2, 5]), &mut want, 3000, u64::MAX).unwrap();
        for per_call in [1, 3, 1000] {
            let lister = Stingy { per_call };
            let mut t = Vec::new();
            for upto in [0, 4, 5, 700, 3000] {
                extend(HeapMoves::Listed(&lister), &mut t, upto, u64::MAX).unwrap();
                assert_eq!(t, want[..=upto as usize], "{per_call} a call, to {upto}");
            }
        }
    }

    #[test]
    fn work_model_counts_splits() {
        let kayles = OctalCode::parse("0.77").unwrap();
        assert!(work(HeapMoves::Octal(&kayles), 0, 100_000) > 4_000_000_000);
        assert!(work(HeapMoves::Subtract(&[1, 2]), 0, 100) < 400);
        assert_eq!(work(HeapMoves::Nim, 10, 5), 0);
    }
}
