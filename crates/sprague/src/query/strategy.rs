//! What the rules' theorems say of a sum of board or graph components
//! without a search ([`Splitting::known_sum`]): a sum they value 0, or
//! the moves that leave one. For Cram this is the mirror strategy played
//! on the whole board: after the reply the board is symmetric again, its
//! shapes symmetric ones (0 by [`crate::rules::Cram::mirror_wins`]) or
//! pairs of images (which cancel).

use crate::rules::{Moves, Ruleset, Splitting};
use crate::solve::WinningMove;
use crate::Result;

/// What the theorems alone say of a sum.
#[derive(Debug)]
pub(crate) enum ByTheorem<P> {
    /// The sum is 0: a P-position.
    Zero,
    /// These moves leave a sum of value 0 (there may be other winning
    /// moves that only a search finds).
    Wins(Vec<WinningMove<P>>),
}

/// What the theorems of `split` say of `sum` (normal play), if anything.
///
/// # Errors
/// The rules' errors in listing moves.
pub(crate) fn by_theorem<R: Ruleset>(
    rules: &R,
    split: &dyn Splitting<R::Position>,
    sum: &[R::Position],
) -> Result<Option<ByTheorem<R::Position>>> {
    let mut keys = Vec::new();
    for p in sum {
        split.keys(p, &mut keys);
    }
    if split.known_sum(&keys) == Some(0) {
        return Ok(Some(ByTheorem::Zero));
    }
    let mut wins = Vec::new();
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
    Ok((!wins.is_empty()).then_some(ByTheorem::Wins(wins)))
}
