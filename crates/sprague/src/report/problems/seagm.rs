//! CodeChef SEAGM: the gcd card game, optimal and random play.
//!
//! Input: T; per test a line with n and a line with the n cards (official
//! limits n ≤ 100, cards ≤ 100; any n and any cards ≥ 1 are accepted within
//! a state budget). g starts at 0; a move throws a remaining card and sets
//! g = gcd(g, card); the player whose move makes g = 1 loses; a player with
//! no card left loses. Output per test `W P`: W = 1 if the first player wins
//! with perfect play, else 0; P = the first player's win probability when
//! both throw a uniformly random remaining card, with four decimals.
//!
//! The game is [`crate::rules::GcdGame`]; this module solves it on the
//! compressed state space of docs/theory.md, which the tests check against the
//! generic solvers on whole card multisets.

use super::{each_test, Output};
use crate::rules::gcd;
use crate::solve::random::{random_probabilities, ChanceGraph};
use crate::{Error, Result};
use num_bigint::BigUint;
use std::collections::HashMap;

/// The largest number of (g, t) states one deal may need.
pub const MAX_STATES: usize = 20_000_000;

/// The most cards in one deal: beyond this the f64 error bound of
/// [`Deal::analyse`] grows past 10⁻⁵ and the exact fallback (numbers of
/// n·log₂ n bits) would be needed often and be slow.
pub const MAX_CARDS: u64 = 10_000;

/// One deal of cards, compressed to the states (g, t) of docs/theory.md.
///
/// g runs over every gcd of a non-empty set of cards; t counts the cards
/// thrown, all multiples of g; the cards left are cnt(g) − t multiples of g
/// (interchangeable: any of them keeps g) and every card that g does not
/// divide, grouped by gcd(g, card).
///
/// # Examples
/// ```
/// use sprague::report::problems::seagm::Deal;
///
/// let a = Deal::new(&[1, 2, 3, 4]).unwrap().analyse(false);
/// assert_eq!(a.line(), "1 0.5833");
/// assert_eq!(a.winning_cards, [3]);
/// ```
#[derive(Clone, Debug)]
pub struct Deal {
    n: u64,
    /// The first moves: (index of a distinct card value, its multiplicity).
    first: Vec<(usize, u64)>,
    /// Every g: the distinct cards first, then the other gcds.
    values: Vec<u64>,
    /// cnt(g): the cards that g divides.
    count: Vec<u64>,
    /// Index of state (g, 1) in the state arrays; states (g, 1..=cnt(g)).
    offset: Vec<usize>,
    /// For each g: (index of gcd(g, c), number of such cards c) over the
    /// cards c that g does not divide.
    moves: Vec<Vec<(usize, u64)>>,
    states: usize,
}

/// What a deal's analysis finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Whether the first player wins with perfect play.
    pub first_wins: bool,
    /// The first player's win probability under random play, times 10^4,
    /// rounded to the nearest integer (halves up).
    pub probability: u64,
    /// Every distinct card whose throw wins for the first player.
    pub winning_cards: Vec<u64>,
    /// Every distinct first card: what it leaves to the opponent.
    pub first_moves: Vec<FirstMove>,
    /// Whether the probability needed exact arithmetic to round.
    pub exact: bool,
    /// The number of (g, t) states.
    pub states: usize,
}

/// One distinct card the first player may throw first, and what it leaves.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstMove {
    /// The card (g becomes this value).
    pub card: u64,
    /// How many copies of it the deal holds.
    pub copies: u64,
    /// Whether the opponent then wins with perfect play.
    pub opponent_wins: bool,
    /// The opponent's win probability under random play (f64).
    pub opponent_probability: f64,
}

impl Eq for FirstMove {}

impl Analysis {
    /// The contest line `W P`.
    pub fn line(&self) -> String {
        format!(
            "{} {}.{:04}",
            u8::from(self.first_wins),
            self.probability / 10_000,
            self.probability % 10_000
        )
    }
}

impl Deal {
    /// Compresses a deal of `cards` (each ≥ 1).
    ///
    /// # Complexity
    /// O(|G| · d) gcd computations, where d is the number of distinct cards
    /// and G the set of gcds of card subsets (|G| ≤ 100 for cards ≤ 100).
    pub fn new(cards: &[u64]) -> Result<Deal> {
        let mut mult: HashMap<u64, u64> = HashMap::new();
        for &c in cards {
            if c == 0 {
                return Err(Error::BadPosition {
                    text: "0".into(),
                    reason: "cards are at least 1".into(),
                });
            }
            *mult.entry(c).or_default() += 1;
        }
        let mut distinct: Vec<(u64, u64)> = mult.into_iter().collect();
        distinct.sort_unstable();
        let mut index: HashMap<u64, usize> = HashMap::new();
        let mut values: Vec<u64> = Vec::new();
        let mut first = Vec::new();
        for &(c, m) in &distinct {
            index.insert(c, values.len());
            first.push((values.len(), m));
            values.push(c);
        }
        // A fixed bound (`solve` has no flag for it).
        let budget = || {
            Error::Unsupported(format!(
                "this deal has more than {MAX_STATES} (g, t) states, the most seagm computes"
            ))
        };
        let mut moves: Vec<Vec<(usize, u64)>> = Vec::new();
        let mut count = Vec::new();
        let mut i = 0;
        while i < values.len() {
            let g = values[i];
            let mut cnt = 0;
            let mut out: Vec<(usize, u64)> = Vec::new();
            for &(c, m) in &distinct {
                if c % g == 0 {
                    cnt += m;
                    continue;
                }
                let h = gcd(g, c);
                let j = *index.entry(h).or_insert_with(|| {
                    values.push(h);
                    values.len() - 1
                });
                match out.iter_mut().find(|(k, _)| *k == j) {
                    Some((_, w)) => *w += m,
                    None => out.push((j, m)),
                }
            }
            if values.len() > MAX_STATES || out.len() > MAX_STATES {
                return Err(budget());
            }
            moves.push(out);
            count.push(cnt);
            i += 1;
        }
        let mut offset = Vec::with_capacity(values.len());
        let mut states = 0usize;
        for &c in &count {
            offset.push(states);
            states = states.saturating_add(c as usize);
            if states > MAX_STATES {
                return Err(budget());
            }
        }
        Ok(Deal {
            n: cards.len() as u64,
            first,
            values,
            count,
            offset,
            moves,
            states,
        })
    }

    /// The index of state (g, t), 1 ≤ t ≤ cnt(g).
    fn at(&self, g: usize, t: u64) -> usize {
        self.offset[g] + (t - 1) as usize
    }

    /// Calls `visit(g, t, r)` for every state in an order where every
    /// move's target (t + 1) comes first; r = n − t cards are left.
    fn for_each_state(&self, mut visit: impl FnMut(usize, u64, u64)) {
        for t in (1..=self.n).rev() {
            for g in 0..self.values.len() {
                if self.count[g] >= t {
                    visit(g, t, self.n - t);
                }
            }
        }
    }

    /// Whether the player to move wins each state with perfect play, and
    /// the probability that they win under random play (f64) with its error
    /// bound; the last entry of the probabilities is the deal's start.
    ///
    /// At (1, t) the previous player made g = 1 and lost, so the player to
    /// move has won; with no card left the player to move has lost;
    /// otherwise win = some move reaches a lost state. The probabilities
    /// come from the library's random-play pass
    /// ([`crate::solve::random::random_probabilities`]), which every game's
    /// `--random` uses too, run on these states.
    fn solve_f64(&self) -> (Vec<bool>, Vec<f64>, f64) {
        let mut win = vec![false; self.states];
        self.for_each_state(|g, t, r| {
            let here = self.at(g, t);
            if self.values[g] == 1 {
                win[here] = true;
                return;
            }
            if r == 0 {
                return;
            }
            let mut w = self.count[g] > t && !win[self.at(g, t + 1)];
            for &(h, _) in &self.moves[g] {
                w |= !win[self.at(h, t + 1)];
            }
            win[here] = w;
        });
        let chance = DealChance::new(self);
        let (prob, err) =
            random_probabilities(&chance).unwrap_or_else(|_| unreachable!("(g, t) states have no cycle"));
        let bound = err[self.states];
        (win, prob, bound)
    }

    /// The first player's random-play win probability as an exact fraction
    /// (numerator, denominator = n!), not reduced.
    ///
    /// Q(g, t) = P(g, t) · (n − t)! is an integer, since
    /// Q = Σ w · ((r − 1)! − Q(next)) over the moves of (g, t).
    ///
    /// # Complexity
    /// The states and moves of [`Deal::analyse`], each a big-integer
    /// operation on numbers of O(n log n) bits.
    pub fn exact_probability(&self) -> (BigUint, BigUint) {
        let mut fact = vec![BigUint::from(1u32)];
        for k in 1..=self.n {
            let next = &fact[fact.len() - 1] * BigUint::from(k);
            fact.push(next);
        }
        let mut q = vec![BigUint::default(); self.states];
        self.for_each_state(|g, t, r| {
            let here = self.at(g, t);
            if self.values[g] == 1 {
                q[here] = fact[r as usize].clone();
                return;
            }
            if r == 0 {
                return;
            }
            let lose = &fact[r as usize - 1];
            let mut s = BigUint::default();
            let same = self.count[g] - t;
            if same > 0 {
                s += (lose - &q[self.at(g, t + 1)]) * BigUint::from(same);
            }
            for &(h, m) in &self.moves[g] {
                s += (lose - &q[self.at(h, t + 1)]) * BigUint::from(m);
            }
            q[here] = s;
        });
        let mut start = BigUint::default();
        if self.n > 0 {
            for &(g, m) in &self.first {
                start += (&fact[self.n as usize - 1] - &q[self.at(g, 1)]) * BigUint::from(m);
            }
        }
        let total = fact.pop().unwrap_or_default();
        (start, total)
    }

    /// The winning first cards and the random-play probability, from the
    /// state values.
    fn start(&self, win: &[bool], prob: &[f64]) -> Vec<FirstMove> {
        self.first
            .iter()
            .map(|&(g, m)| {
                let next = self.at(g, 1);
                FirstMove {
                    card: self.values[g],
                    copies: m,
                    opponent_wins: win[next],
                    opponent_probability: prob[next],
                }
            })
            .collect()
    }

    /// The first player's random-play win probability in f64 (absolute
    /// error at most (n + 3)²·2⁻⁵³, see [`Deal::analyse`]).
    pub fn probability(&self) -> f64 {
        let (_, prob, _) = self.solve_f64();
        prob[self.states]
    }

    /// Solves the deal: who wins with perfect play, the winning first
    /// cards, and the random-play probability rounded to four decimals.
    ///
    /// # Algorithm
    /// Bottom-up over the (g, t) states in decreasing t. The probability is
    /// computed in f64; its absolute error is at most Σ_{r ≤ n} (r + 2)·u
    /// ≤ (n + 3)²·u (u = 2⁻⁵³; each state adds the error of 1 − p, of the
    /// product, of summing at most r terms and of the division by r). Only
    /// when 10⁴·p lies within that bound of a rounding boundary (k + ½) is
    /// the probability recomputed exactly with big integers
    /// ([`Deal::exact_probability`]), which also happens when `force_exact`.
    ///
    /// # Complexity
    /// O(Σ_g cnt(g) · k) for k distinct gcds reachable in one move: at most
    /// about 10⁴ states of 100 moves for n = 100 cards ≤ 100.
    pub fn analyse(&self, force_exact: bool) -> Analysis {
        let (win, prob, bound) = self.solve_f64();
        let first_moves = self.start(&win, &prob);
        let p = prob[self.states];
        let winning_cards: Vec<u64> = first_moves
            .iter()
            .filter(|m| !m.opponent_wins)
            .map(|m| m.card)
            .collect();
        let n = self.n;
        let rounded = if force_exact { None } else { round_f64(p, n, bound) };
        let (probability, exact) = match rounded {
            Some(k) => (k, false),
            None => {
                let (q, total) = self.exact_probability();
                // round(q / total · 10^4), halves up: ⌊(2·10^4·q + total) / (2·total)⌋
                let num = q * BigUint::from(20_000u32) + &total;
                let k = num / (total * BigUint::from(2u32));
                (k.try_into().unwrap_or(u64::MAX), true)
            }
        };
        Analysis {
            first_wins: !winning_cards.is_empty(),
            probability,
            winning_cards,
            first_moves,
            exact,
            states: self.states,
        }
    }
}

/// A deal's (g, t) states and its start, for the library's random-play
/// pass: state `deal.states` is the start (g = 0, no card thrown).
struct DealChance<'a> {
    deal: &'a Deal,
    /// The g (index into `values`) of each (g, t) state.
    owner: Vec<u32>,
}

impl<'a> DealChance<'a> {
    fn new(deal: &'a Deal) -> Self {
        let mut owner = vec![0u32; deal.states];
        for (g, &c) in deal.count.iter().enumerate() {
            for t in 1..=c {
                owner[deal.at(g, t)] = g as u32;
            }
        }
        DealChance { deal, owner }
    }

    /// (g, t) of a state that is not the start.
    fn state(&self, s: usize) -> (usize, u64) {
        let g = self.owner[s] as usize;
        (g, (s - self.deal.offset[g]) as u64 + 1)
    }
}

impl ChanceGraph for DealChance<'_> {
    fn len(&self) -> usize {
        self.deal.states + 1
    }

    fn order(&self) -> Result<Vec<usize>> {
        let mut order = Vec::with_capacity(self.len());
        self.deal.for_each_state(|g, t, _| order.push(self.deal.at(g, t)));
        order.push(self.deal.states);
        Ok(order)
    }

    fn over(&self, s: usize) -> Option<bool> {
        if s == self.deal.states {
            return (self.deal.n == 0).then_some(false);
        }
        let (g, t) = self.state(s);
        if self.deal.values[g] == 1 {
            Some(true) // the previous player made g = 1 and lost
        } else if t == self.deal.n {
            Some(false) // no card left
        } else {
            None
        }
    }

    fn moves(&self, s: usize, out: &mut Vec<(usize, u64)>) {
        let d = self.deal;
        if s == d.states {
            out.extend(d.first.iter().map(|&(g, m)| (d.at(g, 1), m)));
            return;
        }
        let (g, t) = self.state(s);
        let same = d.count[g] - t;
        if same > 0 {
            out.push((d.at(g, t + 1), same));
        }
        out.extend(d.moves[g].iter().map(|&(h, m)| (d.at(h, t + 1), m)));
    }
}

/// `p · 10⁴` rounded to an integer, or `None` when `p`, known only within
/// `error` (the pass's bound) and the bound (n + 3)²·2⁻⁵³ of
/// [`Deal::analyse`], could lie on either side of a rounding boundary k + ½.
fn round_f64(p: f64, n: u64, error: f64) -> Option<u64> {
    let x = p * 10_000.0;
    // The bound scaled by 10⁴, plus the rounding of the product itself.
    let error = error.max((n as f64 + 3.0).powi(2) * (f64::EPSILON / 2.0));
    let bound = 10_000.0 * error + 1e-11;
    let near_half = ((x - x.floor()) - 0.5).abs() <= bound;
    (!near_half).then(|| x.round() as u64)
}

/// Answers SEAGM for `input`, test by test.
pub fn solve(data: &[u8], out: &mut Output<'_>) -> Result<()> {
    let mut cards = Vec::new();
    each_test(data, out, "the number of tests T", |input, out, test| {
        let mut r = input.record("n, the number of cards")?;
        let n = r.number("n", 0, MAX_CARDS)?;
        r.end("n")?;
        cards.clear();
        if n > 0 {
            let mut r = input.record("the n cards")?;
            for _ in 0..n {
                cards.push(r.number("a card (n of them)", 1, u64::MAX)?);
            }
            r.end("the n cards")?;
        }
        let a = Deal::new(&cards)?.analyse(false);
        if out.explaining() {
            explain(test, &cards, &a, out);
        }
        out.answer(&a.line());
        Ok(())
    })
}

/// Notes for one test: the state space, the winning cards, the probability.
fn explain(test: u64, cards: &[u64], a: &Analysis, out: &mut Output<'_>) {
    let list: Vec<String> = cards.iter().map(u64::to_string).collect();
    out.note(format!("test {test}: cards {}", list.join(" ")));
    out.note(format!(
        "states (g, t): g = gcd of the cards thrown, t = how many; {} states",
        a.states
    ));
    for m in &a.first_moves {
        out.note(format!(
            "  first card {}{}: g = {}; the opponent then {} with perfect play, and wins {:.4} of random games",
            m.card,
            if m.copies > 1 { format!(" (x{})", m.copies) } else { String::new() },
            m.card,
            if m.opponent_wins { "wins" } else { "loses" },
            m.opponent_probability
        ));
    }
    if a.first_wins {
        let w: Vec<String> = a.winning_cards.iter().map(u64::to_string).collect();
        out.note(format!(
            "the first player wins by throwing {} first (the opponent then loses with perfect play): W = 1",
            w.join(" or ")
        ));
    } else {
        out.note("every first card leaves a position the opponent wins: W = 0");
    }
    out.note(format!(
        "random play: P = mean over the n cards of (1 - the opponent's probability) = {}.{:04}{}",
        a.probability / 10_000,
        a.probability % 10_000,
        if a.exact {
            " (rounded from the exact fraction)"
        } else {
            ""
        }
    ));
}

#[cfg(test)]
mod tests {
    use super::round_f64;

    #[test]
    fn f64_rounding_defers_near_halves_to_exact_arithmetic() {
        assert_eq!(round_f64(0.58333333, 4, 0.0), Some(5833));
        assert_eq!(round_f64(0.4, 100, 0.0), Some(4000));
        assert_eq!(round_f64(1.0, 100, 0.0), Some(10_000));
        assert_eq!(round_f64(0.0, 0, 0.0), Some(0));
        assert_eq!(round_f64(0.12345, 5, 0.0), None);
        assert_eq!(round_f64(0.12345 + 1e-13, 100, 0.0), None);
        assert_eq!(round_f64(0.12345 + 1e-10, 100, 0.0), Some(1235));
        assert_eq!(round_f64(0.12345 + 1e-7, 100, 0.0), Some(1235));
        assert_eq!(round_f64(0.12345 - 1e-7, 100, 0.0), Some(1234));
    }
}
