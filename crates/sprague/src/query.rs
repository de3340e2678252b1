//! One question about a sum of positions, answered by the best solver that
//! serves it: the choice of solver, budget and fallback that every front end
//! (the CLI's `value`, play, the web page, Python) shares.
//!
//! - Normal play of acyclic games: Sprague–Grundy values ([`Solver`]), with
//!   heap values from a proven pattern where one exists.
//! - Misère Nim: Bouton's rule, for heaps of any size.
//! - Misère play of sums of tame games: genus theory ([`tame`]), for
//!   components of any size whose positions all play as misère Nim's.
//! - Misère play of sums of heaps: a proven misère quotient — of every
//!   heap size where the pretending function's period is proven, else of
//!   the heaps up to the largest (up to 64).
//! - Misère play of other sums, and every question about remoteness: the
//!   exact graph of whole sums ([`SumGraph`]) and retrograde analysis.
//! - Loopy games: Smith's generalised values per component and his rule for
//!   sums; draws are reported as `D`, never as a win or a loss.
//! - Random and skilled play: [`random::win_probability`] on the same graph.
//!
//! It lives above [`crate::pattern`] because it uses the proven patterns.

use crate::engine::{Engine, SeqGame, Status};
use crate::pattern::{splits, HeapLimits, Proof};
use crate::rules::{octal_move_label, Convention, HeapMoves, Moves, Ruleset};
use crate::solve::loopy::{self, Generalized};
use crate::solve::outcome::OutcomeSearch;
use crate::solve::quotient::MisereQuotient;
use crate::solve::random::{self, Probability, Skill};
use crate::solve::retrograde::{solve_all, Solved};
use crate::solve::sums::{StateId, SumGraph};
use crate::solve::tame::{self, NimLike};
use crate::solve::{misere, Limits, Play, Solver, WinningMove};
use crate::{Error, Nimber, Outcome, Result};

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

/// The budget for a Grundy value that is only a bonus, when the rules
/// know the outcome in closed form (a few milliseconds).
const QUICK_LIMITS: Limits = Limits {
    max_states: 200_000,
    max_work: 2_000_000,
};
/// The budget of the graph of sums built only for remoteness, when the
/// outcome comes from elsewhere.
const REMOTENESS_LIMITS: Limits = Limits {
    max_states: 1_000_000,
    max_work: 20_000_000,
};

/// Heaps above this get their values from a proven pattern when the game
/// has one; below it the dense table is as quick.
const PATTERN_FROM: u64 = 4096;

/// The proven pattern of a heap game, when a heap of `sum` is large enough
/// to need one. A failed or refused quick proof only means the plain way is
/// taken; the sequence engine's search for a heap beyond any table passes
/// on its errors (the stop flag, memory).
pub fn heap_pattern<R: Ruleset>(rules: &R, sum: &[R::Position], limits: Limits) -> Result<Option<Proof>> {
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
    let quick = HeapLimits {
        upto: Some(largest.min(HeapLimits::default_upto(moves))),
        max_states: limits.max_states,
        max_work: limits.max_work,
    };
    if let Some(proof) = crate::pattern::prove(moves, quick).ok().flatten() {
        return Ok(Some(proof));
    }
    if !beyond {
        return Ok(None);
    }
    // A heap beyond any table: the sequence engine may still prove a
    // period within the limits (0.127's needs 93,171 values).
    let search = HeapLimits {
        upto: None,
        max_states: limits.max_states,
        max_work: limits.max_work,
    };
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
        let mut graph = SumGraph::new(rules, query.limits);
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

/// From this heap on, values come from the sequence engine (octal games
/// and Grundy's game without a proven pattern): the dense table costs
/// O(n²) for splitting games.
use crate::engine::SEQUENCE_FROM as ENGINE_FROM;

/// g(0..=largest) from the sequence engine, for a heap game it serves and
/// a heap too large for the dense table; stops early at a proven period.
fn engine_values<R: Ruleset>(rules: &R, sum: &[R::Position], limits: Limits) -> Result<Option<Engine>> {
    let Some(game) = rules.heap_moves().and_then(SeqGame::from_heap_moves) else {
        return Ok(None);
    };
    let Some(largest) = sum.iter().filter_map(|p| rules.heap_size(p)).max() else {
        return Ok(None);
    };
    if largest >= limits.max_states.min(u32::MAX as u64 - 1) {
        // `heap_pattern` has looked for a period within the limits already.
        let what = match game.periodicity_t() {
            Some(_) => format!(
                "the table of g(0..={largest}) for `{}` (no period proven within the state and work limits)",
                rules.spec()
            ),
            None => format!("the table of g(0..={largest}) for `{}`", rules.spec()),
        };
        return Err(Error::LimitExceeded {
            what,
            limit: limits.max_states,
        });
    }
    if largest < ENGINE_FROM {
        return Ok(None);
    }
    let tuning = crate::engine::Tuning::for_this_machine();
    let mut engine = Engine::resume_tuned(game, vec![0], tuning)?;
    // Batches of 2^16 values: the stop flag and the progress are seen
    // between them (the answer does not depend on the batch).
    while engine.advance(largest, false, 1 << 16)? == Status::Running {
        crate::solve::stop::check()?;
        crate::solve::progress::report(
            crate::solve::progress::Task::Sequence {
                dense: engine.mask() == 0,
            },
            engine.len(),
            Some(largest + 1),
        );
    }
    Ok(Some(engine))
}

/// The winning moves of a sum of octal heaps of any size, from a proven
/// periodic pattern: each heap's moves to the value that zeroes the sum are
/// counted by residue class ([`crate::pattern::splits`]); at most
/// `max_moves` are listed.
fn pattern_moves<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    values: &[Nimber],
    proof: &Proof,
    max_moves: usize,
) -> Option<(Vec<RatedMove<R::Position>>, u64)> {
    let HeapMoves::Octal(code) = rules.heap_moves()? else {
        return None;
    };
    let total: Nimber = values.iter().copied().sum();
    let mut moves = Vec::new();
    let mut count = 0u64;
    for (i, p) in sum.iter().enumerate() {
        let n = rules.heap_size(p)?;
        let target = (values[i] + total).0;
        let found = splits::moves_to_value(
            code,
            n,
            target,
            &proof.evaluator,
            max_moves.saturating_sub(moves.len()),
        )?;
        count += found.total;
        for (k, parts) in found.first {
            let positions = parts
                .iter()
                .map(|h| rules.parse_position(&h.to_string()).ok())
                .collect::<Option<Vec<_>>>()?;
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
    }
    Some((moves, count))
}

/// Normal play of an acyclic game: Sprague–Grundy, with remoteness as a
/// bonus from the graph of sums where it fits.
fn normal_answer<R: Ruleset>(rules: &R, sum: &[R::Position], query: &Query) -> Result<Answer<R::Position>> {
    if let Some(split) = rules.splitting() {
        return split_answer(rules, split, sum, query);
    }
    let mut limits = query.limits;
    if sum.len() == 1 && rules.closed_outcome(&sum[0]).is_some() {
        // The outcome is known anyway: spend little on the Grundy value.
        limits = limits.within(QUICK_LIMITS);
    }
    let mut solver = Solver::new(rules, limits);
    let mut notes = Vec::new();
    let pattern = heap_pattern(rules, sum, limits)?;
    if let Some(proof) = &pattern {
        let evaluator = proof.evaluator.clone();
        solver.set_heap_oracle(Box::new(move |n| Some(evaluator.grundy(n))));
    } else if let Some(engine) = engine_values(rules, sum, limits)? {
        notes.push(match engine.period() {
            Some(p) => format!(
                "heap values from the sequence engine (period {} from n = {}, proven)",
                p.period, p.preperiod
            ),
            None => format!(
                "heap values from the sequence engine, g(0..={})",
                engine.len() - 1
            ),
        });
        solver.set_heap_oracle(Box::new(move |n| engine.value(n).map(|v| Nimber(v as u64))));
    }
    let normal = rules.convention() == Convention::Normal;
    if !normal {
        notes.push(format!(
            "`{}` is not normal play (see `sprague games`): positions have no Grundy value",
            rules.spec()
        ));
    }
    let mut components = Vec::new();
    let mut grundy = normal.then_some(Nimber::ZERO);
    for p in sum {
        if !normal {
            components.push(ComponentValue {
                grundy: None,
                generalized: None,
            });
            continue;
        }
        let g = match solver.grundy(p) {
            Ok(g) => Some(g),
            Err(Error::LimitExceeded { .. } | Error::WorkExceeded { .. })
                if sum.len() == 1 && rules.closed_outcome(p).is_some() =>
            {
                notes.push(
                    "Grundy value not computed (too large to search quickly); the outcome comes from the game's closed form"
                        .to_string(),
                );
                None
            }
            Err(e) => return Err(e),
        };
        grundy = grundy.zip(g).map(|(a, b)| a + b);
        components.push(ComponentValue {
            grundy: g,
            generalized: None,
        });
    }
    let outcome = solver.outcome(sum)?;
    let rate = |m| RatedMove {
        play: m,
        leaves: Outcome::P,
        remoteness: None,
    };
    let (winning, counted) = match solver.winning_moves(sum) {
        Ok(m) => (m.into_iter().map(rate).collect::<Vec<_>>(), None),
        Err(Error::LimitExceeded { .. } | Error::WorkExceeded { .. }) if pattern.is_some() => {
            let values: Option<Vec<Nimber>> = components.iter().map(|c| c.grundy).collect();
            let proof = pattern.as_ref().expect("a pattern");
            match values.and_then(|v| pattern_moves(rules, sum, &v, proof, query.max_moves)) {
                Some((moves, total)) => {
                    notes
                        .push("winning moves counted from the pattern, split points by residue class".into());
                    (moves, Some(total))
                }
                None => {
                    notes.push("winning moves not listed: a heap has too many moves to scan".into());
                    (Vec::new(), None)
                }
            }
        }
        Err(e) => return Err(e),
    };
    let method = match (grundy, sum.len()) {
        _ if !normal => "search of the game's win/loss outcomes".to_string(),
        (Some(_), 1) => "Grundy value".to_string(),
        (Some(_), _) => "Sprague–Grundy: the xor of the components' values".to_string(),
        (None, _) => "the game's closed form".to_string(),
    };
    let mut answer = Answer {
        play: Play::Normal,
        components,
        grundy,
        generalized: None,
        outcome,
        remoteness: None,
        moves_total: counted.unwrap_or(winning.len() as u64),
        moves: winning,
        method,
        pattern: pattern.map(|p| p.summary()),
        probability: None,
        notes,
    };
    if query.remoteness {
        add_remoteness(rules, sum, query, &mut answer);
    }
    Ok(answer)
}

/// Normal play of a game on a board or graph: each component's value from
/// the component solver on the family's shared memo
/// ([`crate::solve::components`]).
fn split_answer<R: Ruleset>(
    rules: &R,
    split: &dyn crate::rules::board::Splitting<R::Position>,
    sum: &[R::Position],
    query: &Query,
) -> Result<Answer<R::Position>> {
    use crate::solve::components::{shared_memo, values_and_winning_moves};
    let memo = shared_memo(&split.family());
    let mut memo = memo.lock().unwrap_or_else(|e| e.into_inner());
    let before = memo.len();
    let (values, wins, settled) = values_and_winning_moves(rules, split, &mut memo, sum, query.limits)?;
    let grundy: Nimber = values.iter().copied().sum();
    let mut answer = Answer {
        play: Play::Normal,
        components: values
            .iter()
            .map(|&g| ComponentValue {
                grundy: Some(g),
                generalized: None,
            })
            .collect(),
        grundy: Some(grundy),
        generalized: None,
        outcome: grundy.outcome(),
        remoteness: None,
        moves_total: wins.len() as u64,
        moves: wins
            .into_iter()
            .map(|m| RatedMove {
                play: m,
                leaves: Outcome::P,
                remoteness: None,
            })
            .collect(),
        method: format!(
            "Sprague–Grundy over independent components, each shape valued once ({}: {} shapes known, {} new, {} sums settled by outcome search)",
            split.family(),
            memo.len(),
            memo.len() - before,
            settled
        ),
        pattern: None,
        probability: None,
        notes: Vec::new(),
    };
    drop(memo);
    if query.remoteness {
        add_remoteness(rules, sum, query, &mut answer);
    }
    Ok(answer)
}

/// Fills in remoteness from a bounded graph of sums; a note where it did
/// not fit.
fn add_remoteness<R: Ruleset>(rules: &R, sum: &[R::Position], query: &Query, a: &mut Answer<R::Position>) {
    let limits = query.limits.within(REMOTENESS_LIMITS);
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
    let mut moves = Moves::new(true);
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
fn graph_answer<R: Ruleset>(rules: &R, sum: &[R::Position], query: &Query) -> Result<Answer<R::Position>> {
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
        if let Some(a) = quotient_answer(rules, sum, query, components.clone())? {
            return Ok(a);
        }
    }
    // The whole graph gives remoteness too; where it is too large, a
    // search that stops at the first winning move still finds who wins.
    let special = rules.convention() == Convention::Special;
    if !special && !query.remoteness {
        return search_answer(rules, sum, query, components, "not asked for");
    }
    let limits = if special {
        query.limits
    } else {
        query.limits.within(REMOTENESS_LIMITS)
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
    let mut search = OutcomeSearch::new(rules, query.play, query.limits);
    let outcome = search.outcome(sum)?;
    let mut moves = Vec::new();
    if outcome == Outcome::N {
        let mut listed = Moves::new(true);
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

/// The largest heap for which `value --misere` builds the misère quotient
/// of the heaps up to it; past it only a complete quotient (one proven for
/// every heap size) serves.
const QUOTIENT_HEAP: u64 = 64;

/// The bounds of the quotient's construction: candidates of more elements,
/// or proofs of more pairs, fall back to the search of whole sums.
const QUOTIENT_ORDER: usize = 2_000;

/// The bounds of the search for a complete quotient: heaps and elements.
const COMPLETE_HEAP: u64 = 1_000;
const COMPLETE_ORDER: usize = 500;

/// Misère play of a sum of heaps from a proven misère quotient: a complete
/// one (any heap size) where one is known or the heaps are too large for
/// the other, else the quotient of the heaps up to the largest; any number
/// of heaps at once. `None` where the game is not a heap game or no
/// quotient is found within the bounds; an error only when stopped.
fn quotient_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
    components: Vec<ComponentValue>,
) -> Result<Option<Answer<R::Position>>> {
    let Some(heaps) = sum
        .iter()
        .map(|p| rules.heap_size(p))
        .collect::<Option<Vec<u64>>>()
    else {
        return Ok(None);
    };
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest == 0 {
        return Ok(None);
    }
    let limits = query.limits;
    let found = if largest <= QUOTIENT_HEAP {
        MisereQuotient::cached(rules, largest, QUOTIENT_ORDER, limits)
    } else {
        MisereQuotient::cached_complete(rules, COMPLETE_HEAP, COMPLETE_ORDER, limits)
    };
    let q = match found {
        Ok(q) => q,
        Err(Error::Stopped) => return Err(Error::Stopped),
        Err(_) => return Ok(None),
    };
    let Some(outcome) = q.outcome(&heaps) else {
        return Ok(None);
    };
    let mut moves = Vec::new();
    let mut total = 0u64;
    let mut notes = Vec::new();
    if outcome == Outcome::N {
        let mut listed = Moves::new(true);
        for (i, p) in sum.iter().enumerate() {
            let mut rest = heaps.clone();
            rest.remove(i);
            let Some(x) = q.element(&rest) else {
                return Ok(None);
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
                        return Ok(None);
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
                    return Ok(None);
                };
                let Some(y) = q.element(&parts) else {
                    return Ok(None);
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
    Ok(Some(a))
}

/// The bounds of the tame check of `value --misere`: a game that reaches
/// more goes on to the other methods.
const TAME_LIMITS: Limits = Limits {
    max_states: 1_000_000,
    max_work: 10_000_000,
};

/// Misère play of a sum of tame components (genus theory, see
/// [`tame`](crate::solve::tame)): the sum plays as a position of misère
/// Nim. `None` where a component is wild or loopy, or reaches more than
/// [`TAME_LIMITS`].
fn tame_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
    components: Vec<ComponentValue>,
) -> Result<Option<Answer<R::Position>>> {
    let limits = query.limits.within(TAME_LIMITS);
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
        let mut listed = Moves::new(true);
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
fn bouton_answer<R: Ruleset>(
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

/// Loopy games: Smith's values (normal play) or plain retrograde analysis
/// (misère), with draws.
fn loopy_answer<R: Ruleset>(rules: &R, sum: &[R::Position], query: &Query) -> Result<Answer<R::Position>> {
    if query.play == Play::Misere || rules.convention() == Convention::Special {
        return graph_answer(rules, sum, query);
    }
    // Each component's graph, in one graph: values of components, and of
    // the parts any move leaves.
    let mut graph = SumGraph::new(rules, query.limits);
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
    let mut listed = Moves::new(true);
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
