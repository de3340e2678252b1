//! The games the engine computes ([`SeqGame`]) and the shape of their
//! moves by the number of tokens taken.

use crate::rules::{Game, OctalCode};

/// A game the sequence engine computes: an octal or hexadecimal code, or
/// Grundy's game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeqGame {
    /// An octal or hexadecimal take-and-break code.
    Octal(OctalCode),
    /// Grundy's game: split a heap into two unequal heaps.
    Grundy,
}

impl SeqGame {
    /// The engine's game for a catalog game, if it is one it computes.
    pub fn from_game(game: &Game) -> Option<SeqGame> {
        match game {
            Game::Octal(o) => Some(SeqGame::Octal(o.code.clone())),
            Game::Grundy(_) => Some(SeqGame::Grundy),
            _ => None,
        }
    }

    /// The engine's game for a heap game's moves, if it is one it computes.
    pub fn from_heap_moves(moves: crate::rules::HeapMoves<'_>) -> Option<SeqGame> {
        match moves {
            crate::rules::HeapMoves::Octal(c) => Some(SeqGame::Octal(c.clone())),
            crate::rules::HeapMoves::Grundy => Some(SeqGame::Grundy),
            _ => None,
        }
    }

    /// The canonical spec (`octal:0.16`, `grundy`).
    pub fn spec(&self) -> String {
        match self {
            SeqGame::Octal(c) => c.spec(),
            SeqGame::Grundy => "grundy".into(),
        }
    }

    /// t for the periodicity theorem, where the theorem applies: every
    /// octal code, the most tokens a move takes (a code 4.d₁… that also
    /// splits a heap without taking from it is covered: the proof pairs
    /// the options a + b = n − k of n and n + p for every 0 ≤ k ≤ t, so
    /// k = 0 is no exception); not Grundy's game, whose moves are not
    /// bounded in that way.
    pub fn periodicity_t(&self) -> Option<u64> {
        match self {
            SeqGame::Octal(c) => Some(c.max_take() as u64),
            SeqGame::Grundy => None,
        }
    }

    /// The most heaps a move leaves, as the periodicity theorem counts
    /// them: 3 for a hexadecimal code (Howse–Nowakowski), else 2.
    pub fn periodicity_heaps(&self) -> u64 {
        match self {
            SeqGame::Octal(c) => c.max_heaps().max(2),
            SeqGame::Grundy => 2,
        }
    }

    pub(super) fn shape(&self) -> Shape {
        match self {
            SeqGame::Grundy => Shape {
                take_all: vec![],
                single: vec![],
                split: vec![0],
                triple: vec![],
                unequal: true,
            },
            SeqGame::Octal(c) => {
                let mut s = Shape {
                    take_all: vec![],
                    single: vec![],
                    split: vec![],
                    triple: vec![],
                    unequal: false,
                };
                for (k, &d) in c.digits().iter().enumerate() {
                    if d & 1 != 0 && k > 0 {
                        s.take_all.push(k);
                    }
                    if d & 2 != 0 && k > 0 {
                        s.single.push(k);
                    }
                    if d & 4 != 0 {
                        s.split.push(k);
                    }
                    if d & 8 != 0 {
                        s.triple.push(k);
                    }
                }
                s
            }
        }
    }
}

/// The moves, by the number of tokens k they take.
#[derive(Clone, Debug)]
pub(super) struct Shape {
    /// Heap n = k may be taken whole (option 0).
    pub(super) take_all: Vec<usize>,
    /// One heap n − k may remain.
    pub(super) single: Vec<usize>,
    /// Two heaps a + b = n − k may remain (a, b ≥ 1).
    pub(super) split: Vec<usize>,
    /// Three heaps a + b + c = n − k may remain (a hexadecimal code).
    pub(super) triple: Vec<usize>,
    /// The two heaps must differ (Grundy's game).
    pub(super) unequal: bool,
}
