//! The P-positions of three-row Chomp, without a search over diagrams.
//!
//! A three-row position is [a, b, c] (row lengths, a ≥ b ≥ c, the poison
//! in row 1). Two P-positions never share their lower rows (b, c): from
//! the longer first row one eats down to the shorter. So the P-positions
//! are a partial function a = f(b, c), the view of Zeilberger ("Three-rowed
//! CHOMP", Adv. Appl. Math. 26, 2001) and Brouwer's Chomp pages. Moves from
//! [a, b, c] that change (b, c) lead to [a, j, min(c, j)] (row 2, j < b),
//! [a, b, j] (row 3, j < c) and [j, j, min(c, j)] (row 1, 1 ≤ j < b); so
//! f(b, c) is undefined when some [j, j, min(c, j)] is P, and otherwise the
//! least a ≥ max(b, 1) that is none of f(j, min(c, j)) (j < b) and
//! f(b, j) (j < c). [1, 0, 0], the poison alone, is P.
//!
//! # Complexity
//! O(B³) time and O(B²) memory for every (b, c) with c ≤ b ≤ B.

use super::Stop;
use crate::Result;

/// f(b, c) for c ≤ b ≤ `upto`: `table[b][c]` is the first row a of the
/// P-position [a, b, c], or `None` where every [a, b, c] is N.
///
/// Ends with [`crate::Error::Stopped`] soon after `stop` is stopped.
///
/// ```
/// use sprague::solve::three_row_p_positions;
/// let f = three_row_p_positions(5, &sprague::Stop::new()).unwrap();
/// assert_eq!(f[0][0], Some(1)); // the poison alone
/// assert_eq!(f[4][0], Some(5)); // two rows: [b + 1, b]
/// assert_eq!(f[1][1], Some(3)); // the L of [3, 1, 1]
/// ```
pub fn three_row_p_positions(upto: usize, stop: &Stop) -> Result<Vec<Vec<Option<u32>>>> {
    let mut f: Vec<Vec<Option<u32>>> = Vec::with_capacity(upto + 1);
    let mut seen: Vec<u32> = Vec::new();
    let mut stamp = 0u32;
    for b in 0..=upto {
        let mut row: Vec<Option<u32>> = Vec::with_capacity(b + 1);
        for c in 0..=b {
            stamp += 1;
            let value = |bb: usize, cc: usize, row: &Vec<Option<u32>>| -> Option<u32> {
                if bb == b {
                    row[cc]
                } else {
                    f[bb][cc]
                }
            };
            // A row-1 move to a P-position [j, j, min(c, j)]: all N.
            if (1..b).any(|j| value(j, c.min(j), &row) == Some(j as u32)) {
                row.push(None);
                continue;
            }
            let lo = b.max(1) as u32;
            let mark = |a: Option<u32>, seen: &mut Vec<u32>| {
                if let Some(a) = a.filter(|&a| a >= lo) {
                    let i = (a - lo) as usize;
                    if i >= seen.len() {
                        seen.resize(i + 1, 0);
                    }
                    seen[i] = stamp;
                }
            };
            for j in 0..b {
                mark(value(j, c.min(j), &row), &mut seen);
            }
            for j in 0..c {
                mark(value(b, j, &row), &mut seen);
            }
            let first_free = (0..)
                .find(|&i| seen.get(i).is_none_or(|&s| s != stamp))
                .expect("a free a");
            row.push(Some(lo + first_free as u32));
        }
        f.push(row);
        if b % 64 == 0 {
            stop.check()?;
        }
    }
    Ok(f)
}

/// The P-positions [a, b, c] of three-row Chomp with one third row c,
/// for b ≤ the bound: those before the last run listed, the last run
/// (a = b + offset for every b from `from` to `to`) given as a run, as
/// Brouwer's table states them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ThirdRow {
    /// The third row's length.
    pub c: u32,
    /// The P-positions [a, b, c] before the run, by b.
    pub positions: Vec<[u32; 3]>,
    /// The last run of at least three P-positions with the same a − b
    /// reaching the bound, if any.
    pub run: Option<Run>,
}

/// The largest b [`by_third_row`] lists to: its table takes O(B³) steps
/// (some seconds at 2000).
pub const MAX_LISTED: usize = 2_000;

/// P-positions [b + offset, b, c] for every b from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Run {
    /// The first b.
    pub from: u32,
    /// The last b (the bound).
    pub to: u32,
    /// a − b.
    pub offset: u32,
}

/// The P-positions of three-row Chomp with b ≤ `upto`, grouped by the
/// third row c = 0..=upto ([`three_row_p_positions`]).
///
/// ```
/// use sprague::solve::by_third_row;
/// let rows = by_third_row(20, &sprague::Stop::new()).unwrap();
/// // c = 1: only [3, 1, 1] and [2, 2, 1].
/// assert_eq!(rows[1].positions, vec![[3, 1, 1], [2, 2, 1]]);
/// // c = 2: [b + 2, b, 2] for every b.
/// assert_eq!(rows[2].run.map(|r| (r.from, r.offset)), Some((2, 2)));
/// ```
///
/// # Errors
/// [`crate::Error::Stopped`] soon after `stop` is stopped;
/// [`crate::Error::Unsupported`] past [`MAX_LISTED`].
pub fn by_third_row(upto: usize, stop: &Stop) -> Result<Vec<ThirdRow>> {
    if upto > MAX_LISTED {
        return Err(crate::Error::Unsupported(format!(
            "three-row Chomp is listed to b ≤ {MAX_LISTED} (O(B³) steps), not {upto}"
        )));
    }
    let f = three_row_p_positions(upto, stop)?;
    let mut out = Vec::with_capacity(upto + 1);
    // `c` indexes the inner rows f[b][c] of every b, not one slice.
    #[allow(clippy::needless_range_loop)]
    for c in 0..=upto {
        let all: Vec<[u32; 3]> = (c..=upto)
            .filter_map(|b| f[b][c].map(|a| [a, b as u32, c as u32]))
            .collect();
        // The last run: P-positions at consecutive b up to the bound with
        // one a − b.
        let mut start = all.len();
        while start > 0 {
            let [a, b, _] = all[start - 1];
            let fits = match all.get(start) {
                None => b as usize == upto,
                Some(&[a2, b2, _]) => b2 == b + 1 && a2 - b2 == a - b,
            };
            if !fits {
                break;
            }
            start -= 1;
        }
        let run = (all.len() - start >= 3).then(|| Run {
            from: all[start][1],
            to: upto as u32,
            offset: all[start][0] - all[start][1],
        });
        let keep = if run.is_some() { start } else { all.len() };
        out.push(ThirdRow {
            c: c as u32,
            positions: all[..keep].to_vec(),
            run,
        });
    }
    Ok(out)
}
