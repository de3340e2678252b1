//! The moves of a heap game as the quotient sees them: each option of heap
//! `n` is the sum of the smaller heaps it leaves.
//!
//! Octal and hexadecimal codes are read from their digits (no positions or
//! labels built); every other heap game through its [`Ruleset`], checked to
//! be one: heap `n` is the position `n`, and every move leaves heaps
//! smaller than `n`.

use crate::rules::{HeapMoves, Moves, OctalCode, Ruleset};
use crate::{excerpt, Error, Result, Stop};

/// Where a heap game's options come from.
enum Source<'r, R: Ruleset> {
    Octal(OctalCode),
    Listed(&'r R, Moves<R::Position>),
}

/// A heap game's options, heap by heap.
pub(crate) struct HeapRules<'r, R: Ruleset> {
    source: Source<'r, R>,
    spec: String,
    /// `(t, k)` of the periodicity theorem: a move takes at most t tokens
    /// and leaves at most k heaps; `None` where no such bound holds.
    shape: Option<(u64, u64)>,
    parts: Vec<u64>,
    /// The token that ends the computation (see [`HeapRules::stopped_by`]).
    stop: Stop,
}

impl<'r, R: Ruleset> HeapRules<'r, R> {
    /// The options of `rules`, which must be an acyclic heap game.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a game whose positions may recur or
    /// that is not a game of heaps.
    pub(crate) fn new(rules: &'r R) -> Result<Self> {
        let spec = rules.spec();
        let unsupported =
            |why: &str| Error::Unsupported(format!("no misère quotient for `{}`: {why}", excerpt(&spec)));
        if rules.may_loop() {
            return Err(unsupported("its positions may recur"));
        }
        if rules.convention() != crate::rules::Convention::Normal {
            return Err(unsupported("it does not end when no move is left"));
        }
        let heap = |n: u64| {
            rules
                .parse_position(&n.to_string())
                .ok()
                .filter(|p| rules.heap_size(p) == Some(n))
        };
        if rules.splitting().is_some() {
            return Err(unsupported(
                "it is one board or graph, not a game of heaps: value its positions in misère play instead (`value` with misère play asked)",
            ));
        }
        if heap(1).is_none() || heap(0).is_none() {
            return Err(unsupported("it is not a game of heaps"));
        }
        let (source, shape) = match rules.heap_moves() {
            Some(HeapMoves::Octal(code)) => (
                Source::Octal(code.clone()),
                Some((code.max_take() as u64, code.max_heaps())),
            ),
            Some(HeapMoves::Subtract(set)) => (
                Source::Listed(rules, Moves::new(false)),
                set.last().map(|&t| (t, 1)),
            ),
            _ => (Source::Listed(rules, Moves::new(false)), None),
        };
        Ok(HeapRules {
            source,
            spec,
            shape,
            parts: Vec::new(),
            stop: Stop::default(),
        })
    }

    /// These options, listed for a computation that `stop` ends (a
    /// script's moves see it too).
    pub(crate) fn stopped_by(mut self, stop: &Stop) -> Self {
        if let Source::Listed(_, moves) = &mut self.source {
            *moves = std::mem::replace(moves, Moves::new(false)).stopped_by(stop);
        }
        self.stop = stop.clone();
        self
    }

    /// [`Error::Stopped`] once the computation is asked to end.
    pub(crate) fn check_stop(&self) -> Result<()> {
        self.stop.check()
    }

    /// The spec of the game.
    pub(crate) fn spec(&self) -> &str {
        &self.spec
    }

    /// `(t, k)` for the periodicity theorem (see [`super::period`]).
    pub(crate) fn shape(&self) -> Option<(u64, u64)> {
        self.shape
    }

    /// Calls `f` with each option of heap `n`: the heaps it leaves, each
    /// from 1 to `n − 1` (heaps of 0 dropped).
    ///
    /// # Errors
    /// [`Error::Unsupported`] where `n` is not a position of the game or a
    /// move leaves something other than smaller heaps.
    pub(crate) fn options(&mut self, n: u64, mut f: impl FnMut(&[u64])) -> Result<()> {
        match &mut self.source {
            Source::Octal(code) => {
                octal_options_of(code, n, &mut f);
                Ok(())
            }
            Source::Listed(rules, moves) => {
                let unsupported = |why: String| {
                    Error::Unsupported(format!("no misère quotient for `{}`: {why}", excerpt(&self.spec)))
                };
                let p = rules
                    .parse_position(&n.to_string())
                    .ok()
                    .filter(|p| rules.heap_size(p) == Some(n))
                    .ok_or_else(|| unsupported(format!("heap {n} is not a position of it")))?;
                moves.clear();
                rules.moves(&p, moves)?;
                for m in 0..moves.len() {
                    self.parts.clear();
                    for q in moves.parts(m) {
                        match rules.heap_size(q) {
                            Some(0) => {}
                            Some(h) if h < n => self.parts.push(h),
                            _ => {
                                return Err(unsupported(format!(
                                    "a move from heap {n} leaves `{}`, not smaller heaps",
                                    rules.format_position(q)
                                )))
                            }
                        }
                    }
                    f(&self.parts);
                }
                self.stop.check()
            }
        }
    }
}

/// The options of heap `n` of an octal or hexadecimal code, as in
/// [`crate::rules::OctalGame`]'s moves.
pub(crate) fn octal_options_of(code: &OctalCode, n: u64, f: &mut impl FnMut(&[u64])) {
    for (k, &d) in code.digits().iter().enumerate() {
        let k = k as u64;
        if k > n {
            break;
        }
        digit_options(d, k, n, f);
    }
}

/// The options that digit `d` gives heap `n` for taking `k ≤ n` tokens.
pub(crate) fn digit_options(d: u8, k: u64, n: u64, f: &mut impl FnMut(&[u64])) {
    if d & 1 != 0 && k == n && k > 0 {
        f(&[]);
    }
    if d & 2 != 0 && n > k && k > 0 {
        f(&[n - k]);
    }
    let rest = n - k;
    if d & 4 != 0 && n >= k + 2 {
        for a in 1..=rest / 2 {
            f(&[a, rest - a]);
        }
    }
    if d & 8 != 0 && n >= k + 3 {
        for a in 1..=rest / 3 {
            for b in a..=(rest - a) / 2 {
                f(&[a, b, rest - a - b]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, GameVisitor};

    /// The digits' options are the game's own moves, heap by heap.
    #[test]
    fn octal_options_are_the_moves() {
        struct V;
        impl GameVisitor for V {
            type Output = ();
            fn visit<R: Ruleset>(self, rules: &R) {
                let HeapMoves::Octal(code) = rules.heap_moves().unwrap() else {
                    panic!()
                };
                let mut listed = HeapRules {
                    source: Source::Listed(rules, Moves::new(false)),
                    spec: rules.spec(),
                    shape: None,
                    parts: Vec::new(),
                    stop: Stop::default(),
                };
                for n in 0..14 {
                    let mut a = Vec::new();
                    octal_options_of(code, n, &mut |o| a.push(o.to_vec()));
                    let mut b = Vec::new();
                    listed.options(n, |o| b.push(o.to_vec())).unwrap();
                    a.iter_mut().for_each(|o| o.sort());
                    b.iter_mut().for_each(|o| o.sort());
                    a.sort();
                    b.sort();
                    assert_eq!(a, b, "{} heap {n}", rules.spec());
                }
            }
        }
        for spec in ["octal:0.77", "octal:4.7", "hex:0.f8", "octal:0.137", "octal:0.07"] {
            spec.parse::<Game>().unwrap().visit(V);
        }
    }
}
