//! Nim: take any positive number of tokens from one heap.

use super::{HeapMoves, Moves, Ruleset};
use crate::{Nimber, Result};

/// Nim on one heap; a position is the heap size. g(n) = n.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Nim;

/// Parses a heap size; shared by every heap game.
pub(crate) fn parse_heap(text: &str) -> Result<u64> {
    crate::number::parse_u64(text).map_err(|reason| crate::Error::BadPosition {
        text: text.to_string(),
        reason,
    })
}

/// The parts left by a heap of `n`: none when it is empty.
pub(crate) fn heap_parts(n: u64) -> Option<u64> {
    (n > 0).then_some(n)
}

impl Ruleset for Nim {
    type Position = u64;

    fn spec(&self) -> String {
        "nim".into()
    }

    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_heap(text)
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn moves(&self, &n: &u64, out: &mut Moves<u64>) -> Result<()> {
        for k in 1..=n {
            out.push(heap_parts(n - k), || format!("take {k} from the heap of {n}"));
        }
        Ok(())
    }

    fn branching(&self, &n: &u64) -> u64 {
        n
    }

    fn heap_size(&self, &n: &u64) -> Option<u64> {
        Some(n)
    }

    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        Some(HeapMoves::Nim)
    }

    fn closed_grundy(&self, &n: &u64) -> Option<Nimber> {
        Some(Nimber(n))
    }

    fn moves_to_value(&self, &n: &u64, target: Nimber, out: &mut Moves<u64>) -> bool {
        if target.0 < n {
            let k = n - target.0;
            out.push(heap_parts(target.0), || format!("take {k} from the heap of {n}"));
        }
        true
    }
}
