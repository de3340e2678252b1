//! Games on boards and graphs whose positions fall apart into independent
//! components: Cram, Node Kayles, octal games on graphs, and Chomp.
//!
//! A position of these games is a set of cells of a board (or vertices of a
//! graph) in the coordinates of the spec's board, so that moves are labelled
//! the way a person sees the board (`domino b2-b3`). A move returns each
//! connected component of what is left as a part of its own (a disjunctive
//! sum), leaving out components without a move (they are worth 0 in every
//! convention). The rules also name each component by a [`Key`] that is
//! the same for every copy of its shape — moved, turned or mirrored on a
//! board, relabelled on a graph — and list the options of a key as keys
//! ([`Splitting`]), so that [`crate::solve::ComponentSolver`] remembers one value
//! per shape and sums components by xor: the method of Lemoine and
//! Viennot's Glop ("Nimbers are inevitable", arXiv 1011.5841) and of the
//! Cram solvers after it (Uiterwijk, "Solving Cram using combinatorial game
//! theory", ACG 2019).
//!
//! - [`Cram`]: place a domino on two free neighbouring cells.
//! - [`NodeKayles`]: take a vertex; it and its neighbours leave the graph.
//! - [`OctalGraph`]: an octal code played on a graph (Beaudou, Coupechoux,
//!   Dailly, Gravier, Moncel, Parreau, Sopena, "Octal games on graphs",
//!   TCS 2018, arXiv 1612.05772): take k vertices that induce a connected
//!   subgraph of one component, leaving i components where digit d_k of the
//!   code has bit 2^i.
//! - [`Chomp`]: eat a square and every square below and to the right of it
//!   in a Young diagram; the poisoned corner may not be eaten.

mod canon;
mod chomp;
mod cram;
mod family;
mod graph;
pub(crate) mod grid;
mod key;
mod node_kayles;
mod octal_graph;
mod picture;

pub use canon::Local;
pub use chomp::{Chomp, MAX_CHOMP_SIDE};
pub use cram::Cram;
pub(crate) use family::member_error;
pub use family::{family_member, is_family};
pub use graph::{graph_from_spec, MAX_VERTICES};
pub use grid::column_name;
pub use key::Key;
pub use node_kayles::NodeKayles;
pub use octal_graph::OctalGraph;

use super::Moves;

/// Reads a file the spec names, as the front end supplies it: the text, or
/// a one-line reason it could not.
pub type ReadFile<'a> = &'a mut dyn FnMut(&str) -> std::result::Result<String, String>;

/// Which symmetries a component's key forgets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// The key is the whole board as it stands (no symmetry used).
    None,
    /// Shapes that differ by a shift share a key (a board cropped to its
    /// bounding box, a graph's vertices renumbered in order).
    Translate,
    /// Shapes that differ by a shift, a rotation or a reflection share a
    /// key; isomorphic graphs share a key.
    #[default]
    Full,
}

/// How a splitting game names its components: the symmetries forgotten
/// and whether positions are split at all. The default (split, full
/// symmetry) is the fast one; the others exist to measure what each buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Keying {
    /// Whether a position is split into its components (otherwise it is
    /// keyed whole).
    pub split: bool,
    /// The symmetries a key forgets.
    pub symmetry: Symmetry,
}

impl Default for Keying {
    fn default() -> Self {
        Keying {
            split: true,
            symmetry: Symmetry::Full,
        }
    }
}

impl Keying {
    /// `split+full`, `whole+none`, …: how memo files name the keying.
    pub fn name(&self) -> String {
        let sym = match self.symmetry {
            Symmetry::None => "none",
            Symmetry::Translate => "translate",
            Symmetry::Full => "full",
        };
        format!("{}+{sym}", if self.split { "split" } else { "whole" })
    }
}

impl std::str::FromStr for Keying {
    type Err = String;

    /// Reads `split+full`, `split+translate`, `split+none`, `whole+full`,
    /// `whole+translate` or `whole+none`.
    fn from_str(text: &str) -> Result<Keying, String> {
        let bad = || {
            format!("`{text}` is not a keying: write split or whole, `+`, and full, translate or none (e.g. split+full)")
        };
        let (split, sym) = text.trim().split_once('+').ok_or_else(bad)?;
        let split = match split {
            "split" => true,
            "whole" => false,
            _ => return Err(bad()),
        };
        let symmetry = match sym {
            "full" => Symmetry::Full,
            "translate" => Symmetry::Translate,
            "none" => Symmetry::None,
            _ => return Err(bad()),
        };
        Ok(Keying { split, symmetry })
    }
}

/// The rules of a game whose positions split into components, on keys.
///
/// [`Splitting::keys`] names the components of a position; a component's
/// options are listed on its key alone, so a solver can value every shape
/// once, whatever the board it came from.
pub trait Splitting<P>: Send + Sync {
    /// What the keys are keys of: the game and the keying
    /// (`cram split+full`). Memo files are read back only into the same
    /// family.
    fn family(&self) -> String;

    /// Appends the keys of the components of `p` that have a move. The
    /// rules may first take away cells that change no value (Cram does,
    /// [`Cram::reduced`]), so that the keys stand
    /// for a position of the same value, and one region may give two.
    fn keys(&self, p: &P, out: &mut Vec<Key>);

    /// Appends the options of the component `key` to `out`: each option is
    /// the keys of the components it leaves that have a move. Keys that
    /// these rules did not make are read as no position (no option).
    fn options(&self, key: &Key, out: &mut Moves<Key>);

    /// How `p` looks, for front ends that draw the board.
    fn look(&self, p: &P) -> Look;

    /// The number of cells or vertices of the component `key` (a bound on
    /// the moves left in it, for the search's depth).
    fn size(&self, key: &Key) -> u32;

    /// The value of the component `key` when a theorem gives it without a
    /// search (Cram: 0 for a shape the second player wins by mirroring,
    /// [`Cram::mirror_wins`]), else `None`. Solvers ask it of a shape
    /// before searching it, in normal play only.
    fn known_value(&self, _key: &Key) -> Option<u32> {
        None
    }

    /// How many positions the component `key` has below it (itself
    /// included), when the rules can count them without listing them and
    /// there are at most `bound`; else `None`. Solvers value such a
    /// component exactly, by the mex over all of them, rather than by
    /// outcome search, which pays one search for each value it rules out
    /// and so loses where values are large (a Chomp row of n squares has
    /// value n − 1).
    fn positions_below(&self, _key: &Key, _bound: u64) -> Option<u64> {
        None
    }

    /// What [`Splitting::known_value`] rests on, in a few words for a
    /// report ("the mirror strategy").
    fn known_by(&self) -> &'static str {
        "a theorem"
    }

    /// The value of the sum of the components `keys` from theorems alone,
    /// with no search: equal components cancel in pairs (G + G = 0, so
    /// with full symmetry a shape and its mirror image cancel) and each
    /// one left must have a [`Splitting::known_value`]; `None` when one
    /// has not.
    fn known_sum(&self, keys: &[Key]) -> Option<u32> {
        unpaired(keys.iter())
            .into_iter()
            .try_fold(0, |total, k| Some(total ^ self.known_value(k)?))
    }
}

/// The keys left when equal ones cancel in pairs (one of each key that
/// occurs an odd number of times), in order.
pub(crate) fn unpaired<'a>(keys: impl Iterator<Item = &'a Key>) -> Vec<&'a Key> {
    let mut sorted: Vec<&Key> = keys.collect();
    sorted.sort_unstable();
    sorted
        .chunk_by(|a, b| a == b)
        .filter(|run| run.len() % 2 == 1)
        .map(|run| run[0])
        .collect()
}

/// How a position of a board or graph game looks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "lowercase"))]
pub enum Look {
    /// A board: one string per row (top first) of `.` (a cell of this
    /// component) and `#` (any other cell).
    Cells {
        /// The game that is played on it (`cram`, `chomp`), which says what
        /// a click means.
        game: &'static str,
        /// The rows of the board.
        rows: Vec<String>,
    },
    /// A graph: every vertex of the spec's graph with its place, the
    /// edges, and which vertices this component holds.
    Graph {
        /// The game played on it (`node-kayles`, `octal-graph`).
        game: &'static str,
        /// Vertex names.
        names: Vec<String>,
        /// Where each vertex is drawn (thousandths of width and height).
        xy: Vec<(u32, u32)>,
        /// The edges, as vertex indices.
        edges: Vec<(u32, u32)>,
        /// The vertices of this component.
        present: Vec<u32>,
    },
}
