//! A chip on a board: move it right or up by a bounded number of steps.

use super::{Moves, Ruleset};
use crate::number::parse_tuple;
use crate::{Error, Nimber, Result};

/// The chip game on an N×M board (TUZGMBR is right ≤ 2, up ≤ 3).
///
/// A position `(rows, cols)` is a board with the chip in its bottom-left
/// corner (1, 1); moving the chip up by u leaves a board of `rows − u` rows
/// with the chip again in its corner, so positions stay board sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The most columns one move goes right (R ≥ 1).
    pub right: u64,
    /// The most rows one move goes up (U ≥ 1).
    pub up: u64,
}

impl Ruleset for Grid {
    type Position = (u64, u64);

    fn spec(&self) -> String {
        format!("grid:{}x{}", self.right, self.up)
    }

    fn parse_position(&self, text: &str) -> Result<(u64, u64)> {
        let v = parse_tuple(text)?;
        let bad = |reason: &str| Error::BadPosition {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        match v[..] {
            [n, m] if n >= 1 && m >= 1 => Ok((n, m)),
            [_, _] => Err(bad("a board has at least 1 row and 1 column")),
            _ => Err(bad("write a board as ROWS,COLUMNS, e.g. 4,4")),
        }
    }

    fn format_position(&self, &(n, m): &(u64, u64)) -> String {
        format!("{n},{m}")
    }

    fn check_position(&self, &(n, m): &(u64, u64)) -> Result<()> {
        if n == 0 || m == 0 {
            return Err(super::not_a_position(
                format!("{n},{m}"),
                "a board has at least 1 row and 1 column",
            ));
        }
        Ok(())
    }

    fn moves(&self, &(n, m): &(u64, u64), out: &mut Moves<(u64, u64)>) -> Result<()> {
        for u in 1..=self.up.min(n - 1) {
            out.push([(n - u, m)], || {
                format!("up {u} row{}", if u == 1 { "" } else { "s" })
            });
        }
        for r in 1..=self.right.min(m - 1) {
            out.push([(n, m - r)], || {
                format!("right {r} column{}", if r == 1 { "" } else { "s" })
            });
        }
        Ok(())
    }

    fn branching(&self, &(n, m): &(u64, u64)) -> u64 {
        self.up.min(n - 1).saturating_add(self.right.min(m - 1))
    }

    fn pair_position(&self, x: u64, y: u64) -> Result<Option<(u64, u64)>> {
        Ok((x >= 1 && y >= 1).then_some((x, y)))
    }

    fn pair_origin(&self) -> u64 {
        1
    }

    fn pair_names(&self) -> [&'static str; 2] {
        ["rows", "columns"]
    }

    /// The two directions are independent subtraction games `1..U` on the
    /// rows left above the chip and `1..R` on the columns to its right.
    fn closed_grundy(&self, &(n, m): &(u64, u64)) -> Option<Nimber> {
        // A step limit of u64::MAX reaches every row: the value is the distance.
        let rows = self.up.checked_add(1).map_or(n - 1, |d| (n - 1) % d);
        let cols = self.right.checked_add(1).map_or(m - 1, |d| (m - 1) % d);
        Some(Nimber(rows ^ cols))
    }
}
