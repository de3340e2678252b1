//! Wizards and Numbers (Codeforces 167C): two numbers a ≤ b; replace b by
//! b − a^k (k ≥ 1) or by b mod a; whoever faces a 0 cannot move.

use super::{Moves, Ruleset};
use crate::number::parse_tuple;
use crate::{Error, Outcome, Result};

/// Wizards and Numbers; a position is the ordered pair (a, b), a ≤ b.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wizards;

fn ordered(x: u64, y: u64) -> (u64, u64) {
    (x.min(y), x.max(y))
}

/// The outcome of (a, b) by the Euclid-chain argument (docs/theory.md).
///
/// If (b mod a, a) loses for whoever receives it, take the mod at once.
/// Otherwise both players only subtract powers: a pile of c = ⌊b/a⌋ with
/// moves removing 1, a, a², …, which the player to move wins iff
/// `c mod (a + 1)` is even. Iterative: O(log b) steps, no allocation.
///
/// # Examples
/// ```
/// use sprague::rules::wizards_outcome;
/// use sprague::Outcome;
/// assert_eq!(wizards_outcome(10, 21), Outcome::N);
/// assert_eq!(wizards_outcome(31, 10), Outcome::P);
/// ```
pub fn wizards_outcome(a: u64, b: u64) -> Outcome {
    // Lamé: Euclid's algorithm on numbers below 2^64 takes at most 93
    // division steps (the worst case is two consecutive Fibonacci numbers).
    let mut chain = [(0u64, 0u64); 128];
    let mut len = 0;
    let (mut a, mut b) = ordered(a, b);
    while a != 0 {
        chain[len] = (a, b / a);
        len += 1;
        (a, b) = (b % a, a);
    }
    let mut wins = false; // the player facing a 0 loses
    for &(a, c) in chain[..len].iter().rev() {
        // c mod (a + 1); for a = u64::MAX, c ≤ 1 < a + 1.
        let rem = a.checked_add(1).map_or(c, |m| c % m);
        wins = !wins || rem % 2 == 0;
    }
    if wins {
        Outcome::N
    } else {
        Outcome::P
    }
}

impl Ruleset for Wizards {
    type Position = (u64, u64);

    fn spec(&self) -> String {
        "wizards".into()
    }

    fn parse_position(&self, text: &str) -> Result<(u64, u64)> {
        match parse_tuple(text)?[..] {
            [a, b] => Ok(ordered(a, b)),
            _ => Err(Error::BadPosition {
                text: text.to_string(),
                reason: "write a position as two numbers A,B, e.g. 10,21".into(),
            }),
        }
    }

    fn format_position(&self, &(a, b): &(u64, u64)) -> String {
        format!("{a},{b}")
    }

    fn check_position(&self, &(a, b): &(u64, u64)) -> Result<()> {
        if a > b {
            return Err(super::not_a_position(
                format!("{a},{b}"),
                "a position is written smaller number first (A ≤ B)",
            ));
        }
        Ok(())
    }

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Moves<(u64, u64)>) -> Result<()> {
        if a == 0 {
            return Ok(());
        }
        let mut p = a;
        loop {
            if p > b {
                break;
            }
            out.push([ordered(a, b - p)], || format!("subtract {p} from {b}"));
            if a == 1 {
                break;
            }
            match p.checked_mul(a) {
                Some(q) => p = q,
                None => break,
            }
        }
        out.push([ordered(a, b % a)], || {
            format!("replace {b} by {b} mod {a} = {}", b % a)
        });
        Ok(())
    }

    fn branching(&self, _: &(u64, u64)) -> u64 {
        65
    }

    fn pair_position(&self, x: u64, y: u64) -> Result<Option<(u64, u64)>> {
        Ok(Some((x.min(y), x.max(y))))
    }

    fn pair_names(&self) -> [&'static str; 2] {
        ["a", "b"]
    }

    fn closed_outcome(&self, &(a, b): &(u64, u64)) -> Option<Outcome> {
        Some(wizards_outcome(a, b))
    }
}
