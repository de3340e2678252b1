//! Nimbers (Grundy values), the mex, and outcomes.

use std::fmt;
use std::ops::{Add, AddAssign};

/// A Grundy value `*n`; adding two nimbers is the xor of their values.
///
/// ```
/// use sprague::Nimber;
/// assert_eq!(Nimber(3) + Nimber(5), Nimber(6));
/// assert_eq!(Nimber(2).to_string(), "*2");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Nimber(pub u64);

impl Nimber {
    /// The zero nimber: a loss for the player to move.
    pub const ZERO: Nimber = Nimber(0);

    /// The outcome of a position with this Grundy value under normal play.
    pub fn outcome(self) -> Outcome {
        if self.0 == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl Add for Nimber {
    type Output = Nimber;
    #[allow(clippy::suspicious_arithmetic_impl)] // nim-addition is xor
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)] // nim-addition is xor
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            write!(f, "0")
        } else {
            write!(f, "*{}", self.0)
        }
    }
}

/// The minimum excludant: the least non-negative integer not in `values`.
///
/// # Complexity
/// O(k log k) for k values (sorts a copy); use a stamp array in hot loops.
///
/// ```
/// assert_eq!(sprague::mex([0, 1, 3]), 2);
/// assert_eq!(sprague::mex([]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut v: Vec<u64> = values.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    let mut m = 0;
    for x in v {
        if x == m {
            m += 1;
        } else if x > m {
            break;
        }
    }
    m
}

/// Who wins a position with perfect play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The next player (the one to move) wins.
    N,
    /// The previous player wins: the player to move loses.
    P,
    /// A draw: neither player can force a win (loopy games only).
    D,
}

impl Outcome {
    /// The outcome in words, for people.
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::N => "the player to move wins",
            Outcome::P => "the player to move loses",
            Outcome::D => "a draw: neither player can force a win",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::D => "D",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_skips_duplicates_and_gaps() {
        assert_eq!(mex([2, 0, 0, 1, 5]), 3);
        assert_eq!(mex([1, 2]), 0);
    }

    #[test]
    fn nimber_addition_is_xor() {
        let s: Nimber = [Nimber(1), Nimber(2), Nimber(3)].into_iter().sum();
        assert_eq!(s, Nimber::ZERO);
        assert_eq!(s.outcome(), Outcome::P);
    }
}
