//! Cram: players in turn place a domino on two free neighbouring cells of a
//! board; who cannot place one loses (Gardner; Winning Ways ch. 22).

use super::grid::{bits, parse_picture, parse_size, Frame};
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
            let (r, c) =
                parse_size(body).map_err(|e| bad(format!("{e}; or draw the board, like ..#/...")))?;
            let f =
                Frame::new(r, c).ok_or_else(|| bad(format!("a {r}x{c} board has more than 128 cells")))?;
            (f, f.all())
        };
        Ok(Cram {
            frame,
            start,
            keying: Keying::default(),
        })
    }

    /// These rules with components keyed as `keying` says (to measure
    /// what splitting and symmetry buy).
    pub fn with_keying(mut self, keying: Keying) -> Cram {
        self.keying = keying;
        self
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
        format!("cram {}", self.keying.name())
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

    fn size(&self, key: &Key) -> u32 {
        // The cells' bits follow the box's two bytes (see `Frame::key`).
        key.as_bytes()
            .get(2..)
            .map_or(0, |b| b.iter().map(|x| x.count_ones()).sum())
    }
}
