//! Misère play (the last mover loses): Bouton's rule for Nim, misère Grundy
//! values g⁻ of single positions, and genus symbols.
//!
//! Misère values do not add, so apart from Nim every answer here comes from
//! the exact graph of whole sums ([`SumGraph`]). Sums of tame games are
//! answered in [`tame`](fn@super::tame), sums of heaps by their misère
//! quotient in [`quotient`](super::MisereQuotient).

use super::sums::SumGraph;
use super::{Limits, Play};
use crate::rules::{Moves, Ruleset};
use crate::{Outcome, Result};
use std::fmt;

/// Who wins misère Nim with these heaps (C. L. Bouton, "Nim, a game with a
/// complete mathematical theory", Ann. of Math. 3 (1901)): if every heap is
/// at most 1, the player to move wins iff the number of heaps of 1 is even;
/// otherwise as in normal Nim, iff the xor of the heaps is non-zero.
///
/// # Complexity
/// O(number of heaps).
///
/// ```
/// use sprague::solve::bouton;
/// use sprague::Outcome;
/// assert_eq!(bouton(&[1, 1, 1]), Outcome::P);
/// assert_eq!(bouton(&[1, 1]), Outcome::N);
/// assert_eq!(bouton(&[2, 2]), Outcome::P);
/// assert_eq!(bouton(&[]), Outcome::N); // nothing to move: the player to move wins
/// ```
pub fn bouton(heaps: &[u64]) -> Outcome {
    let xor = heaps.iter().fold(0, |a, b| a ^ b);
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let wins = if heaps.iter().all(|&h| h <= 1) {
        ones % 2 == 0
    } else {
        xor != 0
    };
    if wins {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Every winning move of misère Nim, as (heap index, size left), in heap
/// order; none when the position is lost.
///
/// With two or more heaps above 1 the normal-play moves win (they leave a
/// heap above 1). With exactly one, reduce it to 0 or 1 so that an odd
/// number of 1-heaps is left. With none, take a 1-heap when their number is
/// even.
///
/// ```
/// use sprague::solve::bouton_moves;
/// assert_eq!(bouton_moves(&[1, 1, 5]), vec![(2, 1)]);
/// assert_eq!(bouton_moves(&[3, 4, 5]), vec![(0, 1)]);
/// ```
pub fn bouton_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    if bouton(heaps) == Outcome::P {
        return Vec::new();
    }
    let big = heaps.iter().filter(|&&h| h > 1).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let xor = heaps.iter().fold(0, |a, b| a ^ b);
    match big {
        0 => heaps
            .iter()
            .enumerate()
            .filter(|(_, &h)| h == 1)
            .map(|(i, _)| (i, 0))
            .collect(),
        1 => {
            let i = heaps.iter().position(|&h| h > 1).expect("one big heap");
            // Leave an odd number of 1-heaps: the others number `ones`.
            vec![(i, if ones % 2 == 0 { 1 } else { 0 })]
        }
        _ => heaps
            .iter()
            .enumerate()
            .filter(|(_, &h)| h ^ xor < h)
            .map(|(i, &h)| (i, h ^ xor))
            .collect(),
    }
}

/// The misère Grundy value g⁻ of each single position: 1 for a position
/// without moves, otherwise the mex of its options' values, an option that
/// is a sum being valued as one whole game.
///
/// # Complexity
/// The sums reachable from the positions (see [`SumGraph`]): linear for
/// games whose moves leave one heap, but growing like the partitions of n
/// for splitting games (Kayles to n ≈ 50 within 10^7 states).
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{misere_values, Limits};
/// // Misère nim heaps: g⁻(0) = 1, g⁻(1) = 0, then g⁻(n) = n.
/// assert_eq!(misere_values(&Nim, &[0, 1, 2, 3], Limits::default()).unwrap(), [1, 0, 2, 3]);
/// ```
pub fn misere_values<R: Ruleset>(rules: &R, positions: &[R::Position], limits: Limits) -> Result<Vec<u64>> {
    let mut graph = SumGraph::new(rules, limits);
    let roots = positions
        .iter()
        .map(|p| graph.add_root(std::slice::from_ref(p)))
        .collect::<Result<Vec<_>>>()?;
    let values = graph.mex_values(Play::Misere)?;
    Ok(roots.into_iter().map(|r| values[r as usize]).collect())
}

/// A genus symbol g^{γ1 γ2 …} (Winning Ways, ch. 13): γ0 = g⁺(G), the
/// normal value, and γ(k) = g⁻(G + 2 + … + 2) with k − 1 nim heaps of 2.
/// The sequence γ1, γ2, … ends alternating between two values; `misere`
/// stops where that alternation starts, as Winning Ways writes it, as far
/// as the terms computed show (see [`genus`]'s `depth`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// γ0: the normal-play Grundy value.
    pub normal: u64,
    /// γ1, γ2, …, up to where the last two values alternate for ever.
    pub misere: Vec<u64>,
}

impl Genus {
    /// Whether the position is tame in Conway's sense as far as its genus
    /// shows: the genus of a nim heap, 0^{120}, 1^{031}, or a^{a, a⊕2} for
    /// a ≥ 2 (2^{20}, 3^{31}, …).
    pub fn is_tame(&self) -> bool {
        match (self.normal, &self.misere[..]) {
            (0, [1, 2, 0]) | (1, [0, 3, 1]) => true,
            (a, [x, y]) => a >= 2 && *x == a && *y == a ^ 2,
            _ => false,
        }
    }
}

impl fmt::Display for Genus {
    /// `0^120`, `2^2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        let sep = if self.misere.iter().any(|&v| v > 9) {
            ","
        } else {
            ""
        };
        write!(f, "{}^{}", self.normal, m.join(sep))
    }
}

/// A component of a sum with extra nim heaps: for genus computations.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Part<P> {
    Nim(u64),
    Game(P),
}

/// A ruleset's sums with nim heaps beside them.
struct WithNim<'r, R> {
    rules: &'r R,
}

impl<R: Ruleset> Ruleset for WithNim<'_, R> {
    type Position = Part<R::Position>;

    fn spec(&self) -> String {
        format!("{} + nim", self.rules.spec())
    }

    fn parse_position(&self, text: &str) -> Result<Self::Position> {
        self.rules.parse_position(text).map(Part::Game)
    }

    fn check_position(&self, p: &Self::Position) -> Result<()> {
        match p {
            Part::Nim(_) => Ok(()),
            Part::Game(g) => self.rules.check_position(g),
        }
    }

    fn format_position(&self, p: &Self::Position) -> String {
        match p {
            Part::Nim(n) => format!("*{n}"),
            Part::Game(g) => self.rules.format_position(g),
        }
    }

    fn moves(&self, p: &Self::Position, out: &mut Moves<Self::Position>) -> Result<()> {
        match p {
            Part::Nim(n) => {
                for k in 0..*n {
                    out.push((k > 0).then_some(Part::Nim(k)), String::new);
                }
            }
            Part::Game(g) => {
                let mut inner = Moves::new(false).stopped_by(out.stop());
                self.rules.moves(g, &mut inner)?;
                for parts in inner.iter() {
                    out.push(parts.iter().cloned().map(Part::Game), String::new);
                }
            }
        }
        Ok(())
    }

    fn branching(&self, p: &Self::Position) -> u64 {
        match p {
            Part::Nim(n) => *n,
            Part::Game(g) => self.rules.branching(g),
        }
    }
}

/// The genus of each position (see [`Genus`]), from the exact graph of
/// the position plus up to `depth` nim heaps of 2; `normal` gives each
/// position's normal-play value.
///
/// # Complexity
/// The sums reachable from each position plus `depth` heaps of 2.
///
/// # Examples
/// ```
/// use sprague::rules::Nim;
/// use sprague::solve::{genus, Limits};
/// let g = genus(&Nim, &[0, 1, 2], &[0, 1, 2], 6, Limits::default()).unwrap();
/// let text: Vec<String> = g.iter().map(|g| g.to_string()).collect();
/// assert_eq!(text, ["0^120", "1^031", "2^20"]);
/// assert!(g.iter().all(|g| g.is_tame()));
/// ```
pub fn genus<R: Ruleset>(
    rules: &R,
    positions: &[R::Position],
    normal: &[u64],
    depth: usize,
    limits: Limits,
) -> Result<Vec<Genus>> {
    let wrapped = WithNim { rules };
    let mut graph = SumGraph::new(&wrapped, limits);
    let mut roots = Vec::new();
    for p in positions {
        let mut sum = vec![Part::Game(p.clone())];
        let mut row = Vec::new();
        for _ in 0..depth.max(3) {
            row.push(graph.add_root(&sum)?);
            sum.push(Part::Nim(2));
        }
        roots.push(row);
    }
    let values = graph.mex_values(Play::Misere)?;
    Ok(roots
        .into_iter()
        .zip(normal)
        .map(|(row, &g)| {
            let mut m: Vec<u64> = row.iter().map(|&s| values[s as usize]).collect();
            // Keep the shortest prefix after which the last two alternate.
            let mut len = m.len();
            while len > 2 && m[len - 1] == m[len - 3] {
                len -= 1;
            }
            if len == 2 && m[1] == m[0] {
                len = 1;
            }
            m.truncate(len);
            Genus { normal: g, misere: m }
        })
        .collect())
}
