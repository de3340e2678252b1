//! Recalibration: a new candidate for Q_n after the check found the least
//! sum its rule gets wrong.
//!
//! The quotient of the smaller heaps need not sit inside Q_n: in Kayles,
//! 5 + 5 and the empty sum are indistinguishable among heaps up to 8, but
//! heap 9 tells them apart. A candidate built on Q_{n−1} then merges
//! what must stay apart. The remedy (the one Siegel's MisereSolver uses,
//! written afresh here) frees some of the heaps in the failing sum: each
//! gets a cyclic monoid of its own (`e^(i+p) = e^i`, long enough for the
//! copies the failure holds), beside the submonoid the other heaps
//! generate in the old candidate. P is then marked element by element
//! from each element's least sum, by the misère rule on the elements of
//! its options (which are smaller sums, so marked already), and the
//! product is reduced. Freed sets are tried smallest first; of the first
//! size where some fix the failing sum, the smallest candidate is taken,
//! and the caller checks it again.

use super::build::Stage;
use super::heaps::HeapRules;
use super::least::LeastSums;
use super::monoid::{minimize, Monoid};
use crate::rules::Ruleset;
use crate::{Error, Result};
use rustc_hash::FxHashMap as HashMap;

/// The most elements of a product tried before reduction (or 16 times
/// the candidates' bound, where that is more).
const MAX_PRODUCT: usize = 4_000_000;

/// A cyclic part: `e^0 … e^(index + period − 1)`, `e^(index + period) =
/// e^index`.
#[derive(Clone, Copy, Debug)]
struct Cyclic {
    index: usize,
    period: usize,
}

impl Cyclic {
    fn size(self) -> usize {
        self.index + self.period
    }

    fn add(self, a: usize, b: usize) -> usize {
        let mut e = a + b;
        while e >= self.size() {
            e -= self.period;
        }
        e
    }
}

/// The index and period of the powers of `x` in `m`.
fn index_period(m: &Monoid, x: usize) -> (usize, usize) {
    let mut seen: HashMap<usize, usize> = HashMap::default();
    let mut y = 0;
    let mut k = 0;
    loop {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = m.mul(y, x);
        k += 1;
    }
}

/// A new candidate that predicts `failure` (heaps, descending) the other
/// way from `trial`, with as few heaps freed as will do.
///
/// # Errors
/// [`Error::Unsupported`] where no freed set fixes the failure;
/// [`Error::OrderExceeded`] past `max_order` elements; errors of the
/// game's moves.
pub(crate) fn recalibrate<R: Ruleset>(
    trial: &Stage,
    rules: &mut HeapRules<'_, R>,
    failure: &[u64],
    max_order: usize,
) -> Result<Stage> {
    let want = !trial.m.is_p(trial.element_of(failure));
    let mut involved: Vec<u64> = failure.to_vec();
    involved.dedup();
    involved.sort_unstable();
    for size in 1..=involved.len() {
        // Of the freed sets of this size that fix the failure, the one
        // whose candidate has the fewest elements: a smaller candidate is
        // cheaper to prove and, in Dawson's Kayles, needs fewer rounds
        // (Q_33: 81 candidates instead of 128 with the first that fixes).
        let mut best: Option<Stage> = None;
        let mut too_big: Option<Error> = None;
        for subset in subsets(&involved, size) {
            rules.check_stop()?;
            let freed: Vec<(u64, Cyclic)> = subset
                .iter()
                .map(|&h| {
                    let (i, p) = index_period(&trial.m, trial.heap[h as usize] as usize);
                    let copies = failure.iter().filter(|&&x| x == h).count();
                    let period = p.max(2).next_multiple_of(2);
                    (
                        h,
                        Cyclic {
                            index: i.max(copies),
                            period,
                        },
                    )
                })
                .collect();
            let c = match product(trial, rules, &freed, max_order) {
                Ok(c) => c,
                Err(e @ Error::OrderExceeded { .. }) => {
                    too_big.get_or_insert(e);
                    continue;
                }
                Err(e) => return Err(e),
            };
            if c.m.is_p(c.element_of(failure)) == want
                && best.as_ref().is_none_or(|b| c.m.order() < b.m.order())
            {
                best = Some(c);
            }
        }
        if let Some(b) = best {
            return Ok(b);
        }
        if let Some(e) = too_big {
            return Err(e);
        }
    }
    Err(Error::Unsupported(format!(
        "the misère quotient of `{}`: no recalibration fixes the sum {failure:?} (please report this)",
        rules.spec()
    )))
}

/// The subsets of `items` of `size` elements, in order.
fn subsets(items: &[u64], size: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..size).collect();
    loop {
        out.push(pick.iter().map(|&i| items[i]).collect());
        let Some(i) = (0..size).rev().find(|&i| pick[i] != i + items.len() - size) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The product of the submonoid the unfreed heaps generate in `trial` and
/// a cyclic part per freed heap, P marked from least sums, reduced.
fn product<R: Ruleset>(
    trial: &Stage,
    rules: &mut HeapRules<'_, R>,
    freed: &[(u64, Cyclic)],
    max_order: usize,
) -> Result<Stage> {
    let n = trial.upto();
    let is_freed = |h: u64| freed.iter().position(|&(f, _)| f == h);
    // The submonoid of the unfreed heaps, breadth-first.
    let mut letters: Vec<u32> = Vec::new();
    for h in 1..=n {
        let e = trial.heap[h as usize];
        if e != 0 && is_freed(h).is_none() && !letters.contains(&e) {
            letters.push(e);
        }
    }
    let rows: Vec<Vec<u32>> = letters.iter().map(|&e| trial.m.row(e as usize)).collect();
    let mut base_id: HashMap<u32, u32> = HashMap::default();
    let mut base: Vec<u32> = vec![0];
    base_id.insert(0, 0);
    let mut i = 0;
    while i < base.len() {
        for row in &rows {
            let y = row[base[i] as usize];
            if let std::collections::hash_map::Entry::Vacant(e) = base_id.entry(y) {
                e.insert(base.len() as u32);
                base.push(y);
            }
        }
        i += 1;
    }
    let parts: Vec<Cyclic> = freed.iter().map(|&(_, c)| c).collect();
    let width: usize = parts.iter().map(|c| c.size()).product();
    let states = base.len() * width;
    let most = MAX_PRODUCT.max(max_order.saturating_mul(16));
    if states > most {
        return Err(Error::OrderExceeded {
            what: format!(
                "a product of candidate misère quotients of `{}` at heap {n}, before reduction,",
                rules.spec()
            ),
            order: states as u64,
            limit: most as u64,
        });
    }
    let decode = |mut c: usize| {
        let mut e = Vec::with_capacity(parts.len());
        for p in &parts {
            e.push(c % p.size());
            c /= p.size();
        }
        e
    };
    let encode = |e: &[usize]| {
        e.iter()
            .zip(&parts)
            .rev()
            .fold(0, |acc, (&x, p)| acc * p.size() + x)
    };
    // The cyclic parts' product, as a table of their combined index.
    let mut cyc = vec![0u32; width * width];
    for cx in 0..width {
        let ex = decode(cx);
        for cy in 0..width {
            let ey = decode(cy);
            let e: Vec<usize> = parts
                .iter()
                .enumerate()
                .map(|(i, p)| p.add(ex[i], ey[i]))
                .collect();
            cyc[cx * width + cy] = encode(&e) as u32;
        }
    }
    let mut base_of = vec![u32::MAX; trial.m.order()];
    for (i, &b) in base.iter().enumerate() {
        base_of[b as usize] = i as u32;
    }
    let mul = |x: usize, y: usize| -> usize {
        let (bx, cx) = (x / width, x % width);
        let (by, cy) = (y / width, y % width);
        let b = trial.m.mul(base[bx] as usize, base[by] as usize);
        base_of[b] as usize * width + cyc[cx * width + cy] as usize
    };
    // The element of each heap.
    let mut heap: Vec<usize> = vec![0; n as usize + 1];
    for h in 1..=n {
        heap[h as usize] = match is_freed(h) {
            Some(i) => {
                let mut e = vec![0; parts.len()];
                e[i] = 1;
                encode(&e)
            }
            None => base_id[&trial.heap[h as usize]] as usize * width,
        };
    }
    let elem = |sum: &[u64]| sum.iter().fold(0, |x, &h| mul(x, heap[h as usize]));
    // The options of each heap, as elements.
    let mut opts: Vec<Vec<usize>> = vec![Vec::new(); n as usize + 1];
    for h in 1..=n {
        let mut o = Vec::new();
        rules.options(h, |parts| o.push(elem(parts)))?;
        o.sort_unstable();
        o.dedup();
        opts[h as usize] = o;
    }
    // Least sums, then P by the misère rule, least first.
    let mut gens: Vec<(u64, usize)> = Vec::new();
    for h in 1..=n {
        let e = heap[h as usize];
        if e != 0 && !gens.iter().any(|&(_, g)| g == e) {
            gens.push((h, e));
        }
    }
    let elems: Vec<usize> = gens.iter().map(|&(_, g)| g).collect();
    let least = LeastSums::new(states, gens.len(), |x, i| mul(x, elems[i]));
    let mut p = vec![false; states];
    for &y in &least.order[1..] {
        let mut is_p = true;
        least.each_heap(
            y as usize,
            |i| elems[i],
            mul,
            |i, rest| {
                is_p = is_p && opts[gens[i].0 as usize].iter().all(|&o| !p[mul(rest, o)]);
            },
        );
        p[y as usize] = is_p;
    }
    // The automaton: base letters, then one per freed heap.
    let all: Vec<usize> = letters
        .iter()
        .map(|&e| base_id[&e] as usize * width)
        .chain(freed.iter().map(|&(h, _)| heap[h as usize]))
        .collect();
    let mut step = Vec::with_capacity(states * all.len());
    for x in 0..states {
        for &g in &all {
            step.push(mul(x, g) as u32);
        }
    }
    let class = minimize(&step, all.len(), &p);
    let classes = class.iter().map(|&c| c as usize + 1).max().unwrap_or(1);
    if classes > max_order {
        return Err(Error::OrderExceeded {
            what: format!("a candidate misère quotient of `{}` at heap {n}", rules.spec()),
            order: classes as u64,
            limit: max_order as u64,
        });
    }
    let mut cstep = vec![0u32; classes * all.len()];
    let mut cp = vec![false; classes];
    for x in 0..states {
        let c = class[x] as usize;
        cp[c] = p[x];
        for l in 0..all.len() {
            cstep[c * all.len() + l] = class[step[x * all.len() + l] as usize];
        }
    }
    let (m, new) = Monoid::from_automaton(&cstep, all.len(), &cp, class[0] as usize);
    Ok(Stage {
        m,
        heap: heap.iter().map(|&e| new[class[e] as usize]).collect(),
    })
}
