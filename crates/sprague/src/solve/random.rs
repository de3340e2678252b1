//! Random play: the probability that the player to move wins when both
//! players pick uniformly at random among the legal moves.

use super::Limits;
use crate::rules::{Convention, Moves, Ruleset};
use crate::{Error, Outcome, Result};
use std::collections::{HashMap, HashSet};

/// The probability that the player to move wins `sum` when both players
/// choose uniformly at random among all listed moves.
///
/// p(s) = mean over the moves s → s' of (1 − p(s')); a position without
/// moves is lost for the player to move (p = 0); under
/// [`Convention::Special`] a position the rules have decided is 1 or 0
/// (THEORY.md, "Random play"). Moves that the ruleset lists twice (two
/// equal cards) count twice. A move of a sum changes one component.
///
/// # Arguments
/// * `rules`: the game.
/// * `sum`: the position, a sum of components (exactly one component for
///   special-convention games).
/// * `limits`: the most positions to remember.
///
/// # Returns
/// The probability, or [`Error::LimitExceeded`], [`Error::Loopy`] or
/// [`Error::Unsupported`] (a sum of a special-convention game).
///
/// # Complexity
/// Proportional to the sums reachable from `sum` times their moves; sums
/// are remembered in the order of their components, so this is a plain
/// reference solver, not a fast one. Iterative: depth is bounded by memory.
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{random::win_probability, Limits};
///
/// // Heaps 1 and 1: any move leaves one heap, which the opponent takes.
/// assert_eq!(win_probability(&Nim, &[1, 1], Limits::default()).unwrap(), 0.0);
/// // One heap of 2: take 2 and win, or take 1 and lose.
/// assert_eq!(win_probability(&Nim, &[2], Limits::default()).unwrap(), 0.5);
/// ```
pub fn win_probability<R: Ruleset>(rules: &R, sum: &[R::Position], limits: Limits) -> Result<f64> {
    let special = rules.convention() == Convention::Special;
    if special && sum.len() != 1 {
        return Err(Error::Unsupported(format!(
            "`{}` positions do not add up as sums: give exactly one position",
            rules.spec()
        )));
    }
    let decided = |s: &[R::Position]| -> Option<f64> {
        if special {
            match rules.decided(&s[0])? {
                Outcome::N => Some(1.0),
                Outcome::P => Some(0.0),
            }
        } else {
            None
        }
    };
    let options = |s: &Vec<R::Position>| -> Result<Vec<Vec<R::Position>>> {
        let mut out = Vec::new();
        let mut moves = Moves::new(false);
        for (i, p) in s.iter().enumerate() {
            if rules.branching(p) > limits.max_states {
                return Err(Error::LimitExceeded {
                    what: format!("listing the moves of `{}`", rules.format_position(p)),
                    limit: limits.max_states,
                });
            }
            moves.clear();
            rules.moves(p, &mut moves);
            for parts in moves.iter() {
                let mut next = s[..i].to_vec();
                next.extend_from_slice(parts);
                next.extend_from_slice(&s[i + 1..]);
                if special && next.len() > 1 {
                    return Err(Error::Unsupported(
                        "a move of a special-convention game left a sum".into(),
                    ));
                }
                out.push(next);
            }
        }
        Ok(out)
    };

    let root = sum.to_vec();
    let mut memo: HashMap<Vec<R::Position>, f64> = HashMap::new();
    let mut on_stack: HashSet<Vec<R::Position>> = HashSet::new();
    let mut stack: Vec<Frame<R::Position>> = Vec::new();
    let value = |memo: &HashMap<Vec<R::Position>, f64>, s: &Vec<R::Position>| -> Option<f64> {
        if s.is_empty() {
            return Some(0.0); // nothing left: the player to move cannot move
        }
        decided(s).or_else(|| memo.get(s).copied())
    };
    if let Some(p) = value(&memo, &root) {
        return Ok(p);
    }
    let opts = options(&root)?;
    on_stack.insert(root.clone());
    stack.push(Frame::new(root.clone(), opts));
    while let Some(top) = stack.last_mut() {
        if top.next < top.options.len() {
            let q = &top.options[top.next];
            match value(&memo, q) {
                Some(p) => {
                    top.sum += 1.0 - p;
                    top.next += 1;
                }
                None => {
                    if on_stack.contains(q) {
                        return Err(Error::Loopy(format!("{q:?}")));
                    }
                    let q = q.clone();
                    if (memo.len() + stack.len()) as u64 >= limits.max_states {
                        return Err(Error::LimitExceeded {
                            what: "the random-play probability".into(),
                            limit: limits.max_states,
                        });
                    }
                    let o = options(&q)?;
                    on_stack.insert(q.clone());
                    stack.push(Frame::new(q, o));
                }
            }
            continue;
        }
        let Some(done) = stack.pop() else { break };
        let p = if done.options.is_empty() {
            0.0
        } else {
            done.sum / done.options.len() as f64
        };
        on_stack.remove(&done.position);
        memo.insert(done.position, p);
    }
    Ok(memo.get(&root).copied().unwrap_or(0.0))
}

/// A sum being expanded: its options, and the total of 1 − p over the
/// options already known.
struct Frame<P> {
    position: Vec<P>,
    options: Vec<Vec<P>>,
    next: usize,
    sum: f64,
}

impl<P> Frame<P> {
    fn new(position: Vec<P>, options: Vec<Vec<P>>) -> Self {
        Frame {
            position,
            options,
            next: 0,
            sum: 0.0,
        }
    }
}
