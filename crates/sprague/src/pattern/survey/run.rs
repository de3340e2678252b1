//! One code's run ([`run_code`]) and the search for a repeating tail in
//! values that prove no period ([`repeating_tail`]).

use super::record::{Record, Status};
use crate::rules::{HeapMoves, OctalCode};
use crate::solve::engine::{Engine, SeqGame, Simd, Status as RunStatus, Tuning};
use crate::{Error, Result};
use std::time::Instant;

/// The largest bound a survey takes: the engine's last heap, 2^32 − 2.
pub const MAX_UPTO: u64 = u32::MAX as u64 - 1;

/// Values computed between two looks at the clock and the stop flag.
const STEP: usize = 1 << 16;

/// Runs one code through the sequence engine to heap `upto` at most, on
/// one thread, stopping as soon as a period is proven, and says what it
/// found.
///
/// # Arguments
/// * `code`: the code (octal, or hexadecimal where the engine computes it).
/// * `upto`: the survey's bound N, 1 ≤ N ≤ [`MAX_UPTO`].
/// * `simd`: the most vector instructions the engine may use (the values
///   are the same at every level).
/// * `keep_going`: asked between steps of 65 536 values; the run stops with
///   [`Error::Stopped`] when it says no (a survey being stopped).
///
/// # Returns
/// The [`Record`] (`seconds` is this call's wall time), or an error if the
/// engine does not compute the code, N is out of range, a value passes
/// 16 bits, memory runs out, or `keep_going` stopped it.
///
/// # Complexity
/// That of the engine ([`Engine::advance`]), plus O(N) time and 4 bytes a
/// value for [`repeating_tail`] when no period is proven.
///
/// # Examples
/// ```
/// use sprague::pattern::{run_code, SurveyStatus};
/// let kayles = sprague::rules::OctalCode::parse("0.77").unwrap();
/// let r = run_code(&kayles, 100_000, Default::default(), &|| true).unwrap();
/// assert_eq!((r.status, r.preperiod, r.period), (SurveyStatus::Proven, Some(71), Some(12)));
/// assert!(r.computed_to < 1000);
/// ```
pub fn run_code(code: &OctalCode, upto: u64, simd: Simd, keep_going: &dyn Fn() -> bool) -> Result<Record> {
    run_code_watched(code, upto, simd, &|_| keep_going())
}

/// How far one code's run is, as [`run_code_watched`] tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunState {
    /// Values computed so far, g(0..computed).
    pub computed: u64,
    /// Whether the engine runs dense: no rare/common split (yet), so each
    /// value reads every earlier one and the time grows as N².
    pub dense: bool,
}

/// [`run_code`], telling `watch` how far the run is between steps of
/// 65 536 values; the run stops with an error when `watch` says no.
///
/// # Examples
/// ```
/// use std::cell::Cell;
/// use sprague::pattern::run_code_watched;
/// let code = sprague::rules::OctalCode::parse("0.6").unwrap();
/// let seen = Cell::new(None);
/// let r = run_code_watched(&code, 100_000, Default::default(), &|s| {
///     seen.set(Some(s));
///     true
/// })
/// .unwrap();
/// assert_eq!(r.computed_to, 100_000);
/// assert!(seen.get().unwrap().computed > 0);
/// ```
pub fn run_code_watched(
    code: &OctalCode,
    upto: u64,
    simd: Simd,
    watch: &dyn Fn(RunState) -> bool,
) -> Result<Record> {
    let start = Instant::now();
    if !(1..=MAX_UPTO).contains(&upto) {
        return Err(Error::Unsupported(format!(
            "a survey runs each code to a heap N from 1 to {MAX_UPTO}, not {upto}"
        )));
    }
    let game = SeqGame::from_heap_moves(HeapMoves::Octal(code)).ok_or_else(|| {
        Error::Unsupported(format!(
            "the sequence engine does not compute {} yet",
            code.spec()
        ))
    })?;
    let tuning = Tuning {
        threads: 1,
        simd,
        ..Tuning::default()
    };
    let mut engine = Engine::resume_tuned(game, vec![0], tuning)?;
    loop {
        let status = engine.advance(upto, false, STEP)?;
        let state = RunState {
            computed: engine.len(),
            dense: engine.mask() == 0,
        };
        match status {
            RunStatus::Running if !watch(state) => return Err(Error::Stopped),
            RunStatus::Running => {}
            RunStatus::Complete | RunStatus::Periodic => break,
        }
    }
    let computed_to = engine.len().min(upto + 1) - 1;
    let (status, preperiod, period) = match engine.period() {
        Some(p) if !code.splits() => (Status::Trivial, Some(p.preperiod), Some(p.period)),
        Some(p) => (Status::Proven, Some(p.preperiod), Some(p.period)),
        None => {
            let values = engine.to_vec();
            match repeating_tail(&values)? {
                Some((o, p)) => (Status::Observed, Some(o), Some(p)),
                None => (Status::Open, None, None),
            }
        }
    };
    let mask = engine.sparse_mask();
    Ok(Record {
        code: code.to_string(),
        status,
        preperiod,
        period,
        computed_to,
        max_value: engine.max_value(),
        mask,
        rare: mask.map(|_| engine.rare_count()),
        seconds: start.elapsed().as_secs_f64(),
        upto,
    })
}

/// The longest tail of `values` that repeats its least period p at least
/// three times and holds at least half of the values, as (o, p): g(n + p) = g(n) for every o ≤ n < len − p,
/// len − o ≥ 3p, o the least such start (over every p) and p the least
/// period of the tail from o.
///
/// # Returns
/// `Some((o, p))`, or `None` when no tail of three or more values repeats
/// (then even p = 1 fails: the last three values are not all equal); an
/// error if the 4 bytes a value it needs cannot be had.
///
/// # Complexity
/// O(len) time, with the Knuth–Morris–Pratt failure function of the values
/// read backwards: the least period of the tail of length ℓ is ℓ − f(ℓ).
///
/// # Examples
/// ```
/// let g = [5, 0, 1, 2, 3, 1, 2, 3, 1, 2, 3];
/// assert_eq!(sprague::pattern::repeating_tail(&g).unwrap(), Some((2, 3)));
/// assert_eq!(sprague::pattern::repeating_tail(&[1, 2, 3, 1, 2, 3]).unwrap(), None);
/// ```
pub fn repeating_tail(values: &[u16]) -> Result<Option<(u64, u64)>> {
    let len = values.len();
    // at(i) = the i-th value from the end.
    let at = |i: usize| values[len - 1 - i];
    let mut fail: Vec<u32> = Vec::new();
    fail.try_reserve_exact(len + 1)
        .map_err(|_| Error::OutOfMemory(format!("{} bytes to look for a repeating tail", 4 * (len + 1))))?;
    fail.push(0);
    if len > 0 {
        fail.push(0);
    }
    let mut k = 0usize;
    for i in 1..len {
        while k > 0 && at(i) != at(k) {
            k = fail[k] as usize;
        }
        if at(i) == at(k) {
            k += 1;
        }
        fail.push(k as u32);
    }
    // The longest tail ℓ with ℓ ≥ 3 · (its least period), if it holds at
    // least half of the values.
    for l in (1..=len).rev() {
        let p = l - fail[l] as usize;
        if l >= 3 * p {
            return Ok((2 * l >= len).then_some(((len - l) as u64, p as u64)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The same by brute force: every start o from the left, every period
    /// p, the first (least o, then least p) that holds.
    fn plain(values: &[u16]) -> Option<(u64, u64)> {
        let len = values.len();
        for o in 0..len {
            for p in 1..=(len - o) / 3 {
                if (o..len - p).all(|n| values[n + p] == values[n]) {
                    return (2 * (len - o) >= len).then_some((o as u64, p as u64));
                }
            }
        }
        None
    }

    proptest! {
        #[test]
        fn repeating_tail_agrees_with_a_plain_search(
            head in proptest::collection::vec(0u16..4, 0..30),
            cycle in proptest::collection::vec(0u16..4, 1..6),
            reps in 0usize..5,
            extra in 0usize..6,
        ) {
            // A head, then a cycle repeated, then part of it: tails of
            // every kind, with or without three repetitions.
            let mut v = head;
            for _ in 0..reps {
                v.extend_from_slice(&cycle);
            }
            v.extend(cycle.iter().take(extra));
            prop_assert_eq!(repeating_tail(&v).unwrap(), plain(&v));
        }
    }

    #[test]
    fn short_or_broken_tails_are_not_reported() {
        assert_eq!(repeating_tail(&[]).unwrap(), None);
        assert_eq!(repeating_tail(&[7, 7]).unwrap(), None);
        assert_eq!(repeating_tail(&[7, 7, 7]).unwrap(), Some((0, 1)));
        assert_eq!(repeating_tail(&[1, 2, 1, 2, 1, 3]).unwrap(), None);
        assert_eq!(repeating_tail(&[0, 1, 2, 1, 2, 1, 2]).unwrap(), Some((1, 2)));
        // Three repetitions at the end of a long head are not enough: the
        // tail must hold at least half of the values.
        assert_eq!(repeating_tail(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]).unwrap(), None);
        assert_eq!(
            repeating_tail(&[1, 2, 3, 4, 9, 9, 9, 9, 9]).unwrap(),
            Some((4, 1))
        );
    }

    fn code(c: &str) -> OctalCode {
        OctalCode::parse_hex(c).unwrap()
    }

    #[test]
    fn known_games_come_out_with_their_published_figures() {
        let go = |c: &str, n| run_code(&code(c), n, Simd::default(), &|| true).unwrap();
        let r = go("0.07", 100_000);
        assert_eq!(
            (r.status, r.preperiod, r.period),
            (Status::Proven, Some(53), Some(34))
        );
        assert_eq!((r.code.as_str(), r.upto), ("0.07", 100_000));
        // The proof needs 2o + 3p + t values, and at most a batch more.
        assert!(
            r.computed_to + 1 >= 2 * 53 + 3 * 34 + 2 && r.computed_to < 210 + 512,
            "{r:?}"
        );
        // Subtraction with take-all rules: trivial, with its period.
        let r = go("0.33", 1000);
        assert_eq!(
            (r.status, r.period, r.mask, r.rare),
            (Status::Trivial, Some(3), None, None)
        );
        // Too few values to prove Kayles' period: its tail is observed.
        let r = go("0.77", 150);
        assert_eq!(
            (r.status, r.preperiod, r.period),
            (Status::Observed, Some(71), Some(12))
        );
        assert_eq!(r.computed_to, 150);
    }

    #[test]
    fn an_open_record_has_no_period_and_stops_at_n() {
        // Officers (0.6) to 2000: no period, and the last values do not
        // repeat three times.
        let r = run_code(&code("0.6"), 2000, Simd::default(), &|| true).unwrap();
        assert_eq!(r.computed_to, 2000);
        assert_eq!(r.status, Status::Open, "{r:?}");
        assert_eq!((r.preperiod, r.period), (None, None));
    }

    #[test]
    fn bad_bounds_and_a_stop_are_errors() {
        let k = code("0.77");
        assert!(run_code(&k, 0, Simd::default(), &|| true).is_err());
        assert!(run_code(&k, MAX_UPTO + 1, Simd::default(), &|| true).is_err());
        let err = run_code(&code("0.6"), 1_000_000, Simd::default(), &|| false).unwrap_err();
        assert!(err.to_string().contains("stopped"), "{err}");
    }
}
