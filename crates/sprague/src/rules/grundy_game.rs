//! Grundy's game: split one heap into two non-empty heaps of different sizes.

use super::nim::parse_heap;
use super::{HeapMoves, Moves, Ruleset};
use crate::Result;

/// Grundy's game on one heap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GrundyGame;

impl Ruleset for GrundyGame {
    type Position = u64;

    fn spec(&self) -> String {
        "grundy".into()
    }

    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_heap(text)
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn moves(&self, &n: &u64, out: &mut Moves<u64>) -> Result<()> {
        for a in 1..n.div_ceil(2) {
            out.push([a, n - a], || format!("split {n} into {a} + {}", n - a));
        }
        Ok(())
    }

    fn branching(&self, &n: &u64) -> u64 {
        n / 2
    }

    fn heap_size(&self, &n: &u64) -> Option<u64> {
        Some(n)
    }

    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        Some(HeapMoves::Grundy)
    }
}
