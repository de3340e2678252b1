//! The construction of Q_n from Q_{n−1} and the options of heap n, with
//! no search of whole sums (see the module documentation of
//! [`super`] for the argument).
//!
//! A [`Stage`] holds a quotient of the heaps below n: the monoid, its
//! P-portion, and the element of each heap (the pretending function).
//! [`Stage::add_heap`] extends it by heap n:
//!
//! 1. the elements of heap n's options, `O ⊆ Q`;
//! 2. a least sum of heaps `rep(y)` for each element `y`, least in the
//!    multiset order (compare the heaps largest first), found layer by
//!    layer over the monoid (module `least`: a chain of parents, no list
//!    of heaps per element); the options of `rep(y)` are smaller sums,
//!    so their elements come earlier in that order;
//! 3. for `k = 1, 2, …` the row `F(k, ·)`: whether `k` heaps of n plus a
//!    sum of element `y` is a P-position, from the rule "P exactly when
//!    there is a move and no move reaches P": no option `o` with
//!    `F(k − 1, o·y)` and no option `y'` of `rep(y)` with `F(k, y')`. Each
//!    row follows from the one before, so once a row repeats the rows are
//!    periodic from there;
//! 4. the monoid `Q × ⟨g⟩` (g the new heap, `g^{k0+q} = g^{k0}`) with P
//!    given by the rows, reduced by merging the elements no sum tells
//!    apart (Moore's refinement).
//!
//! The result is a candidate: [`super::verify`] proves it or refutes it.

use super::heaps::HeapRules;
use super::least::LeastSums;
use super::monoid::{minimize, Monoid};
use crate::rules::Ruleset;
use crate::{Error, Result};
use rustc_hash::FxHashMap as HashMap;

/// A quotient of the heaps `0..=n` under construction.
#[derive(Clone, Debug)]
pub(crate) struct Stage {
    /// The monoid and its P-portion.
    pub(crate) m: Monoid,
    /// The element of each heap `0..=n`.
    pub(crate) heap: Vec<u32>,
}

impl Stage {
    /// The quotient of heap 0 alone: the trivial monoid, P empty.
    pub(crate) fn new() -> Stage {
        let (m, _) = Monoid::from_automaton(&[], 0, &[false], 0);
        Stage { m, heap: vec![0] }
    }

    /// The largest heap covered.
    pub(crate) fn upto(&self) -> u64 {
        self.heap.len() as u64 - 1
    }

    /// The element of a sum of heaps, each covered.
    pub(crate) fn element_of(&self, heaps: &[u64]) -> usize {
        heaps
            .iter()
            .fold(0, |x, &h| self.m.mul(x, self.heap[h as usize] as usize))
    }

    /// The distinct elements of heap `n`'s options (each heap below `n`).
    pub(crate) fn option_elements<R: Ruleset>(
        &self,
        rules: &mut HeapRules<'_, R>,
        n: u64,
    ) -> Result<Vec<u32>> {
        let mut out = Vec::new();
        rules.options(n, |o| out.push(self.element_of(o) as u32))?;
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// Extends the quotient by the next heap, `n = upto() + 1`: a
    /// candidate for Q_n, built from this one as the module docs say.
    /// Returns whether the monoid changed (false: heap n is an element
    /// already there).
    ///
    /// # Errors
    /// As [`HeapRules::options`]; [`Error::OrderExceeded`] where the
    /// candidate would have more than `max_order` elements, or where the
    /// rows take so long to repeat that the product before reduction (the
    /// elements below n times the powers of heap n) would have more than
    /// four times that: both are bounds on elements (`--max-order`).
    pub(crate) fn add_heap<R: Ruleset>(
        &mut self,
        rules: &mut HeapRules<'_, R>,
        max_order: usize,
    ) -> Result<bool> {
        let n = self.upto() + 1;
        let opts = self.option_elements(rules, n)?;
        if opts.is_empty() {
            // A heap without a move is the empty game.
            self.heap.push(0);
            return Ok(false);
        }
        let q = self.m.order();
        let gens = self.first_heaps();
        let steps: Vec<Vec<u32>> = gens.iter().map(|&(_, g)| self.m.row(g as usize)).collect();
        let least = LeastSums::new(q, gens.len(), |x, i| steps[i][x] as usize);
        let order = &least.order;
        // The elements of the options of each least sum.
        let heap_opts: Vec<Vec<u32>> = gens
            .iter()
            .map(|&(h, _)| self.option_elements(rules, h))
            .collect::<Result<_>>()?;
        let m = &self.m;
        let mut rep_opts: Vec<Vec<u32>> = vec![Vec::new(); q];
        for &y in order {
            let mut out = Vec::new();
            least.each_heap(
                y as usize,
                |i| gens[i].1 as usize,
                |a, b| m.mul(a, b),
                |i, rest| out.extend(heap_opts[i].iter().map(|&o| m.mul(rest, o as usize) as u32)),
            );
            out.sort_unstable();
            out.dedup();
            rep_opts[y as usize] = out;
        }
        // o · y for each option element o of heap n.
        let times: Vec<Vec<u32>> = opts.iter().map(|&o| self.m.row(o as usize)).collect();
        let mut rows: Vec<Vec<bool>> = vec![(0..q).map(|y| self.m.is_p(y)).collect()];
        let mut seen: HashMap<Vec<bool>, usize> = HashMap::default();
        seen.insert(rows[0].clone(), 0);
        let k0 = loop {
            let prev = rows.last().expect("row 0");
            let mut row = vec![false; q];
            for &y in order {
                let y = y as usize;
                row[y] = times.iter().all(|t| !prev[t[y] as usize])
                    && rep_opts[y].iter().all(|&z| !row[z as usize]);
            }
            if let Some(&k) = seen.get(&row) {
                break k;
            }
            if rows.len() * q > 4 * max_order.max(q) {
                return Err(Error::OrderExceeded {
                    what: format!(
                        "the powers of heap {n} did not repeat within {} rows: their product with the misère quotient of `{}` below it ({q} elements), before reduction,",
                        rows.len(),
                        rules.spec()
                    ),
                    order: (rows.len() * q) as u64,
                    limit: (4 * max_order.max(q)) as u64,
                });
            }
            seen.insert(row.clone(), rows.len());
            rows.push(row);
        };
        let k_all = rows.len();
        // The product automaton Q × {g^0 … g^(k_all − 1)}.
        let letters = self.m.letters() + 1;
        let states = q * k_all;
        let mut step = Vec::with_capacity(states * letters);
        let mut p = Vec::with_capacity(states);
        for (k, row) in rows.iter().enumerate() {
            for (y, &is_p) in row.iter().enumerate() {
                for l in 0..letters - 1 {
                    step.push((k * q + self.m.go(y, l)) as u32);
                }
                let next = if k + 1 < k_all { k + 1 } else { k0 };
                step.push((next * q + y) as u32);
                p.push(is_p);
            }
        }
        if k_all == 1 {
            // Every row is row 0: heap n plays as the empty sum.
            self.heap.push(0);
            return Ok(false);
        }
        let class = minimize(&step, letters, &p);
        // Heap n may be an element already there: then Q_n = Q_{n−1}.
        let g = class[q] as usize;
        if let Some(x) = (0..q).find(|&x| class[x] as usize == g) {
            self.heap.push(x as u32);
            return Ok(false);
        }
        let classes = class.iter().map(|&c| c as usize).max().map_or(0, |c| c + 1);
        if classes > max_order {
            return Err(Error::OrderExceeded {
                what: format!("a candidate misère quotient of `{}` at heap {n}", rules.spec()),
                order: classes as u64,
                limit: max_order as u64,
            });
        }
        let mut cstep = vec![0u32; classes * letters];
        let mut cp = vec![false; classes];
        for s in 0..states {
            let c = class[s] as usize;
            cp[c] = p[s];
            for l in 0..letters {
                cstep[c * letters + l] = class[step[s * letters + l] as usize];
            }
        }
        let (m, new) = Monoid::from_automaton(&cstep, letters, &cp, class[0] as usize);
        for h in self.heap.iter_mut() {
            *h = new[class[*h as usize] as usize];
        }
        self.heap.push(new[g]);
        self.m = m;
        Ok(true)
    }

    /// The least heap of each element a heap has (heaps in order).
    pub(crate) fn first_heaps(&self) -> Vec<(u64, u32)> {
        let mut first = Vec::new();
        let mut taken = vec![false; self.m.order()];
        for (h, &e) in self.heap.iter().enumerate().skip(1) {
            if e != 0 && !taken[e as usize] {
                taken[e as usize] = true;
                first.push((h as u64, e));
            }
        }
        first
    }
}
