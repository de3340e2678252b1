//! A proven lower bound on the order of `Q_n` from a refuted candidate.
//!
//! The proof walks sums least first (multiset order, largest heap first),
//! so when a candidate's least failing sum holds k copies of heap n, the
//! candidate predicts every sum with fewer than k copies right: each such
//! sum is smaller. Take sums Y and Y' with at most j copies of heap n and
//! a sum X with fewer than k − j copies: Y + X and Y' + X are predicted
//! right, so where the candidate gives them different outcomes, Y and Y'
//! are told apart in the game itself and lie in different elements of
//! `Q_n`. The elements of the candidate with a sum of at most j copies,
//! grouped by their outcomes with every element that has a sum of fewer
//! than k − j copies, are then pairwise told apart: `Q_n` has at least as
//! many elements as there are groups. The least sum of an element has the
//! fewest copies of heap n (the largest heap, compared first), so it says
//! which elements have a sum of at most j copies.

use super::build::Stage;
use super::least::LeastSums;
use super::verify::Residuals;
use rustc_hash::FxHashSet as HashSet;

/// What a refuted candidate proves of the order of `Q_n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OrderBound {
    /// `Q_n` has at least this many elements.
    pub(crate) at_least: usize,
    /// The copies of heap n the sums so grouped hold at most (the j
    /// above that gives the most groups).
    pub(crate) copies: usize,
}

/// The lower bound on the order of `Q_n` that candidate `st` proves, its
/// least failing sum holding `k` copies of heap `n` (see the module
/// documentation).
///
/// # Complexity
/// The candidate's residual table (`|Q|²` bits) once, then `|Q|²/64`
/// words for each j below k.
pub(crate) fn order_at_least(st: &Stage, n: u64, k: usize) -> OrderBound {
    let q = st.m.order();
    let gens = st.first_heaps();
    let steps: Vec<Vec<u32>> = gens.iter().map(|&(_, g)| st.m.row(g as usize)).collect();
    let least = LeastSums::new(q, gens.len(), |x, i| steps[i][x] as usize);
    // The fewest copies of heap n in a sum of each element.
    let mut copies = vec![usize::MAX; q];
    copies[0] = 0;
    for &y in &least.order[1..] {
        let y = y as usize;
        let (t, parent) = (least.top[y] as usize, least.parent[y] as usize);
        copies[y] = if gens[t].0 == n { copies[parent] + 1 } else { 0 };
    }
    let r = Residuals::new(&st.m);
    let words = q.div_ceil(64);
    let mut best = OrderBound {
        at_least: 1,
        copies: 0,
    };
    let mut groups: HashSet<Vec<u64>> = HashSet::default();
    let mut mask = vec![0u64; words];
    let mut sig = vec![0u64; words];
    for j in 0..k {
        // The contexts: elements with a sum of fewer than k − j copies.
        mask.fill(0);
        for z in (0..q).filter(|&z| copies[z] < k - j) {
            mask[z / 64] |= 1 << (z % 64);
        }
        groups.clear();
        for x in (0..q).filter(|&x| copies[x] <= j) {
            sig.iter_mut()
                .zip(r.of(x).iter().zip(&mask))
                .for_each(|(s, (a, b))| *s = a & b);
            if !groups.contains(&sig) {
                groups.insert(sig.clone());
            }
        }
        if groups.len() > best.at_least {
            best = OrderBound {
                at_least: groups.len(),
                copies: j,
            };
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::construct::{construct, heap_types};
    use super::super::heaps::HeapRules;
    use super::super::recal::recalibrate;
    use super::super::verify::verify;
    use super::*;
    use crate::rules::{Game, GameVisitor, Ruleset};
    use crate::solve::Limits;

    /// Every refuted candidate on the way to `Q_n` of some wild codes
    /// proves a bound no larger than the order `Q_n` turns out to have.
    #[test]
    fn bounds_never_pass_the_order() {
        struct V(u64);
        impl GameVisitor for V {
            type Output = (usize, usize);
            fn visit<R: Ruleset>(self, rules: &R) -> (usize, usize) {
                let mut hr = HeapRules::new(rules).unwrap();
                let (mut refuted, mut above_one) = (0, 0);
                for n in 2..=self.0 {
                    let q_n = construct(&mut hr, n, false, 10_000, Limits::default())
                        .unwrap()
                        .stage
                        .m
                        .order();
                    let mut st = construct(&mut hr, n - 1, false, 10_000, Limits::default())
                        .unwrap()
                        .stage;
                    if !st.add_heap(&mut hr, 10_000).unwrap() {
                        continue;
                    }
                    loop {
                        let types = heap_types(&st, &mut hr).unwrap();
                        let Err(failure) = verify(&st.m, &types, Limits::default()).unwrap() else {
                            break;
                        };
                        let k = failure.iter().filter(|&&h| h == n).count();
                        let b = order_at_least(&st, n, k);
                        assert!(b.at_least <= q_n, "{} heap {n}: {b:?} > {q_n}", rules.spec());
                        refuted += 1;
                        above_one += usize::from(b.at_least > 1);
                        st = recalibrate(&st, &mut hr, &failure, 10_000).unwrap();
                    }
                }
                (refuted, above_one)
            }
        }
        let (mut refuted, mut above_one) = (0, 0);
        for (code, upto) in [
            ("octal:0.07", 20),
            ("octal:0.77", 16),
            ("octal:4.7", 12),
            ("octal:0.137", 16),
        ] {
            let g: Game = code.parse().unwrap();
            let (r, a) = g.visit(V(upto));
            refuted += r;
            above_one += a;
        }
        // The test means something: candidates were refuted, and bounds
        // were proven.
        assert!(refuted > 0 && above_one > 0, "{refuted} {above_one}");
    }
}
