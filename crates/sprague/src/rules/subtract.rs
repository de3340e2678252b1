//! Subtraction games: take k tokens from a heap, k from a set S.

use super::nim::{heap_parts, parse_heap};
use super::{HeapMoves, Moves, Ruleset};
use crate::number::format_set;
use crate::Result;

/// Which amounts may be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSet {
    /// k ∈ S, a finite set (sorted, distinct, all ≥ 1).
    Finite(Vec<u64>),
    /// Any k ≥ 1 not in S (sorted, distinct).
    AllBut(Vec<u64>),
    /// k a power a⁰, a¹, a², … of the base a ≥ 2.
    Powers(u64),
}

/// A subtraction game on one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    /// The amounts that may be taken.
    pub set: SubtractionSet,
}

impl Subtraction {
    /// Every amount that may be taken from a heap of `n`, in increasing order.
    pub fn amounts(&self, n: u64) -> Vec<u64> {
        match &self.set {
            SubtractionSet::Finite(s) => s.iter().copied().filter(|&k| k <= n).collect(),
            SubtractionSet::AllBut(s) => (1..=n).filter(|k| s.binary_search(k).is_err()).collect(),
            SubtractionSet::Powers(a) => powers_upto(*a, n),
        }
    }
}

/// The powers 1, a, a², … that are ≤ n (a ≥ 2), without overflow.
pub fn powers_upto(a: u64, n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut p = 1u64;
    while p <= n {
        out.push(p);
        match p.checked_mul(a) {
            Some(q) => p = q,
            None => break,
        }
    }
    out
}

impl Ruleset for Subtraction {
    type Position = u64;

    fn spec(&self) -> String {
        match &self.set {
            SubtractionSet::Finite(s) => format!("subtract:{}", format_set(s)),
            SubtractionSet::AllBut(s) => format!("allbut:{}", format_set(s)),
            SubtractionSet::Powers(a) => format!("powers:{a}"),
        }
    }

    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_heap(text)
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn moves(&self, &n: &u64, out: &mut Moves<u64>) -> Result<()> {
        for k in self.amounts(n) {
            out.push(heap_parts(n - k), || format!("take {k} from the heap of {n}"));
        }
        Ok(())
    }

    fn branching(&self, &n: &u64) -> u64 {
        match &self.set {
            SubtractionSet::Finite(s) => s.len() as u64,
            SubtractionSet::AllBut(_) => n,
            SubtractionSet::Powers(_) => 64,
        }
    }

    fn heap_size(&self, &n: &u64) -> Option<u64> {
        Some(n)
    }

    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        Some(match &self.set {
            SubtractionSet::Finite(s) => HeapMoves::Subtract(s),
            SubtractionSet::AllBut(s) => HeapMoves::AllBut(s),
            SubtractionSet::Powers(a) => HeapMoves::Powers(*a),
        })
    }
}
