//! Rectangular boards of at most 128 cells as bitsets: cell `r * cols + c`
//! of a `u128` is row r (from the top), column c (from the left). Regions
//! (connected sets of cells), their canonical keys up to the square's
//! symmetries, pictures and cell names (boards read from text are in
//! [`super::picture`]).

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
        if self.all >> 64 == 0 {
            // Boards of at most 64 cells: the same flood fill on u64s.
            let (all, nf, nl, cols) = (
                self.all as u64,
                self.not_first as u64,
                self.not_last as u64,
                self.cols,
            );
            let mut s = s as u64;
            while s != 0 {
                let mut r = s & s.wrapping_neg();
                loop {
                    let around = ((r << 1) & nf)
                        | ((r >> 1) & nl)
                        | r.checked_shl(cols).unwrap_or(0)
                        | r.checked_shr(cols).unwrap_or(0);
                    let next = (r | around) & s & all;
                    if next == r {
                        break;
                    }
                    r = next;
                }
                f(u128::from(r));
                s &= !r;
            }
            return;
        }
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

    /// The cells `s` cropped to their bounding box: its rows, its columns,
    /// and the cells row-major in it (bit `r * w + c`); `(0, 0, 0)` for no
    /// cell.
    pub fn cropped(&self, s: u128) -> (u32, u32, u128) {
        if s == 0 {
            return (0, 0, 0);
        }
        let cols = self.cols;
        let (r0, r1) = (s.trailing_zeros() / cols, (127 - s.leading_zeros()) / cols);
        let h = r1 - r0 + 1;
        let row = |i: u32| shr(s, (r0 + i) * cols) & low(cols);
        let union = (0..h).fold(0u128, |u, i| u | row(i));
        let c0 = union.trailing_zeros();
        let w = 128 - union.leading_zeros() - c0;
        (h, w, pack((0..h).map(|i| row(i) >> c0), w))
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
        if symmetry == Symmetry::Full {
            if let Some(k) = key_of_short_box(s, self.cols) {
                return k;
            }
        }
        // The bounding box: rows r0..=r1 from the lowest and highest cells,
        // columns from the union of the rows.
        let cols = self.cols;
        let (r0, r1) = (s.trailing_zeros() / cols, (127 - s.leading_zeros()) / cols);
        let h = r1 - r0 + 1;
        // Rows and columns on the stack for boxes up to 16 a side.
        let (mut small_rows, mut small_columns, mut big_rows, mut big_columns);
        let rows: &mut [u128] = if h <= 16 {
            small_rows = [0u128; 16];
            &mut small_rows[..h as usize]
        } else {
            big_rows = vec![0u128; h as usize];
            &mut big_rows
        };
        let mut union = 0u128;
        for (i, row) in rows.iter_mut().enumerate() {
            *row = shr(s, (r0 + i as u32) * cols) & low(cols);
            union |= *row;
        }
        let c0 = union.trailing_zeros();
        let w = 128 - union.leading_zeros() - c0;
        for row in rows.iter_mut() {
            *row >>= c0;
        }
        let best = match symmetry {
            Symmetry::Full => {
                // The images of the square's symmetries, each as the rows
                // of its box: the box mirrored (columns reversed), turned
                // upside down (rows reversed), and transposed (the columns
                // of the box are the rows of the image).
                let columns: &mut [u128] = if w <= 16 {
                    small_columns = [0u128; 16];
                    &mut small_columns[..w as usize]
                } else {
                    big_columns = vec![0u128; w as usize];
                    &mut big_columns
                };
                if h >= w {
                    for (r, &row) in rows.iter().enumerate() {
                        for c in bits(row) {
                            columns[c as usize] |= 1u128 << r;
                        }
                    }
                }
                let mut least = u128::MAX;
                if h <= w {
                    least = least.min(images(rows, w));
                }
                if h >= w {
                    least = least.min(images(columns, h));
                }
                let (hh, ww) = (h.min(w), h.max(w));
                (hh, ww, least)
            }
            _ => (h, w, pack(rows.iter().copied(), w)),
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

/// The lowest `n` bits (n ≤ 128).
fn low(n: u32) -> u128 {
    shl(1, n).wrapping_sub(1)
}

/// The cells of the rows `rows` of a box `w` wide, row-major.
fn pack(rows: impl Iterator<Item = u128>, w: u32) -> u128 {
    rows.enumerate().fold(0, |b, (i, row)| b | shl(row, i as u32 * w))
}

/// The least packing of the rows `rows` of a box `w` wide under its four
/// symmetries that keep the box: as it is, mirrored, upside down, both.
fn images(rows: &[u128], w: u32) -> u128 {
    let mirror = |row: u128| row.reverse_bits() >> (128 - w);
    let a = pack(rows.iter().copied(), w);
    let b = pack(rows.iter().map(|&r| mirror(r)), w);
    let c = pack(rows.iter().rev().copied(), w);
    let d = pack(rows.iter().rev().map(|&r| mirror(r)), w);
    a.min(b).min(c).min(d)
}

/// The least of the images of a box of `h` × `w` cells (each at most 8),
/// held as a u64 whose byte r is row r, under the square's symmetries that
/// give a box of `min(h, w)` rows: byte r of the result is row r of the
/// image. Comparing these u64s orders the images as comparing their
/// row-major packings does (the last row weighs most, then the one above),
/// so the least one here is the least one there.
fn least_image8(x: u64, h: u32, w: u32) -> u64 {
    // Each row mirrored within the box's width w: reverse every bit, put
    // the bytes back in order, and slide the rows down to bit 0.
    let mirror = |x: u64, w: u32| x.reverse_bits().swap_bytes() >> (8 - w);
    // The rows in reverse order within the box's height h.
    let flip = |x: u64, h: u32| x.swap_bytes() >> (8 * (8 - h));
    let four = |x: u64, h: u32, w: u32| {
        let m = mirror(x, w);
        x.min(m).min(flip(x, h)).min(flip(m, h))
    };
    let mut least = u64::MAX;
    if h <= w {
        least = least.min(four(x, h, w));
    }
    if h >= w {
        // The 8 × 8 transpose: bit 8r + c to bit 8c + r, by swapping the
        // off-diagonal halves of 2 × 2, then 4 × 4, then 8 × 8 blocks.
        let mut t = x;
        let d = (t ^ (t >> 7)) & 0x00aa_00aa_00aa_00aa;
        t ^= d ^ (d << 7);
        let d = (t ^ (t >> 14)) & 0x0000_cccc_0000_cccc;
        t ^= d ^ (d << 14);
        let d = (t ^ (t >> 28)) & 0x0000_0000_f0f0_f0f0;
        t ^= d ^ (d << 28);
        least = least.min(four(t, w, h));
    }
    least
}

/// The key under [`Symmetry::Full`] of the nonempty cells `s` of a board
/// `cols` wide whose bounding box has at most 8 rows and at most 16
/// columns (or at most 8 of each), and whose rows from the first one fit
/// in 64 bits; `None` for other cells, which [`Frame::key`] keys the
/// general way. The same key as that way, in u64 and u128 words instead of
/// a row at a time.
fn key_of_short_box(s: u128, cols: u32) -> Option<Key> {
    let base = s >> (s.trailing_zeros() / cols * cols);
    if base >> 64 != 0 {
        return None;
    }
    let base = base as u64;
    let h = (63 - base.leading_zeros()) / cols + 1;
    if h > 8 {
        return None;
    }
    // Row i starts at bit i · cols <= 63 (it is below the highest cell).
    let full = if cols >= 64 { u64::MAX } else { (1 << cols) - 1 };
    let row = |i: u32| (base >> (i * cols)) & full;
    let union = (0..h).fold(0u64, |u, i| u | row(i));
    let c0 = union.trailing_zeros();
    let w = 64 - union.leading_zeros() - c0;
    if w <= 8 {
        let x = (0..h).fold(0u64, |x, i| x | (row(i) >> c0) << (8 * i));
        let (hh, ww) = (h.min(w), h.max(w));
        let least = least_image8(x, h, w);
        let packed = (0..hh).fold(0u128, |b, i| b | u128::from((least >> (8 * i)) as u8) << (i * ww));
        return Some(encode(hh, ww, packed));
    }
    if w > 16 {
        return None;
    }
    // h <= 8 < w: the box keeps its rows under the four symmetries that
    // give h rows.
    let x = (0..h).fold(0u128, |x, i| x | u128::from(row(i) >> c0) << (16 * i));
    let least = least_image16(x, h, w);
    let packed = (0..h).fold(0u128, |b, i| {
        b | u128::from((least >> (16 * i)) as u16) << (i * w)
    });
    Some(encode(h, w, packed))
}

/// The least of the four images that keep the rows of a box of `h` rows
/// (at most 8) by `w` columns (at most 16), held as a u128 whose 16-bit
/// lane r is row r: as it is, mirrored, upside down, both. As in
/// [`least_image8`], comparing the u128s orders the images as comparing
/// their row-major packings does.
fn least_image16(x: u128, h: u32, w: u32) -> u128 {
    // Swaps the two bytes of every 16-bit lane.
    let swap_pairs = |x: u128| {
        let m = 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ffu128;
        ((x >> 8) & m) | ((x & m) << 8)
    };
    // Each row mirrored within w: every lane's bits reversed, lanes in
    // place, then slid down to bit 0 of the lane.
    let mirror = |x: u128| swap_pairs(x.reverse_bits().swap_bytes()) >> (16 - w);
    // The lanes in reverse order within the box's height h.
    let flip = |x: u128| swap_pairs(x.swap_bytes()) >> (16 * (8 - h));
    let m = mirror(x);
    x.min(m).min(flip(x)).min(flip(m))
}

/// `[h, w, bits…]`: the cells of an h × w box, row-major, in as many bytes
/// as they need.
fn encode(h: u32, w: u32, s: u128) -> Key {
    if s == 0 {
        return Key::from_bytes(&[0, 0]);
    }
    Key::from_two_and_bits(h as u8, w as u8, s, (h * w).div_ceil(8) as usize)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::picture::{parse_picture, parse_size};

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

    /// The key of `s` by moving each cell in turn: every image of the box
    /// under the square's symmetries, the least taken (the plain reference
    /// for [`Frame::key`]'s rows and bit reversals).
    fn key_by_cells(f: &Frame, s: u128, symmetry: Symmetry) -> Key {
        if symmetry == Symmetry::None || s == 0 {
            return encode(f.rows(), f.cols(), s);
        }
        let cells: Vec<(u32, u32)> = bits(s).map(|i| f.coords(i)).collect();
        let r0 = cells.iter().map(|c| c.0).min().unwrap();
        let c0 = cells.iter().map(|c| c.1).min().unwrap();
        let h = cells.iter().map(|c| c.0).max().unwrap() - r0 + 1;
        let w = cells.iter().map(|c| c.1).max().unwrap() - c0 + 1;
        let image = |t: u32| {
            let (hh, ww) = if t < 4 { (h, w) } else { (w, h) };
            let mut b = 0u128;
            for &(r, c) in &cells {
                let (r, c) = (r - r0, c - c0);
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
            Symmetry::Full => (0..8)
                .filter(|&t| if t < 4 { h <= w } else { h >= w })
                .map(image)
                .min()
                .unwrap(),
            _ => image(0),
        };
        encode(best.0, best.1, best.2)
    }

    #[test]
    fn keys_agree_with_moving_each_cell() {
        // A small xorshift: many random cell sets on boards of every shape.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for (rows, cols) in [
            (1, 9),
            (3, 4),
            (4, 3),
            (5, 5),
            (6, 7),
            (8, 8),
            (7, 9),
            (8, 16),
            (16, 8),
            (5, 10),
            (4, 16),
            (6, 9),
            (3, 21),
            (9, 7),
            (2, 32),
            (1, 128),
            (128, 1),
            (11, 11),
        ] {
            let f = Frame::new(rows, cols).unwrap();
            for _ in 0..300 {
                let mut s = (u128::from(next()) << 64 | u128::from(next())) & f.all();
                // Sparse sets and small boxes too.
                if next() % 2 == 0 {
                    s &= u128::from(next()) << (next() % 64);
                }
                for sym in [Symmetry::Full, Symmetry::Translate, Symmetry::None] {
                    assert_eq!(
                        f.key(s, sym),
                        key_by_cells(&f, s, sym),
                        "{rows}x{cols} {s:#x} {sym:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn regions_on_small_boards_agree_with_the_general_flood_fill() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for (rows, cols) in [(5, 5), (8, 8), (1, 64), (64, 1), (4, 11), (9, 9)] {
            let f = Frame::new(rows, cols).unwrap();
            for _ in 0..300 {
                let s = (u128::from(next()) << 64 | u128::from(next())) & f.all();
                let mut got = Vec::new();
                f.regions(s, |r| got.push(r));
                let (mut want, mut rest) = (Vec::new(), s);
                while rest != 0 {
                    let r = f.region_of(rest, rest & rest.wrapping_neg());
                    want.push(r);
                    rest &= !r;
                }
                assert_eq!(got, want, "{rows}x{cols} {s:#x}");
            }
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
        // Empty rows at the ends are none; between rows, an error.
        assert_eq!(
            parse_picture("/../.#/").unwrap(),
            parse_picture("..\n.#").unwrap()
        );
        assert_eq!(parse_picture("../.#").unwrap().0, Frame::new(2, 2).unwrap());
        assert!(parse_picture("..//..").unwrap_err().contains("row 2 is empty"));
        assert_eq!(
            parse_picture("../\n.#/").unwrap(),
            parse_picture("../.#").unwrap()
        );
        assert!(parse_picture("/").unwrap_err().contains("empty picture"));
        assert_eq!(parse_size("3x4"), Ok((3, 4)));
        assert!(parse_size("3x0").is_err());
    }
}
