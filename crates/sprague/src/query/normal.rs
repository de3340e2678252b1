//! Normal-play answers: Sprague–Grundy values, heap values from the
//! sequence engine or a proven pattern, and boards split into components.

use super::graph::add_remoteness;
use super::{heap_pattern, Answer, ComponentValue, Query, RatedMove};
use crate::pattern::{splits, Proof};
use crate::rules::{octal_move_label, Convention, HeapMoves, Key, Ruleset};
use crate::solve::engine::{Engine, SeqGame, Status};
use crate::solve::{Limits, Play, Solver, WinningMove};
use crate::{Error, Nimber, Outcome, Result};

/// The budget for a Grundy value that is only a bonus, when the rules
/// know the outcome in closed form (a few milliseconds).
fn quick_limits() -> Limits {
    Limits {
        max_states: 200_000,
        max_work: 2_000_000,
        ..Limits::default()
    }
}

/// From this heap on, values come from the sequence engine (octal games
/// and Grundy's game without a proven pattern): the dense table costs
/// O(n²) for splitting games.
use crate::solve::engine::SEQUENCE_FROM as ENGINE_FROM;

/// g(0..=largest) from the sequence engine, for a heap game it serves and
/// a heap too large for the dense table; stops early at a proven period.
fn engine_values<R: Ruleset>(rules: &R, sum: &[R::Position], limits: &Limits) -> Result<Option<Engine>> {
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
    let tuning = crate::solve::engine::Tuning::for_this_machine();
    let mut engine = Engine::resume_tuned(game, vec![0], tuning)?;
    // Batches of 2^16 values: the stop token and the progress are seen
    // between them (the answer does not depend on the batch).
    while engine.advance(largest, false, 1 << 16)? == Status::Running {
        limits.check_stop()?;
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
pub(super) fn normal_answer<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    query: &Query,
) -> Result<Answer<R::Position>> {
    if let Some(split) = rules.splitting() {
        return split_answer(rules, split, sum, query);
    }
    let mut limits = query.limits.clone();
    if sum.len() == 1 && rules.closed_outcome(&sum[0]).is_some() {
        // The outcome is known anyway: spend little on the Grundy value.
        limits = limits.within(&quick_limits());
    }
    let mut solver = Solver::new(rules, limits.clone());
    let mut notes = Vec::new();
    let pattern = heap_pattern(rules, sum, &limits)?;
    if let Some(proof) = &pattern {
        let evaluator = proof.evaluator.clone();
        solver.set_heap_oracle(Box::new(move |n| Some(evaluator.grundy(n))));
    } else if let Some(engine) = engine_values(rules, sum, &limits)? {
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
    let (winning, counted) = match solver.winning_moves(sum) {
        Ok(m) => (m.into_iter().map(RatedMove::winning).collect::<Vec<_>>(), None),
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
/// ([`crate::solve::ComponentSolver`]). A sum the rules' theorems value 0
/// is answered without a search; when the search reaches a bound and the
/// theorems give winning moves, the answer is those moves, without the
/// Grundy value.
fn split_answer<R: Ruleset>(
    rules: &R,
    split: &dyn crate::rules::board::Splitting<R::Position>,
    sum: &[R::Position],
    query: &Query,
) -> Result<Answer<R::Position>> {
    use super::strategy::{wins_by_theorem, zero_by_theorem};
    let mut answer = if zero_by_theorem(split, sum) {
        zero_answer(split, sum)
    } else {
        match searched_answer(rules, split, sum, query) {
            Err(e) if e.kind() == crate::ErrorKind::Bound => {
                let wins = wins_by_theorem(rules, split, sum)?;
                if wins.is_empty() {
                    return Err(e);
                }
                wins_answer(split, sum, wins, &e)
            }
            r => r?,
        }
    };
    if query.remoteness {
        add_remoteness(rules, sum, query, &mut answer);
    }
    Ok(answer)
}

/// A normal-play answer of a board or graph sum: each component's value
/// where known, the sum's, and winning moves that each leave a P-position.
fn board_answer<P>(
    components: impl Iterator<Item = Option<Nimber>>,
    grundy: Option<Nimber>,
    outcome: Outcome,
    wins: Vec<WinningMove<P>>,
    method: String,
    notes: Vec<String>,
) -> Answer<P> {
    Answer {
        play: Play::Normal,
        components: components
            .map(|grundy| ComponentValue {
                grundy,
                generalized: None,
            })
            .collect(),
        grundy,
        generalized: None,
        outcome,
        remoteness: None,
        moves_total: wins.len() as u64,
        moves: wins.into_iter().map(RatedMove::winning).collect(),
        method,
        pattern: None,
        probability: None,
        notes,
    }
}

/// The answer of a sum the theorems of `split` value 0.
fn zero_answer<P>(split: &dyn crate::rules::board::Splitting<P>, sum: &[P]) -> Answer<P> {
    let keys: Vec<Vec<Key>> = sum
        .iter()
        .map(|p| {
            let mut k = Vec::new();
            split.keys(p, &mut k);
            k
        })
        .collect();
    // Whether any component was left after the pairs cancelled.
    let method = if !crate::rules::board::unpaired(keys.iter().flatten()).is_empty() {
        format!(
            "no search: by {} ({}), equal components cancel in pairs and each other one is 0",
            split.known_by(),
            split.family()
        )
    } else {
        format!(
            "no search ({}): the components are equal in pairs, which cancel (G + G = 0)",
            split.family()
        )
    };
    let components = keys.iter().map(|k| split.known_sum(k).map(|v| Nimber(v as u64)));
    board_answer(
        components,
        Some(Nimber::ZERO),
        Outcome::P,
        Vec::new(),
        method,
        Vec::new(),
    )
}

/// The answer from the winning moves the theorems of `split` give, when
/// the search for the Grundy value reached the bound `e`. Its
/// `moves_total` counts those moves only; the note says so.
fn wins_answer<P>(
    split: &dyn crate::rules::board::Splitting<P>,
    sum: &[P],
    wins: Vec<WinningMove<P>>,
    e: &Error,
) -> Answer<P> {
    let method = format!(
        "winning moves by {} ({}): each leaves components that cancel in pairs or are 0",
        split.known_by(),
        split.family()
    );
    let note =
        format!("Grundy value not computed, and other winning moves may exist: the search stopped ({e})");
    board_answer(
        sum.iter().map(|_| None),
        None,
        Outcome::N,
        wins,
        method,
        vec![note],
    )
}

/// The values of `sum`'s components by search, and every winning move.
fn searched_answer<R: Ruleset>(
    rules: &R,
    split: &dyn crate::rules::board::Splitting<R::Position>,
    sum: &[R::Position],
    query: &Query,
) -> Result<Answer<R::Position>> {
    use crate::solve::components::{shared_memo, values_and_winning_moves};
    let memo = shared_memo(&split.family());
    let mut memo = memo.lock().unwrap_or_else(|e| e.into_inner());
    let (before, theorem_before) = (memo.len(), memo.by_theorem());
    let (values, wins, settled) =
        values_and_winning_moves(rules, split, &mut memo, sum, query.limits.clone())?;
    let grundy: Nimber = values.iter().copied().sum();
    let method = format!(
        "Sprague–Grundy over independent components, each shape valued once ({}: {} known, {} new{}, {} sums settled by outcome search)",
        split.family(),
        match memo.len() {
            1 => "1 shape".to_string(),
            n => format!("{n} shapes"),
        },
        memo.len() - before,
        match memo.by_theorem() - theorem_before {
            0 => String::new(),
            k => format!(" ({k} of them by {})", split.known_by()),
        },
        settled
    );
    let components = values.iter().map(|&g| Some(g));
    Ok(board_answer(
        components,
        Some(grundy),
        grundy.outcome(),
        wins,
        method,
        Vec::new(),
    ))
}
