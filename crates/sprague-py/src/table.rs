//! Tables: g(0..=N) of a heap game into NumPy, and 2-D tables.
//!
//! Long runs are computed in slices of about a tenth of a second, with a
//! signal check between slices (taking the GIL for a moment), so Ctrl-C
//! stops them; the slices go to the same engines as `sprague table`: the
//! sequence engine for octal codes and Grundy's game from N = 100000 on
//! (every value, as `--full`), the dense engine otherwise.

use crate::errors::Failure;
use numpy::PyArray1;
use pyo3::prelude::*;
use sprague::engine::{Engine, SeqGame, Status, Tuning};
use sprague::rules::{Convention, Game, GameVisitor, Ruleset};
use sprague::solve::{Limits, Solver};
use std::time::Instant;

/// From this N on, octal codes and Grundy's game go to the sequence
/// engine, as in `sprague table`.
const LARGE: u64 = 100_000;

/// A table's values: 16-bit where they fit.
pub enum Values {
    /// Every value below 2^16.
    U16(Vec<u16>),
    /// Some value of 2^16 or more (Nim, large heaps).
    U32(Vec<u32>),
}

/// Raises KeyboardInterrupt (or what a signal handler raised) if a signal
/// came while the GIL was released.
fn check_signals() -> Result<(), Failure> {
    Ok(Python::attach(|py| py.check_signals())?)
}

/// Grows a slice so that the next one takes about a tenth of a second.
fn next_budget(budget: u64, started: Instant) -> u64 {
    let took = started.elapsed().as_secs_f64().max(1e-6);
    ((budget as f64 * 0.1 / took) as u64).clamp(256, 1 << 24)
}

/// g(0..=n) of a heap game.
pub fn heap_values(game: &Game, n: u64, limits: Limits) -> Result<Values, Failure> {
    if let Some(seq) = SeqGame::from_game(game).filter(|_| (LARGE..u32::MAX as u64).contains(&n)) {
        return sequence(seq, n);
    }
    game.visit(Dense { n, limits })
}

/// The sequence engine to n, every value computed.
fn sequence(seq: SeqGame, n: u64) -> Result<Values, Failure> {
    // As `sprague table`: two threads where there are two cores.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tuning = Tuning {
        threads: cores.min(2),
        ..Tuning::default()
    };
    let mut engine = Engine::resume_tuned(seq, vec![0], tuning)?;
    let mut budget = 4096u64;
    loop {
        let t = Instant::now();
        let status = engine.advance(n, true, budget as usize)?;
        if status != Status::Running {
            break;
        }
        budget = next_budget(budget, t);
        check_signals()?;
    }
    let mut values = engine.to_vec();
    values.truncate(n as usize + 1);
    Ok(Values::U16(values))
}

struct Dense {
    n: u64,
    limits: Limits,
}

impl GameVisitor for Dense {
    type Output = Result<Values, Failure>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        if rules.may_loop() || rules.convention() != Convention::Normal {
            return Err(sprague::Error::Unsupported(format!(
                "`{}` has no table of Grundy values (loopy or not normal play)",
                rules.spec()
            ))
            .into());
        }
        if rules.heap_moves().is_none() {
            return Err(sprague::Error::Unsupported(format!(
                "`{}` positions are pairs: use table2(n, m) for a 2-D table",
                rules.spec()
            ))
            .into());
        }
        // The whole table's bounds first, as `sprague table` checks them
        // (the slices below would each name a part of it).
        if let Some(moves) = rules.heap_moves() {
            sprague::solve::dense::check_within(moves, 0, self.n, self.limits)?;
        }
        let mut solver = Solver::new(rules, self.limits);
        let mut done = 0u64;
        let mut budget = 1024u64;
        while done < self.n {
            let t = Instant::now();
            done = done.saturating_add(budget).min(self.n);
            solver.heap_table(done)?;
            budget = next_budget(budget, t);
            check_signals()?;
        }
        let values = solver.heap_table(self.n)?;
        Ok(match values.iter().all(|&v| v <= u16::MAX as u32) {
            true => Values::U16(values.iter().map(|&v| v as u16).collect()),
            false => Values::U32(values.to_vec()),
        })
    }
}

/// The values as a NumPy array that owns them (no copy per value).
pub fn to_numpy(py: Python<'_>, values: Values) -> Bound<'_, PyAny> {
    match values {
        Values::U16(v) => PyArray1::from_vec(py, v).into_any(),
        Values::U32(v) => PyArray1::from_vec(py, v).into_any(),
    }
}

/// `sprague table --upto N,M --json` of a game on two numbers.
pub fn pair_table(game: &Game, n: u64, m: u64, limits: Limits) -> Result<String, Failure> {
    game.visit(Pairs { n, m, limits })
}

struct Pairs {
    n: u64,
    m: u64,
    limits: Limits,
}

impl GameVisitor for Pairs {
    type Output = Result<String, Failure>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let bad = |why: String| Failure::Lib(sprague::Error::Unsupported(why));
        let o = rules.pair_origin();
        if rules.pair_position(o, o).is_none() {
            return Err(bad(format!("`{}` is a heap game: use table(n)", rules.spec())));
        }
        if self.n < o || self.m < o {
            return Err(bad(format!(
                "bad table bounds {},{}: the table starts at {o},{o}",
                self.n, self.m
            )));
        }
        let cells = ((self.n - o) as u128 + 1) * ((self.m - o) as u128 + 1);
        if cells > self.limits.max_states as u128 {
            return Err(Failure::Lib(sprague::Error::LimitExceeded {
                what: format!("a table of {cells} cells"),
                limit: self.limits.max_states,
            }));
        }
        let mut solver = Solver::new(rules, self.limits);
        let mut rows = Vec::new();
        for x in o..=self.n {
            let mut row = Vec::new();
            for y in o..=self.m {
                row.push(match rules.pair_position(x, y) {
                    Some(p) => Some(solver.grundy(&p)?.0),
                    None => None,
                });
            }
            rows.push(row);
            check_signals()?;
        }
        let grid = serde_json::json!({
            "spec": rules.spec(),
            "row_start": o,
            "col_start": o,
            "rows": rows,
        });
        Ok(grid.to_string())
    }
}
