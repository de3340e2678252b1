//! Misère answers by genus theory: sums of tame games, and misère Nim by
//! Bouton's rule.

use super::graph::add_remoteness;
use super::{Answer, ComponentValue, Query, RatedMove};
use crate::rules::{Moves, Ruleset};
use crate::solve::tame::{self, NimLike};
use crate::solve::{misere, Limits, Play, WinningMove};
use crate::{Error, Nimber, Outcome, Result};

/// The bounds of the tame check of `value --misere`: a game that reaches
/// more goes on to the other methods.
fn tame_limits() -> Limits {
    Limits {
        max_states: 1_000_000,
        max_work: 10_000_000,
        ..Limits::default()
    }
}

/// Misère play of a sum of tame components (genus theory, see
/// [`tame`](fn@crate::solve::tame)): the sum plays as a position of misère
/// Nim. `None` where a component is wild or loopy, or reaches more than
/// [`TAME_LIMITS`].
pub(super) fn tame_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
    components: Vec<ComponentValue>,
) -> Result<Option<Answer<R::Position>>> {
    let limits = query.limits.within(&tame_limits());
    let t = match tame::tame(rules, sum, limits) {
        Ok(Ok(t)) => t,
        Ok(Err(_)) | Err(Error::LimitExceeded { .. } | Error::WorkExceeded { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let labels: Vec<NimLike> = sum
        .iter()
        .map(|p| t.label(p).expect("roots are labelled"))
        .collect();
    let whole = labels.iter().fold(NimLike::ZERO, |acc, &l| acc + l);
    let outcome = whole.outcome();
    let mut moves = Vec::new();
    if outcome == Outcome::N {
        let mut listed = Moves::new(true).stopped_by(&query.limits.stop);
        for (i, p) in sum.iter().enumerate() {
            let rest = labels
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(NimLike::ZERO, |acc, (_, &l)| acc + l);
            listed.clear();
            rules.moves(p, &mut listed)?;
            for m in 0..listed.len() {
                let after = rest + t.sum(listed.parts(m)).expect("options are labelled");
                if after.outcome() == Outcome::P {
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
    let shape = if whole.firm {
        "at least one heap of 2 or more"
    } else {
        "every heap at most 1"
    };
    let verdict = if outcome == Outcome::N { "wins" } else { "loses" };
    let mut a = Answer {
        play: Play::Misere,
        components,
        grundy: None,
        generalized: None,
        outcome,
        remoteness: None,
        moves_total: 0,
        moves,
        method: format!(
            "tame (genus theory): each of the {} positions the components reach plays as a position of misère Nim, \
             so the sum plays as nim heaps of nim-sum {} with {shape} (genus {whole}); by Bouton's misère rule the player to move {verdict}",
            t.positions(),
            whole.value,
        ),
        pattern: None,
        probability: None,
        notes: sum
            .iter()
            .zip(&labels)
            .map(|(p, l)| {
                let kind = if l.firm { "firm" } else { "fickle" };
                format!("`{}` has genus {l} ({kind}, as nim-sum {})", rules.format_position(p), l.value)
            })
            .collect(),
    };
    if query.remoteness {
        add_remoteness(rules, sum, query, &mut a);
    }
    Ok(Some(a))
}

/// Misère Nim by Bouton's rule, for heaps of any size.
pub(super) fn bouton_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
    components: Vec<ComponentValue>,
) -> Option<Answer<R::Position>> {
    let heaps: Vec<u64> = sum.iter().map(|p| rules.heap_size(p)).collect::<Option<_>>()?;
    let outcome = misere::bouton(&heaps);
    let mut moves = Vec::new();
    for (i, left) in misere::bouton_moves(&heaps) {
        let mut listed = Moves::new(true);
        rules.moves_to_value(&sum[i], Nimber(left), &mut listed);
        moves.extend((0..listed.len()).map(|m| RatedMove {
            play: WinningMove {
                component: i,
                label: listed.label(m).to_string(),
                parts: listed.parts(m).to_vec(),
            },
            leaves: Outcome::P,
            remoteness: None,
        }));
    }
    let mut a = Answer {
        play: Play::Misere,
        components,
        grundy: None,
        generalized: None,
        outcome,
        remoteness: None,
        moves_total: 0,
        moves,
        method: "Bouton's misère rule: with every heap ≤ 1, the player to move wins iff the number of 1-heaps is even; otherwise as in normal Nim".into(),
        pattern: None,
        probability: None,
        notes: Vec::new(),
    };
    if query.remoteness {
        add_remoteness(rules, sum, query, &mut a);
    }
    Some(a)
}
