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

use super::monoid::{quotient_into, Bits, Monoid};
use crate::solve::Limits;
use crate::{Error, Result};
use rustc_hash::FxHashMap as HashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most bits the table of `(U : x)` (each type, each element) may
/// hold: 512 MiB; past it each is gathered when needed.
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
/// heap of each element a heap has: the sums, and the elements in order.
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

/// `(U : z)` for the type in slot `k` of the alphabet, from the table;
/// the first time z is asked for, its row is computed once and every
/// type's entry for z gathered from it (the walk asks for all of them).
fn table<'a>(
    cache: &'a mut [Option<Bits>],
    m: &Monoid,
    us: &[Bits],
    alphabet: &[usize],
    z: usize,
    k: usize,
) -> &'a Bits {
    let w = alphabet.len();
    if cache[z * w + k].is_none() {
        let row = m.row(z);
        for (j, &i) in alphabet.iter().enumerate() {
            if cache[z * w + j].is_none() {
                cache[z * w + j] = Some(m.quotient_by(&us[i], &row));
            }
        }
    }
    cache[z * w + k].get_or_insert_with(|| unreachable!("filled above"))
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
    let residual: Vec<Bits> = (0..order).map(|x| m.residual(x)).collect();
    let mut rows: HashMap<u32, Vec<u32>> = HashMap::default();
    let mut us: Vec<Bits> = Vec::with_capacity(types.len());
    for t in types {
        rows.entry(t.a).or_insert_with(|| m.row(t.a as usize));
        let mut u = Bits::new(order);
        for &o in &t.options {
            u.union_with(&residual[o as usize]);
        }
        us.push(u);
    }
    // (C1): z · a ∈ P ⟹ z ∉ U; the least failure is a least sum of z
    // plus the heap.
    let mut least: Option<Vec<u64>> = None;
    let mut firsts: Vec<(u64, u32)> = Vec::new();
    for t in types {
        if !firsts.iter().any(|&(_, e)| e == t.a) {
            firsts.push((t.heap, t.a));
        }
    }
    firsts.sort();
    let (reps, _) = least_sums(m, &firsts);
    for (i, t) in types.iter().enumerate() {
        let row = &rows[&t.a];
        for z in 0..order {
            if m.is_p(row[z] as usize) && us[i].get(z) {
                let w = with(&reps[z], t.heap);
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
                    && us[j].is_subset(&us[i])
                    && (us[j] != us[i] || j < i)
            })
        })
        .collect();
    // The alphabet grouped by element: (D : a) is gathered once per
    // element, then each type of that element adds its (U : x).
    let mut groups: Vec<(u32, Vec<usize>)> = Vec::new();
    for &i in &alphabet {
        match groups.iter_mut().find(|(a, _)| *a == types[i].a) {
            Some((_, g)) => g.push(i),
            None => groups.push((types[i].a, vec![i])),
        }
    }
    // (U : x) for each type of the alphabet, gathered once per element x
    // while the table stays within CACHE_BITS.
    let keep = (order as u64)
        .saturating_mul(order as u64)
        .saturating_mul(alphabet.len() as u64)
        <= CACHE_BITS;
    let slot: Vec<usize> = {
        let mut v = vec![usize::MAX; types.len()];
        alphabet.iter().enumerate().for_each(|(k, &i)| v[i] = k);
        v
    };
    let mut cache: Vec<Option<Bits>> = if keep {
        vec![None; order * alphabet.len()]
    } else {
        Vec::new()
    };
    let mut states: Vec<(u32, Bits)> = vec![(0, Bits::new(order))];
    // With the table kept, each pair also keeps where its D comes from:
    // D(Y) is the union of (U_h : Φ(Y − h)) over the heaps h of Y, so
    // (D : a) is the union of (U_h : Φ(Y − h)·a), words of the table
    // or'ed together instead of |Q| bits gathered one by one. The pairs
    // (slot of h's type in the alphabet, Φ(Y − h)), sorted, no repeats.
    let mut sources: Vec<Vec<(u32, u32)>> = vec![Vec::new()];
    let mut settled: Vec<Vec<u32>> = vec![Vec::new(); order];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((Vec::<u64>::new(), 0u32)));
    let mut walked = 0u64;
    let mut da = Bits::new(order);
    let mut e = Bits::new(order);
    while let Some(Reverse((word, s))) = queue.pop() {
        if least.as_ref().is_some_and(|l| word >= *l) {
            break;
        }
        let (x, d) = (states[s as usize].0 as usize, states[s as usize].1.clone());
        if settled[x]
            .iter()
            .any(|&t| states[t as usize].1.is_subset(&d) && t != s)
        {
            continue;
        }
        if !word.is_empty() && !m.is_p(x) && !d.get(0) {
            least = Some(word);
            break;
        }
        walked += 1;
        if walked.is_multiple_of(1024) {
            limits.check_stop()?;
        }
        settled[x].retain(|&t| !d.is_subset(&states[t as usize].1));
        settled[x].push(s);
        // x's row only where (U : x) is gathered here rather than taken
        // from the table: a row costs |Q| steps, and x · a is a's row at x.
        let x_row = if keep { Vec::new() } else { m.row(x) };
        let src = std::mem::take(&mut sources[s as usize]);
        for (a, group) in &groups {
            let ra = &rows[a];
            let mut moved: Vec<(u32, u32)> = Vec::new();
            if keep {
                moved.extend(src.iter().map(|&(k, z)| (k, ra[z as usize])));
                moved.sort_unstable();
                moved.dedup();
                da.0.fill(0);
                for &(k, z) in &moved {
                    da.union_with(table(&mut cache, m, &us, &alphabet, z as usize, k as usize));
                }
            } else {
                quotient_into(&d, ra, &mut da, false);
            }
            let y = ra[x] as usize;
            for &i in group {
                e.0.copy_from_slice(&da.0);
                if keep {
                    e.union_with(table(&mut cache, m, &us, &alphabet, x, slot[i]));
                } else {
                    quotient_into(&us[i], &x_row, &mut e, true);
                }
                if settled[y].iter().any(|&t| states[t as usize].1.is_subset(&e)) {
                    continue;
                }
                if states.len() as u64 >= limits.max_states {
                    return Err(Error::LimitExceeded {
                        what: format!("the proof of a misère quotient of {order} elements, its (element, D) pairs counted as states,"),
                        limit: limits.max_states,
                    });
                }
                queue.push(Reverse((with(&word, types[i].heap), states.len() as u32)));
                states.push((y as u32, e.clone()));
                let mut from = Vec::new();
                if keep {
                    from = moved.clone();
                    let p = (slot[i] as u32, x as u32);
                    if let Err(at) = from.binary_search(&p) {
                        from.insert(at, p);
                    }
                }
                sources.push(from);
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
