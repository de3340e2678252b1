//! Floor-division games: replace n by ⌊n/d⌋ for d in a set D; 0 is erased.

use super::nim::{heap_parts, parse_heap};
use super::{HeapMoves, Moves, Ruleset};
use crate::Result;

/// A floor-division game on one number (FDIVGAME is D = {2, …, 6}).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divide {
    /// The divisors, sorted, distinct, all ≥ 2.
    pub divisors: Vec<u64>,
}

impl Ruleset for Divide {
    type Position = u64;

    fn spec(&self) -> String {
        format!("divide:{}", crate::number::format_set(&self.divisors))
    }

    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_heap(text)
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn moves(&self, &n: &u64, out: &mut Moves<u64>) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        for &d in &self.divisors {
            let q = n / d;
            out.push(heap_parts(q), || {
                if q == 0 {
                    format!("divide {n} by {d} (erased)")
                } else {
                    format!("divide {n} by {d}, leaving {q}")
                }
            });
        }
        Ok(())
    }

    fn branching(&self, _: &u64) -> u64 {
        self.divisors.len() as u64
    }

    fn heap_size(&self, &n: &u64) -> Option<u64> {
        Some(n)
    }

    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        Some(HeapMoves::Divide(&self.divisors))
    }
}
