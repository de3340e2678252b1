//! [`Session`]: one game against the computer, with history, undo and redo.

use super::analysis::{Analyse, Here, TypedHuge};
use super::oracle::Known;
use super::view::{shape, Shape};
use super::{typed, Config, First, Listed, Opponent, Played, Refused, Rng, Side, Standing, Summary, Verdict};
use crate::rules::{Convention, Game, GameVisitor, Ruleset};
use crate::solve::{Limits, Play};
use crate::{Error, Outcome, Result};

/// A game against the computer: the rules, the sum of positions, whose
/// turn it is, the history with undo and redo, and what the computer
/// knows. Owned and `Send`; positions and moves are text at its edges.
///
/// # Examples
/// ```
/// use sprague::play::{Config, Session, Side};
///
/// let game = "nim".parse().unwrap();
/// let mut s = Session::new(game, &["1".into(), "2".into()], Config::default()).unwrap();
/// assert_eq!(s.to_move(), Side::You);
/// // Take the 2: the computer takes the last token and wins.
/// let i = s.find_move("take 2 from the heap of 2").unwrap();
/// s.play(i).unwrap();
/// s.computer_move().unwrap();
/// assert_eq!(s.summary().unwrap().winner, Some(Side::Computer));
/// ```
#[derive(Debug)]
pub struct Session {
    game: Game,
    config: Config,
    start: Vec<String>,
    start_shapes: Vec<Shape>,
    first: Side,
    history: Vec<Played>,
    redo: Vec<Vec<Played>>,
    rng: Rng,
    known: Known,
    here: Here,
    agreed_draw: bool,
    loopy: bool,
}

impl Session {
    /// Starts a game of `game` from the sum `positions` (written as the
    /// rules read them), and analyses the first position.
    ///
    /// # Errors
    /// A position the rules cannot read, a sum of a game whose positions do
    /// not add up, or a position too large for every solver under
    /// `config.limits` (the same bound errors as the `value` command).
    pub fn new(game: Game, positions: &[String], config: Config) -> Result<Session> {
        struct Start<'a>(&'a [String]);
        impl GameVisitor for Start<'_> {
            type Output = Result<(Vec<String>, Vec<Shape>, bool)>;
            fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
                if self.0.is_empty() {
                    return Err(Error::Unsupported("give at least one position".into()));
                }
                if rules.convention() == Convention::Special && self.0.len() != 1 {
                    return Err(Error::Unsupported(format!(
                        "`{}` positions do not add up as sums: give exactly one position",
                        rules.spec()
                    )));
                }
                let starts = self
                    .0
                    .iter()
                    .map(|t| rules.parse_position(t))
                    .collect::<Result<Vec<_>>>()?;
                let texts = starts.iter().map(|p| rules.format_position(p)).collect();
                let shapes = starts.iter().map(|p| shape(rules, p)).collect();
                Ok((texts, shapes, rules.may_loop()))
            }
        }
        let (start, start_shapes, loopy) = game.visit(Start(positions))?;
        let mut rng = Rng::new(config.seed);
        let first = resolve_first(config.first, &mut rng);
        let mut s = Session {
            game,
            config,
            start,
            start_shapes,
            first,
            history: Vec::new(),
            redo: Vec::new(),
            rng,
            known: Known::default(),
            here: Here::default(),
            agreed_draw: false,
            loopy,
        };
        s.analyse()?;
        Ok(s)
    }

    /// Bounds the analyses from now on by `limits`, and stops them with its
    /// token: a front end that answers each request with a token of its
    /// own (the web server) hands the session the request's limits first.
    pub fn set_limits(&mut self, limits: Limits) {
        self.config.limits = limits;
    }

    /// The game's spec.
    pub fn spec(&self) -> String {
        self.game.spec()
    }

    /// The convention played.
    pub fn play_convention(&self) -> Play {
        self.config.play
    }

    /// The computer's style.
    pub fn opponent(&self) -> Opponent {
        self.config.opponent
    }

    /// Whether positions may recur (draws are possible).
    pub fn is_loopy(&self) -> bool {
        self.loopy
    }

    /// The current sum, one text per component.
    pub fn position(&self) -> &[String] {
        match self.history.last() {
            Some(p) => &p.after,
            None => &self.start,
        }
    }

    /// How each component of the current sum looks.
    pub fn shapes(&self) -> &[Shape] {
        &self.here.shapes
    }

    /// How each starting position looked: front ends draw every board of
    /// a sum from these, also a board whose regions are all gone (a Cram
    /// board with no domino left to place).
    pub fn start_shapes(&self) -> &[Shape] {
        &self.start_shapes
    }

    /// Whether the game is played on boards or graphs (Cram, Chomp, Node
    /// Kayles, octal games on graphs): front ends then draw and name
    /// moves board by board, and an empty sum may still hold free cells.
    pub fn on_boards(&self) -> bool {
        !self.start_shapes.is_empty()
            && self
                .start_shapes
                .iter()
                .all(|s| matches!(s, Shape::Cells { .. } | Shape::Network { .. }))
    }

    /// For each component of the current sum, which of the starting
    /// positions it is part of (0-based, in the order given): the parts a
    /// move leaves belong to the start of the component it was made in.
    /// Front ends draw the components of one start on one board, and the
    /// starts of a sum apart.
    pub fn boards(&self) -> Vec<usize> {
        self.boards_after(self.history.len())
    }

    /// [`Session::boards`] as it was after the first `moves` moves of the
    /// history (0: the start), for naming the board of a move made then.
    pub fn boards_after(&self, moves: usize) -> Vec<usize> {
        let mut boards: Vec<usize> = (0..self.start.len()).collect();
        for p in self.history.iter().take(moves) {
            let c = p.component;
            let Some(&board) = boards.get(c) else { continue };
            // The component became the parts the move left in it.
            let parts = (p.after.len() + 1).saturating_sub(p.before.len());
            boards.splice(c..=c, std::iter::repeat_n(board, parts));
        }
        boards
    }

    /// The move `board N: label` names on a sum of boards or graphs (the
    /// boards are the starts of the sum, as front ends draw and number
    /// them; the regions of one board never share a label), or the refusal
    /// of a bare label that is a move on several boards; `None` elsewhere
    /// (then the move is read as on heaps, [`typed::find`]).
    fn on_board_named(&self, text: &str) -> Option<std::result::Result<usize, Refused>> {
        if !(self.on_boards() && self.start_shapes.len() > 1) {
            return None;
        }
        let t = typed::normalize(text);
        let boards = self.boards();
        let board_of = |i: usize| boards.get(self.here.moves[i].component).copied();
        let label = |i: usize| typed::normalize(&self.here.moves[i].label);
        if let Some((head, rest)) = t.split_once(':') {
            // `board 2:`, and as lists of boards number them, `2:`, `#2:`,
            // `part 2:`, `region 2:`: the board drawn, not a region.
            let head = head.trim();
            let number = ["board", "region", "part", "component", "#"]
                .iter()
                .find_map(|w| head.strip_prefix(w))
                .unwrap_or(head);
            let b: usize = number.trim().parse().ok()?;
            let rest = typed::normalize(rest);
            let i = (0..self.here.moves.len()).find(|&i| {
                board_of(i) == b.checked_sub(1) && (label(i) == rest || typed::names(&label(i), &rest))
            });
            return Some(i.ok_or_else(|| {
                Refused(format!(
                    "no move `{}` on board {b}: type a number, or a label as the list shows it",
                    crate::excerpt(&rest)
                ))
            }));
        }
        // The exact label, else a label's start (`take 1` of `take 1,2`).
        let mut hits: Vec<usize> = (0..self.here.moves.len()).filter(|&i| label(i) == t).collect();
        if hits.is_empty() {
            hits = (0..self.here.moves.len())
                .filter(|&i| typed::names(&label(i), &t))
                .collect();
        }
        let mut on: Vec<usize> = hits.iter().filter_map(|&i| board_of(i)).collect();
        on.sort_unstable();
        on.dedup();
        match on.len() {
            0 => None,
            1 => Some(Ok(hits[0])),
            _ => {
                let names: Vec<String> = on.iter().map(|b| (b + 1).to_string()).collect();
                Some(Err(Refused(format!(
                    "`{}` is a move on boards {}: say which, e.g. `board {}: {}`, or type its number",
                    crate::excerpt(&t),
                    names.join(" and "),
                    on[on.len() - 1] + 1,
                    crate::excerpt(&t)
                ))))
            }
        }
    }

    /// Who moves first in this game.
    pub fn first(&self) -> Side {
        self.first
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        if self.history.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// The moves made so far.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// The legal moves of the current position, each rated for the mover
    /// where that is known (for hints). Empty when the game is over.
    pub fn moves(&self) -> &[Listed] {
        if self.summary().is_some() {
            return &[];
        }
        &self.here.moves
    }

    /// Whether [`Session::moves`] lists every legal move (`false` where a
    /// component has too many: a window of them and the winning moves).
    pub fn moves_complete(&self) -> bool {
        self.here.complete
    }

    /// Where the current position stands for the player to move.
    pub fn standing(&self) -> Option<Standing> {
        self.here.standing
    }

    /// The move perfect play makes here (an index into [`Session::moves`]).
    pub fn best_move(&self) -> Option<usize> {
        self.here.best
    }

    /// Something a player should know about the computer's knowledge here
    /// (why moves are not rated), if anything.
    pub fn note(&self) -> Option<&str> {
        self.here.note.as_deref()
    }

    /// The index of the move that `text` names: a move number (1-based), a
    /// label (case and spacing free), `take 2 from heap 3`, or the position
    /// the move leaves. On a heap too large to list, a legal move outside
    /// the window (`take 5 from heap 1`, or the heaps it leaves) is checked
    /// from the game's structure and added to [`Session::moves`].
    pub fn find_move(&mut self, text: &str) -> std::result::Result<usize, Refused> {
        if let Some(s) = self.summary() {
            return Err(Refused(format!("the game is over ({})", s.reason)));
        }
        if let Some(found) = self.on_board_named(text) {
            return found;
        }
        let refused = match typed::find(text, &self.here.moves) {
            Ok(i) => return Ok(i),
            Err(e) => e,
        };
        if self.here.complete {
            return Err(refused);
        }
        let job = TypedHuge {
            texts: self.position(),
            typed: text,
        };
        match self.game.visit(job) {
            Some((component, label, after)) => {
                self.here.moves.push(Listed {
                    component,
                    label,
                    after,
                    rating: None,
                });
                Ok(self.here.moves.len() - 1)
            }
            None => Err(refused),
        }
    }

    /// Makes your move `index` (see [`Session::moves`]).
    ///
    /// # Errors
    /// [`Refused`] when it is not your turn, the game is over, or there is
    /// no such move; a bound error of the analysis of the new position.
    pub fn play(&mut self, index: usize) -> std::result::Result<&Played, PlayError> {
        if self.summary().is_some() {
            return Err(Refused("the game is over".into()).into());
        }
        if self.to_move() != Side::You {
            return Err(Refused("it is the computer's turn".into()).into());
        }
        if index >= self.here.moves.len() {
            return Err(Refused(format!("no move number {}", index + 1)).into());
        }
        self.redo.clear();
        self.apply(index, Side::You)?;
        Ok(self.history.last().expect("a move was made"))
    }

    /// Lets the computer make its move, chosen by its style.
    ///
    /// # Errors
    /// As [`Session::play`].
    pub fn computer_move(&mut self) -> std::result::Result<&Played, PlayError> {
        if self.summary().is_some() {
            return Err(Refused("the game is over".into()).into());
        }
        if self.to_move() != Side::Computer {
            return Err(Refused("it is your turn".into()).into());
        }
        let n = self.here.moves.len();
        if n == 0 {
            return Err(Refused("there is no legal move to make".into()).into());
        }
        let best = self.here.best.unwrap_or(0);
        let index = match self.config.opponent {
            Opponent::Perfect => best,
            Opponent::Random => self.rng.below(n),
            Opponent::Fallible(p) => {
                if self.rng.unit() < p {
                    self.rng.below(n)
                } else {
                    best
                }
            }
        };
        self.apply(index, Side::Computer)?;
        Ok(self.history.last().expect("a move was made"))
    }

    /// Takes back your last move and the computer's replies after it.
    /// Returns whether there was a move of yours to take back.
    pub fn undo(&mut self) -> Result<bool> {
        let Some(at) = self.history.iter().rposition(|p| p.side == Side::You) else {
            return Ok(false);
        };
        let taken = self.history.split_off(at);
        let agreed = std::mem::replace(&mut self.agreed_draw, false);
        if let Err(e) = self.analyse() {
            // Nothing changes when the position cannot be analysed.
            self.history.extend(taken);
            self.agreed_draw = agreed;
            return Err(e);
        }
        self.redo.push(taken);
        Ok(true)
    }

    /// Plays again the moves the last [`Session::undo`] took back.
    /// Returns whether there were any.
    pub fn redo(&mut self) -> Result<bool> {
        let Some(moves) = self.redo.pop() else {
            return Ok(false);
        };
        let at = self.history.len();
        self.history.extend(moves);
        if let Err(e) = self.analyse() {
            let moves = self.history.split_off(at);
            self.redo.push(moves);
            return Err(e);
        }
        Ok(true)
    }

    /// Starts a new game with the same rules and start position (who moves
    /// first is drawn again under [`First::Random`]).
    pub fn restart(&mut self) -> Result<()> {
        let history = std::mem::take(&mut self.history);
        let agreed = std::mem::replace(&mut self.agreed_draw, false);
        let first = self.first;
        self.first = resolve_first(self.config.first, &mut self.rng);
        if let Err(e) = self.analyse() {
            // Nothing changes when the start cannot be analysed.
            self.history = history;
            self.agreed_draw = agreed;
            self.first = first;
            return Err(e);
        }
        self.redo.clear();
        Ok(())
    }

    /// Offers a draw (loopy games only): the computer agrees when it cannot
    /// force a win. Returns whether the game ended in a draw.
    pub fn offer_draw(&mut self) -> std::result::Result<bool, Refused> {
        if !self.loopy {
            return Err(Refused(
                "this game cannot be drawn: every game ends with a winner".into(),
            ));
        }
        if self.summary().is_some() {
            return Err(Refused("the game is over".into()));
        }
        // The standing is for the player to move; the computer accepts
        // unless it can force a win.
        let computer_wins = matches!(
            (self.to_move(), self.here.standing.map(|s| s.outcome)),
            (Side::You, Some(Outcome::P)) | (Side::Computer, Some(Outcome::N)) | (_, None)
        );
        if !computer_wins {
            self.agreed_draw = true;
        }
        Ok(self.agreed_draw)
    }

    /// How the game ended, once it has.
    pub fn summary(&self) -> Option<Summary> {
        let (winner, reason) = if self.agreed_draw {
            (None, "drawn by agreement".to_string())
        } else if let Some(o) = self.here.terminal {
            let mover = self.to_move();
            let winner = match o {
                Outcome::N => mover,
                _ => mover.other(),
            };
            let why = if self.here.moves.is_empty() {
                match self.config.play {
                    Play::Normal => format!("{mover} cannot move"),
                    Play::Misere => format!("{mover} cannot move (misère: the last mover loses)"),
                }
            } else {
                "the rules decided the game".to_string()
            };
            (Some(winner), why)
        } else if self.loopy && self.history.len() >= self.config.max_turns {
            (
                None,
                format!("drawn at the limit of {} moves", self.config.max_turns),
            )
        } else {
            return None;
        };
        let turning_point =
            winner.and_then(|w| {
                let loser = w.other();
                // The last time the loser stood to win: after it they never
                // did again, so the move made there threw the win away.
                // (No turning point when the better move there is not known.)
                let (i, p) =
                    self.history.iter().enumerate().rev().find(|(_, p)| {
                        p.side == loser && p.standing.is_some_and(|s| s.outcome == Outcome::N)
                    })?;
                Some((i + 1, p.better.clone()?))
            });
        Some(Summary {
            winner,
            moves: self.history.len(),
            reason,
            turning_point,
        })
    }

    /// Makes move `index` of the current position for `side`.
    fn apply(&mut self, index: usize, side: Side) -> Result<()> {
        let m = self.here.moves[index].clone();
        let standing = self.here.standing;
        let threw_away = match (standing.map(|s| s.outcome), m.rating.map(|r| r.verdict)) {
            (Some(Outcome::N), Some(v)) => v != Verdict::Win,
            (Some(Outcome::D), Some(v)) => v == Verdict::Loss,
            _ => false,
        };
        let (better, better_component) = match self.here.best {
            Some(b) if threw_away => {
                let b = &self.here.moves[b];
                (Some(b.label.clone()), Some(b.component))
            }
            _ => (None, None),
        };
        self.history.push(Played {
            side,
            component: m.component,
            label: m.label,
            before: self.position().to_vec(),
            after: m.after,
            standing,
            rating: m.rating,
            better,
            better_component,
        });
        if let Err(e) = self.analyse() {
            // The move is not made when the position it leaves cannot be
            // analysed (a bound, or the computation stopped).
            self.history.pop();
            return Err(e);
        }
        Ok(())
    }

    /// Lists and rates the moves of the current position.
    fn analyse(&mut self) -> Result<()> {
        let position = self.position().to_vec();
        let job = Analyse {
            texts: &position,
            config: &self.config,
            known: &mut self.known,
        };
        self.here = self.game.visit(job)?;
        Ok(())
    }
}

/// An error of [`Session::play`]: a refused request, or a bound hit while
/// analysing the position a move leaves.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The request cannot be carried out now.
    #[error(transparent)]
    Refused(#[from] Refused),
    /// The analysis failed.
    #[error(transparent)]
    Failed(#[from] Error),
}

fn resolve_first(first: First, rng: &mut Rng) -> Side {
    match first {
        First::Me => Side::You,
        First::Computer => Side::Computer,
        First::Random => {
            if rng.below(2) == 0 {
                Side::You
            } else {
                Side::Computer
            }
        }
    }
}

#[cfg(test)]
mod tests;
