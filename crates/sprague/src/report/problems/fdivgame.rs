//! CodeChef FDIVGAME: a sum of floor-division games `divide:2..6`.
//!
//! Input: T; per test a line with N and a line with A1 … AN. A move replaces
//! one number by its quotient by 2, 3, 4, 5 or 6 (a 0 is erased); the last
//! player to move wins; Henry moves first. Output `Henry` or `Derek`.
//!
//! Every number is an independent component, so Henry wins iff the xor of
//! the numbers' Grundy values is non-zero, with g from [`grundy`].

use super::{each_test, winner, Output};
use crate::rules::{Divide, Ruleset};
use crate::solve::{Limits, Solver};
use crate::{Nimber, Result};

/// g(0..=5); every larger n reduces to one of these (see [`grundy`]).
const SMALL: [u64; 6] = [0, 1, 2, 2, 3, 3];

/// The rules of one number: `divide:2..6`.
pub fn rules() -> Divide {
    Divide {
        divisors: vec![2, 3, 4, 5, 6],
    }
}

/// The Grundy value of n in the game `divide:2..6`, in closed form.
///
/// g(n) = g(⌊n/12⌋) for n ≥ 6 and g = 0, 1, 2, 2, 3, 3 for n = 0..5
/// (docs/theory.md, "Floor division"): the identity holds on the window
/// [6, 72) of the dense table and hence for all n ≥ 6 by induction, since
/// ⌊⌊n/d⌋/12⌋ = ⌊⌊n/12⌋/d⌋. The tests check it against the dense table and
/// against win/loss search on whole boards.
///
/// # Complexity
/// O(log₁₂ n): at most 18 divisions for n < 2^64.
///
/// # Examples
/// ```
/// use sprague::report::problems::fdivgame::grundy;
/// assert_eq!([3, 4, 12, 24, 72].map(grundy), [2, 3, 1, 2, 0]);
/// ```
pub fn grundy(mut n: u64) -> u64 {
    while n >= 6 {
        n /= 12;
    }
    SMALL[n as usize]
}

/// Answers FDIVGAME for `input`, test by test.
pub fn solve(data: &[u8], out: &mut Output<'_>) -> Result<()> {
    let mut numbers = Vec::new();
    each_test(data, out, "the number of tests T", |input, out, test| {
        let mut r = input.record("N, the count of numbers")?;
        let n = r.number("N", 0, u64::MAX)?;
        r.end("N")?;
        let mut x = 0;
        numbers.clear();
        if n > 0 {
            let mut r = input.record("the N numbers")?;
            for _ in 0..n {
                let a = r.number("a number of the list (N of them)", 0, u64::MAX)?;
                x ^= grundy(a);
                if out.explaining() {
                    numbers.push(a);
                }
            }
            r.end("the N numbers")?;
        }
        if out.explaining() {
            explain(test, &numbers, out)?;
        }
        out.answer(winner(x != 0, "Henry", "Derek"));
        Ok(())
    })
}

/// Notes for one test: each number's value, the xor, a winning move.
fn explain(test: u64, numbers: &[u64], out: &mut Output<'_>) -> Result<()> {
    let rules = rules();
    let mut solver = Solver::new(&rules, Limits::default());
    solver.set_heap_oracle(Box::new(|n| Some(Nimber(grundy(n)))));
    out.note(format!(
        "test {test}: {} number(s), game {}",
        numbers.len(),
        rules.spec()
    ));
    out.note("g(n) = 0,1,2,2,3,3 for n = 0..5 and g(n) = g(floor(n/12)) beyond");
    let mut x = 0;
    for &a in numbers {
        let g = grundy(a);
        x ^= g;
        let mut chain = format!("g({a})");
        let mut m = a;
        while m >= 6 {
            m /= 12;
            chain.push_str(&format!(" = g({m})"));
        }
        out.note(format!("  {chain} = {g}"));
    }
    let parts: Vec<u64> = numbers.iter().map(|&a| grundy(a)).collect();
    out.note(format!(
        "xor = {} = {x}",
        parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" ^ ")
    ));
    if x == 0 {
        out.note("xor is 0: every move of Henry's leaves a non-zero xor, so Derek wins");
    } else {
        let moves = solver.winning_moves(numbers)?;
        match moves.first() {
            Some(m) => out.note(format!(
                "xor is not 0: Henry wins, e.g. by the move `{}` in number {}, which makes the xor 0",
                m.label,
                m.component + 1
            )),
            None => out.note("xor is not 0: Henry wins"),
        }
    }
    Ok(())
}
