//! Retrograde analysis: outcomes (with draws) and remoteness of every state
//! of a [`SumGraph`], for games with or without cycles.
//!
//! Work backwards from the positions without moves: a state with a move to
//! a loss is a win; a state all of whose moves lead to wins is a loss; what
//! is never labelled is a draw (neither side can force a win). Processing
//! the labelled states first in, first out visits them in order of
//! remoteness, so the remoteness falls out of the same pass.

use super::sums::{StateId, SumGraph};
use super::Play;
use crate::rules::Ruleset;
use crate::Outcome;

/// The outcome and remoteness of one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Win (`N`), loss (`P`) or draw (`D`) for the player to move.
    pub outcome: Outcome,
    /// Smith's remoteness: how many moves the game lasts when the winner
    /// hurries and the loser delays; `None` for a draw.
    pub remoteness: Option<u32>,
}

/// Outcome and remoteness of every state of `graph` under `play`.
///
/// Smith's remoteness (Winning Ways, ch. 9): 0 at a position without moves;
/// a win is 1 + the least remoteness among its moves to losses; a loss is
/// 1 + the largest remoteness among its moves. On a graph with cycles the
/// states never labelled are draws.
///
/// # Arguments
/// * `graph`: the sums, built by [`SumGraph::add_root`].
/// * `play`: whether the player who cannot move loses (normal) or wins
///   (misère); states the rules decided keep the rules' outcome.
///
/// # Returns
/// One [`Solved`] per state, indexed by [`StateId`].
///
/// # Complexity
/// O(states + moves) time and memory.
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{solve_retrograde, Limits, Play, SumGraph};
/// use sprague::Outcome;
///
/// let mut g = SumGraph::new(&Nim, Limits::default());
/// let s = g.add_root(&[2, 2]).unwrap();
/// let normal = solve_retrograde(&g, Play::Normal)[s as usize];
/// assert_eq!((normal.outcome, normal.remoteness), (Outcome::P, Some(4)));
/// let misere = solve_retrograde(&g, Play::Misere)[s as usize];
/// assert_eq!((misere.outcome, misere.remoteness), (Outcome::P, Some(3)));
/// ```
pub fn solve_all<R: Ruleset>(graph: &SumGraph<'_, R>, play: Play) -> Vec<Solved> {
    let n = graph.len();
    let (pstarts, preds) = graph.predecessors();
    let mut solved: Vec<Option<Solved>> = vec![None; n];
    let mut left: Vec<usize> = (0..n).map(|s| graph.successors(s as StateId).len()).collect();
    let mut queue: Vec<StateId> = Vec::new();
    for s in 0..n as StateId {
        if graph.decided(s).is_some() || left[s as usize] == 0 {
            solved[s as usize] = Some(Solved {
                outcome: graph.terminal_outcome(s, play),
                remoteness: Some(0),
            });
            queue.push(s);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let t = queue[head] as usize;
        head += 1;
        let Solved { outcome, remoteness } = solved[t].expect("queued states are solved");
        let r = remoteness.expect("queued states are decided") + 1;
        for &s in &preds[pstarts[t]..pstarts[t + 1]] {
            let s = s as usize;
            if solved[s].is_some() {
                continue;
            }
            if outcome == Outcome::P {
                solved[s] = Some(Solved {
                    outcome: Outcome::N,
                    remoteness: Some(r),
                });
                queue.push(s as StateId);
            } else {
                left[s] -= 1;
                if left[s] == 0 {
                    solved[s] = Some(Solved {
                        outcome: Outcome::P,
                        remoteness: Some(r),
                    });
                    queue.push(s as StateId);
                }
            }
        }
    }
    solved
        .into_iter()
        .map(|s| {
            s.unwrap_or(Solved {
                outcome: Outcome::D,
                remoteness: None,
            })
        })
        .collect()
}
