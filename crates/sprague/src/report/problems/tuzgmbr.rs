//! CodeChef TUZGMBR: a chip on an N × M board, the game `grid:2x3`.
//!
//! Input: T, then T lines `N M` (N rows, M columns, both ≥ 1; any u64 is
//! accepted). The chip starts at (1, 1); a move takes it up 1–3 rows or
//! right 1–2 columns, staying on the board; who cannot move loses; Tuzik
//! moves first. Output `Tuzik` or `Vanya`.
//!
//! The two directions are independent subtraction games, so
//! g = ((N − 1) mod 4) xor ((M − 1) mod 3), the closed form of
//! [`Grid::closed_grundy`]; the tests check it against search on every cell.

use super::{each_test, winner, Output};
use crate::rules::{Grid, Moves, Ruleset};
use crate::{Error, Nimber, Result};

/// The rules: right at most 2 columns, up at most 3 rows.
pub const RULES: Grid = Grid { right: 2, up: 3 };

/// The Grundy value of the board with `rows` rows and `cols` columns (both ≥ 1).
///
/// # Examples
/// ```
/// use sprague::report::problems::tuzgmbr::grundy;
/// assert_eq!(grundy(4, 4).unwrap().0, 3);
/// assert_eq!(grundy(2, 2).unwrap().0, 0);
/// ```
pub fn grundy(rows: u64, cols: u64) -> Result<Nimber> {
    RULES
        .closed_grundy(&(rows, cols))
        .ok_or_else(|| Error::Unsupported(format!("no closed form for {}", RULES.spec())))
}

/// Answers TUZGMBR for `input`, test by test.
pub fn solve(data: &[u8], out: &mut Output<'_>) -> Result<()> {
    each_test(data, out, "the number of tests T", |input, out, test| {
        let mut r = input.record("a board `N M`")?;
        let n = r.number("N (rows)", 1, u64::MAX)?;
        let m = r.number("M (columns)", 1, u64::MAX)?;
        r.end("M")?;
        let g = grundy(n, m)?;
        if out.explaining() {
            explain(test, n, m, g, out)?;
        }
        out.answer(winner(g != Nimber::ZERO, "Tuzik", "Vanya"));
        Ok(())
    })
}

/// Notes for one test: the two components, their xor, a winning move.
fn explain(test: u64, n: u64, m: u64, g: Nimber, out: &mut Output<'_>) -> Result<()> {
    out.note(format!("test {test}: {n} rows, {m} columns, chip at (1, 1)"));
    out.note(format!(
        "rows above the chip: {} steps of 1..3, g = {} mod 4 = {}",
        n - 1,
        n - 1,
        (n - 1) % 4
    ));
    out.note(format!(
        "columns to its right: {} steps of 1..2, g = {} mod 3 = {}",
        m - 1,
        m - 1,
        (m - 1) % 3
    ));
    out.note(format!("xor = {} ^ {} = {}", (n - 1) % 4, (m - 1) % 3, g.0));
    if g == Nimber::ZERO {
        out.note("xor is 0: every move of Tuzik's leaves a non-zero xor, so Vanya wins");
        return Ok(());
    }
    let mut moves = Moves::new(true);
    RULES.moves(&(n, m), &mut moves)?;
    for i in 0..moves.len() {
        if let [(x, y)] = moves.parts(i) {
            if grundy(*x, *y)? == Nimber::ZERO {
                out.note(format!("Tuzik wins, e.g. by moving the chip {}", moves.label(i)));
                break;
            }
        }
    }
    Ok(())
}
