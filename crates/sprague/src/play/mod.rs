//! A game against the computer, held by every front end that plays: the
//! terminal (`sprague play`), and later the web page and Python.
//!
//! A [`Session`] owns everything about one game — the rules, the sum of
//! positions, the convention, whose turn it is, the history with undo and
//! redo, the computer's style of play and its random numbers — and is
//! `Send`, so that a web server or a Python object can keep it in state.
//! It speaks text at its edges (positions and move labels as the rulesets
//! write them), so that a front end needs no generic code: inside, every
//! call runs the one generic path through [`Game::visit`](crate::rules::Game::visit).
//! (A generic `Session<R>` behind a trait object was the other design: it
//! needs owned rules, which the visitor only lends, and gains little, since
//! re-reading the few components of the position costs microseconds.)
//!
//! What the computer knows comes from two places (module `oracle`): the exact
//! graph of every sum reachable from a position, solved by retrograde
//! analysis (outcome and remoteness of every position, when the graph fits
//! the same budget as the `value` command's remoteness — from the start —
//! or a small one from a later position), and otherwise the
//! [`query`](crate::query) answer for the position at hand (Sprague–Grundy,
//! proven heap patterns for heaps of any size, misère search, loopy values).
//!
//! Components with too many moves to list (a heap of 10^18) show a bounded
//! window of their moves (module `window`): the first few the rules list, plus
//! the winning moves the query finds from a proven pattern. The perfect
//! player then always finds its winning move; when it is losing at such a
//! position it plays any listed move, since no move there can be told to
//! delay the loss longest without a remoteness the budget cannot give.
//!
//! The library does no I/O: the front end reads moves and draws positions.

mod analysis;
mod oracle;
mod rng;
mod session;
mod typed;
mod view;
mod window;

pub use rng::Rng;
pub use session::{PlayError, Session};
pub use view::Shape;

use crate::solve::{Limits, Play};
use crate::Outcome;
use std::fmt;
use std::str::FromStr;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The person at the keyboard.
    You,
    /// The program.
    Computer,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::You => Side::Computer,
            Side::Computer => Side::You,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::You => "you",
            Side::Computer => "computer",
        })
    }
}

/// How the computer chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Opponent {
    /// The fastest win by remoteness; when losing, the move that delays
    /// longest; in a loopy game a draw rather than a loss.
    Perfect,
    /// A legal move chosen uniformly at random.
    Random,
    /// Perfect play, except that with this probability (0 to 1) a move is
    /// chosen uniformly at random instead.
    Fallible(f64),
}

impl FromStr for Opponent {
    type Err = String;

    /// `perfect`, `random` or `fallible:P` with P from 0 to 1.
    fn from_str(text: &str) -> Result<Opponent, String> {
        let t = text.trim().to_ascii_lowercase();
        match t.split_once(':') {
            None if t == "perfect" => Ok(Opponent::Perfect),
            None if t == "random" => Ok(Opponent::Random),
            Some(("fallible", p)) => match p.trim().parse::<f64>() {
                Ok(p) if (0.0..=1.0).contains(&p) => Ok(Opponent::Fallible(p)),
                _ => Err(format!(
                    "bad opponent `{}`: P in fallible:P is a probability from 0 to 1",
                    crate::excerpt(text)
                )),
            },
            _ => Err(format!(
                "bad opponent `{}`: give perfect, random or fallible:P (P from 0 to 1)",
                crate::excerpt(text)
            )),
        }
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Perfect => f.write_str("perfect"),
            Opponent::Random => f.write_str("random"),
            Opponent::Fallible(p) => write!(f, "fallible:{p}"),
        }
    }
}

/// Who makes the first move of each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The person.
    Me,
    /// The program.
    Computer,
    /// Drawn by the session's random numbers at the start of each game.
    Random,
}

/// How a session plays.
#[derive(Clone, Debug)]
pub struct Config {
    /// Normal or misère play.
    pub play: Play,
    /// The computer's style.
    pub opponent: Opponent,
    /// The seed of the session's random numbers (random opponents, the
    /// random first player): the same seed gives the same game.
    pub seed: u64,
    /// Who moves first.
    pub first: First,
    /// Bounds on the computations behind the computer's moves.
    pub limits: Limits,
    /// A loopy game ends in a draw after this many moves.
    pub max_turns: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            play: Play::Normal,
            opponent: Opponent::Perfect,
            seed: 0,
            first: First::Me,
            limits: Limits::default(),
            max_turns: 200,
        }
    }
}

/// What a move leads to for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Verdict {
    /// The mover can force a win afterwards.
    Win,
    /// The opponent can force a win afterwards.
    Loss,
    /// Neither can force a win (loopy games).
    Draw,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
        })
    }
}

/// What a move is worth, where it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rating {
    /// Win, loss or draw for the mover.
    pub verdict: Verdict,
    /// The remoteness of the position the move leaves: how many more moves
    /// the game lasts with the winner hurrying and the loser delaying.
    pub remoteness: Option<u32>,
}

/// Where a position stands for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Standing {
    /// `N` (the player to move wins), `P` (loses) or `D` (draw).
    pub outcome: Outcome,
    /// Smith's remoteness, where known.
    pub remoteness: Option<u32>,
}

/// A legal move of the current position.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Listed {
    /// The component it is made in (0-based).
    pub component: usize,
    /// The ruleset's label ("take 2 from the heap of 5").
    pub label: String,
    /// The whole sum after the move, one text per component.
    pub after: Vec<String>,
    /// What it leads to for the mover, where known.
    pub rating: Option<Rating>,
}

/// A move made in the game.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Played {
    /// Who made it.
    pub side: Side,
    /// The component (0-based) and label.
    pub component: usize,
    /// The ruleset's label.
    pub label: String,
    /// The sum before the move.
    pub before: Vec<String>,
    /// The sum after the move.
    pub after: Vec<String>,
    /// Where the position stood for the mover before the move.
    pub standing: Option<Standing>,
    /// What the move was worth to the mover.
    pub rating: Option<Rating>,
    /// A better move, when this one gave away a win (or a draw).
    pub better: Option<String>,
    /// The component (0-based) `better` is made in.
    pub better_component: Option<usize>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// How many moves were made.
    pub moves: usize,
    /// Why the game ended, in words.
    pub reason: String,
    /// The last move (1-based) at which the loser could still have won —
    /// the move that threw the win away — and a winning move there
    /// (made in the component [`Played::better_component`] of that
    /// move), if there was such a move.
    pub turning_point: Option<(usize, String)>,
}

/// A typed move that matches no legal move, or a request the session
/// cannot carry out now; the message is one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);
