//! One question about a sum of positions, answered by the best solver that
//! serves it: the choice of solver, budget and fallback that every front end
//! (the CLI's `value`, play, the web page, Python) shares.
//!
//! - Normal play of acyclic games: Sprague–Grundy values ([`Solver`](crate::solve::Solver)), with
//!   heap values from a proven pattern where one exists.
//! - Misère Nim: Bouton's rule, for heaps of any size.
//! - Misère play of sums of tame games: genus theory ([`tame`](fn@crate::solve::tame)), for
//!   components of any size whose positions all play as misère Nim's.
//! - Misère play of sums of heaps: a proven misère quotient — of every
//!   heap size where the pretending function's period is proven, else of
//!   the heaps up to the largest (up to 64).
//! - Misère play of other sums, and every question about remoteness: the
//!   exact graph of whole sums ([`SumGraph`]) and retrograde analysis.
//! - Loopy games: Smith's generalised values per component and his rule for
//!   sums; draws are reported as `D`, never as a win or a loss.
//! - Random and skilled play: [`win_probability`](crate::solve::win_probability) on the same graph.
//!
//! It lives above [`crate::pattern`] because it uses the proven patterns.

mod graph;
mod loopy;
mod normal;
mod quotient;
pub(crate) mod strategy;
mod tame;

use crate::pattern::{HeapLimits, Proof};
use crate::rules::Ruleset;
use crate::solve::loopy::Generalized;
use crate::solve::random::{self, Probability, Skill};
use crate::solve::sums::SumGraph;
use crate::solve::{Limits, Play, WinningMove};
use crate::{Error, Nimber, Outcome, Result};
use graph::graph_answer;
use loopy::loopy_answer;
use normal::normal_answer;

/// What to ask about a sum.
#[derive(Clone, Debug)]
pub struct Query {
    /// Normal or misère play.
    pub play: Play,
    /// The win probability under these skills (`Skill::random()` for
    /// random play), or `None` for perfect play only.
    pub skill: Option<Skill>,
    /// Bounds on the computation.
    pub limits: Limits,
    /// At most this many moves are listed where they are counted without
    /// being listed (heaps of any size with a proven pattern); the count
    /// is always given.
    pub max_moves: usize,
    /// Whether to compute remoteness, and for misère play to try the whole
    /// graph of sums before a search that stops at the first winning move.
    /// A front end that has already found that graph too large (play)
    /// turns it off, so as not to build it twice.
    pub remoteness: bool,
}

impl Default for Query {
    fn default() -> Self {
        Query {
            play: Play::Normal,
            skill: None,
            limits: Limits::default(),
            max_moves: 100,
            remoteness: true,
        }
    }
}

/// A move of the sum with what it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedMove<P> {
    /// The move: its component, label and the parts it leaves.
    pub play: WinningMove<P>,
    /// The outcome of the sum it leaves, for the opponent (`P`: the mover
    /// wins).
    pub leaves: Outcome,
    /// The remoteness of the sum it leaves, where known.
    pub remoteness: Option<u32>,
}

impl<P> RatedMove<P> {
    /// The winning move `m`: it leaves a P-position, remoteness unknown.
    pub(crate) fn winning(m: WinningMove<P>) -> Self {
        RatedMove {
            play: m,
            leaves: Outcome::P,
            remoteness: None,
        }
    }
}

/// One component's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentValue {
    /// The normal-play Grundy value, where the game has one and it was
    /// computed.
    pub grundy: Option<Nimber>,
    /// Smith's generalised value (loopy games).
    pub generalized: Option<Generalized>,
}

/// The answer to a [`Query`].
#[derive(Clone, Debug)]
pub struct Answer<P> {
    /// The convention asked about.
    pub play: Play,
    /// Each component's value, in the order given.
    pub components: Vec<ComponentValue>,
    /// The sum's Grundy value (normal play, finite, when known).
    pub grundy: Option<Nimber>,
    /// The sum's generalised value (loopy games, normal play).
    pub generalized: Option<Generalized>,
    /// Who wins: `N`, `P` or `D`.
    pub outcome: Outcome,
    /// Smith's remoteness of the sum, where the graph of its sums fit the
    /// remoteness budget.
    pub remoteness: Option<u32>,
    /// The winning moves (from `N`) or the moves that keep the draw (from
    /// `D`), fastest win first where remoteness is known; empty from `P`.
    pub moves: Vec<RatedMove<P>>,
    /// How many such moves there are: more than `moves` holds where a
    /// heap's moves were counted from its pattern, not listed.
    pub moves_total: u64,
    /// How the outcome was found, in words.
    pub method: String,
    /// The proven pattern that gave heap values, if one was used.
    pub pattern: Option<String>,
    /// The win probability asked for with [`Query::skill`].
    pub probability: Option<Probability>,
    /// Things a reader should know (what was not computed, and why).
    pub notes: Vec<String>,
}

/// Heaps above this get their values from a proven pattern when the game
/// has one; below it the dense table is as quick.
const PATTERN_FROM: u64 = 4096;

/// The proven pattern of a heap game, when a heap of `sum` is large enough
/// to need one. A failed or refused quick proof only means the plain way is
/// taken; the sequence engine's search for a heap beyond any table passes
/// on its errors (the stop token, memory).
pub fn heap_pattern<R: Ruleset>(rules: &R, sum: &[R::Position], limits: &Limits) -> Result<Option<Proof>> {
    let Some(moves) = rules.heap_moves() else {
        return Ok(None);
    };
    let Some(largest) = sum.iter().filter_map(|p| rules.heap_size(p)).max() else {
        return Ok(None);
    };
    if !crate::pattern::has_prover(moves) {
        return Ok(None);
    }
    let beyond = largest >= limits.max_states.min(u32::MAX as u64 - 1);
    if largest <= PATTERN_FROM && !beyond {
        return Ok(None);
    }
    // Never compute more values than the plain way would.
    let quick = HeapLimits::within(Some(largest.min(HeapLimits::default_upto(moves))), limits);
    if let Some(proof) = crate::pattern::prove(moves, quick).ok().flatten() {
        return Ok(Some(proof));
    }
    if !beyond {
        return Ok(None);
    }
    // A heap beyond any table: the sequence engine may still prove a
    // period within the limits (0.127's needs 93,171 values).
    let search = HeapLimits::within(None, limits);
    crate::pattern::prove_by_engine(moves, search)
}

/// Answers `query` about the sum `sum` of `rules`' positions.
///
/// # Arguments
/// * `rules`: the game.
/// * `sum`: the components (one for games that do not form sums).
/// * `query`: convention, probability wanted, limits.
///
/// # Returns
/// The [`Answer`]; an error names the bound that a needed computation hit
/// (never a guess), or the question the game cannot answer (`--random` on a
/// loopy game, sums of a special-convention game).
///
/// # Complexity
/// That of the solver chosen (see the module documentation).
///
/// # Examples
/// ```
/// use sprague::query::{answer, Query};
/// use sprague::rules::Nim;
/// use sprague::solve::Play;
/// use sprague::Outcome;
///
/// let q = Query { play: Play::Misere, ..Query::default() };
/// let a = answer(&Nim, &[1, 1, 5], &q).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.moves[0].play.label, "take 4 from the heap of 5");
/// ```
pub fn answer<R: Ruleset>(rules: &R, sum: &[R::Position], query: &Query) -> Result<Answer<R::Position>> {
    crate::rules::check_sum(rules, sum)?;
    let mut a = if rules.may_loop() {
        loopy_answer(rules, sum, query)?
    } else if query.play == Play::Misere {
        graph_answer(rules, sum, query)?
    } else {
        normal_answer(rules, sum, query)?
    };
    if let Some(skill) = &query.skill {
        if rules.may_loop() {
            return Err(Error::Unsupported(format!(
                "`{}` is loopy: random play may never end, so it has no win probability",
                rules.spec()
            )));
        }
        let mut graph = SumGraph::new(rules, query.limits.clone());
        let root = graph.add_root(sum)?;
        let p = random::win_probability(&graph, root, query.play, skill)?;
        a.notes.push(format!(
            "win chance over the {} sums reachable, {}",
            graph.len(),
            if p.exact.is_some() {
                "in exact fractions"
            } else {
                "in floating point (the exact fractions grew too large)"
            }
        ));
        a.probability = Some(p);
    }
    a.moves_total = a.moves_total.max(a.moves.len() as u64);
    Ok(a)
}
