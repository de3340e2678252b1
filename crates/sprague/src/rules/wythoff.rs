//! Wythoff's game: two heaps; take from one, or the same amount from both.

use super::{Moves, Ruleset};
use crate::number::parse_tuple;
use crate::{Error, Outcome, Result};

/// The largest heap Wythoff positions may have (keeps 5k² within u128).
pub const WYTHOFF_MAX: u64 = 1 << 61;

/// Wythoff's game; a position is (a, b) with a ≤ b.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wythoff;

fn isqrt(v: u128) -> u128 {
    let mut x = (v as f64).sqrt() as u128;
    while x * x > v {
        x -= 1;
    }
    while (x + 1) * (x + 1) <= v {
        x += 1;
    }
    x
}

/// ⌊kφ⌋ exactly, φ the golden ratio: (k + ⌊√(5k²)⌋) / 2.
pub fn floor_k_phi(k: u64) -> u64 {
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

impl Ruleset for Wythoff {
    type Position = (u64, u64);

    fn spec(&self) -> String {
        "wythoff".into()
    }

    fn parse_position(&self, text: &str) -> Result<(u64, u64)> {
        let bad = |reason: String| Error::BadPosition {
            text: text.to_string(),
            reason,
        };
        match parse_tuple(text)?[..] {
            [a, b] if a.max(b) <= WYTHOFF_MAX => Ok((a.min(b), a.max(b))),
            [_, _] => Err(bad(format!("heaps are limited to {WYTHOFF_MAX}"))),
            _ => Err(bad("write a position as two heaps A,B, e.g. 3,5".into())),
        }
    }

    fn format_position(&self, &(a, b): &(u64, u64)) -> String {
        format!("{a},{b}")
    }

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Moves<(u64, u64)>) {
        let ord = |x: u64, y: u64| (x.min(y), x.max(y));
        for k in 1..=a {
            out.push([ord(a - k, b)], || format!("take {k} from the heap of {a}"));
        }
        for k in 1..=b {
            out.push([ord(a, b - k)], || format!("take {k} from the heap of {b}"));
        }
        for k in 1..=a {
            out.push([ord(a - k, b - k)], || format!("take {k} from both heaps"));
        }
    }

    fn branching(&self, &(a, b): &(u64, u64)) -> u64 {
        a.saturating_mul(2).saturating_add(b)
    }

    fn pair_position(&self, x: u64, y: u64) -> Option<(u64, u64)> {
        Some((x.min(y), x.max(y)))
    }

    /// P-positions are (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k).
    fn closed_outcome(&self, &(a, b): &(u64, u64)) -> Option<Outcome> {
        let k = b - a;
        Some(if floor_k_phi(k) == a {
            Outcome::P
        } else {
            Outcome::N
        })
    }
}
