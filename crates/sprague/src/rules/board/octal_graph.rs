//! Octal games on graphs (Beaudou, Coupechoux, Dailly, Gravier, Moncel,
//! Parreau, Sopena, "Octal games on graphs: the game 0.33 on subdivided
//! stars and bistars", TCS 2018): heaps become connected components and
//! tokens vertices. A move takes k vertices that induce a connected
//! subgraph of one component, and may leave i components of it where
//! digit d_k of the code has bit 2^i. On a path it is the octal game.

use super::graph::{components, connected_subsets, count_components, graph_keys, BoardGraph};
use super::grid::bits;
use super::{Key, Keying, Local, Look, Splitting};
use crate::rules::{Moves, OctalCode, Ruleset};
use crate::{Error, Result};

/// An octal code played on a graph of at most 128 vertices; a position is
/// the set of vertices left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalGraph {
    code: OctalCode,
    graph: BoardGraph,
    keying: Keying,
}

impl OctalGraph {
    /// The game `code` (an octal code whose digit before the point is 0:
    /// nothing splits a component without taking a vertex) on `graph`.
    ///
    /// # Errors
    /// [`Error::BadSpec`] naming the code when it does not parse or splits
    /// without taking.
    pub fn new(spec: &str, code: &str, graph: BoardGraph) -> Result<OctalGraph> {
        let bad = |reason: String| Error::BadSpec {
            spec: spec.to_string(),
            reason,
        };
        let code = OctalCode::parse(code.trim()).map_err(bad)?;
        if code.digit(0) != 0 {
            return Err(bad(
                "the digit before the point must be 0 on a graph (a move takes at least one vertex)".into(),
            ));
        }
        Ok(OctalGraph {
            code,
            graph,
            keying: Keying::default(),
        })
    }

    /// These rules with components keyed as `keying` says.
    pub fn with_keying(mut self, keying: Keying) -> OctalGraph {
        self.keying = keying;
        self
    }

    /// Calls `f` with each move from the vertices `s` of the graph `adj`:
    /// the vertices taken and the component they were taken from.
    fn each_move(&self, adj: &[u128], s: u128, f: &mut dyn FnMut(u128, u128)) {
        components(adj, s, |c| {
            for k in 1..=self.code.max_take() {
                let d = self.code.digit(k);
                if d == 0 || k as u32 > c.count_ones() {
                    continue;
                }
                connected_subsets(adj, c, k as u32, &mut |t| {
                    let left = count_components(adj, c & !t);
                    if left < 8 && d >> left & 1 == 1 {
                        f(t, c);
                    }
                });
            }
        });
    }
}

impl Ruleset for OctalGraph {
    type Position = u128;

    fn spec(&self) -> String {
        format!("octal-graph:{}:{}", self.code, self.graph.source)
    }

    fn parse_position(&self, text: &str) -> Result<u128> {
        super::graph::parse_vertices(&self.graph, text)
    }

    fn format_position(&self, p: &u128) -> String {
        super::graph::format_vertices(&self.graph, *p)
    }

    fn check_position(&self, p: &u128) -> Result<()> {
        super::graph::check_vertices(&self.graph, *p)
    }

    fn moves(&self, p: &u128, out: &mut Moves<u128>) -> Result<()> {
        let adj = self.graph.rows();
        let mut parts = Vec::new();
        self.each_move(adj, *p, &mut |t, c| {
            parts.clear();
            // The other components stay as they are.
            components(adj, *p & !c, |o| parts.push(o));
            components(adj, c & !t, |o| parts.push(o));
            let label = || {
                let names: Vec<&str> = bits(t).map(|v| self.graph.name(v)).collect();
                format!("take {}", names.join(","))
            };
            out.push(parts.iter().copied(), label);
        });
        Ok(())
    }

    fn branching(&self, p: &u128) -> u64 {
        // Connected sets of k vertices: at most n·Δ^(k-1), Δ ≤ n.
        let n = p.count_ones() as u64;
        (1..=self.code.max_take() as u32)
            .map(|k| n.saturating_pow(k))
            .fold(0, u64::saturating_add)
    }

    fn start(&self) -> Option<u128> {
        Some(self.graph.all())
    }

    fn splitting(&self) -> Option<&dyn Splitting<u128>> {
        Some(self)
    }
}

impl Splitting<u128> for OctalGraph {
    fn family(&self) -> String {
        format!("octal-graph:{} {}", self.code, self.keying.name())
    }

    fn keys(&self, p: &u128, out: &mut Vec<Key>) {
        graph_keys(self.graph.rows(), *p, self.keying, &|_| true, out);
    }

    fn options(&self, key: &Key, out: &mut Moves<Key>) {
        let Some(g) = Local::from_key(key) else {
            return;
        };
        let all = g.all();
        let mut parts = Vec::new();
        self.each_move(&g.adj, all, &mut |t, _| {
            parts.clear();
            graph_keys(&g.adj, all & !t, self.keying, &|_| true, &mut parts);
            out.push(parts.drain(..), String::new);
        });
    }

    fn look(&self, p: &u128) -> Look {
        super::graph::look(&self.graph, "octal-graph", *p)
    }

    fn size(&self, key: &Key) -> u32 {
        Local::from_key(key).map_or(0, |g| g.len() as u32)
    }
}
