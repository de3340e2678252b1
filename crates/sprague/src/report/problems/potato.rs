//! TopCoder SRM 472 PotatoGame: subtract a power of four, `powers:4`.
//!
//! Our format: T, then T lines each with n (any u64). A move eats 1, 4,
//! 16, … potatoes; who cannot move loses; Taro moves first. Output `Taro`
//! or `Hanako`.
//!
//! Since 4^k ≡ (−1)^k (mod 5), every move changes n mod 5 by −1 or +1, and
//! g(n) is periodic: g = 0, 1, 0, 1, 2 for n mod 5 = 0..4 (induction on n:
//! residue r reaches residues r − 1 and, once n ≥ 4, r + 1). So the player
//! to move loses iff n mod 5 ∈ {0, 2}. The tests check this against the
//! dense table of `powers:4` and against plain search.

use super::{each_test, winner, Output};
use crate::rules::{Moves, Ruleset, Subtraction, SubtractionSet};
use crate::{Nimber, Result};

/// g(n) for n mod 5 = 0..4.
const PERIOD: [u64; 5] = [0, 1, 0, 1, 2];

/// The rules: subtract 1, 4, 16, ….
pub fn rules() -> Subtraction {
    Subtraction {
        set: SubtractionSet::Powers(4),
    }
}

/// The Grundy value of a heap of n potatoes, in closed form.
///
/// # Complexity
/// O(1).
///
/// # Examples
/// ```
/// use sprague::report::problems::potato::grundy;
/// assert_eq!((0..7).map(grundy).collect::<Vec<_>>(), [0, 1, 0, 1, 2, 0, 1]);
/// ```
pub fn grundy(n: u64) -> u64 {
    PERIOD[(n % 5) as usize]
}

/// Answers PotatoGame for `input`, test by test.
pub fn solve(data: &[u8], out: &mut Output<'_>) -> Result<()> {
    each_test(data, out, "the number of tests T", |input, out, test| {
        let mut r = input.record("n, the number of potatoes")?;
        let n = r.number("n", 0, u64::MAX)?;
        r.end("n")?;
        let g = grundy(n);
        if out.explaining() {
            explain(test, n, g, out)?;
        }
        out.answer(winner(g != 0, "Taro", "Hanako"));
        Ok(())
    })
}

/// Notes for one test: n mod 5, the value, a winning move.
fn explain(test: u64, n: u64, g: u64, out: &mut Output<'_>) -> Result<()> {
    out.note(format!(
        "test {test}: n = {n}, n mod 5 = {}, g = {}",
        n % 5,
        Nimber(g)
    ));
    if g == 0 {
        out.note("n mod 5 is 0 or 2: every move leaves 1, 3 or 4 mod 5, so Hanako wins");
        return Ok(());
    }
    let mut moves = Moves::new(true);
    rules().moves(&n, &mut moves)?;
    let win =
        (0..moves.len()).find(|&i| moves.parts(i).iter().map(|&q| grundy(q)).fold(0, |a, b| a ^ b) == 0);
    if let Some(i) = win {
        out.note(format!("Taro wins, e.g. by `{}`", moves.label(i)));
    }
    Ok(())
}
