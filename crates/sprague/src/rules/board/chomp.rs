//! Chomp (Gale; Schuh): a Young diagram of squares, the poisoned one in its
//! top-left corner. A move eats a square and every square below and to its
//! right; the poison may not be eaten, so who faces the poison alone loses
//! (normal play). A position never splits; a diagram and its transpose
//! play alike and share a key.

use super::grid::column_name;
use super::picture::parse_size;
use super::{Key, Keying, Look, Splitting, Symmetry};
use crate::rules::{not_a_position, Moves, Ruleset};
use crate::{Error, Result};

/// The most rows, and the most squares in a row, of a Chomp diagram.
pub const MAX_CHOMP_SIDE: u32 = 4096;

/// Chomp; a position is the diagram's row lengths, top row first, each at
/// least the next and at least 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chomp {
    start: Vec<u32>,
    keying: Keying,
}

fn check_rows(rows: &[u32]) -> std::result::Result<(), String> {
    if rows.is_empty() || rows[0] == 0 {
        return Err("a diagram has at least the poisoned square".into());
    }
    if rows.len() as u32 > MAX_CHOMP_SIDE || rows[0] > MAX_CHOMP_SIDE {
        return Err(format!(
            "at most {MAX_CHOMP_SIDE} rows of at most {MAX_CHOMP_SIDE} squares"
        ));
    }
    if let Some(i) = (1..rows.len()).find(|&i| rows[i] > rows[i - 1] || rows[i] == 0) {
        return Err(format!(
            "row {} has {} squares after a row of {}: each row is at most as long as the one above and not empty",
            i + 1,
            rows[i],
            rows[i - 1]
        ));
    }
    Ok(())
}

/// Reads `RxC` (a full rectangle) or row lengths `5,3,3`.
fn parse_rows(text: &str) -> std::result::Result<Vec<u32>, String> {
    let t = text.trim();
    let rows = if t.contains(['x', 'X']) {
        let (r, c) = parse_size(t)?;
        if r > MAX_CHOMP_SIDE || c > MAX_CHOMP_SIDE {
            return Err(format!(
                "at most {MAX_CHOMP_SIDE} rows of at most {MAX_CHOMP_SIDE} squares"
            ));
        }
        vec![c; r as usize]
    } else {
        t.split(',')
            .map(|x| {
                x.trim().parse::<u32>().map_err(|_| {
                    format!(
                        "`{}` is not a row length (write RxC or row lengths like 5,3,3)",
                        x.trim()
                    )
                })
            })
            .collect::<std::result::Result<Vec<u32>, String>>()?
    };
    check_rows(&rows)?;
    Ok(rows)
}

/// The transposed diagram: column lengths.
fn transpose(rows: &[u32]) -> Vec<u32> {
    (0..rows[0])
        .map(|j| rows.iter().take_while(|&&r| r > j).count() as u32)
        .collect()
}

fn encode(rows: &[u32]) -> Vec<u8> {
    rows.iter().flat_map(|&r| (r as u16).to_le_bytes()).collect()
}

impl Chomp {
    /// Chomp from the body of its spec: `RxC` or row lengths `5,3,3`.
    ///
    /// ```
    /// use sprague::rules::Chomp;
    /// use sprague::rules::Ruleset;
    /// let c = Chomp::parse("chomp:3x4", "3x4").unwrap();
    /// assert_eq!(c.format_position(&c.start().unwrap()), "4,4,4");
    /// ```
    pub fn parse(spec: &str, body: &str) -> Result<Chomp> {
        let start = parse_rows(body).map_err(|reason| Error::BadSpec {
            spec: spec.to_string(),
            reason,
        })?;
        Ok(Chomp {
            start,
            keying: Keying::default(),
        })
    }

    /// Whether `rows` fit in the start (a position is what is left of it:
    /// a diagram inside it), or what does not.
    fn fits(&self, rows: &[u32]) -> std::result::Result<(), String> {
        let start = self.format_position(&self.start);
        if rows.len() > self.start.len() {
            return Err(format!(
                "it has {} rows; the start {start} has {}",
                rows.len(),
                self.start.len()
            ));
        }
        match rows.iter().zip(&self.start).position(|(r, s)| r > s) {
            Some(i) => Err(format!(
                "row {} has {} squares; the start {start} has {} there",
                i + 1,
                rows[i],
                self.start[i]
            )),
            None => Ok(()),
        }
    }

    /// These rules with components keyed as `keying` says (no symmetry:
    /// a diagram and its transpose keyed apart).
    pub fn with_keying(mut self, keying: Keying) -> Chomp {
        self.keying = keying;
        self
    }

    /// Calls `f` with each move from `rows`: the square eaten (row, column,
    /// from 0) and the diagram left.
    fn each_move(rows: &[u32], mut f: impl FnMut(usize, u32, &[u32])) {
        let mut after = Vec::with_capacity(rows.len());
        for (i, &len) in rows.iter().enumerate() {
            for j in 0..len {
                if i == 0 && j == 0 {
                    continue;
                }
                after.clear();
                after.extend_from_slice(&rows[..i]);
                after.extend(rows[i..].iter().map(|&r| r.min(j)).take_while(|&r| r > 0));
                f(i, j, &after);
            }
        }
    }

    fn key(&self, rows: &[u32]) -> Key {
        let a = encode(rows);
        if self.keying.symmetry == Symmetry::Full {
            let b = encode(&transpose(rows));
            return Key::from_bytes(a.min(b).as_slice());
        }
        Key::from_bytes(&a)
    }

    fn has_move(rows: &[u32]) -> bool {
        rows.len() > 1 || rows.first().is_some_and(|&r| r > 1)
    }
}

impl Ruleset for Chomp {
    type Position = Vec<u32>;

    fn spec(&self) -> String {
        let rect = self.start.iter().all(|&r| r == self.start[0]);
        if rect {
            format!("chomp:{}x{}", self.start.len(), self.start[0])
        } else {
            format!("chomp:{}", self.format_position(&self.start))
        }
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u32>> {
        if text.trim() == "start" {
            return Ok(self.start.clone());
        }
        let bad = |reason: String| Error::BadPosition {
            text: text.to_string(),
            reason,
        };
        let rows = parse_rows(text).map_err(bad)?;
        self.fits(&rows).map_err(bad)?;
        Ok(rows)
    }

    fn format_position(&self, p: &Vec<u32>) -> String {
        p.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    }

    fn check_position(&self, p: &Vec<u32>) -> Result<()> {
        check_rows(p)
            .and_then(|()| self.fits(p))
            .map_err(|reason| not_a_position(format!("{p:?}"), reason))
    }

    fn moves(&self, p: &Vec<u32>, out: &mut Moves<Vec<u32>>) -> Result<()> {
        Chomp::each_move(p, |i, j, after| {
            let parts = Chomp::has_move(after).then(|| after.to_vec());
            out.push(parts, || format!("chomp {}{}", column_name(j), i + 1));
        });
        Ok(())
    }

    fn branching(&self, p: &Vec<u32>) -> u64 {
        p.iter().map(|&r| r as u64).sum()
    }

    fn start(&self) -> Option<Vec<u32>> {
        Some(self.start.clone())
    }

    fn splitting(&self) -> Option<&dyn Splitting<Vec<u32>>> {
        Some(self)
    }
}

impl Splitting<Vec<u32>> for Chomp {
    fn family(&self) -> String {
        format!("chomp {}", self.keying.name())
    }

    fn keys(&self, p: &Vec<u32>, out: &mut Vec<Key>) {
        if Chomp::has_move(p) {
            out.push(self.key(p));
        }
    }

    fn options(&self, key: &Key, out: &mut Moves<Key>) {
        let b = key.as_bytes();
        let rows: Vec<u32> = b
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]) as u32)
            .collect();
        if !b.len().is_multiple_of(2) || check_rows(&rows).is_err() {
            return;
        }
        Chomp::each_move(&rows, |_, _, after| {
            let part = Chomp::has_move(after).then(|| self.key(after));
            out.push(part, String::new);
        });
    }

    fn look(&self, p: &Vec<u32>) -> Look {
        let height = self.start.len().max(p.len());
        let width = self.start[0].max(p.first().copied().unwrap_or(0));
        let rows = (0..height)
            .map(|i| {
                let len = p.get(i).copied().unwrap_or(0);
                (0..width).map(|j| if j < len { '.' } else { '#' }).collect()
            })
            .collect();
        Look::Cells { game: "chomp", rows }
    }

    fn size(&self, key: &Key) -> u32 {
        key.as_bytes()
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]) as u32)
            .sum()
    }

    fn positions_below(&self, key: &Key, bound: u64) -> Option<u64> {
        let rows = key
            .as_bytes()
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]) as usize);
        sub_diagrams(rows, bound)
    }
}

/// The number of diagrams inside the diagram of row lengths `rows` (each
/// at most the one before), the empty one included, when it is at most
/// `bound`; else `None`. Row by row: `ways[s]` counts the diagrams of the
/// rows so far whose last row has s squares.
fn sub_diagrams(rows: impl Iterator<Item = usize>, bound: u64) -> Option<u64> {
    let mut ways: Vec<u64> = Vec::new();
    let mut total = 0;
    for (i, len) in rows.enumerate() {
        if i == 0 {
            ways = vec![1; len + 1];
        } else {
            // A row of t squares goes under any row of at least t.
            let mut below = 0u64;
            let mut next = vec![0u64; len.min(ways.len() - 1) + 1];
            for s in (0..ways.len()).rev() {
                below = below.saturating_add(ways[s]);
                if s < next.len() {
                    next[s] = below;
                }
            }
            ways = next;
        }
        // Every diagram so far extends (by empty rows), so the count only grows.
        total = ways.iter().fold(0u64, |a, &w| a.saturating_add(w));
        if total > bound {
            return None;
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every diagram inside `rows`, listed one by one.
    fn listed(rows: &[u32]) -> u64 {
        let mut count = 0;
        let mut stack = vec![Vec::<u32>::new()];
        while let Some(d) = stack.pop() {
            count += 1;
            let i = d.len();
            if i < rows.len() {
                let most = d.last().map_or(rows[i], |&l| l.min(rows[i]));
                for t in 1..=most {
                    let mut e = d.clone();
                    e.push(t);
                    stack.push(e);
                }
            }
        }
        count
    }

    #[test]
    fn sub_diagrams_counts_every_diagram_inside() {
        let mut rng = crate::solve::test_rng::xorshift(7);
        for _ in 0..200 {
            let k = 1 + (rng() % 5) as usize;
            let mut rows: Vec<u32> = (0..k).map(|_| 1 + (rng() % 7) as u32).collect();
            rows.sort_unstable_by(|a, b| b.cmp(a));
            let n = listed(&rows);
            let it = || rows.iter().map(|&r| r as usize);
            assert_eq!(sub_diagrams(it(), u64::MAX), Some(n), "{rows:?}");
            assert_eq!(sub_diagrams(it(), n), Some(n), "{rows:?}");
            assert_eq!(sub_diagrams(it(), n - 1), None, "{rows:?}");
        }
        // A rectangle of k rows of c: binomial(k + c, k).
        assert_eq!(sub_diagrams([100usize; 3].into_iter(), u64::MAX), Some(176_851));
        assert_eq!(sub_diagrams([4096usize; 4096].into_iter(), 1 << 20), None);
    }
}
