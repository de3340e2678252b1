//! Answers from the exact graph of whole sums (misère and special
//! conventions), remoteness, and the search that stops at the first
//! winning move.

use super::quotient::quotient_answer;
use super::tame::{bouton_answer, tame_answer};
use super::{Answer, ComponentValue, Query, RatedMove};
use crate::rules::{Convention, HeapMoves, Moves, Ruleset};
use crate::solve::outcome::OutcomeSearch;
use crate::solve::retrograde::{solve_all, Solved};
use crate::solve::sums::{StateId, SumGraph};
use crate::solve::{Limits, Play, WinningMove};
use crate::{Error, Outcome, Result};

/// The budget of the graph of sums built only for remoteness, when the
/// outcome comes from elsewhere.
fn remoteness_limits() -> Limits {
    Limits {
        max_states: 1_000_000,
        max_work: 20_000_000,
        ..Limits::default()
    }
}

/// Fills in remoteness from a bounded graph of sums; a note where it did
/// not fit.
pub(super) fn add_remoteness<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
    a: &mut Answer<R::Position>,
) {
    let limits = query.limits.within(&remoteness_limits());
    let mut graph = SumGraph::new(rules, limits);
    let root = match graph.add_root(sum) {
        Ok(r) => r,
        Err(Error::LimitExceeded { limit, .. }) => {
            a.notes.push(format!(
                "remoteness not computed: the position reaches more than {limit} sums"
            ));
            return;
        }
        Err(Error::WorkExceeded { limit, .. }) => {
            a.notes.push(format!(
                "remoteness not computed: listing the sums the position reaches takes more than {limit} steps"
            ));
            return;
        }
        Err(e) => {
            a.notes.push(format!("remoteness not computed: {e}"));
            return;
        }
    };
    let solved = solve_all(&graph, a.play);
    a.remoteness = solved[root as usize].remoteness;
    for m in &mut a.moves {
        if let Some(s) = m.play.apply(sum).ok().and_then(|after| graph.find(&after)) {
            m.remoteness = solved[s as usize].remoteness;
        }
    }
    sort_fastest_first(&mut a.moves);
}

/// Winning moves by the remoteness they leave, least first; moves of
/// unknown remoteness keep their order after them.
fn sort_fastest_first<P>(moves: &mut [RatedMove<P>]) {
    moves.sort_by_key(|m| m.remoteness.unwrap_or(u32::MAX));
}

/// A move of a sum, and the state of the graph it leads to (if there).
type Leading<P> = (WinningMove<P>, Option<StateId>);

/// Every move of the sum, labelled, with the state it leads to.
fn labelled_moves<R: Ruleset>(
    graph: &mut SumGraph<'_, R>,
    sum: &[R::Position],
) -> Result<Vec<Leading<R::Position>>> {
    let rules = graph.rules();
    let mut out = Vec::new();
    let mut moves = Moves::new(true).stopped_by(&graph.limits().stop);
    for (i, p) in sum.iter().enumerate() {
        moves.clear();
        rules.moves(p, &mut moves)?;
        for m in 0..moves.len() {
            let mv = WinningMove {
                component: i,
                label: moves.label(m).to_string(),
                parts: moves.parts(m).to_vec(),
            };
            let state = mv.apply(sum).ok().and_then(|after| graph.find(&after));
            out.push((mv, state));
        }
    }
    Ok(out)
}

/// The moves worth listing from a state of outcome `here`: to a loss from a
/// win, to a draw from a draw.
fn rated<R: Ruleset>(
    graph: &mut SumGraph<'_, R>,
    sum: &[R::Position],
    here: Outcome,
    solved: &dyn Fn(StateId) -> Solved,
) -> Result<Vec<RatedMove<R::Position>>> {
    let wanted = match here {
        Outcome::N => Outcome::P,
        Outcome::D => Outcome::D,
        Outcome::P => return Ok(Vec::new()),
    };
    let mut out: Vec<RatedMove<R::Position>> = labelled_moves(graph, sum)?
        .into_iter()
        .filter_map(|(mv, s)| {
            let s = solved(s?);
            (s.outcome == wanted).then_some(RatedMove {
                play: mv,
                leaves: s.outcome,
                remoteness: s.remoteness,
            })
        })
        .collect();
    sort_fastest_first(&mut out);
    Ok(out)
}

/// Misère play (and special conventions): Bouton for Nim, the tame rule
/// for sums of tame games, the misère quotient for sums of small heaps,
/// else the exact graph of whole sums.
pub(super) fn graph_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
) -> Result<Answer<R::Position>> {
    let components = vec![
        ComponentValue {
            grundy: None,
            generalized: None,
        };
        sum.len()
    ];
    if query.play == Play::Misere && matches!(rules.heap_moves(), Some(HeapMoves::Nim)) {
        if let Some(a) = bouton_answer(rules, sum, query, components.clone()) {
            return Ok(a);
        }
    }
    if query.play == Play::Misere && rules.convention() != Convention::Special {
        if let Some(a) = tame_answer(rules, sum, query, components.clone())? {
            return Ok(a);
        }
        match quotient_answer(rules, sum, query, components.clone())? {
            Ok(a) => return Ok(a),
            Err(Some(why)) => {
                let spec = crate::excerpt(&rules.spec());
                // The search of whole sums may fail where the quotient did:
                // its error then says how far the quotient got.
                return whole_sums_answer(rules, sum, query, components).map_err(|e| match e {
                    Error::WorkExceeded { what, limit } => Error::WorkExceeded {
                        what: format!(
                            "{what} (tried after the misère quotient of `{spec}`, which stopped: {why})"
                        ),
                        limit,
                    },
                    Error::LimitExceeded { what, limit } => Error::LimitExceeded {
                        what: format!(
                            "{what} (tried after the misère quotient of `{spec}`, which stopped: {why})"
                        ),
                        limit,
                    },
                    e => e,
                });
            }
            Err(None) => {}
        }
    }
    whole_sums_answer(rules, sum, query, components)
}

/// The exact graph of whole sums, or a search of them where it is too
/// large.
fn whole_sums_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
    components: Vec<ComponentValue>,
) -> Result<Answer<R::Position>> {
    // The whole graph gives remoteness too; where it is too large, a
    // search that stops at the first winning move still finds who wins.
    let special = rules.convention() == Convention::Special;
    if !special && !query.remoteness {
        return search_answer(rules, sum, query, components, "not asked for");
    }
    let limits = if special {
        query.limits.clone()
    } else {
        query.limits.within(&remoteness_limits())
    };
    let mut graph = SumGraph::new(rules, limits);
    let root = match graph.add_root(sum) {
        Ok(root) => root,
        Err(Error::LimitExceeded { limit, .. }) if !special => {
            let why = format!("the position reaches more than {limit} sums");
            return search_answer(rules, sum, query, components, &why);
        }
        Err(Error::WorkExceeded { limit, .. }) if !special => {
            let why = format!("listing the sums the position reaches takes more than {limit} steps");
            return search_answer(rules, sum, query, components, &why);
        }
        Err(e) => return Err(e),
    };
    let solved = solve_all(&graph, query.play);
    let here = solved[root as usize];
    let moves = rated(&mut graph, sum, here.outcome, &|s| solved[s as usize])?;
    Ok(Answer {
        play: query.play,
        components,
        grundy: None,
        generalized: None,
        outcome: here.outcome,
        remoteness: here.remoteness,
        moves_total: 0,
        moves,
        method: format!("exact search over the {} sums reachable", graph.len()),
        pattern: None,
        probability: None,
        notes: Vec::new(),
    })
}

/// Who wins and the winning moves, by a search that stops at the first
/// winning move (no remoteness): for sums too large for the whole graph.
fn search_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
    components: Vec<ComponentValue>,
    why: &str,
) -> Result<Answer<R::Position>> {
    let mut search = OutcomeSearch::new(rules, query.play, query.limits.clone());
    let outcome = search.outcome(sum)?;
    let mut moves = Vec::new();
    if outcome == Outcome::N {
        let mut listed = Moves::new(true).stopped_by(&query.limits.stop);
        for (i, p) in sum.iter().enumerate() {
            listed.clear();
            rules.moves(p, &mut listed)?;
            for m in 0..listed.len() {
                let play = WinningMove {
                    component: i,
                    label: listed.label(m).to_string(),
                    parts: listed.parts(m).to_vec(),
                };
                if search.outcome(&play.apply(sum)?)? == Outcome::P {
                    moves.push(RatedMove {
                        play,
                        leaves: Outcome::P,
                        remoteness: None,
                    });
                }
            }
        }
    }
    Ok(Answer {
        play: query.play,
        components,
        grundy: None,
        generalized: None,
        outcome,
        remoteness: None,
        moves_total: 0,
        moves,
        method: format!(
            "exact search over whole sums, stopping at the first winning move ({} sums)",
            search.states()
        ),
        pattern: None,
        probability: None,
        notes: vec![format!("remoteness not computed: {why}")],
    })
}
