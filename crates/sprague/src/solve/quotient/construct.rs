//! The driver: Q_1, Q_2, … heap by heap, each stage proven before the
//! next, and the search for a period that makes the quotient complete.
//!
//! Stage n builds a candidate from Q_{n−1} and heap n's options
//! ([`Stage::add_heap`]). When heap n is an element already there and its
//! heap type (element and option elements) is one the proof has seen, the
//! proof of stage n − 1 covers stage n word for word and is not run
//! again; this is what keeps long periodic stretches cheap. Otherwise the
//! proof runs ([`verify`]); while it finds a least failing sum, the
//! candidate is recalibrated ([`recalibrate`]) and checked again.

use super::bound::{order_at_least, OrderBound};
use super::build::Stage;
use super::heaps::HeapRules;
use super::period::{self, Period};
use super::recal::recalibrate;
use super::verify::{verify, HeapType};
use crate::rules::Ruleset;
use crate::solve::Limits;
use crate::{Error, Result};

/// The most candidates one stage may try.
const MAX_CANDIDATES: u32 = 2_000;

/// A proven quotient of heaps `0..=upto` and how it was found.
#[derive(Clone, Debug)]
pub(crate) struct Built {
    pub(crate) stage: Stage,
    /// Pairs walked by the last proof.
    pub(crate) pairs: u64,
    /// Heap types in the last proof.
    pub(crate) types: usize,
    /// Candidates tried in all (one per stage that needed a proof, plus
    /// one per recalibration).
    pub(crate) candidates: u32,
    /// A period proven by [`period::proven`], where one was looked for.
    pub(crate) period: Option<Period>,
    /// Why a search for a period stopped short of `upto` (a bound of the
    /// next stage), with `stage` the last one proven.
    pub(crate) stopped: Option<String>,
}

/// Builds and proves the quotient of heaps `1..=upto`; with
/// `stop_at_period`, stops at the first heap where the periodicity theorem
/// proves a period (games it covers only).
///
/// # Errors
/// As [`verify`], [`recalibrate`] and the game's moves; a candidate with
/// more than `max_order` elements is [`Error::OrderExceeded`].
pub(crate) fn construct<R: Ruleset>(
    rules: &mut HeapRules<'_, R>,
    upto: u64,
    stop_at_period: bool,
    max_order: usize,
    limits: Limits,
) -> Result<Built> {
    let mut st = Stage::new();
    let mut types: Vec<HeapType> = Vec::new();
    let mut built = Built {
        stage: st.clone(),
        pairs: 0,
        types: 0,
        candidates: 0,
        period: None,
        stopped: None,
    };
    let shape = rules.shape();
    for n in 1..=upto {
        limits.check_stop()?;
        crate::solve::progress::report(crate::solve::Task::QuotientHeaps, n - 1, Some(upto));
        let last = st.clone();
        match stage(
            &mut st,
            &mut types,
            &mut built,
            rules,
            n,
            max_order,
            limits.clone(),
        ) {
            Ok(()) => {}
            Err(
                e @ (Error::LimitExceeded { .. } | Error::OrderExceeded { .. } | Error::WorkExceeded { .. }),
            ) if stop_at_period && n > 1 => {
                built.stopped = Some(format!("heap {n}: {e}"));
                st = last;
                break;
            }
            Err(e) => return Err(e),
        }
        if stop_at_period && check_period(&st, shape, &mut built) {
            break;
        }
    }
    built.stage = st;
    Ok(built)
}

/// Stage n: the candidate, then proofs and recalibrations until one holds.
fn stage<R: Ruleset>(
    st: &mut Stage,
    types: &mut Vec<HeapType>,
    built: &mut Built,
    rules: &mut HeapRules<'_, R>,
    n: u64,
    max_order: usize,
    limits: Limits,
) -> Result<()> {
    let changed = st.add_heap(rules, max_order)?;
    if changed {
        *types = heap_types(st, rules)?;
    } else {
        let options = st.option_elements(rules, n)?;
        let t = HeapType {
            heap: n,
            a: st.heap[n as usize],
            options,
        };
        if t.options.is_empty() || types.iter().any(|u| u.a == t.a && u.options == t.options) {
            return Ok(());
        }
        types.push(t);
    }
    let mut tries = 0;
    // The copies of heap n in the last least failing sum.
    let mut copies = 0;
    loop {
        built.candidates += 1;
        tries += 1;
        match verify(&st.m, types, limits.clone()).map_err(|e| climbing(e, n, tries, copies, None))? {
            Ok(c) => {
                built.pairs = c.pairs;
                built.types = c.types;
                break;
            }
            Err(failure) => {
                // Least failures only grow, and n is the largest heap: the
                // copies of heap n in them never fall.
                copies = failure.iter().filter(|&&h| h == n).count();
                if tries > MAX_CANDIDATES {
                    let e = Error::LimitExceeded {
                        what: format!(
                            "the candidates for the misère quotient of `{}` at heap {n}, counted as states,",
                            rules.spec()
                        ),
                        limit: MAX_CANDIDATES as u64,
                    };
                    return Err(climbing(e, n, tries, copies, None));
                }
                *st = match recalibrate(st, rules, &failure, max_order) {
                    Ok(next) => next,
                    Err(e @ (Error::OrderExceeded { .. } | Error::LimitExceeded { .. })) => {
                        let b = order_at_least(st, n, copies);
                        return Err(climbing(e, n, tries, copies, Some(b)));
                    }
                    Err(e) => return Err(e),
                };
                *types = heap_types(st, rules)?;
                crate::solve::progress::report(
                    crate::solve::Task::QuotientCandidates {
                        heap: n,
                        candidate: u64::from(tries) + 1,
                        copies: copies as u64,
                    },
                    st.m.order() as u64,
                    Some(max_order as u64),
                );
            }
        }
    }
    Ok(())
}

/// A bound hit after some candidates of stage n, with how far their least
/// failing sums had climbed: in Dawson's Kayles at heap 34 they take one
/// more copy of heap 34 every few candidates, and a bound is what ends
/// the stage.
fn climbing(e: Error, n: u64, tries: u32, copies: usize, bound: Option<OrderBound>) -> Error {
    if copies == 0 && bound.is_none() {
        return e;
    }
    let mut how = format!(
        "(candidate {tries}: the least failing sums have reached {copies} cop{} of heap {n}",
        if copies == 1 { "y" } else { "ies" }
    );
    if let Some(b) = bound.filter(|b| b.at_least > 1) {
        how += &format!(
            "; the quotient of heaps up to {n} has at least {} elements, proven from the sums with fewer copies, which that candidate predicts right",
            b.at_least
        );
    }
    how.push(')');
    // Before a closing comma of `what` ("…, counted as states,").
    let with = |what: String| match what.strip_suffix(',') {
        Some(w) => format!("{w} {how},"),
        None => format!("{what} {how}"),
    };
    match e {
        Error::OrderExceeded { what, order, limit } => Error::OrderExceeded {
            what: with(what),
            order,
            limit,
        },
        Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            what: with(what),
            limit,
        },
        e => e,
    }
}

/// Records a proven period of `st`'s pretending function, if any.
fn check_period(st: &Stage, shape: Option<(u64, u64)>, built: &mut Built) -> bool {
    let Some((t, k)) = shape else {
        return false;
    };
    built.period = period::proven(&st.heap, t, k);
    if built.period.is_some() {
        built.stage = st.clone();
    }
    built.period.is_some()
}

/// The distinct heap types of the heaps `1..=upto` of a stage, each with
/// its least heap (heaps without a move left out).
pub(crate) fn heap_types<R: Ruleset>(st: &Stage, rules: &mut HeapRules<'_, R>) -> Result<Vec<HeapType>> {
    let mut types: Vec<HeapType> = Vec::new();
    for h in 1..=st.upto() {
        let options = st.option_elements(rules, h)?;
        if options.is_empty() {
            continue;
        }
        let a = st.heap[h as usize];
        if !types.iter().any(|t| t.a == a && t.options == options) {
            types.push(HeapType { heap: h, a, options });
        }
    }
    Ok(types)
}
