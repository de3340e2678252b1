//! Answers for loopy games: Smith's generalised values, with draws.

use super::graph::{add_remoteness, graph_answer};
use super::{Answer, ComponentValue, Query, RatedMove};
use crate::rules::{Convention, Moves, Ruleset};
use crate::solve::loopy::{self, Generalized};
use crate::solve::sums::SumGraph;
use crate::solve::{Play, WinningMove};
use crate::{Outcome, Result};

/// Loopy games: Smith's values (normal play) or plain retrograde analysis
/// (misère), with draws.
pub(super) fn loopy_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
) -> Result<Answer<R::Position>> {
    if query.play == Play::Misere || rules.convention() == Convention::Special {
        return graph_answer(rules, sum, query);
    }
    // Each component's graph, in one graph: values of components, and of
    // the parts any move leaves.
    let mut graph = SumGraph::new(rules, query.limits.clone());
    let mut roots = Vec::new();
    for p in sum {
        roots.push(graph.add_root(std::slice::from_ref(p))?);
    }
    let values = loopy::values(&graph, query.limits.max_work)?;
    let parts: Vec<Generalized> = roots.iter().map(|&r| values[r as usize].clone()).collect();
    let total = loopy::sum_value(&parts);
    let outcome = loopy::outcome_of(&total);
    // Each move: the sum's value after it, from the value of the parts it
    // leaves and the other components'.
    let mut moves = Vec::new();
    let mut listed = Moves::new(true).stopped_by(&query.limits.stop);
    for (i, p) in sum.iter().enumerate() {
        listed.clear();
        rules.moves(p, &mut listed)?;
        for m in 0..listed.len() {
            let left = graph.find(listed.parts(m)).expect("options are in the graph");
            let mut after: Vec<Generalized> = parts.clone();
            after[i] = values[left as usize].clone();
            let leaves = loopy::outcome_of(&loopy::sum_value(&after));
            let keep = match outcome {
                Outcome::N => leaves == Outcome::P,
                Outcome::D => leaves == Outcome::D,
                Outcome::P => false,
            };
            if keep {
                moves.push(RatedMove {
                    play: WinningMove {
                        component: i,
                        label: listed.label(m).to_string(),
                        parts: listed.parts(m).to_vec(),
                    },
                    leaves,
                    remoteness: None,
                });
            }
        }
    }
    let mut a = Answer {
        play: Play::Normal,
        components: parts
            .iter()
            .map(|v| ComponentValue {
                grundy: v.finite(),
                generalized: Some(v.clone()),
            })
            .collect(),
        grundy: total.finite(),
        generalized: Some(total),
        outcome,
        remoteness: None,
        moves_total: 0,
        moves,
        method: "Smith's generalised Sprague–Grundy values (retrograde labelling)".into(),
        pattern: None,
        probability: None,
        notes: Vec::new(),
    };
    if query.remoteness {
        add_remoteness(rules, sum, query, &mut a);
    }
    Ok(a)
}
