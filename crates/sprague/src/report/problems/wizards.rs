//! Codeforces 167C, Wizards and Numbers: one pair (a, b) per test.
//!
//! Input: t, then t lines `a b` (0 ≤ a, b ≤ 10^18; any u64 is accepted).
//! A move replaces the larger number b by b − a^k (k ≥ 1, result ≥ 0) or by
//! b mod a; a player facing a 0 cannot move and loses. Output `First` or
//! `Second`. The answer is [`wizards_outcome`], the Euclid-chain argument
//! of docs/theory.md; the tests check it against plain search over whole pairs.

use super::{each_test, winner, Output};
use crate::rules::{wizards_outcome, Moves, Ruleset, Wizards};
use crate::{Outcome, Result};

/// Answers Wizards and Numbers for `input`, test by test.
pub fn solve(data: &[u8], out: &mut Output<'_>) -> Result<()> {
    each_test(data, out, "the number of tests t", |input, out, test| {
        let mut r = input.record("a pair `a b`")?;
        let a = r.number("a", 0, u64::MAX)?;
        let b = r.number("b", 0, u64::MAX)?;
        r.end("b")?;
        let first = wizards_outcome(a, b) == Outcome::N;
        if out.explaining() {
            explain(test, a, b, out)?;
        }
        out.answer(winner(first, "First", "Second"));
        Ok(())
    })
}

/// Notes for one test: the Euclid chain, bottom up, and a winning move.
fn explain(test: u64, a: u64, b: u64, out: &mut Output<'_>) -> Result<()> {
    let (a, b) = (a.min(b), a.max(b));
    out.note(format!("test {test}: a = {a}, b = {b}"));
    let mut chain = Vec::new();
    let (mut x, mut y) = (a, b);
    while x != 0 {
        chain.push((x, y));
        (x, y) = (y % x, x);
    }
    out.note(format!(
        "({x}, {y}): a 0 is on the table, the player to move loses"
    ));
    for &(x, y) in chain.iter().rev() {
        let below = wizards_outcome(y % x, x);
        let wins = wizards_outcome(x, y) == Outcome::N;
        let why = if below == Outcome::P {
            format!(
                "({}, {x}) loses for whoever receives it, so take {y} mod {x} at once",
                y % x
            )
        } else {
            let c = y / x;
            let rem = c as u128 % (x as u128 + 1);
            format!(
                "({}, {x}) wins for whoever receives it, so both only subtract powers: \
                 a pile of floor({y}/{x}) = {c} stones taken 1, {x}, {x}^2, ... at a time, and {c} mod {} = {rem} is {}",
                y % x,
                x as u128 + 1,
                if rem.is_multiple_of(2) { "even" } else { "odd" }
            )
        };
        let verdict = if wins { "wins" } else { "loses" };
        out.note(format!("({x}, {y}): the player to move {verdict}: {why}"));
    }
    let rules = Wizards;
    let mut moves = Moves::new(true);
    rules.moves(&(a, b), &mut moves)?;
    let win = (0..moves.len()).find(|&i| match moves.parts(i) {
        [(x, y)] => wizards_outcome(*x, *y) == Outcome::P,
        _ => false,
    });
    match win {
        Some(i) => out.note(format!(
            "First wins, e.g. by `{}`, leaving {}",
            moves.label(i),
            rules.format_position(&moves.parts(i)[0])
        )),
        None => out.note("every move leaves a winning position for the opponent: Second wins"),
    }
    Ok(())
}
