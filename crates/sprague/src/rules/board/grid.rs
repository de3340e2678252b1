//! Rectangular boards of at most 128 cells as bitsets: cell `r * cols + c`
//! of a `u128` is row r (from the top), column c (from the left). Regions
//! (connected sets of cells), their canonical keys up to the square's
//! symmetries, pictures and cell names.

use super::{Key, Symmetry};

/// The most cells a board may have.
pub const MAX_CELLS: u32 = 128;

/// A board of `rows` × `cols` cells with the masks that moves need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    rows: u32,
    cols: u32,
    all: u128,
    /// Every cell but those of the first column.
    not_first: u128,
    /// Every cell but those of the last column.
    not_last: u128,
}

/// `x << n`, 0 when n is 128 or more.
pub(crate) fn shl(x: u128, n: u32) -> u128 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, 0 when n is 128 or more.
pub(crate) fn shr(x: u128, n: u32) -> u128 {
    x.checked_shr(n).unwrap_or(0)
}

/// The indices of the set bits of `x`, lowest first.
pub(crate) fn bits(mut x: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let i = x.trailing_zeros();
        x &= x - 1;
        Some(i)
    })
}

impl Frame {
    /// A board of `rows` × `cols`; `None` unless it has 1 to
    /// [`MAX_CELLS`] cells.
    pub fn new(rows: u32, cols: u32) -> Option<Frame> {
        let n = rows.checked_mul(cols)?;
        if n == 0 || n > MAX_CELLS {
            return None;
        }
        let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
        let mut first = 0u128;
        for r in 0..rows {
            first |= 1u128 << (r * cols);
        }
        let last = shl(first, cols - 1);
        Some(Frame {
            rows,
            cols,
            all,
            not_first: all & !first,
            not_last: all & !last,
        })
    }

    /// Rows of the board.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Every cell of the board.
    pub fn all(&self) -> u128 {
        self.all
    }

    /// The cell at row `r`, column `c`.
    pub fn cell(&self, r: u32, c: u32) -> u32 {
        r * self.cols + c
    }

    /// Row and column of cell `i`.
    pub fn coords(&self, i: u32) -> (u32, u32) {
        (i / self.cols, i % self.cols)
    }

    /// The cells next to some cell of `s` (up, down, left, right), on the
    /// board.
    pub fn neighbours(&self, s: u128) -> u128 {
        ((shl(s, 1) & self.not_first) | (shr(s, 1) & self.not_last) | shl(s, self.cols) | shr(s, self.cols))
            & self.all
    }

    /// The connected region of `s` that holds the cells of `seed`.
    pub fn region_of(&self, s: u128, seed: u128) -> u128 {
        let mut r = seed & s;
        loop {
            let next = (r | self.neighbours(r)) & s;
            if next == r {
                return r;
            }
            r = next;
        }
    }

    /// Calls `f` with each connected region of `s`, in the order of their
    /// lowest cells.
    pub fn regions(&self, mut s: u128, mut f: impl FnMut(u128)) {
        while s != 0 {
            let r = self.region_of(s, s & s.wrapping_neg());
            f(r);
            s &= !r;
        }
    }

    /// The dominoes that fit in `s`: bit i of the first mask for cells i
    /// and i + 1 (side by side), of the second for cells i and i + cols
    /// (one above the other).
    pub fn dominoes(&self, s: u128) -> (u128, u128) {
        (s & shr(s, 1) & self.not_last, s & shr(s, self.cols))
    }

    /// Whether a domino fits in `s`.
    pub fn has_domino(&self, s: u128) -> bool {
        let (h, v) = self.dominoes(s);
        h | v != 0
    }

    /// The key of the cells `s` under `symmetry`: the cells cropped to
    /// their bounding box and, with [`Symmetry::Full`], the least of the
    /// eight images under the square's rotations and reflections;
    /// [`Symmetry::None`] keeps the whole board as it is.
    pub fn key(&self, s: u128, symmetry: Symmetry) -> Key {
        if symmetry == Symmetry::None || s == 0 {
            return encode(self.rows, self.cols, s);
        }
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        for i in bits(s) {
            let (r, c) = self.coords(i);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let cells: Vec<(u32, u32)> = bits(s)
            .map(|i| {
                let (r, c) = self.coords(i);
                (r - r0, c - c0)
            })
            .collect();
        let image = |t: u32| -> (u32, u32, u128) {
            let (hh, ww) = if t < 4 { (h, w) } else { (w, h) };
            let mut b = 0u128;
            for &(r, c) in &cells {
                let (y, x) = match t {
                    0 => (r, c),
                    1 => (r, w - 1 - c),
                    2 => (h - 1 - r, c),
                    3 => (h - 1 - r, w - 1 - c),
                    4 => (c, r),
                    5 => (c, h - 1 - r),
                    6 => (w - 1 - c, r),
                    _ => (w - 1 - c, h - 1 - r),
                };
                b |= 1u128 << (y * ww + x);
            }
            (hh, ww, b)
        };
        let best = match symmetry {
            Symmetry::Full => {
                let ts: &[u32] = match h.cmp(&w) {
                    std::cmp::Ordering::Less => &[0, 1, 2, 3],
                    std::cmp::Ordering::Greater => &[4, 5, 6, 7],
                    std::cmp::Ordering::Equal => &[0, 1, 2, 3, 4, 5, 6, 7],
                };
                ts.iter().map(|&t| image(t)).min().expect("a transform")
            }
            _ => image(0),
        };
        encode(best.0, best.1, best.2)
    }

    /// The board and cells that `key` names (as [`Frame::key`] wrote it).
    pub fn from_key(key: &Key) -> Option<(Frame, u128)> {
        let b = key.as_bytes();
        let (&h, &w) = (b.first()?, b.get(1)?);
        if h == 0 && w == 0 {
            return Frame::new(1, 1).map(|f| (f, 0));
        }
        let f = Frame::new(h as u32, w as u32)?;
        let mut s = 0u128;
        for (i, &byte) in b[2..].iter().enumerate() {
            s |= (byte as u128) << (8 * i);
        }
        Some((f, s & f.all))
    }

    /// The name of cell `i`: its column as letters (a, b, …, z, aa, …) and
    /// its row counted from 1 at the top, `b3`.
    pub fn name(&self, i: u32) -> String {
        let (r, c) = self.coords(i);
        format!("{}{}", column_name(c), r + 1)
    }

    /// The cells `s` as a picture: one line of `.` (in `s`) and `#` (not)
    /// per row, the lines joined by `/`.
    pub fn picture(&self, s: u128) -> String {
        let mut out = String::with_capacity((self.rows * (self.cols + 1)) as usize);
        for r in 0..self.rows {
            if r > 0 {
                out.push('/');
            }
            for c in 0..self.cols {
                out.push(if s >> self.cell(r, c) & 1 == 1 { '.' } else { '#' });
            }
        }
        out
    }

    /// The rows of [`Frame::picture`].
    pub fn picture_rows(&self, s: u128) -> Vec<String> {
        self.picture(s).split('/').map(str::to_string).collect()
    }
}

/// `[h, w, bits…]`: the cells of an h × w box, row-major, in as many bytes
/// as they need.
fn encode(h: u32, w: u32, s: u128) -> Key {
    if s == 0 {
        return Key::from_bytes(&[0, 0]);
    }
    let n = (h * w).div_ceil(8) as usize;
    let mut b = [0u8; 18];
    b[0] = h as u8;
    b[1] = w as u8;
    b[2..2 + n].copy_from_slice(&s.to_le_bytes()[..n]);
    Key::from_bytes(&b[..2 + n])
}

/// Column `c` (from 0) as letters: a … z, aa, ab, ….
pub fn column_name(mut c: u32) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (c % 26) as u8);
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).expect("letters")
}

/// Reads a picture: rows of `.` (free) and `#` (taken), separated by `/`
/// or new lines, all of one length. Returns the board and its free cells,
/// or what is wrong with the picture.
pub fn parse_picture(text: &str) -> Result<(Frame, u128), String> {
    let rows: Vec<&str> = text
        .split(['/', '\n'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    if rows.is_empty() {
        return Err("an empty picture: write rows of `.` (free) and `#` (taken) separated by `/`".into());
    }
    let cols = rows[0].chars().count();
    for (i, r) in rows.iter().enumerate() {
        if r.chars().count() != cols {
            return Err(format!(
                "row {} has {} cells but row 1 has {cols}: every row must be as long",
                i + 1,
                r.chars().count()
            ));
        }
    }
    let frame = Frame::new(rows.len() as u32, cols as u32)
        .ok_or_else(|| format!("a {}x{cols} board has more than {MAX_CELLS} cells", rows.len()))?;
    let mut s = 0u128;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => s |= 1u128 << frame.cell(r as u32, c as u32),
                '#' => {}
                other => {
                    return Err(format!(
                        "row {} has `{other}`: a cell is `.` (free) or `#` (taken)",
                        r + 1
                    ))
                }
            }
        }
    }
    Ok((frame, s))
}

/// Reads `RxC` (rows by columns); the error says what is wrong.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (r, c) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("`{text}` is not ROWSxCOLS (like 3x4)"))?;
    let num = |t: &str, what: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("the {what} `{}` is not a whole number", t.trim()))
    };
    let (r, c) = (num(r, "rows")?, num(c, "columns")?);
    if r == 0 || c == 0 {
        return Err(format!("a {r}x{c} board has no cells"));
    }
    Ok((r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_split_where_cells_do_not_touch() {
        let (f, s) = parse_picture("..#./#.##/....").unwrap();
        let mut found = Vec::new();
        f.regions(s, |r| found.push(f.picture(r)));
        assert_eq!(found, ["..##/#.##/....", "###./####/####"]);
        let (f, s) = parse_picture("..#./####/....").unwrap();
        let mut found = Vec::new();
        f.regions(s, |r| found.push(f.picture(r)));
        assert_eq!(found, ["..##/####/####", "###./####/####", "####/####/...."]);
        // Cells in the last column do not touch the first of the next row.
        let (f, s) = parse_picture("#./.#").unwrap();
        let mut n = 0;
        f.regions(s, |_| n += 1);
        assert_eq!(n, 2);
    }

    #[test]
    fn keys_agree_on_the_eight_images_of_a_shape() {
        let shapes = ["..#/...", "...#/#.../#..#", ".#/../.."];
        for p in shapes {
            let (f, s) = parse_picture(p).unwrap();
            let k = f.key(s, Symmetry::Full);
            // Rotate by transposing and mirroring the picture by hand.
            let rows: Vec<Vec<char>> = p.split('/').map(|r| r.chars().collect()).collect();
            let (h, w) = (rows.len(), rows[0].len());
            let t: Vec<String> = (0..w)
                .map(|c| (0..h).map(|r| rows[h - 1 - r][c]).collect())
                .collect();
            let (g, u) = parse_picture(&t.join("/")).unwrap();
            assert_eq!(g.key(u, Symmetry::Full), k, "{p}");
            // Embedded in a larger board, off the corner.
            let big: Vec<String> = std::iter::once("#".repeat(w + 2))
                .chain(rows.iter().map(|r| format!("#{}#", r.iter().collect::<String>())))
                .collect();
            let (b, v) = parse_picture(&big.join("/")).unwrap();
            assert_eq!(b.key(v, Symmetry::Full), k);
            assert_eq!(b.key(v, Symmetry::Translate), f.key(s, Symmetry::Translate));
            let (back, cells) = Frame::from_key(&k).unwrap();
            assert_eq!(cells.count_ones(), s.count_ones());
            assert_eq!(back.key(cells, Symmetry::Full), k);
        }
    }

    #[test]
    fn names_and_pictures() {
        let f = Frame::new(3, 30).unwrap();
        assert_eq!(f.name(0), "a1");
        assert_eq!(f.name(f.cell(2, 27)), "ab3");
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert!(Frame::new(12, 11).is_none());
        assert!(Frame::new(1, 128).is_some());
        assert!(parse_picture("../.").unwrap_err().contains("row 2"));
        assert!(parse_picture("..x").unwrap_err().contains("`x`"));
        assert_eq!(parse_size("3x4"), Ok((3, 4)));
        assert!(parse_size("3x0").is_err());
    }
}
