//! Cram: players in turn place a domino on two free neighbouring cells of a
//! board; who cannot place one loses (Gardner; Winning Ways ch. 22).

use super::grid::{bits, shl, shr, Frame};
use super::picture::{parse_picture, parse_size, BadSize};
use super::{Key, Keying, Look, Splitting};
use crate::rules::{not_a_position, Moves, Ruleset};
use crate::{Error, Result};

/// Cram on a board of at most 128 cells; a position is the set of free
/// cells (bit `r * cols + c`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cram {
    frame: Frame,
    start: u128,
    keying: Keying,
    /// Whether shapes the mirror strategy wins are valued 0 unsearched.
    mirror: bool,
    /// Whether positions are keyed after [`Cram::reduced`] (under the
    /// keyings that split; a whole board is keyed as it is, so that
    /// `whole+none` stays the plain search).
    reduce: bool,
}

impl Cram {
    /// Cram from the body of its spec: `RxC` (an empty board) or a picture
    /// of the start (`..#/.../...`: `.` free, `#` taken).
    ///
    /// ```
    /// use sprague::rules::Cram;
    /// use sprague::rules::Ruleset;
    /// let c = Cram::parse("cram:2x3", "2x3").unwrap();
    /// assert_eq!(c.format_position(&c.start().unwrap()), ".../...");
    /// assert_eq!(Cram::parse("cram:.#/..", ".#/..").unwrap().spec(), "cram:.#/..");
    /// ```
    pub fn parse(spec: &str, body: &str) -> Result<Cram> {
        let bad = |reason: String| Error::BadSpec {
            spec: spec.to_string(),
            reason,
        };
        let (frame, start) = if body.contains(['.', '#']) {
            parse_picture(body).map_err(bad)?
        } else {
            // A size that is no number may be meant as a picture; one
            // with N is about families, and one of no cells is no board.
            let hint = |e: BadSize| match e.may_be_picture {
                false => bad(e.reason),
                true => bad(format!("{}; or draw the board, like ..#/...", e.reason)),
            };
            let (r, c) = parse_size(body).map_err(hint)?;
            let f =
                Frame::new(r, c).ok_or_else(|| bad(format!("a {r}x{c} board has more than 128 cells")))?;
            (f, f.all())
        };
        Ok(Cram {
            frame,
            start,
            keying: Keying::default(),
            mirror: true,
            reduce: true,
        })
    }

    /// These rules with components keyed as `keying` says (to measure
    /// what splitting and symmetry buy).
    pub fn with_keying(mut self, keying: Keying) -> Cram {
        self.keying = keying;
        self
    }

    /// These rules with every shape searched, none valued by
    /// [`Cram::mirror_wins`] (to check that theorem and to measure what
    /// it buys).
    pub fn without_mirror(mut self) -> Cram {
        self.mirror = false;
        self
    }

    /// These rules with every position keyed as it is, not as
    /// [`Cram::reduced`] makes it (to check that theorem and to measure
    /// what it buys).
    pub fn without_reduction(mut self) -> Cram {
        self.reduce = false;
        self
    }

    /// The free cells `s` of `frame` with cells taken that change no
    /// value: the position has the same value as `s`. A *tuft* is a free
    /// cell with one free neighbour, its *centre*. Two kinds of cells go:
    ///
    /// 1. every tuft of a centre but one;
    /// 2. then every cell that is no tuft and whose free neighbours are
    ///    all centres (a lone cell among them).
    ///
    /// Both rest on one lemma: if every free neighbour c of a free cell x
    /// has a tuft t_c other than x, then `s` and `s` without x have the
    /// same value. By induction on the cells: a domino (x, c) leaves t_c
    /// isolated, so its option has the value of the option (c, t_c) of
    /// `s` without x; any other domino misses x and keeps every t_c (a
    /// domino on t_c takes c too), so x still meets the hypothesis after
    /// it and the option has the value of the same option without x.
    /// The two positions' options have the same values, so the positions
    /// do. A tuft u of a centre with another tuft meets the hypothesis
    /// (rule 1), and so does a cell of rule 2 (it is no tuft, so no
    /// centre's tuft is x). Neither rule takes a centre or the tuft a
    /// centre keeps (a cell of rule 2 is no centre: its tuft would be a
    /// centre next to it, making it a tuft), so the hypothesis still holds
    /// for every cell still to go after each one goes: all go at once.
    ///
    /// Beling's Cram solver (igs, github.com/beling/impartial-games)
    /// simplifies its positions the same way ("stars" and "bridges");
    /// the proof above is ours, and the test `reduction_keeps_every_value`
    /// checks it against the definition.
    pub fn reduced(frame: &Frame, s: u128) -> u128 {
        let cols = frame.cols();
        let (right, down) = frame.dominoes(s);
        // Cell i has a free neighbour to its right, left, below, above.
        let (r, l, d, u) = (right, shl(right, 1), down, shl(down, cols));
        let two = (r & (l | d | u)) | (l & (d | u)) | (d & u);
        let tuft = (r | l | d | u) & !two;
        // 1: the tufts below their centres stay; then those right of,
        // above and left of their centres go where the centre has one.
        let mut centre = shr(tuft & u, cols);
        let right_of = tuft & l;
        let mut drop = right_of & shl(centre, 1);
        centre |= shr(right_of, 1);
        let above = tuft & d;
        drop |= above & shr(centre, cols);
        centre |= shl(above, cols);
        let left_of = tuft & r;
        drop |= left_of & shr(centre, 1);
        centre |= shl(left_of, 1);
        let s = s & !drop;
        // 2: the cells, no tufts, with a free neighbour that is no centre.
        let (right, down) = frame.dominoes(s);
        let off = (right & !shr(centre, 1))
            | (shl(right, 1) & !shl(centre, 1))
            | (down & !shr(centre, cols))
            | (shl(down, cols) & !shl(centre, cols));
        s & (tuft | off)
    }

    /// Whether the second player wins on the free cells `s` of `frame` by
    /// answering each domino with its image under the half turn about the
    /// centre of the cells' bounding box: true when the cells are their
    /// own image and no free cell, and no domino of two free cells, is its
    /// own image. Then the image of a move is free (it was before the
    /// move, by the symmetry) and apart from the move (a domino that met
    /// its image would be its own image), and the position after the
    /// answer is symmetric again, so the second player always has a move:
    /// `s` is a P-position, of value 0 (the symmetry strategy known for
    /// the empty boards with both sides even, applied to every shape the
    /// search meets). A shape that a reflection
    /// maps onto itself instead is never connected (the axis would be
    /// free of cells, or crossed by a domino that is its own image).
    pub fn mirror_wins(frame: &Frame, s: u128) -> bool {
        let (h, w, b) = frame.cropped(s);
        let n = h * w;
        // The half turn takes bit i of the box to bit n − 1 − i.
        if n == 0 || b.reverse_bits() >> (128 - n) != b {
            return n == 0;
        }
        let free = |r: u32, c: u32| b >> (r * w + c) & 1 == 1;
        let (r, c) = (h / 2, w / 2);
        match (h % 2, w % 2) {
            // The centre cell is its own image.
            (1, 1) => !free(r, c),
            // So is the domino across the centre, side by side …
            (1, 0) => !(free(r, c - 1) && free(r, c)),
            // … or one above the other.
            (0, 1) => !(free(r - 1, c) && free(r, c)),
            _ => true,
        }
    }

    /// The board.
    pub fn frame(&self) -> Frame {
        self.frame
    }

    /// Calls `f` with each domino that fits in `s`: its two cells.
    fn each_domino(frame: &Frame, s: u128, mut f: impl FnMut(u32, u32)) {
        let (h, v) = frame.dominoes(s);
        for i in bits(h) {
            f(i, i + 1);
        }
        for i in bits(v) {
            f(i, i + frame.cols());
        }
    }

    /// Appends the keys of the parts of `s` that have a move.
    fn key_parts(&self, frame: &Frame, s: u128, out: &mut Vec<Key>) {
        let sym = self.keying.symmetry;
        if !self.keying.split {
            if frame.has_domino(s) {
                out.push(frame.key(s, sym));
            }
            return;
        }
        let s = if self.reduce { Cram::reduced(frame, s) } else { s };
        frame.regions(s, |r| {
            if frame.has_domino(r) {
                out.push(frame.key(r, sym));
            }
        });
    }
}

impl Ruleset for Cram {
    type Position = u128;

    fn spec(&self) -> String {
        if self.start == self.frame.all() {
            format!("cram:{}x{}", self.frame.rows(), self.frame.cols())
        } else {
            format!("cram:{}", self.frame.picture(self.start))
        }
    }

    fn parse_position(&self, text: &str) -> Result<u128> {
        if text.trim() == "start" {
            return Ok(self.start);
        }
        let bad = |reason: String| Error::BadPosition {
            text: text.to_string(),
            reason,
        };
        let (f, s) = parse_picture(text).map_err(bad)?;
        if (f.rows(), f.cols()) != (self.frame.rows(), self.frame.cols()) {
            return Err(bad(format!(
                "the board is {}x{}: draw {} rows of {} cells",
                self.frame.rows(),
                self.frame.cols(),
                self.frame.rows(),
                self.frame.cols()
            )));
        }
        Ok(s)
    }

    fn format_position(&self, p: &u128) -> String {
        self.frame.picture(*p)
    }

    fn check_position(&self, p: &u128) -> Result<()> {
        if p & !self.frame.all() != 0 {
            return Err(not_a_position(
                format!("{p:#x}"),
                format!(
                    "cells beyond the {}x{} board",
                    self.frame.rows(),
                    self.frame.cols()
                ),
            ));
        }
        Ok(())
    }

    fn moves(&self, p: &u128, out: &mut Moves<u128>) -> Result<()> {
        let f = &self.frame;
        let mut parts = Vec::new();
        Cram::each_domino(f, *p, |a, b| {
            parts.clear();
            f.regions(p & !(1 << a) & !(1 << b), |r| {
                if f.has_domino(r) {
                    parts.push(r);
                }
            });
            out.push(parts.iter().copied(), || {
                format!("domino {}-{}", f.name(a), f.name(b))
            });
        });
        Ok(())
    }

    fn branching(&self, p: &u128) -> u64 {
        2 * p.count_ones() as u64
    }

    fn start(&self) -> Option<u128> {
        Some(self.start)
    }

    fn splitting(&self) -> Option<&dyn Splitting<u128>> {
        Some(self)
    }
}

impl Splitting<u128> for Cram {
    fn family(&self) -> String {
        // Without the theorem the memo must not be shared with it.
        let mirror = if self.mirror { "" } else { " no-mirror" };
        let reduce = if self.reduce { "" } else { " no-reduction" };
        format!("cram {}{mirror}{reduce}", self.keying.name())
    }

    fn keys(&self, p: &u128, out: &mut Vec<Key>) {
        self.key_parts(&self.frame, *p, out);
    }

    fn options(&self, key: &Key, out: &mut Moves<Key>) {
        let Some((f, s)) = Frame::from_key(key) else {
            return;
        };
        let mut parts = Vec::new();
        Cram::each_domino(&f, s, |a, b| {
            parts.clear();
            self.key_parts(&f, s & !(1 << a) & !(1 << b), &mut parts);
            out.push(parts.drain(..), String::new);
        });
    }

    fn look(&self, p: &u128) -> Look {
        Look::Cells {
            game: "cram",
            rows: self.frame.picture_rows(*p),
        }
    }

    fn known_value(&self, key: &Key) -> Option<u32> {
        if !self.mirror {
            return None;
        }
        let (f, s) = Frame::from_key(key)?;
        Cram::mirror_wins(&f, s).then_some(0)
    }

    fn known_by(&self) -> &'static str {
        "the mirror strategy"
    }

    fn size(&self, key: &Key) -> u32 {
        // The cells' bits follow the box's two bytes (see `Frame::key`).
        key.as_bytes()
            .get(2..)
            .map_or(0, |b| b.iter().map(|x| x.count_ones()).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, Solver};

    fn mirror(picture: &str) -> bool {
        let (f, s) = parse_picture(picture).unwrap();
        Cram::mirror_wins(&f, s)
    }

    #[test]
    fn the_mirror_needs_a_half_turn_symmetry_and_a_blocked_centre() {
        // Even by even, and any shape its half turn keeps, in any frame.
        assert!(mirror("..../...."));
        assert!(mirror("#####/#..##/#.#.#/##..#"));
        // Odd by odd: the centre cell must be taken.
        assert!(!mirror(".../.../..."));
        assert!(mirror(".../.#./..."));
        // Odd by even: no free domino across the centre, in either
        // orientation.
        assert!(!mirror("..../..../...."));
        assert!(mirror("..../.##./...."));
        assert!(!mirror("..../.#../...."));
        assert!(!mirror("../../.."));
        assert!(!mirror("...../...../...../....."));
        assert!(mirror("...../..#../..#../....."));
        // Not symmetric under the half turn (a mirror image is not enough).
        assert!(!mirror("..#/.#./..#"));
        assert!(!mirror("../.#"));
        assert!(!mirror(".#./..."));
        // A lone cell: its own image.
        assert!(!mirror("."));
    }

    #[test]
    fn reduction_keeps_every_value() {
        // Shapes it must reduce, rule by rule: of the tufts of a centre
        // the one below stays, else the one right of it; a cell between
        // two centres goes.
        for (before, after) in [
            ("...", "#.."),
            ("#.#/.../#.#", "###/#.#/#.#"),
            (".....", "..#.."),
            (".../#.#", "#.#/#.#"),
            ("..../####/....", "..../####/...."),
        ] {
            let (frame, s) = parse_picture(before).unwrap();
            let (_, want) = parse_picture(after).unwrap();
            assert_eq!(Cram::reduced(&frame, s), want, "{before}");
        }
        // Every shape of 3 x 3 and 2 x 5, and random shapes up to 4 x 6,
        // dense and sparse, valued before and after by the generic solver
        // on the rules' own moves (regions apart, no key, no reduction).
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        // Shapes that lost a cell with a free neighbour (not only lone
        // cells, which have no move anyway).
        let mut reduced = 0;
        let mut check = |cram: &Cram, s: u128, plain: &mut Solver<Cram>| {
            let frame = &cram.frame();
            let r = Cram::reduced(frame, s);
            assert_eq!(r & !s, 0, "cells added to {s:#b}");
            let (right, down) = frame.dominoes(s);
            let linked = right | shl(right, 1) | down | shl(down, frame.cols());
            reduced += usize::from(s & !r & linked != 0);
            assert_eq!(
                plain.grundy(&s).unwrap(),
                plain.grundy(&r).unwrap(),
                "{s:#b} -> {r:#b}"
            );
        };
        for (rows, cols) in [(3, 3), (2, 5)] {
            let cram = Cram::parse("cram", &format!("{rows}x{cols}")).unwrap();
            let mut plain = Solver::new(&cram, Limits::default());
            for s in 0..1u128 << (rows * cols) {
                check(&cram, s, &mut plain);
            }
        }
        for i in 0..600 {
            let (rows, cols) = (2 + next() as u32 % 3, 3 + next() as u32 % 4);
            let cram = Cram::parse("cram", &format!("{rows}x{cols}")).unwrap();
            let (a, b, c) = (next() as u128, next() as u128, next() as u128);
            // Three quarters of the cells free, or three eighths.
            let s = if i % 2 == 0 { a | b } else { a & (b | c) } & cram.frame().all();
            check(&cram, s, &mut Solver::new(&cram, Limits::default()));
        }
        assert!(reduced > 300, "only {reduced} shapes lost a linked cell");
    }

    #[test]
    fn cropping_finds_the_bounding_box() {
        let (f, s) = parse_picture("#####/##..#/##.##/#####").unwrap();
        assert_eq!(f.cropped(s), (2, 2, 0b0111));
        assert_eq!(f.cropped(0), (0, 0, 0));
    }
}
