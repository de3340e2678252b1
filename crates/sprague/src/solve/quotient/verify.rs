//! The proof that a candidate quotient predicts the misère outcome of
//! every sum of heaps, or the least sum where its rule fails (the argument
//! is in the module documentation of [`super`]).
//!
//! A heap enters the check only through its *type*: its element `a` and
//! the set `U = {w : o·w ∈ P for some option element o}`. The check is
//!
//! - (C0) the identity (the empty sum, which has no move) is not in P;
//! - (C1) for every element z and heap type (a, U): z·a ∈ P implies
//!   z ∉ U (a sum in P has no move to P);
//! - (C2) a walk over the pairs `(x, D)` reachable by adding heaps to the
//!   empty sum, where x is the sum's element and D the elements w such
//!   that some move in the sum, followed by a sum of element w, reaches P
//!   (`D(Y + h) = (D(Y) : a) ∪ (U : x)`): every pair with x not in P has
//!   the identity in D (a sum not in P has a move to P). Adding heaps
//!   maps a smaller D to a smaller D, and a failure with some D is a
//!   failure with every smaller one, so only pairs with a ⊆-least D for
//!   their element are walked.
//!
//! Sums are walked least first (multiset order, largest heap first), so
//! the failure reported is the least sum where the rule fails; every
//! smaller sum is then predicted right, its options among them, so the
//! failing sum's true outcome is the opposite of the candidate's.
//!
//! The sets are words of bits. Every element's residual `R(y) = {w :
//! y·w ∈ P}` is computed once (`|Q|²` bits); then `U = ∪ R(o)` over the
//! option elements o, and `(U : z) = ∪ R(o·z)`, a few rows or'ed together
//! (no gather of `|Q|` scattered bits). A pair waiting in the queue keeps
//! only its element and where its D comes from (the types and elements
//! `(h, Φ(Y − h))` whose `(U_h : Φ(Y − h))` make it up); D is or'ed
//! together again when the pair is walked, and kept only for the walked
//! pairs, the ⊆-least of each element.

use super::least::LeastSums;
use super::monoid::Monoid;
use crate::solve::Limits;
use crate::{Error, Result};
use rustc_hash::FxHashMap as HashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most bits the cache of `(U : z)` sets (each type of the alphabet,
/// each element z) may hold: 512 MiB; past it each is or'ed together
/// from the residuals when needed.
const CACHE_BITS: u64 = 1 << 32;

/// A heap as the check sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct HeapType {
    /// The smallest heap of this type.
    pub(crate) heap: u64,
    /// The heap's element.
    pub(crate) a: u32,
    /// The distinct elements of its options.
    pub(crate) options: Vec<u32>,
}

/// What the proof walked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Checked {
    /// Distinct heap types.
    pub(crate) types: usize,
    /// Pairs (element, D) walked in (C2).
    pub(crate) pairs: u64,
}

/// Each element's least sum of heaps (multiset order), given the least
/// heap of each element a heap has: the sums, and the elements in order;
/// by a priority queue of sums, the reference for [`LeastSums`].
#[cfg(test)]
pub(crate) fn least_sums(m: &Monoid, heaps: &[(u64, u32)]) -> (Vec<Vec<u64>>, Vec<u32>) {
    let q = m.order();
    let rows: Vec<Vec<u32>> = heaps.iter().map(|&(_, e)| m.row(e as usize)).collect();
    let mut best: Vec<Option<Vec<u64>>> = vec![None; q];
    let mut done = vec![false; q];
    let mut order = Vec::with_capacity(q);
    let mut queue = BinaryHeap::new();
    best[0] = Some(Vec::new());
    queue.push(Reverse((Vec::<u64>::new(), 0u32)));
    while let Some(Reverse((cost, x))) = queue.pop() {
        let x = x as usize;
        if done[x] {
            continue;
        }
        done[x] = true;
        order.push(x as u32);
        for (i, &(h, _)) in heaps.iter().enumerate() {
            let y = rows[i][x] as usize;
            if done[y] {
                continue;
            }
            let c = with(&cost, h);
            if best[y].as_ref().is_none_or(|b| c < *b) {
                best[y] = Some(c.clone());
                queue.push(Reverse((c, y as u32)));
            }
        }
    }
    let reps = best.into_iter().map(|b| b.unwrap_or_default()).collect();
    (reps, order)
}

/// The sum `sum + h`, heaps in descending order.
pub(crate) fn with(sum: &[u64], h: u64) -> Vec<u64> {
    let mut c = Vec::with_capacity(sum.len() + 1);
    let at = sum.partition_point(|&v| v > h);
    c.extend_from_slice(&sum[..at]);
    c.push(h);
    c.extend_from_slice(&sum[at..]);
    c
}

/// Every element's residual `R(y) = {w : y·w ∈ P}`, `|Q|` bits each, in
/// one flat table: `(U : z)` of a heap type with option elements O is the
/// union of `R(o·z)` over `o ∈ O`, a few words or'ed together.
pub(crate) struct Residuals {
    words: usize,
    bits: Vec<u64>,
}

impl Residuals {
    pub(crate) fn new(m: &Monoid) -> Residuals {
        let q = m.order();
        let words = q.div_ceil(64);
        let mut bits = vec![0u64; q * words];
        for (y, r) in bits.chunks_mut(words.max(1)).enumerate().take(q) {
            for (w, &yw) in m.row(y).iter().enumerate() {
                if m.is_p(yw as usize) {
                    r[w / 64] |= 1 << (w % 64);
                }
            }
        }
        Residuals { words, bits }
    }

    pub(crate) fn of(&self, y: usize) -> &[u64] {
        &self.bits[y * self.words..(y + 1) * self.words]
    }
}

/// `out |= set`, word by word.
fn or_into(out: &mut [u64], set: &[u64]) {
    out.iter_mut().zip(set).for_each(|(a, b)| *a |= b);
}

/// Whether `a ⊆ b`.
fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// The sets `(U_k : z)` of the alphabet's types, each or'ed together from
/// the residuals the first time it is asked for and kept while the cache
/// stays within [`CACHE_BITS`].
struct Table<'a> {
    r: &'a Residuals,
    /// The option elements of each type of the alphabet, as indices of
    /// their rows in `rows` (`o · z` is `rows[i][z]`).
    options: Vec<Vec<u32>>,
    rows: Vec<Vec<u32>>,
    /// Where `(U_k : z)` starts in `kept` (`z · alphabet + k`), or
    /// `u32::MAX`.
    at: Vec<u32>,
    kept: Vec<u64>,
    spare: Vec<u64>,
}

impl<'a> Table<'a> {
    fn new(m: &'a Monoid, r: &'a Residuals, options: Vec<&'a [u32]>) -> Table<'a> {
        let slots = m.order() * options.len();
        let mut index: HashMap<u32, u32> = HashMap::default();
        let mut rows = Vec::new();
        let options = options
            .iter()
            .map(|os| {
                os.iter()
                    .map(|&o| {
                        *index.entry(o).or_insert_with(|| {
                            rows.push(m.row(o as usize));
                            rows.len() as u32 - 1
                        })
                    })
                    .collect()
            })
            .collect();
        Table {
            r,
            rows,
            at: vec![u32::MAX; slots],
            options,
            kept: Vec::new(),
            spare: vec![0; r.words],
        }
    }

    /// `out |= (U_k : z)`.
    fn or_into(&mut self, out: &mut [u64], z: usize, k: usize) {
        let w = self.r.words;
        let slot = z * self.options.len() + k;
        if self.at[slot] == u32::MAX {
            let (r, options, rows) = (self.r, &self.options[k], &self.rows);
            let room = (self.kept.len() + w) as u64 * 64 <= CACHE_BITS
                && self.kept.len() / w.max(1) < u32::MAX as usize;
            let set = if room {
                let at = self.kept.len();
                self.kept.resize(at + w, 0);
                self.at[slot] = (at / w.max(1)) as u32;
                &mut self.kept[at..at + w]
            } else {
                self.spare.fill(0);
                &mut self.spare[..]
            };
            for &o in options {
                or_into(set, r.of(rows[o as usize][z] as usize));
            }
            or_into(out, set);
            return;
        }
        let at = self.at[slot] as usize * w;
        or_into(out, &self.kept[at..at + w]);
    }
}

/// Proves that `m` predicts every sum of heaps of these types, or returns
/// the least sum (heaps in descending order) where its rule fails.
///
/// # Errors
/// [`Error::LimitExceeded`] where (C2) needs more than
/// `limits.max_states` pairs; [`Error::Stopped`] at the stop token.
pub(crate) fn verify(
    m: &Monoid,
    types: &[HeapType],
    limits: Limits,
) -> Result<std::result::Result<Checked, Vec<u64>>> {
    let order = m.order();
    if m.is_p(0) {
        return Ok(Err(Vec::new()));
    }
    let r = Residuals::new(m);
    let words = r.words;
    let mut rows: HashMap<u32, Vec<u32>> = HashMap::default();
    let mut us: Vec<Vec<u64>> = Vec::with_capacity(types.len());
    for t in types {
        rows.entry(t.a).or_insert_with(|| m.row(t.a as usize));
        let mut u = vec![0u64; words];
        for &o in &t.options {
            or_into(&mut u, r.of(o as usize));
        }
        us.push(u);
    }
    // (C1): z · a ∈ P ⟹ z ∉ U, that is R(a) ∩ U = ∅; the least failure
    // is a least sum of z plus the heap.
    let mut least: Option<Vec<u64>> = None;
    let mut firsts: Vec<(u64, u32)> = Vec::new();
    for t in types {
        if !firsts.iter().any(|&(_, e)| e == t.a) {
            firsts.push((t.heap, t.a));
        }
    }
    firsts.sort();
    let steps: Vec<&[u32]> = firsts.iter().map(|(_, e)| &rows[e][..]).collect();
    let chains = LeastSums::new(order, firsts.len(), |x, i| steps[i][x] as usize);
    let rep = |z: usize| {
        let mut sum = Vec::new();
        let mut t = z;
        while t != 0 && chains.parent[t] != u32::MAX {
            sum.push(firsts[chains.top[t] as usize].0);
            t = chains.parent[t] as usize;
        }
        sum
    };
    for (i, t) in types.iter().enumerate() {
        for (k, (&ra, &u)) in r.of(t.a as usize).iter().zip(&us[i]).enumerate() {
            let mut both = ra & u;
            while both != 0 {
                let z = k * 64 + both.trailing_zeros() as usize;
                both &= both - 1;
                let w = with(&rep(z), t.heap);
                if least.as_ref().is_none_or(|l| w < *l) {
                    least = Some(w);
                }
            }
        }
    }
    // (C2), least sums first, over the types no other type dominates: a
    // type with the same element, a smaller U and a heap no larger adds
    // a smaller D by a smaller sum.
    let alphabet: Vec<usize> = (0..types.len())
        .filter(|&i| {
            !(0..types.len()).any(|j| {
                j != i
                    && types[j].a == types[i].a
                    && types[j].heap <= types[i].heap
                    && subset(&us[j], &us[i])
                    && (us[j] != us[i] || j < i)
            })
        })
        .collect();
    // The alphabet grouped by element: (D : a) is gathered once per
    // element, then each type of that element adds its (U : x).
    let mut groups: Vec<(u32, Vec<usize>)> = Vec::new();
    for (k, &i) in alphabet.iter().enumerate() {
        match groups.iter_mut().find(|(a, _)| *a == types[i].a) {
            Some((_, g)) => g.push(k),
            None => groups.push((types[i].a, vec![k])),
        }
    }
    let mut table = Table::new(m, &r, alphabet.iter().map(|&i| &types[i].options[..]).collect());
    // A pair waiting in the queue is its element and where its D comes
    // from: D(Y) is the union of (U_h : Φ(Y − h)) over the heaps h of Y,
    // so (D : a) is the union of (U_h : Φ(Y − h)·a), sets of the table
    // or'ed together. The pairs (slot of h's type in the alphabet,
    // Φ(Y − h)), sorted, no repeats. D itself is kept only for the pairs
    // walked (the ⊆-least ones of each element).
    let mut pending: Vec<(u32, Vec<(u32, u32)>)> = vec![(0, Vec::new())];
    let mut settled: Vec<Vec<Vec<u64>>> = vec![Vec::new(); order];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((Vec::<u64>::new(), 0u32)));
    let mut walked = 0u64;
    let mut d = vec![0u64; words];
    let mut da = vec![0u64; words];
    let mut e = vec![0u64; words];
    let mut moved: Vec<(u32, u32)> = Vec::new();
    while let Some(Reverse((word, s))) = queue.pop() {
        if least.as_ref().is_some_and(|l| word >= *l) {
            break;
        }
        let (x, src) = std::mem::take(&mut pending[s as usize]);
        let x = x as usize;
        d.fill(0);
        for &(k, z) in &src {
            table.or_into(&mut d, z as usize, k as usize);
        }
        if settled[x].iter().any(|t| subset(t, &d)) {
            continue;
        }
        if !word.is_empty() && !m.is_p(x) && d[0] & 1 == 0 {
            least = Some(word);
            break;
        }
        walked += 1;
        if walked.is_multiple_of(1024) {
            limits.check_stop()?;
        }
        settled[x].retain(|t| !subset(&d, t));
        settled[x].push(d.clone());
        for (a, group) in &groups {
            let ra = &rows[a];
            moved.clear();
            moved.extend(src.iter().map(|&(k, z)| (k, ra[z as usize])));
            moved.sort_unstable();
            moved.dedup();
            da.fill(0);
            for &(k, z) in &moved {
                table.or_into(&mut da, z as usize, k as usize);
            }
            let y = ra[x] as usize;
            for &k in group {
                e.copy_from_slice(&da);
                table.or_into(&mut e, x, k);
                if settled[y].iter().any(|t| subset(t, &e)) {
                    continue;
                }
                if pending.len() as u64 >= limits.max_states {
                    return Err(Error::LimitExceeded {
                        what: format!("the proof of a misère quotient of {order} elements, its (element, D) pairs counted as states,"),
                        limit: limits.max_states,
                    });
                }
                let i = alphabet[k];
                queue.push(Reverse((with(&word, types[i].heap), pending.len() as u32)));
                let mut from = moved.clone();
                let p = (k as u32, x as u32);
                if let Err(at) = from.binary_search(&p) {
                    from.insert(at, p);
                }
                pending.push((y as u32, from));
            }
        }
    }
    Ok(match least {
        Some(w) => Err(w),
        None => Ok(Checked {
            types: types.len(),
            pairs: walked,
        }),
    })
}
