//! Simple undirected graphs of at most 128 vertices, each vertex's
//! neighbours a `u128`: paths, cycles, grids and graph files, with the
//! components of a set of vertices and their connected subsets.

use super::grid::{bits, column_name};
use crate::rules::GraphGame;
use crate::{Error, Result};

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 128;

/// A simple undirected graph with named vertices and a drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardGraph {
    /// The graph as the spec names it: `path:7`, `cycle:5`, `grid:3x4` or
    /// the file.
    pub source: String,
    names: Vec<String>,
    adj: Vec<u128>,
    /// Where each vertex is drawn, in thousandths of the width and height.
    xy: Vec<(u32, u32)>,
}

impl BoardGraph {
    /// A graph from its adjacency rows (symmetric, no loops).
    fn new(source: String, names: Vec<String>, adj: Vec<u128>, xy: Vec<(u32, u32)>) -> BoardGraph {
        BoardGraph {
            source,
            names,
            adj,
            xy,
        }
    }

    /// The path of `n` vertices `1 - 2 - … - n`.
    pub fn path(n: usize) -> Result<BoardGraph> {
        check_size(&format!("path:{n}"), n, 1)?;
        let adj = (0..n)
            .map(|i| {
                let mut a = 0u128;
                if i > 0 {
                    a |= 1 << (i - 1);
                }
                if i + 1 < n {
                    a |= 1 << (i + 1);
                }
                a
            })
            .collect();
        let xy = (0..n).map(|i| (spread(i, n), 500)).collect();
        Ok(BoardGraph::new(format!("path:{n}"), numbered(n), adj, xy))
    }

    /// The cycle of `n` vertices `1 - 2 - … - n - 1`. A simple graph has
    /// no cycle of fewer than 3 vertices, so `cycle:1` and `cycle:2` are
    /// the cycle graphs' usual degenerate members: one vertex, and two
    /// vertices joined by one edge (the paths of 1 and 2), so that the
    /// family `cycle:N` has every member n ≥ 1.
    pub fn cycle(n: usize) -> Result<BoardGraph> {
        check_size(&format!("cycle:{n}"), n, 1)?;
        let adj = (0..n)
            .map(|i| ((1u128 << ((i + 1) % n)) | (1u128 << ((i + n - 1) % n))) & !(1u128 << i))
            .collect();
        Ok(BoardGraph::new(format!("cycle:{n}"), numbered(n), adj, circle(n)))
    }

    /// The `rows` × `cols` grid graph; vertices are named like board cells
    /// (`b3`: column b, row 3 from the top).
    pub fn grid(rows: usize, cols: usize) -> Result<BoardGraph> {
        let source = format!("grid:{rows}x{cols}");
        check_size(&source, rows.saturating_mul(cols), 1)?;
        let n = rows * cols;
        let mut adj = vec![0u128; n];
        let mut names = Vec::with_capacity(n);
        let mut xy = Vec::with_capacity(n);
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if c + 1 < cols {
                    adj[i] |= 1 << (i + 1);
                    adj[i + 1] |= 1 << i;
                }
                if r + 1 < rows {
                    adj[i] |= 1 << (i + cols);
                    adj[i + cols] |= 1 << i;
                }
                names.push(format!("{}{}", column_name(c as u32), r + 1));
                xy.push((spread(c, cols), spread(r, rows)));
            }
        }
        Ok(BoardGraph::new(source, names, adj, xy))
    }

    /// A graph read from a file in the format of `graph:` (one line
    /// `NAME: NEIGHBOURS…` per vertex), each edge taken both ways.
    ///
    /// # Errors
    /// [`Error::BadFile`] for a malformed file, a vertex that is its own
    /// neighbour, or more than [`MAX_VERTICES`] vertices.
    pub fn parse(file: &str, text: &str) -> Result<BoardGraph> {
        let g = GraphGame::parse_as(
            file,
            text,
            &crate::Stop::NEVER,
            &crate::rules::graph::Words::VERTICES,
        )?;
        let n = g.names.len();
        if n > MAX_VERTICES {
            return Err(Error::BadFile {
                file: file.to_string(),
                reason: format!("{n} vertices: a game on a graph takes at most {MAX_VERTICES}"),
            });
        }
        let mut adj = vec![0u128; n];
        for (v, out) in g.edges.iter().enumerate() {
            for &u in out {
                // `Words::VERTICES` refuses a loop with its line.
                debug_assert_ne!(u as usize, v, "a loop in a parsed graph");
                adj[v] |= 1 << u;
                adj[u as usize] |= 1 << v;
            }
        }
        Ok(BoardGraph::new(file.to_string(), g.names.clone(), adj, circle(n)))
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Whether the graph has no vertex (never: every graph has one).
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    /// Every vertex.
    pub fn all(&self) -> u128 {
        full(self.len())
    }

    /// The neighbours of `v`.
    pub fn adj(&self, v: u32) -> u128 {
        self.adj[v as usize]
    }

    /// The adjacency rows.
    pub fn rows(&self) -> &[u128] {
        &self.adj
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// The vertex named `name`.
    pub fn find(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// Where each vertex is drawn (thousandths of the width and height).
    pub fn layout(&self) -> &[(u32, u32)] {
        &self.xy
    }

    /// The edges `(u, v)` with u < v.
    pub fn edges(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for (u, &a) in self.adj.iter().enumerate() {
            for v in bits(a) {
                if (u as u32) < v {
                    out.push((u as u32, v));
                }
            }
        }
        out
    }
}

/// Reads the graph part of a spec: `path:N`, `cycle:N`, `grid:RxC`, or a
/// file in the format of `graph:` read through `read` (the front end's; a
/// front end that reads no files passes `None`).
pub fn graph_from_spec(spec: &str, body: &str, read: Option<super::ReadFile<'_>>) -> Result<BoardGraph> {
    let bad = |reason: String| Error::BadSpec {
        spec: spec.to_string(),
        reason,
    };
    let body = body.trim();
    let number = |t: &str| {
        t.trim().parse::<usize>().map_err(|_| match t.trim() {
            "N" => bad(super::family::NOT_ONE_BOARD.to_string()),
            t => bad(format!("`{t}` is not a whole number of vertices")),
        })
    };
    let graph = match body.split_once(':') {
        Some(("path", n)) => BoardGraph::path(number(n)?),
        Some(("cycle", n)) => BoardGraph::cycle(number(n)?),
        Some(("grid", size)) => {
            let (r, c) = super::picture::parse_size(size).map_err(|e| bad(e.reason))?;
            BoardGraph::grid(r as usize, c as usize)
        }
        _ if body.is_empty() => {
            return Err(bad(
                "give the graph: path:N, cycle:N, grid:RxC or a graph file".into()
            ))
        }
        None if ["path", "cycle", "grid"].contains(&body) => {
            let size = if body == "grid" { "RxC" } else { "N" };
            return Err(bad(format!("`{body}` needs its size: {body}:{size}")));
        }
        _ => {
            let Some(read) = read else {
                return Err(bad(format!(
                    "`{body}` is not path:N, cycle:N or grid:RxC, and this front end cannot read a graph file"
                )));
            };
            let text = read(body).map_err(|reason| Error::BadFile {
                file: body.to_string(),
                reason: format!("{reason} (a graph is path:N, cycle:N, grid:RxC or a graph file)"),
            })?;
            return BoardGraph::parse(body, &text);
        }
    };
    // Size errors name the whole spec.
    graph.map_err(|e| match e {
        Error::BadSpec { reason, .. } => bad(reason),
        e => e,
    })
}

/// The keys of the components of the vertices `s` that `keep` accepts, or
/// of `s` whole when `keying` does not split.
pub(crate) fn graph_keys(
    adj: &[u128],
    s: u128,
    keying: super::Keying,
    keep: &dyn Fn(u128) -> bool,
    out: &mut Vec<super::Key>,
) {
    let key = |c: u128| {
        let local = super::Local::induced(adj, c);
        match keying.symmetry {
            super::Symmetry::Full => local.canonical_key(),
            _ => local.labelled_key(),
        }
    };
    if !keying.split {
        if s != 0 && keep(s) {
            out.push(key(s));
        }
        return;
    }
    components(adj, s, |c| {
        if keep(c) {
            out.push(key(c));
        }
    });
}

/// Reads a set of vertices: names separated by commas (`1,2,5`), `none`
/// for the empty set, or `start` (or `all`) for the whole graph.
pub(crate) fn parse_vertices(g: &BoardGraph, text: &str) -> Result<u128> {
    let t = text.trim();
    match t {
        "none" => return Ok(0),
        "start" | "all" => return Ok(g.all()),
        _ => {}
    }
    let mut s = 0u128;
    for name in t.split(',').map(str::trim) {
        let v = g.find(name).ok_or_else(|| Error::BadPosition {
            text: text.to_string(),
            reason: format!(
                "`{name}` is not a vertex of {} (write vertex names separated by commas, like {})",
                g.source,
                g.names.iter().take(3).cloned().collect::<Vec<_>>().join(",")
            ),
        })?;
        s |= 1 << v;
    }
    Ok(s)
}

/// Writes a set of vertices as [`parse_vertices`] reads it.
pub(crate) fn format_vertices(g: &BoardGraph, s: u128) -> String {
    if s == 0 {
        return "none".into();
    }
    bits(s).map(|v| g.name(v)).collect::<Vec<_>>().join(",")
}

/// Refuses a set with vertices beyond the graph.
pub(crate) fn check_vertices(g: &BoardGraph, s: u128) -> Result<()> {
    if s & !g.all() != 0 {
        return Err(crate::rules::not_a_position(
            format!("{s:#x}"),
            format!("vertices beyond the {} of {}", g.len(), g.source),
        ));
    }
    Ok(())
}

/// How the vertices `s` of `g` look.
pub(crate) fn look(g: &BoardGraph, game: &'static str, s: u128) -> super::Look {
    super::Look::Graph {
        game,
        names: g.names.clone(),
        xy: g.xy.clone(),
        edges: g.edges(),
        present: bits(s).collect(),
    }
}

/// The lowest `n` bits.
pub(crate) fn full(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

fn check_size(source: &str, n: usize, least: usize) -> Result<()> {
    if n < least || n > MAX_VERTICES {
        return Err(Error::BadSpec {
            spec: source.to_string(),
            reason: format!("a graph here has {least} to {MAX_VERTICES} vertices, not {n}"),
        });
    }
    Ok(())
}

fn numbered(n: usize) -> Vec<String> {
    (1..=n).map(|i| i.to_string()).collect()
}

/// Position `i` of `n` evenly spread over 100..900 thousandths.
fn spread(i: usize, n: usize) -> u32 {
    if n <= 1 {
        500
    } else {
        100 + (800 * i / (n - 1)) as u32
    }
}

fn circle(n: usize) -> Vec<(u32, u32)> {
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n.max(1) as f64 - std::f64::consts::FRAC_PI_2;
            (
                (500.0 + 400.0 * a.cos()).round() as u32,
                (500.0 + 400.0 * a.sin()).round() as u32,
            )
        })
        .collect()
}

/// The component of the vertices `s` (of the graph with rows `adj`) that
/// holds the vertices of `seed`.
pub(crate) fn component_of(adj: &[u128], s: u128, seed: u128) -> u128 {
    let mut seen = seed & s;
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0u128;
        for v in bits(frontier) {
            next |= adj[v as usize];
        }
        frontier = next & s & !seen;
        seen |= frontier;
    }
    seen
}

/// Calls `f` with each component of the vertices `s`, lowest vertex first.
pub(crate) fn components(adj: &[u128], mut s: u128, mut f: impl FnMut(u128)) {
    while s != 0 {
        let c = component_of(adj, s, s & s.wrapping_neg());
        f(c);
        s &= !c;
    }
}

/// The number of components of the vertices `s`.
pub(crate) fn count_components(adj: &[u128], s: u128) -> u32 {
    let mut n = 0;
    components(adj, s, |_| n += 1);
    n
}

/// Calls `f` with each connected set of exactly `k` vertices inside `s`,
/// each once (Wernicke's ESU enumeration: every set is grown from its
/// lowest vertex by vertices above it). The depth of the search is `k`.
pub(crate) fn connected_subsets(adj: &[u128], s: u128, k: u32, f: &mut dyn FnMut(u128)) {
    fn grow(adj: &[u128], s: u128, sub: u128, ext: u128, low: u32, k: u32, f: &mut dyn FnMut(u128)) {
        if sub.count_ones() == k {
            f(sub);
            return;
        }
        let mut ext = ext;
        // Vertices next to the set so far (they are already reachable).
        let mut around = 0u128;
        for v in bits(sub) {
            around |= adj[v as usize];
        }
        while ext != 0 {
            let w = ext.trailing_zeros();
            ext &= ext - 1;
            let fresh = adj[w as usize] & s & !sub & !around & !(1u128 << w) & higher_than(low);
            grow(adj, s, sub | (1 << w), ext | fresh, low, k, f);
        }
    }
    if k == 0 {
        return;
    }
    for v in bits(s) {
        let ext = adj[v as usize] & s & higher_than(v);
        grow(adj, s, 1 << v, ext, v, k, f);
    }
}

/// The vertices above `v`.
fn higher_than(v: u32) -> u128 {
    !full(v as usize + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn shapes_have_their_edges() {
        assert_eq!(BoardGraph::path(4).unwrap().edges(), [(0, 1), (1, 2), (2, 3)]);
        assert_eq!(BoardGraph::cycle(4).unwrap().edges().len(), 4);
        let g = BoardGraph::grid(2, 3).unwrap();
        assert_eq!(g.edges().len(), 7);
        assert_eq!(g.name(4), "b2");
        // The degenerate cycles: one vertex, one edge.
        assert_eq!(BoardGraph::cycle(1).unwrap().edges(), []);
        assert_eq!(BoardGraph::cycle(1).unwrap().len(), 1);
        assert_eq!(BoardGraph::cycle(2).unwrap().edges(), [(0, 1)]);
        assert_eq!(BoardGraph::cycle(3).unwrap().edges(), [(0, 1), (0, 2), (1, 2)]);
        assert!(BoardGraph::cycle(0).is_err());
        assert!(BoardGraph::path(129).is_err());
        let f = BoardGraph::parse("g.txt", "a: b\nb: c\nc:\n").unwrap();
        assert_eq!(f.edges(), [(0, 1), (1, 2)]);
        let e = BoardGraph::parse("g.txt", "a:\nb: a b\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2: a vertex may not list itself (a loop)"), "{e}");
        // The file's errors name vertices, not positions.
        let e = BoardGraph::parse("g.txt", "a: b\n").unwrap_err().to_string();
        assert!(
            e.contains("line 1: no line defines this vertex: write `b:` on a line of its own"),
            "{e}"
        );
        let e = BoardGraph::parse("g.txt", "a b\n").unwrap_err().to_string();
        assert!(e.contains("expected `NAME: NEIGHBOURS…`"), "{e}");
        let e = BoardGraph::parse("g.txt", "a:\na:\n").unwrap_err().to_string();
        assert!(e.contains("line 2: this vertex already has a line"), "{e}");
    }

    #[test]
    fn connected_subsets_are_listed_once_each() {
        // Against a brute force over every subset of a small grid.
        let g = BoardGraph::grid(3, 3).unwrap();
        let s = g.all() & !(1 << 4); // a ring of 8
        for k in 1..=5 {
            let mut listed = Vec::new();
            connected_subsets(g.rows(), s, k, &mut |t| listed.push(t));
            let unique: HashSet<u128> = listed.iter().copied().collect();
            assert_eq!(unique.len(), listed.len(), "k = {k}: a set listed twice");
            let brute: HashSet<u128> = (0u128..1 << 9)
                .filter(|&t| t & !s == 0 && t.count_ones() == k)
                .filter(|&t| count_components(g.rows(), t) == 1)
                .collect();
            assert_eq!(unique, brute, "k = {k}");
        }
    }
}
