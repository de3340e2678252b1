//! g(0..=N) of a heap game by the best engine: the one place that decides
//! between the dense table and the sequence engine, and how to tune it.
//!
//! Every front end asks here (`sprague table`, the web page's tables,
//! Python's `Game.table`), so they reach the same N in the same time. The
//! work runs in slices of about a tenth of a second, and the caller's
//! [`Watch`] is called between slices: to stop, or to check the memory
//! left (progress goes to the reporter of [`crate::solve::Progress`], as
//! every long computation's does).

use crate::rules::{Convention, Ruleset};
pub use crate::solve::engine::SEQUENCE_FROM;
use crate::solve::engine::{Engine, SeqGame, Status, Tuning};
use crate::solve::progress::Task;
use crate::solve::{Limits, Solver};
use crate::{Error, Result};
use std::time::Instant;

/// How g(0..=N) was computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Method {
    /// The dense table: every option of every heap, bottom-up.
    Dense,
    /// The sequence engine (sparse-space mex for octal codes and Grundy's
    /// game), every value computed.
    Sequence,
    /// The component solver on each member of a family of boards
    /// ([`super::Line::Family`]).
    Family,
    /// A family of boards past its largest board, valued as the heap game
    /// it is ([`super::BoardFamily::heap_game`]: `node-kayles:path:N` as
    /// octal 0.137).
    #[cfg_attr(feature = "serde", serde(rename = "heap_game"))]
    HeapGame,
}

/// The values g(0..=N), 16-bit where every value fits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapValues {
    /// Every value below 2^16 (every game the sequence engine computes).
    Narrow(Vec<u16>),
    /// Some value of 2^16 or more (Nim, large heaps of some games).
    Wide(Vec<u32>),
}

impl HeapValues {
    /// The number of values (N + 1).
    pub fn len(&self) -> usize {
        match self {
            HeapValues::Narrow(v) => v.len(),
            HeapValues::Wide(v) => v.len(),
        }
    }

    /// Whether there are no values (never, for a table from 0).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// g(n), if n is in the table.
    pub fn get(&self, n: usize) -> Option<u32> {
        match self {
            HeapValues::Narrow(v) => v.get(n).map(|&x| x as u32),
            HeapValues::Wide(v) => v.get(n).copied(),
        }
    }

    /// The values as 32-bit numbers (a copy for a narrow table).
    pub fn into_wide(self) -> Vec<u32> {
        match self {
            HeapValues::Narrow(v) => v.into_iter().map(u32::from).collect(),
            HeapValues::Wide(v) => v,
        }
    }

    /// Narrow if every value fits in 16 bits.
    pub(super) fn from_wide(v: &[u32]) -> HeapValues {
        if v.iter().all(|&x| x <= u16::MAX as u32) {
            HeapValues::Narrow(v.iter().map(|&x| x as u16).collect())
        } else {
            HeapValues::Wide(v.to_vec())
        }
    }
}

/// What the caller does between slices of the work.
pub trait Watch {
    /// Called between slices with the values done so far and the values
    /// asked for; an error ends the computation with that error (say
    /// [`Error::Stopped`], or [`Error::OutOfMemory`] when the machine runs
    /// short).
    fn between(&mut self, done: u64, total: u64) -> Result<()>;
}

/// A watch that lets the work run to its end (the stop token of the
/// limits still ends it).
#[derive(Copy, Clone, Debug, Default)]
pub struct Unwatched;

impl Watch for Unwatched {
    fn between(&mut self, _done: u64, _total: u64) -> Result<()> {
        Ok(())
    }
}

impl<F: FnMut(u64, u64) -> Result<()>> Watch for F {
    fn between(&mut self, done: u64, total: u64) -> Result<()> {
        self(done, total)
    }
}

/// The engine that computes g(0..=upto) of these rules: the sequence
/// engine for the games it serves from [`SEQUENCE_FROM`] on (while N is in
/// its range, below 2^32 − 1), the dense table otherwise.
pub fn method_for<R: Ruleset>(rules: &R, upto: u64) -> Method {
    let served = rules.heap_moves().and_then(SeqGame::from_heap_moves).is_some();
    if served && (SEQUENCE_FROM..u32::MAX as u64 - 1).contains(&upto) {
        Method::Sequence
    } else {
        Method::Dense
    }
}

/// g(0..=upto) of a heap game under normal play, by the best engine
/// ([`method_for`]), with `watch` called between slices of about a tenth of
/// a second.
///
/// # Arguments
/// - `rules`: a heap game played under the normal convention;
/// - `upto`: N, the last heap;
/// - `limits`: the dense table's bounds (its entries and steps); the
///   sequence engine needs 2 bytes a value and is bounded by the watch;
/// - `watch`: progress, stopping, memory ([`Unwatched`] for none).
///
/// # Errors
/// [`Error::Unsupported`] for a loopy game, a game not played under the
/// normal convention, or a pair game; a bound of `limits` (dense); the
/// watch's error; [`Error::Stopped`] once the stop token of `limits` is
/// stopped.
///
/// # Complexity
/// Dense: up to O(N²) option values for splitting games, O(N·|S|) for
/// subtraction games. Sequence: O(N·r) for r rare positions in a sparse
/// space, O(N²) while a game runs dense.
///
/// # Examples
/// ```
/// use sprague::report::{heap_values, Method, Unwatched};
/// use sprague::rules::Game;
/// use sprague::solve::Limits;
///
/// let Game::Octal(kayles) = "kayles".parse().unwrap() else { unreachable!() };
/// let (g, how) = heap_values(&kayles, 100_000, Limits::default(), &mut Unwatched).unwrap();
/// assert_eq!(how, Method::Sequence);
/// // Kayles: period 12 from 71.
/// assert_eq!(g.get(100_000), g.get(100_000 - 12));
/// ```
pub fn heap_values<R: Ruleset>(
    rules: &R,
    upto: u64,
    limits: Limits,
    watch: &mut dyn Watch,
) -> Result<(HeapValues, Method)> {
    heap_values_tuned(rules, upto, limits, Tuning::for_this_machine(), watch)
}

/// [`heap_values`] with the sequence engine run with `tuning` instead of
/// the machine's default ([`Tuning::for_this_machine`]): a front end's
/// `--threads` or `--simd`. The values are the same whatever the tuning.
///
/// # Errors
/// As [`heap_values`].
pub fn heap_values_tuned<R: Ruleset>(
    rules: &R,
    upto: u64,
    limits: Limits,
    tuning: Tuning,
    watch: &mut dyn Watch,
) -> Result<(HeapValues, Method)> {
    if rules.may_loop() || rules.convention() != Convention::Normal {
        return Err(Error::Unsupported(format!(
            "`{}` is not normal play: it has no table of Grundy values",
            rules.spec()
        )));
    }
    if rules.heap_moves().is_none() {
        return Err(crate::rules::not_a_line(rules));
    }
    let method = method_for(rules, upto);
    let values = match (method, rules.heap_moves().and_then(SeqGame::from_heap_moves)) {
        (Method::Sequence, Some(game)) => sequence(game, upto, tuning, &limits, watch)?,
        _ => dense(rules, upto, limits, watch)?,
    };
    Ok((values, method))
}

/// The next slice's size, so that it takes about a tenth of a second.
fn next_budget(budget: u64, started: Instant) -> u64 {
    let took = started.elapsed().as_secs_f64().max(1e-6);
    ((budget as f64 * 0.1 / took) as u64).clamp(256, 1 << 24)
}

/// The sequence engine to `upto`, every value computed.
fn sequence(
    game: SeqGame,
    upto: u64,
    tuning: Tuning,
    limits: &Limits,
    watch: &mut dyn Watch,
) -> Result<HeapValues> {
    let mut engine = Engine::resume_tuned(game, vec![0], tuning)?;
    let mut budget = 4096u64;
    loop {
        let started = Instant::now();
        let status = engine.advance(upto, true, budget as usize)?;
        if status != Status::Running {
            break;
        }
        limits.check_stop()?;
        let done = engine.len().min(upto + 1);
        let task = Task::Sequence {
            dense: engine.mask() == 0,
        };
        crate::solve::progress::report(task, done, Some(upto + 1));
        watch.between(done, upto + 1)?;
        budget = next_budget(budget, started);
    }
    let mut values = engine.to_vec();
    values.truncate(upto as usize + 1);
    Ok(HeapValues::Narrow(values))
}

/// The dense table to `upto`, grown slice by slice.
fn dense<R: Ruleset>(rules: &R, upto: u64, limits: Limits, watch: &mut dyn Watch) -> Result<HeapValues> {
    if let Some(moves) = rules.heap_moves() {
        // The whole table's bounds, before the first slice.
        crate::solve::dense::check_within(moves, 0, upto, &limits)?;
    }
    let mut solver = Solver::new(rules, limits);
    let mut done = 0u64;
    let mut budget = 1024u64;
    while done < upto {
        let started = Instant::now();
        done = done.saturating_add(budget).min(upto);
        crate::solve::progress::of_total(upto + 1, || solver.heap_table(done))?;
        if done < upto {
            watch.between(done + 1, upto + 1)?;
        }
        budget = next_budget(budget, started);
    }
    Ok(HeapValues::from_wide(solver.heap_table(upto)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, GameVisitor};

    /// Both engines through the one entry point, on both sides of the
    /// threshold: the same values as the plain dense table.
    #[test]
    fn both_methods_give_the_dense_values() {
        struct Check(u64);
        impl GameVisitor for Check {
            type Output = ();
            fn visit<R: Ruleset>(self, rules: &R) {
                let plain = Solver::new(rules, Limits::default())
                    .heap_table(self.0)
                    .unwrap()
                    .to_vec();
                let mut watch = |done: u64, total: u64| {
                    assert!(done < total);
                    Ok(())
                };
                let (got, how) = heap_values(rules, self.0, Limits::default(), &mut watch).unwrap();
                assert_eq!(how, method_for(rules, self.0));
                assert_eq!(got.into_wide(), plain, "{}", rules.spec());
            }
        }
        for spec in ["kayles", "octal:0.6", "grundy", "subtract:1,3,4", "nim"] {
            let game: Game = spec.parse().unwrap();
            for n in [0, 5, SEQUENCE_FROM - 1, SEQUENCE_FROM + 1000] {
                game.visit(Check(n));
            }
        }
    }

    #[test]
    fn the_sequence_engine_serves_its_games_from_the_threshold() {
        let Game::Octal(k) = "kayles".parse().unwrap() else {
            unreachable!()
        };
        assert_eq!(method_for(&k, SEQUENCE_FROM - 1), Method::Dense);
        assert_eq!(method_for(&k, SEQUENCE_FROM), Method::Sequence);
        let Game::Subtraction(s) = "subtract:1,2".parse().unwrap() else {
            unreachable!()
        };
        assert_eq!(method_for(&s, 1 << 30), Method::Dense);
    }

    #[test]
    fn a_table_past_the_bounds_is_refused_before_any_slice() {
        let Game::Octal(k) = "kayles".parse().unwrap() else {
            unreachable!()
        };
        let mut never = |_: u64, _: u64| -> Result<()> { panic!("no slice should run") };
        let huge = heap_values(&k, 1_000_000_000_000, Limits::default(), &mut never);
        assert!(matches!(huge, Err(Error::LimitExceeded { .. })), "{huge:?}");
        let costly = Limits {
            max_states: 1 << 20,
            max_work: 1000,
            ..Limits::default()
        };
        let Game::Subtraction(s) = "subtract:1,2".parse().unwrap() else {
            unreachable!()
        };
        let r = heap_values(&s, 100_000, costly, &mut never);
        assert!(matches!(r, Err(Error::WorkExceeded { .. })), "{r:?}");
    }

    #[test]
    fn a_watch_error_ends_the_computation_with_it() {
        let Game::Octal(k) = "octal:0.6".parse().unwrap() else {
            unreachable!()
        };
        for n in [SEQUENCE_FROM - 1, 1_000_000] {
            let mut stop = |_: u64, _: u64| Err(Error::Stopped);
            assert_eq!(
                heap_values(&k, n, Limits::default(), &mut stop),
                Err(Error::Stopped)
            );
        }
    }
}
