//! What the rules' theorems say of a sum of board or graph components
//! without a search ([`Splitting::known_sum`]): a sum they value 0, or
//! the moves that leave one. For Cram this is the mirror strategy played
//! on the whole board: after the reply the board is symmetric again, its
//! shapes symmetric ones (0 by [`crate::rules::Cram::mirror_wins`]) or
//! pairs of images (which cancel).

use crate::rules::{Moves, Ruleset, Splitting};
use crate::solve::WinningMove;
use crate::Result;

/// Whether the theorems of `split` value the sum 0 (normal play). A sum
/// with no component that has a move is left to the search.
pub(crate) fn zero_by_theorem<P>(split: &dyn Splitting<P>, sum: &[P]) -> bool {
    let mut keys = Vec::new();
    for p in sum {
        split.keys(p, &mut keys);
    }
    !keys.is_empty() && split.known_sum(&keys) == Some(0)
}

/// The moves of `sum` that leave a sum the theorems of `split` value 0
/// (normal play); other moves may win too.
///
/// # Errors
/// The rules' errors in listing moves (a stop among them).
pub(crate) fn wins_by_theorem<R: Ruleset>(
    rules: &R,
    split: &dyn Splitting<R::Position>,
    sum: &[R::Position],
) -> Result<Vec<WinningMove<R::Position>>> {
    let mut wins = Vec::new();
    let mut keys = Vec::new();
    let mut moves = Moves::new(true);
    for (i, p) in sum.iter().enumerate() {
        let mut others = Vec::new();
        for (_, q) in sum.iter().enumerate().filter(|&(j, _)| j != i) {
            split.keys(q, &mut others);
        }
        moves.clear();
        rules.moves(p, &mut moves)?;
        for m in 0..moves.len() {
            keys.clone_from(&others);
            for q in moves.parts(m) {
                split.keys(q, &mut keys);
            }
            if split.known_sum(&keys) == Some(0) {
                wins.push(WinningMove {
                    component: i,
                    label: moves.label(m).to_string(),
                    parts: moves.parts(m).to_vec(),
                });
            }
        }
    }
    Ok(wins)
}
