//! Octal take-and-break games in Guy–Smith notation (`0.77` is Kayles).
//!
//! Digit d_k of the code says what may happen when k tokens are taken from
//! a heap: bit 1, the heap may be taken whole; bit 2, one non-empty heap may
//! remain; bit 4, two non-empty heaps may remain. The digit before the point
//! is d_0 and may only be 0 or 4 (split a heap without taking anything).

use super::nim::{heap_parts, parse_heap};
use super::{HeapMoves, Moves, Ruleset};
use crate::{Error, Result};
use std::fmt;

/// An octal code: `digits[k]` is d_k, trailing zeros removed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `0.77`, `.77`, `4.7`, `0.137`.
    pub fn parse(code: &str) -> std::result::Result<OctalCode, String> {
        let (int, frac) = code
            .split_once('.')
            .ok_or_else(|| format!("`{code}` has no point; write it like 0.77"))?;
        let d0 = match int {
            "" | "0" => 0,
            "4" => 4,
            _ => {
                return Err(format!(
                    "the digit before the point is `{int}`; it must be 0 or 4"
                ))
            }
        };
        let mut digits = vec![d0];
        for (i, c) in frac.chars().enumerate() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(format!(
                        "`{c}` (digit {} after the point) is not an octal digit 0-7",
                        i + 1
                    ))
                }
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(format!("`{code}` allows no move at all"));
        }
        if digits.len() > 64 {
            return Err("codes may take at most 63 tokens".into());
        }
        Ok(OctalCode { digits })
    }

    /// The digit d_k (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// All digits d_0, d_1, …, d_t.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// t: the most tokens a move can take.
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move leaves two heaps.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 4 != 0)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            // `4.0`, not `4.`.
            return write!(f, "0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// An octal game on one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalGame {
    /// The code.
    pub code: OctalCode,
}

impl OctalGame {
    /// The game for a code string, with errors naming `spec`.
    pub fn new(spec: &str, code: &str) -> Result<OctalGame> {
        OctalCode::parse(code)
            .map(|code| OctalGame { code })
            .map_err(|reason| Error::BadSpec {
                spec: spec.to_string(),
                reason,
            })
    }
}

impl Ruleset for OctalGame {
    type Position = u64;

    fn spec(&self) -> String {
        format!("octal:{}", self.code)
    }

    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_heap(text)
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn moves(&self, &n: &u64, out: &mut Moves<u64>) {
        for (k, &d) in self.code.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            if d & 1 != 0 && k == n && k > 0 {
                out.push(None, || move_label(n, k, &[]));
            }
            if d & 2 != 0 && n > k && k > 0 {
                out.push(heap_parts(n - k), || move_label(n, k, &[n - k]));
            }
            if d & 4 != 0 && n >= k + 2 {
                let rest = n - k;
                for a in 1..=rest / 2 {
                    out.push([a, rest - a], || move_label(n, k, &[a, rest - a]));
                }
            }
        }
    }

    fn branching(&self, &n: &u64) -> u64 {
        (self.code.digits.len() as u64).saturating_mul(n / 2 + 2)
    }

    fn heap_size(&self, &n: &u64) -> Option<u64> {
        Some(n)
    }

    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        Some(HeapMoves::Octal(&self.code))
    }
}

/// The label of the move that takes `k` tokens from a heap of `n` and
/// leaves the heaps `parts` ("take 1 from 11, leaving 4 + 6").
pub fn move_label(n: u64, k: u64, parts: &[u64]) -> String {
    match parts {
        [] => format!("take all {n}"),
        [a] => format!("take {k} from {n}, leaving {a}"),
        [a, b] if k == 0 => format!("split {n} into {a} + {b}"),
        [a, b] => format!("take {k} from {n}, leaving {a} + {b}"),
        _ => format!("take {k} from {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_codes() {
        assert_eq!(OctalCode::parse("0.77").unwrap().to_string(), "0.77");
        assert_eq!(OctalCode::parse(".1370").unwrap().to_string(), "0.137");
        assert_eq!(OctalCode::parse("4.7").unwrap().digits(), &[4, 7]);
        assert_eq!(OctalCode::parse("4.0").unwrap().to_string(), "4.0");
        assert_eq!(OctalCode::parse("4.00").unwrap().to_string(), "4.0");
        assert!(OctalCode::parse("0.78").unwrap_err().contains("`8`"));
        assert!(OctalCode::parse("0.0").is_err());
        assert!(OctalCode::parse("1.7").is_err());
        assert!(OctalCode::parse("77").is_err());
    }
}
