//! Wythoff's game: two heaps; take from one, or the same amount from both.

use super::{Moves, Ruleset};
use crate::number::parse_tuple;
use crate::{Error, Nimber, Outcome, Result};

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

/// The k with ⌊kφ⌋ = x, if x is a lower Wythoff number.
fn lower_index(x: u64) -> Option<u64> {
    let x2 = x as u128;
    // k ≈ x/φ = (√(5x²) − x)/2; the floor is within 2 of it.
    let c = ((isqrt(5 * x2 * x2) - x2) / 2) as u64;
    (c.saturating_sub(2)..=c + 2).find(|&k| floor_k_phi(k) == x)
}

/// The k with ⌊kφ²⌋ = ⌊kφ⌋ + k = x, if x is an upper Wythoff number.
fn upper_index(x: u64) -> Option<u64> {
    let x2 = x as u128;
    // k ≈ x/φ² = (3x − √(5x²))/2.
    let c = ((3 * x2 - isqrt(5 * x2 * x2)) / 2) as u64;
    (c.saturating_sub(2)..=c + 2).find(|&k| floor_k_phi(k) + k == x)
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

    fn check_position(&self, &(a, b): &(u64, u64)) -> Result<()> {
        if a > b {
            return Err(super::not_a_position(
                format!("{a},{b}"),
                "a position is written smaller heap first (A ≤ B)",
            ));
        }
        if b > WYTHOFF_MAX {
            return Err(super::not_a_position(
                format!("{a},{b}"),
                format!("heaps are limited to {WYTHOFF_MAX}"),
            ));
        }
        Ok(())
    }

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Moves<(u64, u64)>) -> Result<()> {
        let ord = |x: u64, y: u64| (x.min(y), x.max(y));
        if a == b {
            // Two heaps, each a choice of its own (as two equal heaps of a
            // sum are), though both leave the same position.
            for which in ["first", "second"] {
                for k in 1..=a {
                    out.push([(a - k, a)], || format!("take {k} from the {which} heap of {a}"));
                }
            }
        } else {
            for k in 1..=a {
                out.push([ord(a - k, b)], || format!("take {k} from the heap of {a}"));
            }
            for k in 1..=b {
                out.push([ord(a, b - k)], || format!("take {k} from the heap of {b}"));
            }
        }
        for k in 1..=a {
            out.push([ord(a - k, b - k)], || format!("take {k} from both heaps"));
        }
        Ok(())
    }

    fn branching(&self, &(a, b): &(u64, u64)) -> u64 {
        a.saturating_mul(2).saturating_add(b)
    }

    /// Moves to P-positions (value 0) from the Beatty pairs: at most one
    /// taking from each heap and one taking from both.
    fn moves_to_value(&self, &(a, b): &(u64, u64), target: Nimber, out: &mut Moves<(u64, u64)>) -> bool {
        if target != Nimber::ZERO {
            return false;
        }
        let mut found: Vec<((u64, u64), String)> = Vec::new();
        // Take from the heap of b: keep a, find its partner below b.
        if let Some(k) = lower_index(a) {
            if a + k < b {
                found.push(((a, a + k), format!("take {} from the heap of {b}", b - a - k)));
            }
        }
        if let Some(j) = upper_index(a).filter(|&j| j >= 1) {
            found.push(((a - j, a), format!("take {} from the heap of {b}", b - (a - j))));
        }
        // Take from the heap of a: b must be an upper number whose partner is below a.
        if let Some(k) = upper_index(b).filter(|&k| k >= 1 && b - k < a) {
            found.push(((b - k, b), format!("take {} from the heap of {a}", a - (b - k))));
        }
        // Take the same from both: the difference stays b − a.
        let lo = floor_k_phi(b - a);
        if lo < a {
            let d = a - lo;
            found.push(((lo, b - d), format!("take {d} from both heaps")));
        }
        found.sort();
        found.dedup_by(|x, y| x.0 == y.0);
        for (p, label) in found {
            if a == b && p.1 == a {
                // From one of two equal heaps: two moves, as `moves` lists.
                let k = a - p.0;
                for which in ["first", "second"] {
                    out.push([p], || format!("take {k} from the {which} heap of {a}"));
                }
            } else {
                out.push([p], || label);
            }
        }
        true
    }

    fn pair_position(&self, x: u64, y: u64) -> Result<Option<(u64, u64)>> {
        Ok(Some((x.min(y), x.max(y))))
    }

    fn pair_names(&self) -> [&'static str; 2] {
        ["heap a", "heap b"]
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
