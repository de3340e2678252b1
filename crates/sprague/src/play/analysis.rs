//! The analysis of a position of a [`super::Session`]: its moves, rated
//! by the best solver that serves the sum, the computer's best move, and
//! moves typed for components too large to list.

use super::oracle::{key, Known};
use super::view::{shape, Shape};
use super::window::{self, window, MAX_LISTED};
use super::{typed, Config, Listed, Rating, Standing, Verdict};
use crate::query::strategy::wins_by_theorem;
use crate::query::{answer, Query};
use crate::rules::{Convention, GameVisitor, Moves, Ruleset};
use crate::solve::retrograde::Solved;
use crate::solve::{Limits, Play};
use crate::{Outcome, Result};

/// Moves of a component too large to list: how many of its first moves
/// are shown.
pub(super) const WINDOW: usize = 40;

/// What is known about the current position.
#[derive(Clone, Debug, Default)]
pub(super) struct Here {
    pub(super) moves: Vec<Listed>,
    pub(super) complete: bool,
    pub(super) standing: Option<Standing>,
    /// The outcome for the player to move where the game is over.
    pub(super) terminal: Option<Outcome>,
    pub(super) best: Option<usize>,
    pub(super) note: Option<String>,
    pub(super) shapes: Vec<Shape>,
}

/// The search's bound when a theorem already gives the computer a winning
/// move: about a second, after which the theorem's moves are played and
/// the others left unrated.
fn strategy_search() -> Limits {
    Limits {
        max_states: 300_000,
        max_work: 5_000_000,
        ..Limits::default()
    }
}

/// The analysis of one position, run with the concrete rules.
pub(super) struct Analyse<'a> {
    pub(super) texts: &'a [String],
    pub(super) config: &'a Config,
    pub(super) known: &'a mut Known,
}

/// A move typed for a heap too large to list: `take K from heap I` (from
/// the end of the heap), or the whole sum it leaves.
pub(super) struct TypedHuge<'a> {
    pub(super) texts: &'a [String],
    pub(super) typed: &'a str,
}

impl GameVisitor for TypedHuge<'_> {
    type Output = Option<(usize, String, Vec<String>)>;

    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let sum: Vec<R::Position> = self
            .texts
            .iter()
            .map(|t| rules.parse_position(t).ok())
            .collect::<Option<_>>()?;
        let huge = |p: &R::Position| rules.branching(p) > MAX_LISTED;
        let done = |i: usize, label: String, parts: &[R::Position]| {
            let after = apply(&sum, i, parts);
            Some((i, label, after.iter().map(|q| rules.format_position(q)).collect()))
        };
        let t = typed::normalize(self.typed);
        let named = typed::split_component(&t).or_else(|| (sum.len() == 1).then_some((1, t.as_str())));
        if let Some((i, rest)) = named {
            if let Some(p) = i.checked_sub(1).and_then(|i| sum.get(i)).filter(|p| huge(p)) {
                let sizes = window::take_from_end(rest, rules.heap_size(p)?)?;
                let label = window::heap_move(rules, p, &sizes)?;
                let parts: Vec<R::Position> = sizes
                    .iter()
                    .map(|n| rules.parse_position(&n.to_string()).ok())
                    .collect::<Option<_>>()?;
                return done(i - 1, label, &parts);
            }
        }
        let typed_parts: Vec<R::Position> = t
            .split(|c: char| c.is_whitespace() || c == '+')
            .filter(|w| !w.is_empty())
            .map(|w| rules.parse_position(w).ok())
            .collect::<Option<_>>()?;
        for (i, p) in sum.iter().enumerate().filter(|(_, p)| huge(p)) {
            // The other components must all be there; what remains is
            // what the move leaves of this one.
            let mut rest = typed_parts.clone();
            let others_kept = sum.iter().enumerate().filter(|&(j, _)| j != i).all(|(_, q)| {
                match rest.iter().position(|r| r == q) {
                    Some(x) => {
                        rest.remove(x);
                        true
                    }
                    None => false,
                }
            });
            if !others_kept {
                continue;
            }
            let sizes: Option<Vec<u64>> = rest.iter().map(|r| rules.heap_size(r)).collect();
            if let Some(label) = sizes.and_then(|s| window::heap_move(rules, p, &s)) {
                return done(i, label, &rest);
            }
        }
        None
    }
}

/// What a position the opponent faces means for the mover.
pub(super) fn rating_of(s: Solved) -> Rating {
    Rating {
        verdict: match s.outcome {
            Outcome::P => Verdict::Win,
            Outcome::N => Verdict::Loss,
            Outcome::D => Verdict::Draw,
        },
        remoteness: s.remoteness,
    }
}

impl GameVisitor for Analyse<'_> {
    type Output = Result<Here>;

    fn visit<R: Ruleset>(self, rules: &R) -> Result<Here> {
        let sum: Vec<R::Position> = self
            .texts
            .iter()
            .map(|t| rules.parse_position(t))
            .collect::<Result<_>>()?;
        let play = self.config.play;
        let special = rules.convention() == Convention::Special;
        let decided = match &sum[..] {
            [p] if special => rules.decided(p),
            _ => None,
        };
        let mut here = Here {
            shapes: sum.iter().map(|p| shape(rules, p)).collect(),
            complete: true,
            ..Here::default()
        };
        if let Some(o) = decided {
            here.terminal = Some(o);
            return Ok(here);
        }
        // Every move (or a window of a huge component's), with the sum it
        // leaves.
        let mut listed: Vec<(usize, String, Vec<R::Position>)> = Vec::new();
        let mut buf = Moves::new(true).stopped_by(&self.config.limits.stop);
        for (i, p) in sum.iter().enumerate() {
            buf.clear();
            if rules.branching(p) > MAX_LISTED && window(rules, p, WINDOW, &mut buf) {
                here.complete = false;
            } else {
                rules.moves(p, &mut buf)?;
            }
            for m in 0..buf.len() {
                let after = apply(&sum, i, buf.parts(m));
                listed.push((i, buf.label(m).to_string(), after));
            }
        }
        if listed.is_empty() && here.complete {
            here.terminal = Some(match play {
                Play::Normal => Outcome::P,
                Play::Misere => Outcome::N,
            });
            return Ok(here);
        }
        let mut ratings: Vec<Option<Rating>> = vec![None; listed.len()];
        if let Some(s) = self.known.learn(rules, &sum, play, self.config.limits.clone())? {
            here.standing = Some(Standing {
                outcome: s.outcome,
                remoteness: s.remoteness,
            });
            for (r, (_, _, after)) in ratings.iter_mut().zip(&listed) {
                *r = self.known.get(key(rules, after)).map(rating_of);
            }
        } else {
            // Where a theorem gives a winning move (Cram's mirror reply),
            // the search for the rest gets a bound a player will wait for.
            let by_strategy = match (play, rules.splitting()) {
                (Play::Normal, Some(split)) => !wins_by_theorem(rules, split, &sum)?.is_empty(),
                _ => false,
            };
            let limits = if by_strategy {
                self.config.limits.within(&strategy_search())
            } else {
                self.config.limits.clone()
            };
            let query = Query {
                play,
                limits,
                max_moves: WINDOW,
                // The graph of sums was just found too large.
                remoteness: false,
                ..Query::default()
            };
            let a = answer(rules, &sum, &query)?;
            here.standing = Some(Standing {
                outcome: a.outcome,
                remoteness: a.remoteness,
            });
            // The query lists the winning (or drawing) moves; one it found
            // beyond a window is added to the list.
            let mut good = Vec::new();
            for m in &a.moves {
                let after = m.play.apply(&sum)?;
                let k = key(rules, &after);
                let rating = Rating {
                    verdict: if m.leaves == Outcome::D {
                        Verdict::Draw
                    } else {
                        Verdict::Win
                    },
                    remoteness: m.remoteness,
                };
                good.push((k, rating));
                let known = listed
                    .iter()
                    .any(|(c, l, _)| *c == m.play.component && *l == m.play.label);
                if !known {
                    listed.push((m.play.component, m.play.label.clone(), after));
                    ratings.push(None);
                }
            }
            // The search gave up and the theorem's moves are the answer:
            // other moves may win too.
            let partial = by_strategy && a.grundy.is_none();
            let all_good_listed = !partial && a.moves_total == a.moves.len() as u64;
            for (r, (_, _, after)) in ratings.iter_mut().zip(&listed) {
                let k = key(rules, after);
                *r = match good.iter().find(|(g, _)| *g == k) {
                    Some(&(_, rating)) => Some(rating),
                    // Not a winning move: a loss, except that from a win in
                    // a loopy game it may be a draw, and that a move the
                    // query counted without listing may be a win.
                    None if all_good_listed && !(rules.may_loop() && a.outcome == Outcome::N) => {
                        Some(Rating {
                            verdict: Verdict::Loss,
                            remoteness: None,
                        })
                    }
                    None => None,
                };
            }
            if partial {
                here.note = Some(format!(
                    "{}: the moves rated win are the strategy's replies; the others are not rated (the search for them stopped at its bound)",
                    a.method
                ));
            } else if !here.complete {
                here.note = Some(if a.outcome == Outcome::P {
                    "too many moves to list: a window of them is shown, and none of them wins".into()
                } else {
                    "too many moves to list: a window of them and the winning moves are shown".into()
                });
            } else if a.remoteness.is_none() {
                here.note = Some(
                    "remoteness not known here (too many positions): moves rated win or loss only".into(),
                );
            }
        }
        here.best = best(&ratings);
        here.moves = listed
            .into_iter()
            .zip(ratings)
            .map(|((component, label, after), rating)| Listed {
                component,
                label,
                after: after.iter().map(|p| rules.format_position(p)).collect(),
                rating,
            })
            .collect();
        Ok(here)
    }
}

/// The sum after a move in component `i` leaves `parts`, in place.
pub(super) fn apply<P: Clone>(sum: &[P], i: usize, parts: &[P]) -> Vec<P> {
    let mut after = sum[..i].to_vec();
    after.extend_from_slice(parts);
    after.extend_from_slice(&sum[i + 1..]);
    after
}

/// The perfect move among rated moves: the fastest win; else a draw; else
/// the slowest loss; the first of equals. `None` only without moves.
pub(super) fn best(ratings: &[Option<Rating>]) -> Option<usize> {
    let score = |r: &Option<Rating>| -> (u8, i64) {
        match r {
            Some(Rating {
                verdict: Verdict::Win,
                remoteness,
            }) => (3, -i64::from(remoteness.unwrap_or(u32::MAX))),
            Some(Rating {
                verdict: Verdict::Draw,
                ..
            }) => (2, 0),
            // A move of unknown value may win: better than a known loss.
            None => (1, 0),
            Some(Rating {
                verdict: Verdict::Loss,
                remoteness,
            }) => (0, i64::from(remoteness.unwrap_or(0))),
        }
    };
    let mut best: Option<(usize, (u8, i64))> = None;
    for (i, r) in ratings.iter().enumerate() {
        let s = score(r);
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((i, s));
        }
    }
    best.map(|(i, _)| i)
}
