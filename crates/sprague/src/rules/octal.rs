//! Octal and hexadecimal take-and-break games in Guy–Smith notation
//! (`0.77` is Kayles, `0.f` a hexadecimal code).
//!
//! Digit d_k of the code says what may happen when k tokens are taken from
//! a heap: bit 1, the heap may be taken whole; bit 2, one non-empty heap may
//! remain; bit 4, two non-empty heaps may remain; bit 8 (hexadecimal codes,
//! digits 8–f), three non-empty heaps may remain. The digit before the point
//! is d_0 and may only be 0 or 4 (split a heap in two without taking
//! anything), or in a hexadecimal code also 8 or c (in three; in two or
//! three).
//!
//! A code whose digits are all below 8 is an octal game however it was
//! written: `hex:0.77` and `octal:0.77` are the same game, spelt `octal:0.77`.

use super::nim::{heap_parts, parse_heap};
use super::{HeapMoves, Moves, Ruleset};
use crate::{Error, Result};
use std::fmt;

/// A take-and-break code: `digits[k]` is d_k (0–15), trailing zeros
/// removed. Octal when every digit is below 8, hexadecimal otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses an octal code: `0.77`, `.77`, `4.7`, `0.137`.
    pub fn parse(code: &str) -> std::result::Result<OctalCode, String> {
        OctalCode::parse_radix(code, 8)
    }

    /// Parses a hexadecimal code: `0.f`, `0.8`, `c.0`, `0.2048`; digits
    /// 0–9 and a–f (either case). An octal code is a hexadecimal one too.
    pub fn parse_hex(code: &str) -> std::result::Result<OctalCode, String> {
        OctalCode::parse_radix(code, 16)
    }

    fn parse_radix(code: &str, radix: u32) -> std::result::Result<OctalCode, String> {
        let (int, frac) = code
            .split_once('.')
            .ok_or_else(|| format!("`{code}` has no point; write it like 0.77"))?;
        let d0 = match (int, radix) {
            ("" | "0", _) => 0,
            ("4", _) => 4,
            ("8", 16) => 8,
            ("c" | "C", 16) => 12,
            (_, 8) => {
                return Err(format!(
                    "the digit before the point is `{int}`; it must be 0 or 4 (a hexadecimal code, hex:…, may also have 8 or c)"
                ))
            }
            _ => {
                return Err(format!(
                    "the digit before the point is `{int}`; it must be 0, 4, 8 or c"
                ))
            }
        };
        let mut digits = vec![d0];
        for (i, c) in frac.chars().enumerate() {
            match c.to_digit(radix) {
                Some(d) => digits.push(d as u8),
                None if radix == 8 && c.is_ascii_hexdigit() => {
                    return Err(format!(
                        "`{c}` (digit {} after the point) is not an octal digit 0-7; write a hexadecimal code as hex:{code}",
                        i + 1
                    ))
                }
                None => {
                    return Err(format!(
                        "`{c}` (digit {} after the point) is not {}",
                        i + 1,
                        if radix == 8 { "an octal digit 0-7" } else { "a hexadecimal digit 0-9, a-f" }
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

    /// Whether some move leaves two heaps (or three).
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 12 != 0)
    }

    /// Whether some move leaves three heaps: a hexadecimal code.
    pub fn is_hex(&self) -> bool {
        self.digits.iter().any(|d| d & 8 != 0)
    }

    /// The most heaps a move leaves: 3 for a hexadecimal code, 2 for an
    /// octal code that splits, 1 otherwise.
    pub fn max_heaps(&self) -> u64 {
        if self.is_hex() {
            3
        } else if self.splits() {
            2
        } else {
            1
        }
    }

    /// The game's spec: `octal:0.77`, or `hex:0.f` for a hexadecimal code.
    pub fn spec(&self) -> String {
        if self.is_hex() {
            format!("hex:{self}")
        } else {
            format!("octal:{self}")
        }
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:x}.", self.digits[0])?;
        if self.digits.len() == 1 {
            // `4.0`, not `4.`.
            return write!(f, "0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:x}")?;
        }
        Ok(())
    }
}

/// An octal or hexadecimal game on one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalGame {
    /// The code.
    pub code: OctalCode,
}

impl OctalGame {
    /// The game for a code string, with errors naming `spec`.
    pub fn new(spec: &str, code: &str) -> Result<OctalGame> {
        OctalGame::with(spec, OctalCode::parse(code))
    }

    /// The game for a hexadecimal code string, with errors naming `spec`.
    pub fn new_hex(spec: &str, code: &str) -> Result<OctalGame> {
        OctalGame::with(spec, OctalCode::parse_hex(code))
    }

    fn with(spec: &str, code: std::result::Result<OctalCode, String>) -> Result<OctalGame> {
        code.map(|code| OctalGame { code })
            .map_err(|reason| Error::BadSpec {
                spec: spec.to_string(),
                reason,
            })
    }
}

impl Ruleset for OctalGame {
    type Position = u64;

    fn spec(&self) -> String {
        self.code.spec()
    }

    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_heap(text)
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn moves(&self, &n: &u64, out: &mut Moves<u64>) -> Result<()> {
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
            if d & 8 != 0 && n >= k + 3 {
                let rest = n - k;
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        let c = rest - a - b;
                        out.push([a, b, c], || move_label(n, k, &[a, b, c]));
                    }
                }
            }
        }
        Ok(())
    }

    fn branching(&self, &n: &u64) -> u64 {
        let per_take = if self.code.is_hex() {
            (n / 3 + 1).saturating_mul(n / 2 + 1)
        } else {
            n / 2 + 2
        };
        (self.code.digits.len() as u64).saturating_mul(per_take)
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
        [a, b, c] if k == 0 => format!("split {n} into {a} + {b} + {c}"),
        [a, b, c] => format!("take {k} from {n}, leaving {a} + {b} + {c}"),
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
        assert!(OctalCode::parse("0.f").unwrap_err().contains("hex:0.f"));
    }

    #[test]
    fn parses_and_prints_hexadecimal_codes() {
        let f = OctalCode::parse_hex("0.F").unwrap();
        assert_eq!((f.to_string(), f.spec()), ("0.f".into(), "hex:0.f".into()));
        assert_eq!(f.max_heaps(), 3);
        assert_eq!(OctalCode::parse_hex("c.08").unwrap().digits(), &[12, 0, 8]);
        // A hexadecimal code with octal digits only is an octal game.
        let k = OctalCode::parse_hex("0.77").unwrap();
        assert_eq!((k.spec(), k.max_heaps()), ("octal:0.77".into(), 2));
        assert!(OctalCode::parse_hex("0.g").unwrap_err().contains("`g`"));
        assert!(OctalCode::parse_hex("2.7").is_err());
        assert!(OctalCode::parse("8.7").is_err());
    }

    #[test]
    fn hexadecimal_moves_leave_three_heaps() {
        // 0.8: take one token and leave three non-empty heaps.
        let g = OctalGame::new_hex("hex:0.8", "0.8").unwrap();
        let mut out = Moves::new(true);
        g.moves(&7, &mut out).unwrap();
        let labels: Vec<&str> = (0..out.len()).map(|i| out.label(i)).collect();
        assert_eq!(
            labels,
            [
                "take 1 from 7, leaving 1 + 1 + 4",
                "take 1 from 7, leaving 1 + 2 + 3",
                "take 1 from 7, leaving 2 + 2 + 2"
            ]
        );
    }
}
