//! Canonical labelling of small graphs, so that isomorphic components share
//! one key: colour refinement to an equitable partition, then a search that
//! individualises each vertex of the first non-singleton cell in turn, the
//! least adjacency matrix over all leaves naming the graph (the scheme of
//! McKay's nauty, without its automorphism pruning). A graph whose search
//! tree has more than [`LEAF_CAP`] leaves (a clique, many twins) keeps a
//! labelled key: a memo miss, never a wrong value.

use super::graph::full;
use super::grid::bits;
use super::Key;

/// The most leaves the search visits before it settles for a labelled key.
pub const LEAF_CAP: usize = 512;

/// Key tags: how the bytes after the tag are to be read.
const CANONICAL: u8 = 0;
const LABELLED: u8 = 1;

/// The graph on vertices `0..k` with these adjacency rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Local {
    /// Row v: the neighbours of v.
    pub adj: Vec<u128>,
}

impl Local {
    /// The graph induced by the vertices `s` of the graph with rows `adj`,
    /// its vertices renumbered 0.. in order.
    pub fn induced(adj: &[u128], s: u128) -> Local {
        let verts: Vec<u32> = bits(s).collect();
        let mut pos = [0u8; 128];
        for (i, &v) in verts.iter().enumerate() {
            pos[v as usize] = i as u8;
        }
        let rows = verts
            .iter()
            .map(|&v| bits(adj[v as usize] & s).fold(0u128, |a, u| a | 1 << pos[u as usize]))
            .collect();
        Local { adj: rows }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Every vertex.
    pub fn all(&self) -> u128 {
        full(self.len())
    }

    /// The key with the vertices in the order `order` (order[i] is the
    /// vertex placed i-th): tag, vertex count, then the upper triangle of
    /// the adjacency matrix row by row.
    fn encode(&self, tag: u8, order: &[usize]) -> Vec<u8> {
        let k = self.len();
        let mut out = vec![tag, k as u8];
        let mut byte = 0u8;
        let mut nbits = 0;
        for i in 0..k {
            let row = self.adj[order[i]];
            for &u in &order[i + 1..] {
                byte |= ((row >> u & 1) as u8) << nbits;
                nbits += 1;
                if nbits == 8 {
                    out.push(byte);
                    byte = 0;
                    nbits = 0;
                }
            }
        }
        if nbits > 0 {
            out.push(byte);
        }
        out
    }

    /// The key of this graph as it is labelled.
    pub fn labelled_key(&self) -> Key {
        let order: Vec<usize> = (0..self.len()).collect();
        Key::from_bytes(&self.encode(LABELLED, &order))
    }

    /// The canonical key: isomorphic graphs get equal keys (unless the
    /// search passes [`LEAF_CAP`] leaves, when the labelled key is given).
    pub fn canonical_key(&self) -> Key {
        match self.canonical_order() {
            Some(order) => Key::from_bytes(&self.encode(CANONICAL, &order)),
            None => self.labelled_key(),
        }
    }

    /// Reads a key back (either kind).
    pub fn from_key(key: &Key) -> Option<Local> {
        let b = key.as_bytes();
        let (&tag, &k) = (b.first()?, b.get(1)?);
        if tag > LABELLED || k as usize > 128 {
            return None;
        }
        let k = k as usize;
        let mut adj = vec![0u128; k];
        let mut bit = 0usize;
        for i in 0..k {
            for j in i + 1..k {
                let byte = *b.get(2 + bit / 8)?;
                if byte >> (bit % 8) & 1 == 1 {
                    adj[i] |= 1 << j;
                    adj[j] |= 1 << i;
                }
                bit += 1;
            }
        }
        Some(Local { adj })
    }

    /// Refines `colours` (ranks, equal for vertices in one cell) until
    /// equitable: a vertex's new colour is the rank of its colour and the
    /// sorted colours of its neighbours. Returns the number of cells.
    fn refine(&self, colours: &mut [u32]) -> usize {
        let k = self.len();
        let mut cells = count_distinct(colours);
        let mut sigs: Vec<(Vec<u32>, usize)> = Vec::with_capacity(k);
        loop {
            sigs.clear();
            for v in 0..k {
                let mut sig = vec![colours[v]];
                let mut nb: Vec<u32> = bits(self.adj[v]).map(|u| colours[u as usize]).collect();
                nb.sort_unstable();
                sig.extend(nb);
                sigs.push((sig, v));
            }
            sigs.sort_unstable();
            let mut rank = 0u32;
            for i in 0..k {
                if i > 0 && sigs[i].0 != sigs[i - 1].0 {
                    rank += 1;
                }
                colours[sigs[i].1] = rank;
            }
            let now = rank as usize + 1;
            if now == cells {
                return cells;
            }
            cells = now;
        }
    }

    /// The order of the vertices that gives the least key over the whole
    /// search tree, or `None` past [`LEAF_CAP`] leaves.
    fn canonical_order(&self) -> Option<Vec<usize>> {
        let k = self.len();
        if k == 0 {
            return Some(Vec::new());
        }
        let mut root: Vec<u32> = vec![0; k];
        self.refine(&mut root);
        let mut best: Option<(Vec<u8>, Vec<usize>)> = None;
        let mut leaves = 0usize;
        // Each entry: an equitable colouring and the vertices of its
        // target cell still to individualise.
        let mut stack: Vec<(Vec<u32>, Vec<usize>)> = Vec::new();
        let mut visit = |colours: Vec<u32>, stack: &mut Vec<(Vec<u32>, Vec<usize>)>| -> bool {
            match target_cell(&colours) {
                None => {
                    leaves += 1;
                    if leaves > LEAF_CAP {
                        return false;
                    }
                    let mut order = vec![0usize; k];
                    for (v, &c) in colours.iter().enumerate() {
                        order[c as usize] = v;
                    }
                    let code = self.encode(CANONICAL, &order);
                    if best.as_ref().is_none_or(|(b, _)| code < *b) {
                        best = Some((code, order));
                    }
                }
                Some(cell) => stack.push((colours, cell)),
            }
            true
        };
        if !visit(root, &mut stack) {
            return None;
        }
        while let Some((colours, mut cell)) = stack.pop() {
            let Some(v) = cell.pop() else { continue };
            stack.push((colours.clone(), cell));
            let mut next: Vec<u32> = colours.iter().map(|&c| 2 * c + 1).collect();
            next[v] -= 1;
            self.refine(&mut next);
            if !visit(next, &mut stack) {
                return None;
            }
        }
        best.map(|(_, order)| order)
    }
}

fn count_distinct(colours: &[u32]) -> usize {
    let mut c: Vec<u32> = colours.to_vec();
    c.sort_unstable();
    c.dedup();
    c.len()
}

/// The vertices of the least colour shared by two or more vertices, or
/// `None` when every colour is a single vertex's.
fn target_cell(colours: &[u32]) -> Option<Vec<usize>> {
    let mut count = vec![0u32; colours.len()];
    for &c in colours {
        count[c as usize] += 1;
    }
    let c = count.iter().position(|&n| n > 1)? as u32;
    Some((0..colours.len()).filter(|&v| colours[v] == c).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_edges(k: usize, edges: &[(usize, usize)]) -> Local {
        let mut adj = vec![0u128; k];
        for &(a, b) in edges {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        Local { adj }
    }

    fn relabel(g: &Local, perm: &[usize]) -> Local {
        let mut adj = vec![0u128; g.len()];
        for v in 0..g.len() {
            for u in bits(g.adj[v]) {
                adj[perm[v]] |= 1 << perm[u as usize];
            }
        }
        Local { adj }
    }

    /// A small pseudo-random generator for the tests.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn isomorphic_graphs_share_a_key_and_others_do_not() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut keys = std::collections::HashMap::new();
        for _ in 0..300 {
            let k = 1 + (next(&mut seed) % 9) as usize;
            let mut edges = Vec::new();
            for a in 0..k {
                for b in a + 1..k {
                    if next(&mut seed).is_multiple_of(3) {
                        edges.push((a, b));
                    }
                }
            }
            let g = from_edges(k, &edges);
            let key = g.canonical_key();
            let mut perm: Vec<usize> = (0..k).collect();
            for i in (1..k).rev() {
                perm.swap(i, (next(&mut seed) % (i as u64 + 1)) as usize);
            }
            let h = relabel(&g, &perm);
            assert_eq!(h.canonical_key(), key, "{edges:?} under {perm:?}");
            // The key reads back to a graph of the same class.
            let back = Local::from_key(&key).unwrap();
            assert_eq!(back.canonical_key(), key);
            // Distinct classes get distinct keys: check by brute force on
            // the degree sequences at least.
            let mut degs: Vec<u32> = g.adj.iter().map(|r| r.count_ones()).collect();
            degs.sort_unstable();
            if let Some(d) = keys.insert(key.clone(), degs.clone()) {
                assert_eq!(d, degs, "one key for graphs of different degrees");
            }
        }
    }

    #[test]
    fn a_large_clique_keeps_a_labelled_key() {
        let k = 9;
        let edges: Vec<(usize, usize)> = (0..k).flat_map(|a| (a + 1..k).map(move |b| (a, b))).collect();
        let g = from_edges(k, &edges);
        assert_eq!(g.canonical_key().as_bytes()[0], LABELLED);
        // A path of 100 vertices is rigid after refinement: two leaves.
        let p = from_edges(100, &(0..99).map(|i| (i, i + 1)).collect::<Vec<_>>());
        let q = relabel(&p, &(0..100).rev().collect::<Vec<_>>());
        assert_eq!(p.canonical_key(), q.canonical_key());
        assert_eq!(p.canonical_key().as_bytes()[0], CANONICAL);
    }
}
