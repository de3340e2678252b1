//! Node Kayles: take a vertex; it and its neighbours leave the graph. Who
//! cannot move loses. On a path it is Dawson's chess, octal 0.137.

use super::graph::{components, graph_keys, BoardGraph};
use super::grid::bits;
use super::{Key, Keying, Local, Look, Splitting};
use crate::rules::{Moves, Ruleset};
use crate::Result;

/// Node Kayles on a graph of at most 128 vertices; a position is the set
/// of vertices left (bit v for vertex v).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeKayles {
    graph: BoardGraph,
    keying: Keying,
}

impl NodeKayles {
    /// Node Kayles on `graph`, starting from all of it.
    pub fn new(graph: BoardGraph) -> NodeKayles {
        NodeKayles {
            graph,
            keying: Keying::default(),
        }
    }

    /// These rules with components keyed as `keying` says.
    pub fn with_keying(mut self, keying: Keying) -> NodeKayles {
        self.keying = keying;
        self
    }

    /// The graph.
    pub fn graph(&self) -> &BoardGraph {
        &self.graph
    }
}

/// Appends each option of the vertices `s` of the graph `adj`: the parts
/// left after taking each vertex, as `part` names them.
fn each_option(adj: &[u128], s: u128, mut f: impl FnMut(u32, u128)) {
    for v in bits(s) {
        f(v, s & !adj[v as usize] & !(1 << v));
    }
}

impl Ruleset for NodeKayles {
    type Position = u128;

    fn spec(&self) -> String {
        format!("node-kayles:{}", self.graph.source)
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
        each_option(adj, *p, |v, rest| {
            parts.clear();
            components(adj, rest, |c| parts.push(c));
            out.push(parts.iter().copied(), || format!("vertex {}", self.graph.name(v)));
        });
        Ok(())
    }

    fn branching(&self, p: &u128) -> u64 {
        p.count_ones() as u64
    }

    fn start(&self) -> Option<u128> {
        Some(self.graph.all())
    }

    fn splitting(&self) -> Option<&dyn Splitting<u128>> {
        Some(self)
    }
}

impl Splitting<u128> for NodeKayles {
    fn family(&self) -> String {
        format!("node-kayles {}", self.keying.name())
    }

    fn keys(&self, p: &u128, out: &mut Vec<Key>) {
        graph_keys(self.graph.rows(), *p, self.keying, &|_| true, out);
    }

    fn options(&self, key: &Key, out: &mut Moves<Key>) {
        let Some(g) = Local::from_key(key) else {
            return;
        };
        let mut parts = Vec::new();
        each_option(&g.adj, g.all(), |_, rest| {
            parts.clear();
            graph_keys(&g.adj, rest, self.keying, &|_| true, &mut parts);
            out.push(parts.drain(..), String::new);
        });
    }

    fn look(&self, p: &u128) -> Look {
        super::graph::look(&self.graph, "node-kayles", *p)
    }

    fn size(&self, key: &Key) -> u32 {
        Local::from_key(key).map_or(0, |g| g.len() as u32)
    }
}
