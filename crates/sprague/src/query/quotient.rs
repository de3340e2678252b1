//! Misère answers for sums of heaps from a proven misère quotient.

use super::graph::add_remoteness;
use super::{Answer, ComponentValue, Query, RatedMove};
use crate::rules::{octal_move_label, Moves, Ruleset};
use crate::solve::quotient::{MisereQuotient, SEARCH_HEAPS, SEARCH_ORDER};
use crate::solve::{Play, WinningMove};
use crate::{Error, Outcome, Result};

/// The largest heap for which `value --misere` builds the misère quotient
/// of the heaps up to it; past it only a complete quotient (one proven for
/// every heap size) serves.
const QUOTIENT_HEAP: u64 = 64;

/// The bounds of the quotient's construction: candidates of more elements,
/// or proofs of more pairs, fall back to the search of whole sums.
const QUOTIENT_ORDER: usize = 2_000;

/// Misère play of a sum of heaps from a proven misère quotient: a complete
/// one (any heap size) where one is known or the heaps are too large for
/// the other, else the quotient of the heaps up to the largest; any number
/// of heaps at once. `Err(None)` where the game is not a heap game,
/// `Err(Some(why))` where no quotient is found within the bounds (why:
/// how far it got, for the error of a search that fails after it); an
/// error only when stopped.
pub(super) fn quotient_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
    components: Vec<ComponentValue>,
) -> Result<std::result::Result<Answer<R::Position>, Option<String>>> {
    let Some(heaps) = sum
        .iter()
        .map(|p| rules.heap_size(p))
        .collect::<Option<Vec<u64>>>()
    else {
        return Ok(Err(None));
    };
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest == 0 || !crate::solve::quotient::applies(rules) {
        return Ok(Err(None));
    }
    let limits = query.limits.clone();
    let found = if largest <= QUOTIENT_HEAP {
        MisereQuotient::cached(rules, largest, QUOTIENT_ORDER, limits)
    } else {
        // The default bounds of the complete-quotient search (those
        // `analyze --misere` uses without `--upto`).
        MisereQuotient::cached_complete(rules, SEARCH_HEAPS, SEARCH_ORDER, limits)
    };
    let q = match found {
        Ok(q) => q,
        Err(Error::Stopped) => return Err(Error::Stopped),
        // How far it got, for the error of the search that follows.
        Err(e) => return Ok(Err(Some(e.to_string()))),
    };
    let Some(outcome) = q.outcome(&heaps) else {
        return Ok(Err(None));
    };
    let mut moves = Vec::new();
    let mut total = 0u64;
    let mut notes = Vec::new();
    if outcome == Outcome::N {
        let mut listed = Moves::new(true).stopped_by(&query.limits.stop);
        for (i, p) in sum.iter().enumerate() {
            let mut rest = heaps.clone();
            rest.remove(i);
            let Some(x) = q.element(&rest) else {
                return Ok(Err(None));
            };
            let n = heaps[i];
            if n > crate::solve::quotient::moves::LIST_MAX {
                let want = query.max_moves.saturating_sub(moves.len());
                let Some(found) = q.moves_to_p(n, x, want) else {
                    notes.push(format!(
                        "winning moves of the heap of {n} not listed: too many moves to scan"
                    ));
                    continue;
                };
                total += found.total;
                for (k, parts) in found.first {
                    let Some(positions) = parts
                        .iter()
                        .map(|h| rules.parse_position(&h.to_string()).ok())
                        .collect::<Option<Vec<_>>>()
                    else {
                        return Ok(Err(None));
                    };
                    moves.push(RatedMove {
                        play: WinningMove {
                            component: i,
                            label: octal_move_label(n, k, &parts),
                            parts: positions,
                        },
                        leaves: Outcome::P,
                        remoteness: None,
                    });
                }
                continue;
            }
            listed.clear();
            rules.moves(p, &mut listed)?;
            for m in 0..listed.len() {
                let Some(parts) = listed
                    .parts(m)
                    .iter()
                    .map(|p| rules.heap_size(p))
                    .collect::<Option<Vec<u64>>>()
                else {
                    return Ok(Err(None));
                };
                let Some(y) = q.element(&parts) else {
                    return Ok(Err(None));
                };
                if q.is_p(q.mul(x, y)) {
                    total += 1;
                    moves.push(RatedMove {
                        play: WinningMove {
                            component: i,
                            label: listed.label(m).to_string(),
                            parts: listed.parts(m).to_vec(),
                        },
                        leaves: Outcome::P,
                        remoteness: None,
                    });
                }
            }
        }
    }
    if total > moves.len() as u64 {
        notes.push("winning moves counted from the quotient's period, split points by residue class".into());
    }
    let method = match q.period() {
        Some(per) => format!(
            "the misère quotient (order {}, P-portion of {}), its pretending function proven periodic for every heap size (period {} from {}); Plambeck–Siegel",
            q.order(),
            q.p_portion().len(),
            per.period,
            per.preperiod,
        ),
        None => format!(
            "the misère quotient of heaps 1..={} (order {}, P-portion of {}), proven for sums of any number of them; Plambeck–Siegel",
            q.upto(),
            q.order(),
            q.p_portion().len(),
        ),
    };
    let mut a = Answer {
        play: Play::Misere,
        components,
        grundy: None,
        generalized: None,
        outcome,
        remoteness: None,
        moves_total: total,
        moves,
        method,
        pattern: None,
        probability: None,
        notes,
    };
    if query.remoteness && largest <= crate::solve::quotient::moves::LIST_MAX {
        add_remoteness(rules, sum, query, &mut a);
    }
    Ok(Ok(a))
}
