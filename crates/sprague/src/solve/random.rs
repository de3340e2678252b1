//! Random and skilled play: the probability that the player to move wins
//! when each player makes a perfect move with some probability and a
//! uniformly random legal move otherwise.
//!
//! Skill 0 for both players is random play (docs/theory.md, "Random play"):
//! p(s) = mean over the moves s → t of (1 − p(t)). With skill a for the
//! player to move and b for the opponent, the player to move plays the
//! perfect move with probability a: p_a(s) = a·(1 − p_b(best)) + (1 − a)·
//! mean(1 − p_b(t)). The perfect move is the one [`best_move`] picks: the
//! fastest win (least remoteness), else the slowest loss (largest
//! remoteness), the first among equals in the graph's order of moves
//! (components sorted, then each one's moves as the rules list them).
//!
//! "Uniformly random" is over the moves the rules list, by one rule: a move
//! is a heap chosen and a way of moving it. Each heap is a choice of its
//! own, also when equal to another (two equal heaps of a sum, and the two
//! equal piles of a Wythoff position, are two choices each), and the ways of
//! moving one heap count once for each position they leave (an octal split
//! into a + b is one move, not two).
//!
//! Every answer is computed twice: in floating point with a proven error
//! bound, and in exact rationals while their size stays within a budget.

use super::retrograde::{solve_all, Solved};
use super::sums::{StateId, SumGraph};
use super::{Limits, Play, Stop};
use crate::rules::Ruleset;
use crate::{Error, Outcome, Result};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

/// The exact computation gives up (the float answer stands) once the
/// numerators and denominators of all states hold this many bits together …
const EXACT_BITS_BUDGET: u64 = 1 << 26;
/// … or one number needs more bits than this …
const EXACT_BITS_EACH: u64 = 1 << 12;
/// … and is not tried on graphs of more states than this (big-number
/// arithmetic on every state would take minutes).
const EXACT_STATES: usize = 200_000;

/// A probability that the player to move wins.
#[derive(Clone, Debug, PartialEq)]
pub struct Probability {
    /// The probability as a float.
    pub value: f64,
    /// The exact probability, where its size stayed within the budget.
    pub exact: Option<BigRational>,
    /// A bound on |value − the true probability| (tiny; 0 only when the
    /// float is exact).
    pub error_bound: f64,
}

impl Probability {
    /// The exact value as `p/q` in lowest terms, if known.
    pub fn exact_text(&self) -> Option<String> {
        self.exact
            .as_ref()
            .map(|r| format!("{}/{}", r.numer(), r.denom()))
    }
}

/// The skill of the two players: the chance that each makes a perfect move.
#[derive(Clone, Debug, PartialEq)]
pub struct Skill {
    /// The player to move at the start.
    pub mover: BigRational,
    /// The other player.
    pub opponent: BigRational,
}

impl Skill {
    /// Both players move uniformly at random.
    pub fn random() -> Skill {
        Skill::both(BigRational::zero())
    }

    /// Both players have skill `p`.
    pub fn both(p: BigRational) -> Skill {
        Skill {
            mover: p.clone(),
            opponent: p,
        }
    }

    /// The two skills as floats, `[mover, opponent]`.
    pub fn as_f64(&self) -> [f64; 2] {
        [
            self.mover.to_f64().unwrap_or(0.0),
            self.opponent.to_f64().unwrap_or(0.0),
        ]
    }

    fn is_random(&self) -> bool {
        self.mover.is_zero() && self.opponent.is_zero()
    }
}

/// Parses a probability written as a decimal (`0.75`, `.5`, `1`) or a
/// fraction (`3/4`), from 0 to 1 inclusive, exactly.
///
/// ```
/// use sprague::solve::parse_probability;
/// assert_eq!(parse_probability("0.75").unwrap(), parse_probability("3/4").unwrap());
/// assert!(parse_probability("1.5").is_err());
/// ```
pub fn parse_probability(text: &str) -> std::result::Result<BigRational, String> {
    let t = text.trim();
    let bad = || format!("`{t}` is not a probability: write a number from 0 to 1, like 0.75 or 3/4");
    let int = |s: &str| -> std::result::Result<BigInt, String> {
        if s.is_empty() || s.len() > 40 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<BigInt>().map_err(|_| bad())
    };
    let value = if let Some((p, q)) = t.split_once('/') {
        let q = int(q.trim())?;
        if q.is_zero() {
            return Err(bad());
        }
        BigRational::new(int(p.trim())?, q)
    } else {
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        if whole.is_empty() && frac.is_empty() {
            return Err(bad());
        }
        let whole = if whole.is_empty() {
            BigInt::zero()
        } else {
            int(whole)?
        };
        let scale = BigInt::from(10u32).pow(frac.len() as u32);
        let frac = if frac.is_empty() {
            BigInt::zero()
        } else {
            int(frac)?
        };
        BigRational::new(whole * &scale + frac, scale)
    };
    if value > BigRational::one() {
        return Err(bad());
    }
    Ok(value)
}

/// The perfect move from a solved state: among its moves (indices into
/// `succ`), the fastest win, else the slowest loss; the first among equals.
/// `None` for a state without moves.
pub fn best_move(succ: &[StateId], solved: &[Solved]) -> Option<usize> {
    let winning = succ
        .iter()
        .enumerate()
        .filter(|(_, &t)| solved[t as usize].outcome == Outcome::P)
        .min_by_key(|(_, &t)| solved[t as usize].remoteness);
    if let Some((i, _)) = winning {
        return Some(i);
    }
    let drawing = succ
        .iter()
        .position(|&t| solved[t as usize].outcome == Outcome::D);
    if drawing.is_some() {
        return drawing;
    }
    // Every move loses: delay. `max_by_key` keeps the last of equals, so
    // compare on the reversed index to keep the first.
    succ.iter()
        .enumerate()
        .max_by_key(|(i, &t)| (solved[t as usize].remoteness, std::cmp::Reverse(*i)))
        .map(|(i, _)| i)
}

/// The probability that the player to move at `root` wins under `play`
/// when the players have the given `skill` (random play: [`Skill::random`]).
///
/// # Arguments
/// * `graph`: the sums, with `root` added by [`SumGraph::add_root`].
/// * `root`: the starting state.
/// * `play`: the convention (normal or misère).
/// * `skill`: each player's chance of playing the perfect move.
///
/// # Returns
/// The probability as a float with an error bound, and exactly where the
/// rationals stay small; [`Error::Loopy`] on a game with cycles (random
/// play then need not end).
///
/// # Complexity
/// O(states + moves) float operations, plus as many rational ones while
/// the exact answer is kept (each on numbers of up to 2^16 bits).
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{win_probability, Skill};
/// use sprague::solve::{Limits, Play, SumGraph};
///
/// let mut g = SumGraph::new(&Nim, Limits::default());
/// let root = g.add_root(&[2]).unwrap();
/// // Take 2 and win, or take 1 and lose: one chance in two.
/// let p = win_probability(&g, root, Play::Normal, &Skill::random()).unwrap();
/// assert_eq!(p.exact_text().unwrap(), "1/2");
/// ```
pub fn win_probability<R: Ruleset>(
    graph: &SumGraph<'_, R>,
    root: StateId,
    play: Play,
    skill: &Skill,
) -> Result<Probability> {
    let order = graph.topological_order()?;
    let solved = if skill.is_random() {
        Vec::new()
    } else {
        solve_all(graph, play)
    };
    let best: Vec<Option<usize>> = if skill.is_random() {
        Vec::new()
    } else {
        (0..graph.len())
            .map(|s| best_move(graph.successors(s as StateId), &solved))
            .collect()
    };
    let chance = SumChance { graph, play };
    let order: Vec<usize> = order.into_iter().map(|s| s as usize).collect();
    let floats = Skill2::<f64> {
        mover: skill.mover.to_f64().unwrap_or(0.0),
        opponent: skill.opponent.to_f64().unwrap_or(0.0),
    };
    let stop = &graph.limits().stop;
    let (values, errors) = run(&chance, &order, &best, &floats, stop)?;
    let (value, error_bound) = (values[root as usize], errors[root as usize]);
    let exact = (graph.len() <= EXACT_STATES)
        .then(|| {
            run(
                &chance,
                &order,
                &best,
                &Skill2 {
                    mover: skill.mover.clone(),
                    opponent: skill.opponent.clone(),
                },
                stop,
            )
            .ok()
        })
        .flatten()
        .map(|(v, _)| v[root as usize].clone());
    Ok(match exact {
        Some(e) => Probability {
            value: e.to_f64().unwrap_or(value),
            error_bound: 0.0,
            exact: Some(e),
        },
        None => Probability {
            value,
            exact: None,
            error_bound,
        },
    })
}

/// Many skill questions about one graph: the order and the perfect moves
/// are found once, then each pair of skills is one float pass — for curves
/// and heat maps of the win chance against skill.
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::Skills;
/// use sprague::solve::{Limits, Play, SumGraph};
///
/// let mut g = SumGraph::new(&Nim, Limits::default());
/// let root = g.add_root(&[3, 4, 5]).unwrap();
/// let skills = Skills::new(&g, Play::Normal).unwrap();
/// assert_eq!(skills.float(root, 1.0, 1.0).value, 1.0); // a win with perfect play
/// assert!(skills.float(root, 0.0, 0.0).value < 1.0);
/// ```
pub struct Skills<'g, 'r, R: Ruleset> {
    chance: SumChance<'g, 'r, R>,
    order: Vec<usize>,
    best: Vec<Option<usize>>,
}

impl<'g, 'r, R: Ruleset> Skills<'g, 'r, R> {
    /// Prepares `graph` under `play`: [`Error::Loopy`] on a cycle.
    ///
    /// # Complexity
    /// O(states + moves).
    pub fn new(graph: &'g SumGraph<'r, R>, play: Play) -> Result<Self> {
        let order = graph
            .topological_order()?
            .into_iter()
            .map(|s| s as usize)
            .collect();
        let solved = solve_all(graph, play);
        let best = (0..graph.len())
            .map(|s| best_move(graph.successors(s as StateId), &solved))
            .collect();
        Ok(Skills {
            chance: SumChance { graph, play },
            order,
            best,
        })
    }

    /// The chance that the player to move at `root` wins with skill
    /// `mover` (its opponent `opponent`), in floating point with its error
    /// bound (`exact` is `None`).
    ///
    /// # Complexity
    /// O(states + moves).
    pub fn float(&self, root: StateId, mover: f64, opponent: f64) -> Probability {
        let skill = Skill2 { mover, opponent };
        // One float pass, O(states + moves): not worth a stop token.
        let (x, err) = run(&self.chance, &self.order, &self.best, &skill, &Stop::NEVER)
            .unwrap_or_else(|_| unreachable!("floats have no size budget"));
        Probability {
            value: x[root as usize],
            exact: None,
            error_bound: err[root as usize],
        }
    }

    /// As [`Skills::float`], but [`Error::Stopped`] soon after `stop` is
    /// stopped, for callers that may be stopped (a server at its time
    /// limit).
    ///
    /// # Complexity
    /// O(states + moves).
    pub fn try_float(&self, root: StateId, mover: f64, opponent: f64, stop: &Stop) -> Result<Probability> {
        let skill = Skill2 { mover, opponent };
        let (x, err) = run(&self.chance, &self.order, &self.best, &skill, stop)?;
        Ok(Probability {
            value: x[root as usize],
            exact: None,
            error_bound: err[root as usize],
        })
    }
}

/// The probability of the sum `sum` in one call: builds the graph of its
/// sums within `limits` (see [`win_probability`]).
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{probability_of, Skill};
/// use sprague::solve::{Limits, Play};
///
/// // Heaps 1 and 1: any move leaves one heap, which the opponent takes.
/// let p = probability_of(&Nim, &[1, 1], Play::Normal, &Skill::random(), Limits::default()).unwrap();
/// assert_eq!(p.value, 0.0);
/// ```
pub fn probability_of<R: Ruleset>(
    rules: &R,
    sum: &[R::Position],
    play: Play,
    skill: &Skill,
    limits: Limits,
) -> Result<Probability> {
    let mut graph = SumGraph::new(rules, limits);
    let root = graph.add_root(sum)?;
    win_probability(&graph, root, play, skill)
}

/// The two skills in the number type of one pass.
struct Skill2<T> {
    mover: T,
    opponent: T,
}

/// The numbers a pass computes with: floats (with an error bound) or exact
/// rationals (with a size budget).
trait Num: Clone + PartialEq {
    fn from_u64(n: u64) -> Self;
    fn add(&self, o: &Self) -> Self;
    fn sub(&self, o: &Self) -> Self;
    fn mul(&self, o: &Self) -> Self;
    fn div_u64(&self, n: u64) -> Self;
    /// Bits held (0 for floats, which have no budget).
    fn bits(&self) -> u64;
}

impl Num for f64 {
    fn from_u64(n: u64) -> Self {
        n as f64
    }
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    fn sub(&self, o: &Self) -> Self {
        self - o
    }
    fn mul(&self, o: &Self) -> Self {
        self * o
    }
    fn div_u64(&self, n: u64) -> Self {
        self / n as f64
    }
    fn bits(&self) -> u64 {
        0
    }
}

impl Num for BigRational {
    fn from_u64(n: u64) -> Self {
        BigRational::from_integer(BigInt::from(n))
    }
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    fn sub(&self, o: &Self) -> Self {
        self - o
    }
    fn mul(&self, o: &Self) -> Self {
        self * o
    }
    fn div_u64(&self, n: u64) -> Self {
        self / BigRational::from_integer(BigInt::from(n))
    }
    fn bits(&self) -> u64 {
        self.numer().bits() + self.denom().bits()
    }
}

/// A finite acyclic game graph on which probabilities are computed: the
/// whole-sum graph of any ruleset ([`SumGraph`] with a convention), or a
/// compressed state space of a special game (SEAGM's (g, t) states).
pub trait ChanceGraph {
    /// The number of states.
    fn len(&self) -> usize;
    /// Whether the graph has no state.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Every state, each after all of its successors; [`Error::Loopy`] on
    /// a cycle.
    fn order(&self) -> Result<Vec<usize>>;
    /// Where the game is over at `s` (no move left, or decided by the
    /// rules): whether the player to move has won. `None` while it goes on.
    fn over(&self, s: usize) -> Option<bool>;
    /// Appends the moves of `s` to `out`: each successor with the number of
    /// legal moves that lead to it (random play picks each move equally).
    fn moves(&self, s: usize, out: &mut Vec<(usize, u64)>);
}

/// A [`SumGraph`] under a convention, as a [`ChanceGraph`]: one move per
/// edge, in the graph's order (so that [`best_move`] indices apply).
struct SumChance<'g, 'r, R: Ruleset> {
    graph: &'g SumGraph<'r, R>,
    play: Play,
}

impl<R: Ruleset> ChanceGraph for SumChance<'_, '_, R> {
    fn len(&self) -> usize {
        self.graph.len()
    }
    fn order(&self) -> Result<Vec<usize>> {
        Ok(self
            .graph
            .topological_order()?
            .into_iter()
            .map(|s| s as usize)
            .collect())
    }
    fn over(&self, s: usize) -> Option<bool> {
        let id = s as StateId;
        (self.graph.successors(id).is_empty())
            .then(|| self.graph.terminal_outcome(id, self.play) == Outcome::N)
    }
    fn moves(&self, s: usize, out: &mut Vec<(usize, u64)>) {
        out.extend(
            self.graph
                .successors(s as StateId)
                .iter()
                .map(|&t| (t as usize, 1)),
        );
    }
}

/// The random-play probability that the player to move wins, for every
/// state of `graph`, in floating point, each with a bound on its error.
///
/// This is the pass that [`win_probability`] makes for sums, offered for
/// graphs of other shapes: the SEAGM adapter runs it on its (g, t) states.
///
/// # Complexity
/// O(states + moves).
pub fn random_probabilities<G: ChanceGraph>(graph: &G) -> Result<(Vec<f64>, Vec<f64>)> {
    let order = graph.order()?;
    let skill = Skill2 {
        mover: 0.0,
        opponent: 0.0,
    };
    let (x, err) = run(graph, &order, &[], &skill, &Stop::NEVER)?;
    Ok((x, err))
}

/// One pass over the states in topological order: the probability of every
/// state, and a bound on the float error (0 for rationals).
fn run<G: ChanceGraph, T: Num>(
    graph: &G,
    order: &[usize],
    best: &[Option<usize>],
    skill: &Skill2<T>,
    stop: &Stop,
) -> Result<(Vec<T>, Vec<f64>)> {
    let n = graph.len();
    let zero = T::from_u64(0);
    let one = T::from_u64(1);
    // x: the player to move has the root mover's skill; y: the opponent's.
    let mut x: Vec<T> = vec![zero.clone(); n];
    let mut y: Vec<T> = Vec::new();
    let two_skills = !best.is_empty() && skill.mover != skill.opponent;
    if two_skills {
        y = vec![zero.clone(); n];
    }
    let mut err = vec![0f64; n];
    let mut bits_total = 0u64;
    let ulp = f64::EPSILON;
    let mut moves: Vec<(usize, u64)> = Vec::new();
    for (i, &s) in order.iter().enumerate() {
        // Exact sums grow costly: look at the stop token often.
        if i % 1024 == 0 {
            stop.check()?;
        }
        if let Some(wins) = graph.over(s) {
            let v = if wins { one.clone() } else { zero.clone() };
            if two_skills {
                y[s] = v.clone();
            }
            x[s] = v;
            continue;
        }
        moves.clear();
        graph.moves(s, &mut moves);
        let k: u64 = moves.iter().map(|&(_, w)| w).sum();
        let mix = |own: &T, other: &[T]| -> T {
            let mut total = zero.clone();
            for &(t, w) in &moves {
                let lose = one.sub(&other[t]);
                total = total.add(&if w == 1 { lose } else { lose.mul(&T::from_u64(w)) });
            }
            let mean = total.div_u64(k.max(1));
            match best.get(s).copied().flatten() {
                Some(b) => {
                    let perfect = one.sub(&other[moves[b].0]);
                    own.mul(&perfect).add(&one.sub(own).mul(&mean))
                }
                None => mean,
            }
        };
        let (vx, vy) = if two_skills {
            (mix(&skill.mover, &y), Some(mix(&skill.opponent, &x)))
        } else {
            (mix(&skill.mover, &x), None)
        };
        bits_total += vx.bits() + vy.as_ref().map_or(0, T::bits);
        if vx.bits() > EXACT_BITS_EACH || bits_total > EXACT_BITS_BUDGET {
            return Err(Error::Unsupported("exact probability too large".into()));
        }
        // The rounding of one state: its terms weighted, summed, scaled and
        // mixed, on top of the worst error among its successors.
        let worst = moves.iter().map(|&(t, _)| err[t]).fold(0.0, f64::max);
        err[s] = worst + (k as f64 + 8.0) * ulp;
        x[s] = vx;
        if let Some(vy) = vy {
            y[s] = vy;
        }
    }
    Ok((x, err))
}
