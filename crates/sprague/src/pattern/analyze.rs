//! Heap games: grow the table until a pattern is proven (or a bound is
//! reached), then report everything the table shows.

use super::floor::{prove_floor, runs};
use super::periodic::{observed_arithmetic, observed_period, proven_period, Periodicity};
use super::rare::find_sparse;
use super::{Evaluator, Finding, Kind, Status};
use crate::rules::HeapMoves;
use crate::solve::engine::{Engine, SeqGame, Status as EngineStatus, Tuning};
use crate::solve::{dense, Limits, Stop};
use crate::Result;

/// How far [`analyze_heap`] and [`prove`] may compute, and the token that
/// stops them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapLimits {
    /// The last heap to compute; `None` for [`HeapLimits::default_upto`].
    pub upto: Option<u64>,
    /// The largest table allowed (as in [`crate::solve::Limits`]).
    pub max_states: u64,
    /// The most steps the tables may cost (as in [`crate::solve::Limits`]).
    pub max_work: u64,
    /// The most bytes a table may take (as in [`crate::solve::Limits`]).
    pub max_memory: Option<u64>,
    /// The token that ends the computation with [`crate::Error::Stopped`].
    pub stop: Stop,
}

impl Default for HeapLimits {
    fn default() -> Self {
        HeapLimits {
            upto: None,
            max_states: crate::solve::Limits::default().max_states,
            max_work: crate::solve::Limits::default().max_work,
            max_memory: None,
            stop: Stop::default(),
        }
    }
}

impl HeapLimits {
    /// Up to `upto`, within the bounds and with the stop token of `limits`.
    pub fn within(upto: Option<u64>, limits: &Limits) -> HeapLimits {
        HeapLimits {
            upto,
            max_states: limits.max_states,
            max_work: limits.max_work,
            max_memory: limits.max_memory,
            stop: limits.stop.clone(),
        }
    }

    /// The bounds of [`crate::solve::Limits`] these limits carry.
    pub fn limits(&self) -> Limits {
        Limits {
            max_states: self.max_states,
            max_work: self.max_work,
            max_memory: self.max_memory,
            stop: self.stop.clone(),
        }
    }

    /// The default last heap: 2^20 for games whose table costs O(N·moves),
    /// 2^15 for those whose table costs O(N²) (splitting octal codes,
    /// Grundy's game, all-but sets), 2^12 for moves listed by a script,
    /// 2^12 for hexadecimal codes (O(N²·W) in the engine, W growing with
    /// the values).
    pub fn default_upto(moves: HeapMoves<'_>) -> u64 {
        match moves {
            HeapMoves::Grundy | HeapMoves::AllBut(_) => 1 << 15,
            HeapMoves::Octal(code) if code.is_hex() => 1 << 12,
            HeapMoves::Octal(code) if code.splits() => 1 << 15,
            HeapMoves::Listed(_) => 1 << 12,
            _ => 1 << 20,
        }
    }

    fn last(&self, moves: HeapMoves<'_>) -> u64 {
        self.upto
            .unwrap_or_else(|| Self::default_upto(moves).min(self.max_states.saturating_sub(1)))
    }
}

/// A proven pattern: the evaluator it yields and the finding that states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Answers g(n) for any n.
    pub evaluator: Evaluator,
    /// The pattern, with [`Status::Proven`] and its argument.
    pub finding: Finding,
    /// The theorem or argument, in a few words ("the octal periodicity
    /// theorem").
    pub theorem: &'static str,
}

impl Proof {
    /// One line for people: `periodic (period 12 from n = 71), proven by
    /// the octal periodicity theorem`.
    pub fn summary(&self) -> String {
        let f = &self.finding;
        let what = match f.kind {
            Kind::Periodic => format!(
                "periodic (period {} from n = {})",
                f.period.unwrap_or(0),
                f.preperiod.unwrap_or(0)
            ),
            Kind::ArithmeticPeriodic => format!(
                "arithmetically periodic (period {}, saltus {} from n = {})",
                f.period.unwrap_or(0),
                f.saltus.unwrap_or(0),
                f.preperiod.unwrap_or(0)
            ),
            Kind::FloorDivision => format!(
                "floor division (g(n) = g(⌊n/{}⌋) from n = {})",
                f.base.unwrap_or(0),
                f.n0.unwrap_or(0)
            ),
            k => k.name().to_string(),
        };
        format!("{what}, proven by {}", self.theorem)
    }
}

/// What [`analyze_heap`] found.
#[derive(Clone, Debug)]
pub struct HeapAnalysis {
    /// g(0..N): every value computed.
    pub values: Vec<u32>,
    /// Everything found, proven first.
    pub findings: Vec<Finding>,
    /// The proven pattern, if any.
    pub proof: Option<Proof>,
}

fn list(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

fn periodic_finding(per: Periodicity, g: &[u32], status: Status, argument: Option<String>) -> Finding {
    let (o, p, s) = (per.preperiod, per.period, per.saltus);
    let mut formula = if s == 0 {
        format!("g(n + {p}) = g(n) for n ≥ {o} (period {p}, pre-period {o})")
    } else {
        format!(
            "g(n + {p}) = g(n) {} {} for n ≥ {o} (period {p}, saltus {s}, pre-period {o})",
            if s < 0 { '−' } else { '+' },
            s.unsigned_abs()
        )
    };
    if p <= 40 && (o + p) as usize <= g.len() {
        formula += &format!("; g({o}..{}) = {}", o + p, list(&g[o as usize..(o + p) as usize]));
    }
    let kind = if s == 0 {
        Kind::Periodic
    } else {
        Kind::ArithmeticPeriodic
    };
    let mut f = Finding::new(kind, status, argument, formula, g.len() as u64 - 1);
    f.preperiod = Some(o);
    f.period = Some(p);
    if s != 0 {
        f.saltus = Some(s);
    }
    f
}

/// The proven pattern of a complete table g(0..N), if a prover applies.
fn prove_table(moves: HeapMoves<'_>, g: &[u32]) -> Option<Proof> {
    match moves {
        HeapMoves::Nim => {
            let per = Periodicity {
                preperiod: 0,
                period: 1,
                saltus: 1,
            };
            let argument =
                "every smaller heap is an option, so g(n) = mex{g(0), …, g(n − 1)} = n".to_string();
            Some(Proof {
                evaluator: Evaluator::Periodic {
                    prefix: vec![],
                    cycle: vec![0],
                    saltus: 1,
                },
                finding: periodic_finding(per, g, Status::Proven, Some(argument)),
                theorem: "Nim's rule g(n) = n",
            })
        }
        HeapMoves::Divide(ds) => {
            let f = prove_floor(ds, g)?;
            let (b, n0) = (f.base, f.n0);
            let argument = format!(
                "every move is n → ⌊n/d⌋ and ⌊⌊n/d⌋/{b}⌋ = ⌊⌊n/{b}⌋/d⌋; g(n) = g(⌊n/{b}⌋) checked for {n0} ≤ n < max(d_max·({n0} + 1), {b}) = {}",
                f.window_end
            );
            let formula = format!(
                "g(n) = g(⌊n/{b}⌋) for n ≥ {n0}; g(0..{n0}) = {}",
                list(&g[..n0 as usize])
            );
            let mut finding = Finding::new(
                Kind::FloorDivision,
                Status::Proven,
                Some(argument),
                formula,
                g.len() as u64 - 1,
            );
            finding.base = Some(b);
            finding.n0 = Some(n0);
            Some(Proof {
                evaluator: Evaluator::FloorDivision {
                    base: b,
                    low: g[..n0 as usize].to_vec(),
                },
                finding,
                theorem: "the floor-division window argument",
            })
        }
        _ => {
            let (per, argument) = proven_period(moves, g)?;
            let theorem = match moves {
                HeapMoves::Octal(code) if code.is_hex() => "the hexadecimal periodicity theorem",
                HeapMoves::Octal(_) => "the octal periodicity theorem",
                HeapMoves::Powers(_) => "the residues of the powers",
                _ => "a repeated window of max(S) values",
            };
            let (o, p) = (per.preperiod as usize, per.period as usize);
            Some(Proof {
                evaluator: Evaluator::Periodic {
                    prefix: g[..o].to_vec(),
                    cycle: g[o..o + p].to_vec(),
                    saltus: 0,
                },
                finding: periodic_finding(per, g, Status::Proven, Some(argument)),
                theorem,
            })
        }
    }
}

/// Grows the table 256, 1024, 4096, … (up to the limit) until `stop` says so.
fn grow(moves: HeapMoves<'_>, limits: &HeapLimits, mut stop: impl FnMut(&[u32]) -> bool) -> Result<Vec<u32>> {
    let last = limits.last(moves);
    let bounds = limits.limits();
    let hex = matches!(moves, HeapMoves::Octal(code) if code.is_hex());
    if hex {
        // The plain table costs O(N³) here; the engine's O(N²) steps of a
        // bitset each.
        let cost = (last as u128 + 1).pow(2);
        if cost > limits.max_work as u128 {
            return Err(crate::Error::WorkExceeded {
                what: format!("a table of {} values (about {cost} steps)", last as u128 + 1),
                limit: limits.max_work,
            });
        }
    }
    if hex && limits.upto.is_none() {
        // Grown like the plain table, 256, 1024, 4096, …, by the engine.
        let game = SeqGame::from_heap_moves(moves)
            .ok_or_else(|| crate::Error::Internal("a hexadecimal code the engine does not take".into()))?;
        let mut engine = Engine::new(game);
        let mut upto = last.min(255);
        loop {
            while engine.advance(upto, false, 1 << 22)? == EngineStatus::Running {
                limits.stop.check()?;
                report_engine(&engine, upto);
            }
            let g = engine_values(&engine);
            if stop(&g) || upto >= last || engine.period().is_some() {
                return Ok(g);
            }
            upto = upto.saturating_mul(4).saturating_add(3).min(last);
        }
    }
    if (limits.upto.is_some() && last >= ENGINE_FROM) || (hex && last > 255) {
        if let Some(game) = SeqGame::from_heap_moves(moves) {
            let mut g = engine_table(game, last, &bounds)?;
            stop(&g);
            // The table ends where the engine proved a period, if it did:
            // the proof needs no more.
            g.shrink_to_fit();
            return Ok(g);
        }
    }
    if limits.upto.is_some() {
        // The whole table will be built: refuse it before the first step.
        let cost = dense::work(moves, 0, last);
        if last >= limits.max_states {
            dense::extend(moves, &mut Vec::new(), last, limits.max_states)?;
        }
        if cost > limits.max_work as u128 {
            return Err(crate::Error::WorkExceeded {
                what: format!("a table of {} values (about {cost} steps)", last as u128 + 1),
                limit: limits.max_work,
            });
        }
    }
    let mut g = Vec::new();
    let mut upto = last.min(255);
    loop {
        dense::extend_within(moves, &mut g, upto, &bounds)?;
        if stop(&g) || upto >= last {
            return Ok(g);
        }
        upto = upto.saturating_mul(4).saturating_add(3).min(last);
    }
}

/// From this last heap on a fixed-size table of an octal game or Grundy's
/// game comes from the sequence engine (the dense table costs O(N²));
/// a hexadecimal code's table above 255 values always does.
use crate::solve::engine::SEQUENCE_FROM as ENGINE_FROM;

/// g(0..=last) from the sequence engine, or fewer when it proves a period
/// first (the table then ends at the end of the batch where the proof
/// became possible).
fn engine_table(game: SeqGame, last: u64, limits: &Limits) -> Result<Vec<u32>> {
    if last >= limits.max_states {
        return Err(crate::Error::LimitExceeded {
            what: format!("the table of g(0..={last}) for `{}`", game.spec()),
            limit: limits.max_states,
        });
    }
    let tuning = Tuning::for_this_machine();
    let mut engine = Engine::resume_tuned(game, vec![0], tuning)?;
    while engine.advance(last, false, 1 << 22)? == EngineStatus::Running {
        limits.check_stop()?;
        report_engine(&engine, last);
    }
    Ok(engine_values(&engine))
}

/// Tells the front end's reporter how far an engine run to `last` is.
fn report_engine(engine: &Engine, last: u64) {
    crate::solve::progress::report(
        crate::solve::progress::Task::Sequence {
            dense: engine.mask() == 0,
        },
        engine.len(),
        Some(last + 1),
    );
}

/// Every value an engine computed, widened for the pattern code.
fn engine_values(engine: &Engine) -> Vec<u32> {
    engine
        .chunks(engine.len())
        .flatten()
        .map(|&v| u32::from(v))
        .collect()
}

/// Whether [`prove`] has a prover for this kind of heap game (Grundy's game
/// and all-but sets have none: their patterns are only ever observed).
pub fn has_prover(moves: HeapMoves<'_>) -> bool {
    !matches!(
        moves,
        HeapMoves::Grundy | HeapMoves::AllBut(_) | HeapMoves::Listed(_)
    )
}

/// Finds a proven pattern of a heap game, computing as many values as the
/// proof needs (at most up to the limit).
///
/// Only *proven* patterns are returned: periodicity of finite subtraction
/// sets, octal codes and powers ([`proven_period`](super::proven_period)),
/// self-similarity of floor-division games
/// ([`prove_floor`](super::prove_floor)), and Nim's g(n) = n.
///
/// # Arguments
/// * `moves`: the heap game.
/// * `limits`: how far to compute.
///
/// # Returns
/// The evaluator and its finding, `None` if no proof was found within the
/// limit, or an error if the table would exceed `limits.max_states`.
///
/// # Complexity
/// The dense table up to the first N (growing ×4 from 256) at which the
/// proof's window fits, plus the pattern search on each table.
///
/// # Examples
/// ```
/// use sprague::pattern::{prove, HeapLimits};
/// use sprague::rules::{Game, Ruleset};
/// let Game::Octal(kayles) = "octal:0.77".parse().unwrap() else { unreachable!() };
/// let proof = prove(kayles.heap_moves().unwrap(), HeapLimits::default()).unwrap().unwrap();
/// assert_eq!((proof.finding.preperiod, proof.finding.period), (Some(71), Some(12)));
/// assert_eq!(proof.evaluator.value(1_000_000_000_000_000_000), 1);
/// ```
pub fn prove(moves: HeapMoves<'_>, limits: HeapLimits) -> Result<Option<Proof>> {
    if !has_prover(moves) {
        return Ok(None);
    }
    let mut proof = None;
    grow(moves, &limits, |g| {
        proof = prove_table(moves, g);
        proof.is_some()
    })?;
    Ok(proof)
}

/// Looks for a proven period of an octal code with the sequence engine,
/// for heaps too large for any table: the engine runs until it proves a
/// period, up to `limits.max_states` values and a tenth of
/// `limits.max_work` in estimated steps (each new value costs the rare
/// positions so far, or half the values so far while the engine runs
/// dense), so that a game with no period near gives up in seconds.
/// Hexadecimal codes are not searched: their engine costs O(N²·W).
///
/// # Returns
/// The proof, with its evaluator, or `None` when the game is no such code
/// or no period was proven within those bounds; an error from the engine
/// or the stop token.
///
/// # Complexity
/// That of the engine's run, within the work bound above.
///
/// # Examples
/// ```
/// use sprague::pattern::{prove_by_engine, HeapLimits};
/// use sprague::rules::{Game, Ruleset};
/// // 0.127's period 4 from 46,578 needs 93,171 values.
/// let Game::Octal(g) = "octal:0.127".parse().unwrap() else { unreachable!() };
/// let proof = prove_by_engine(g.heap_moves().unwrap(), HeapLimits::default()).unwrap().unwrap();
/// assert_eq!((proof.finding.preperiod, proof.finding.period), (Some(46_578), Some(4)));
/// ```
pub fn prove_by_engine(moves: HeapMoves<'_>, limits: HeapLimits) -> Result<Option<Proof>> {
    if matches!(moves, HeapMoves::Octal(code) if code.is_hex()) {
        return Ok(None);
    }
    let Some(game) = SeqGame::from_heap_moves(moves) else {
        return Ok(None);
    };
    if game.periodicity_t().is_none() {
        return Ok(None);
    }
    let last = limits
        .max_states
        .saturating_sub(1)
        .min(u32::MAX as u64 - 2)
        .min(limits.upto.unwrap_or(u64::MAX));
    let budget = u128::from(limits.max_work / 10);
    let tuning = Tuning::for_this_machine();
    let mut engine = Engine::resume_tuned(game, vec![0], tuning)?;
    let mut work = 0u128;
    loop {
        let before = engine.len();
        let status = engine.advance(last, false, 1 << 14)?;
        limits.stop.check()?;
        report_engine(&engine, last);
        let per_value = if engine.mask() == 0 {
            engine.len() / 2
        } else {
            engine.rare_count().max(1)
        };
        work += u128::from(engine.len() - before) * u128::from(per_value);
        if status != EngineStatus::Running {
            break;
        }
        if work > budget {
            return Ok(None);
        }
    }
    if engine.period().is_none() {
        return Ok(None);
    }
    Ok(prove_table(moves, &engine_values(&engine)))
}

/// Computes a heap game's values until a pattern is proven (or up to the
/// limit) and reports every finding: the proof if any, observed
/// (arithmetic) periodicity otherwise, runs, and rare values.
///
/// # Arguments
/// * `moves`: the heap game.
/// * `limits`: how far to compute; with `limits.upto` set the table always
///   goes that far (the findings are then checked over all of it).
///
/// # Returns
/// The values, the findings (proven first) and the proof, or an error if
/// the table would exceed `limits.max_states`.
///
/// # Complexity
/// As [`prove`], and O(N) per observed period or mask tried.
///
/// # Examples
/// ```
/// use sprague::pattern::{analyze_heap, HeapLimits, Status};
/// use sprague::rules::HeapMoves;
/// let a = analyze_heap(HeapMoves::AllBut(&[1, 2]), HeapLimits { upto: Some(300), ..Default::default() }).unwrap();
/// assert!(a.proof.is_none());
/// let f = &a.findings[0];
/// assert_eq!((f.period, f.saltus, f.status), (Some(3), Some(1), Status::Observed));
/// ```
pub fn analyze_heap(moves: HeapMoves<'_>, limits: HeapLimits) -> Result<HeapAnalysis> {
    let mut proof = None;
    let fixed = limits.upto.is_some();
    let g = grow(moves, &limits, |g| {
        proof = prove_table(moves, g);
        proof.is_some() && !fixed
    })?;
    let last = g.len() as u64 - 1;
    let mut findings = Vec::new();
    if let Some(p) = &proof {
        findings.push(p.finding.clone());
    } else if !matches!(moves, HeapMoves::Divide(_)) {
        if let Some(per) = observed_period(&g) {
            findings.push(periodic_finding(per, &g, Status::Observed, None));
        } else if let Some(per) = observed_arithmetic(&g) {
            findings.push(periodic_finding(per, &g, Status::Observed, None));
        }
    }
    match &proof {
        Some(Proof {
            evaluator: Evaluator::FloorDivision { base, low },
            finding,
            ..
        }) => {
            let n0 = low.len() as u64;
            let end = n0.saturating_mul(*base).min(g.len() as u64);
            let block = runs(&g, n0 as usize, end as usize);
            let shown: Vec<String> = block
                .iter()
                .map(|r| format!("[{}·{base}^k, {}·{base}^k) → {}", r.from, r.to, r.value))
                .collect();
            let formula = format!("for k ≥ 0: {}", shown.join(", "));
            let mut f = Finding::new(
                Kind::Runs,
                Status::Proven,
                finding.argument.clone(),
                formula,
                last,
            );
            f.base = Some(*base);
            f.n0 = Some(n0);
            f.runs = Some(block);
            findings.push(f);
        }
        _ => {
            let all = runs(&g, 0, g.len());
            if all.len() <= 20 && g.len() >= 64 {
                let shown: Vec<String> = all
                    .iter()
                    .map(|r| format!("[{}, {}) → {}", r.from, r.to, r.value))
                    .collect();
                let mut f = Finding::new(Kind::Runs, Status::Observed, None, shown.join(", "), last);
                f.runs = Some(all);
                findings.push(f);
            }
        }
    }
    if matches!(moves, HeapMoves::Octal(_) | HeapMoves::Grundy) {
        if let Some(s) = find_sparse(&g) {
            let vals: Vec<String> = s.rare_values.iter().take(16).map(u32::to_string).collect();
            let more = if s.rare_values.len() > 16 { ", …" } else { "" };
            let formula = format!(
                "bitmask {:#b}: a value v is rare iff popcount(v & !{:#b}) is even; the rare values ({}{more}) occur at {} heaps n, the last at n = {}",
                s.mask,
                s.mask,
                vals.join(", "),
                s.rare_count,
                s.last_rare
            );
            let mut f = Finding::new(Kind::RareValues, Status::Observed, None, formula, last);
            f.mask = Some(s.mask);
            f.rare_count = Some(s.rare_count);
            f.last_rare = Some(s.last_rare);
            findings.push(f);
        }
    }
    Ok(HeapAnalysis {
        values: g,
        findings,
        proof,
    })
}
