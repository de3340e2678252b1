//! Rules: what a position is and which moves exist. Nothing about who wins.
//!
//! A [`Ruleset`] describes one *component*: a move from a component leads to
//! a disjunctive sum of zero or more components (Kayles splits a row in two,
//! a heap that reaches 0 is erased). Solvers add the parts' values.
//!
//! Heap games (a position is one number n) also describe their moves
//! structurally through [`HeapMoves`], so that the dense engine in
//! [`crate::solve`] can fill a table 0..=N with tight loops instead of
//! generic move lists.
//!
//! Games on boards and graphs ([`Cram`], [`NodeKayles`], [`OctalGraph`],
//! [`Chomp`]) fall apart into components that a [`Key`] names up to
//! symmetry ([`Keying`]), so that a solver values each shape once
//! ([`Splitting`]; `docs/boards.md`). Rules defined at run time (a Rhai
//! script, a Python function) implement [`DynamicRules`] over [`Value`]
//! positions and are held as [`Dynamic`], which every solver serves.
//!
//! The module's parts are private: what a program needs of them is
//! re-exported here.

pub(crate) mod board;
mod catalog;
mod divide;
pub(crate) mod dynamic;
mod gcd;
mod graph;
mod grid;
mod grundy_game;
mod moves;
mod nim;
mod octal;
#[cfg(feature = "scripts")]
mod script;
mod script_limits;
mod subtract;
mod updown;
mod wizards;
mod wythoff;

pub use crate::number::{format_set, parse_set, parse_tuple, parse_u64};
pub use board::{
    column_name, family_member, is_family, Chomp, Cram, Key, Keying, Look, NodeKayles, OctalGraph, ReadFile,
    Splitting, Symmetry, MAX_CHOMP_SIDE, MAX_VERTICES as BOARD_MAX_VERTICES,
};
pub use catalog::{catalog, CatalogEntry, Game, GameVisitor};
pub use divide::Divide;
pub use dynamic::{DynMove, Dynamic, DynamicRules, Value, MAX_DEPTH as MAX_VALUE_DEPTH};
pub use gcd::{gcd, GcdGame, GcdPosition, MAX_CARDS};
pub use graph::{GraphGame, GRAPH_MAX_NODES};
pub use grid::Grid;
pub use grundy_game::GrundyGame;
pub use moves::Moves;
pub use nim::Nim;
pub use octal::{move_label as octal_move_label, OctalCode, OctalGame};
#[cfg(feature = "scripts")]
pub use script::ScriptRules;
pub use script_limits::{ScriptLimits, MAX_SCRIPT_DEPTH, SCRIPT_STACK};
pub use subtract::{powers_upto, Subtraction, SubtractionSet};
pub use updown::{UpDown, UPDOWN_MAX};
pub use wizards::{wizards_outcome, Wizards};
pub use wythoff::{floor_k_phi, Wythoff, WYTHOFF_MAX};

use crate::{Nimber, Outcome, Result};
use std::fmt::Debug;
use std::hash::Hash;

/// The convention that decides who wins.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Normal play: a player who cannot move loses. Components add up by
    /// the Sprague–Grundy theorem.
    Normal,
    /// The rules end the game in other ways too (see [`Ruleset::decided`]);
    /// positions do not form sums and have no Grundy value.
    Special,
}

/// A game's rules for one component.
///
/// Implementors describe positions and moves; every solver works from this
/// trait alone. Only [`Ruleset::moves`] is essential; the other methods have
/// defaults that a ruleset overrides when it knows more.
pub trait Ruleset: Send + Sync {
    /// One component's position.
    type Position: Clone + Eq + Ord + Hash + Debug + Send + Sync;

    /// The canonical spec string that names these rules (`subtract:1,3,4`).
    fn spec(&self) -> String;

    /// Parses one component's position as the user writes it (`7`, `4,4`).
    fn parse_position(&self, text: &str) -> Result<Self::Position>;

    /// Writes a position the way [`Ruleset::parse_position`] reads it.
    fn format_position(&self, p: &Self::Position) -> String;

    /// Whether `p` is a position of these rules, as
    /// [`Ruleset::parse_position`] would produce it (in range, in canonical
    /// form). Every public solver checks the positions it is given, so that
    /// positions built in code (Python, scripts, the web) are held to the same
    /// rules as parsed text. The default accepts every value of the type.
    fn check_position(&self, _p: &Self::Position) -> Result<()> {
        Ok(())
    }

    /// Appends every move from `p` to `out`: its resulting parts and, when
    /// `out` asks for them, a short label ("take 2 from the heap of 3").
    /// A move that erases the component has no parts. Moves may repeat when
    /// the rules distinguish them (two equal cards): random play counts each.
    ///
    /// # Errors
    /// Rules defined at run time (a script, a Python function) can fail
    /// ([`crate::Error::Script`], [`crate::Error::ScriptLimit`]); built-in
    /// rules never do. Every solver passes the error on as it came.
    fn moves(&self, p: &Self::Position, out: &mut Moves<Self::Position>) -> Result<()>;

    /// An upper bound on the number of moves from `p`, so that solvers can
    /// refuse a position whose moves could not all be listed. 0 means few.
    fn branching(&self, _p: &Self::Position) -> u64 {
        0
    }

    /// Adds the moves from `p` to positions of Grundy value `target`, where
    /// the rules know them without listing every move (Nim). Returns whether
    /// it did; `false` means "list all moves and look".
    fn moves_to_value(&self, _p: &Self::Position, _target: Nimber, _out: &mut Moves<Self::Position>) -> bool {
        false
    }

    /// Whether a position may recur (the game graph has cycles). Such games
    /// are solved by retrograde analysis and may end in draws.
    fn may_loop(&self) -> bool {
        false
    }

    /// Who decides the winner: normal play unless overridden.
    fn convention(&self) -> Convention {
        Convention::Normal
    }

    /// For [`Convention::Special`] games: `Some(outcome)` where the rules
    /// have already decided the game at `p` (whatever moves remain).
    fn decided(&self, _p: &Self::Position) -> Option<Outcome> {
        None
    }

    /// The heap size, for heap games (a position is one number n).
    fn heap_size(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// The moves of a heap game in structural form, for the dense engine.
    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        None
    }

    /// For games on two numbers: the position `(x, y)`, so that 2-D tables
    /// can be drawn; `None` where `(x, y)` is not a position.
    ///
    /// # Errors
    /// As [`Ruleset::moves`]: rules defined at run time can fail.
    fn pair_position(&self, _x: u64, _y: u64) -> Result<Option<Self::Position>> {
        Ok(None)
    }

    /// The smallest coordinate of a 2-D table (1 for boards, 0 for heaps).
    fn pair_origin(&self) -> u64 {
        0
    }

    /// What the rules call the two numbers of [`Ruleset::pair_position`]
    /// (`rows`, `columns` for a board), for the axes of a 2-D table; `x`
    /// and `y` unless a ruleset names them.
    fn pair_names(&self) -> [&'static str; 2] {
        ["x", "y"]
    }

    /// A Grundy value the rules know in closed form (Nim: g(n) = n).
    /// Every closed form is checked against plain search in the tests.
    fn closed_grundy(&self, _p: &Self::Position) -> Option<Nimber> {
        None
    }

    /// An outcome the rules know in closed form, for positions too large
    /// to search (Wizards and Numbers, Wythoff).
    fn closed_outcome(&self, _p: &Self::Position) -> Option<Outcome> {
        None
    }

    /// The position the spec itself names, where it names one (`cram:3x4`
    /// names the empty 3×4 board): asked about when no position is given.
    fn start(&self) -> Option<Self::Position> {
        None
    }

    /// For games whose positions split into components with canonical
    /// keys (games on boards and graphs, [`Cram`], …): the rules on keys, so
    /// that [`crate::solve::ComponentSolver`] values each shape once.
    fn splitting(&self) -> Option<&dyn Splitting<Self::Position>> {
        None
    }
}

/// Checks every component of a sum with [`Ruleset::check_position`].
pub fn check_sum<R: Ruleset + ?Sized>(rules: &R, sum: &[R::Position]) -> Result<()> {
    sum.iter().try_for_each(|p| rules.check_position(p))
}

/// The error for a position built in code that is not a position of the
/// rules: names the position as the rules write it, and why.
pub(crate) fn not_a_position(text: String, reason: impl Into<String>) -> crate::Error {
    crate::Error::BadPosition {
        text,
        reason: reason.into(),
    }
}

/// The error for a line of values g(0..=N) asked of a game whose
/// positions are not heap sizes: [`crate::Error::NotHeap`]; for one board
/// or graph, which has no line (a family along N has),
/// [`crate::Error::Unsupported`] saying to value it or to write N in place
/// of a size.
pub(crate) fn not_a_line<R: Ruleset>(rules: &R) -> crate::Error {
    let spec = rules.spec();
    if rules.splitting().is_none() {
        return crate::Error::NotHeap { spec };
    }
    one_board(&spec)
}

/// The error for a table or an analysis of one board or graph (`spec`),
/// which has no line of values: value it, or write N in place of a size.
pub(crate) fn one_board(spec: &str) -> crate::Error {
    crate::Error::Unsupported(format!(
        "`{spec}` is one board or graph, not a line of values: value it (`sprague value {spec}`); for a table or an analysis along a family, write N in place of one size (e.g. cram:3xN, node-kayles:path:N)"
    ))
}

/// The moves of a heap game, described by their structure.
///
/// The dense engine reads this to fill tables with specialised loops.
#[derive(Clone, Copy, Debug)]
pub enum HeapMoves<'a> {
    /// Take any positive number: g(n) = n.
    Nim,
    /// Take k for k in the set (sorted, no duplicates, all ≥ 1).
    Subtract(&'a [u64]),
    /// Take any k ≥ 1 that is *not* in the set.
    AllBut(&'a [u64]),
    /// Take a power 1, a, a², … of `a` (a ≥ 2).
    Powers(u64),
    /// An octal take-and-break code.
    Octal(&'a OctalCode),
    /// Grundy's game: split a heap into two unequal non-empty heaps.
    Grundy,
    /// Replace n by ⌊n/d⌋ for d in the set (sorted, all ≥ 2); 0 is erased.
    Divide(&'a [u64]),
    /// Moves listed heap by heap by rules defined at run time (a script):
    /// no structure to exploit, but a table is still filled bottom-up.
    Listed(&'a dyn HeapLister),
}

/// The moves of a heap game, listed one heap at a time (rules defined at
/// run time, see [`HeapMoves::Listed`]).
pub trait HeapLister: Sync + Debug {
    /// Appends the moves of heap `n`: each move's parts (heap sizes, each
    /// smaller than `n`) to `parts`, then the end of the move in `parts`
    /// to `ends`.
    ///
    /// A lister that runs long calls (a script) ends them with
    /// [`crate::Error::Stopped`] once `stop` is stopped.
    ///
    /// # Errors
    /// The rules' error for heap `n` (a script that failed), or
    /// [`crate::Error::Stopped`].
    fn heap_options(
        &self,
        n: u64,
        parts: &mut Vec<u64>,
        ends: &mut Vec<usize>,
        stop: &crate::Stop,
    ) -> Result<()>;

    /// Appends the moves of heaps `lo..hi`, in order, to `out`; by default
    /// one heap at a time with [`HeapLister::heap_options`]. A lister may
    /// list a run of heaps on several threads (their moves do not depend
    /// on any value), and may list fewer heaps than asked, from `lo` on and
    /// at least one, to bound its memory.
    ///
    /// # Errors
    /// The error of the smallest heap that failed ([`HeapLister::heap_options`]).
    fn heap_range(&self, lo: u64, hi: u64, out: &mut HeapListing, stop: &crate::Stop) -> Result<()> {
        for n in lo..hi {
            self.heap_options(n, &mut out.parts, &mut out.ends, stop)?;
            out.heaps.push(out.ends.len());
        }
        Ok(())
    }
}

/// The moves of a run of heaps, listed by [`HeapLister::heap_range`].
///
/// Heap i of the run (counting from 0) has the moves
/// `ends[heaps[i-1]..heaps[i]]` (from 0 for the first), and move j the
/// parts `parts[ends[j-1]..ends[j]]`.
#[derive(Clone, Debug, Default)]
pub struct HeapListing {
    /// Every part of every move, in order.
    pub parts: Vec<u64>,
    /// Where each move's parts end in `parts`.
    pub ends: Vec<usize>,
    /// Where each heap's moves end in `ends`.
    pub heaps: Vec<usize>,
}

impl HeapListing {
    /// The parts and moves it holds.
    pub fn size(&self) -> usize {
        self.parts.len() + self.ends.len()
    }

    /// Empties the listing, keeping its memory.
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
        self.heaps.clear();
    }

    /// Appends `other`, a listing of the heaps that follow.
    pub fn append(&mut self, other: &HeapListing) {
        let (p, e) = (self.parts.len(), self.ends.len());
        self.parts.extend_from_slice(&other.parts);
        self.ends.extend(other.ends.iter().map(|x| x + p));
        self.heaps.extend(other.heaps.iter().map(|x| x + e));
    }
}
