//! The moves of an octal heap of any size to a given Grundy value, from a
//! periodic evaluator, without listing the heap's moves one by one.
//!
//! A heap of n has about n/2 ways to split. Past the pre-period o, g is
//! periodic with period p, so whether a split a + b (a + b = r) reaches the
//! target depends only on a mod p when both a and b are at least o. The
//! split points are then counted per residue class, and only the O(o)
//! split points near the ends, and the first few matches wanted, are
//! looked at one by one.

use super::Evaluator;
use crate::rules::OctalCode;
use crate::solve::quotient::moves::count_residue;

/// The moves of one heap to one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesToValue {
    /// How many moves reach the value.
    pub total: u64,
    /// The first of them in the order the rules list moves (by tokens
    /// taken, then whole heap, one heap, two heaps by the smaller part):
    /// each the tokens taken and the heaps left.
    pub first: Vec<(u64, Vec<u64>)>,
}

/// Every move of the octal heap `n` of `code` to a position of value
/// `target`, counted, with the first `limit` listed.
///
/// # Arguments
/// * `code`: the octal game.
/// * `n`: the heap, any size.
/// * `target`: the value wanted (the xor of the parts left).
/// * `eval`: the game's proven evaluator; it must be plainly periodic.
/// * `limit`: how many moves to list.
///
/// # Returns
/// `None` where the evaluator is not plainly periodic (saltus or floor
/// division), else the count and the first moves.
///
/// # Complexity
/// O(digits × (o + p + limit · p)) for pre-period o and period p: the
/// count is independent of n.
///
/// # Examples
/// ```
/// use sprague::pattern::{moves_to_value, prove, HeapLimits};
/// use sprague::rules::{HeapMoves, OctalCode};
/// // Kayles (0.77): period 12 from 71, proven by the periodicity theorem.
/// let code = OctalCode::parse("0.77").unwrap();
/// let proof = prove(HeapMoves::Octal(&code), HeapLimits::default()).unwrap().unwrap();
/// let n = 1_000_000_000_000_000_000;
/// let m = moves_to_value(&code, n, 0, &proof.evaluator, 3).unwrap();
/// assert!(m.total > 1_000_000_000_000_000 && m.first.len() == 3);
/// for (k, parts) in &m.first {
///     let v = parts.iter().fold(0, |x, &h| x ^ proof.evaluator.value(h));
///     assert_eq!((v, parts.iter().sum::<u64>() + k), (0, n));
/// }
/// ```
pub fn moves_to_value(
    code: &OctalCode,
    n: u64,
    target: u64,
    eval: &Evaluator,
    limit: usize,
) -> Option<MovesToValue> {
    let Evaluator::Periodic {
        prefix,
        cycle,
        saltus: 0,
    } = eval
    else {
        return None;
    };
    if code.is_hex() {
        // Three-heap moves are not counted by residue class here.
        return None;
    }
    let o = prefix.len() as u64;
    let p = cycle.len() as u64;
    let g = |m: u64| eval.value(m);
    let mut total = 0u64;
    let mut first: Vec<(u64, Vec<u64>)> = Vec::new();
    let take = |k: u64, parts: Vec<u64>, total: &mut u64, first: &mut Vec<(u64, Vec<u64>)>| {
        *total += 1;
        if first.len() < limit {
            first.push((k, parts));
        }
    };
    for (k, &d) in code.digits().iter().enumerate() {
        let k = k as u64;
        if k > n {
            break;
        }
        if d & 1 != 0 && k == n && k > 0 && target == 0 {
            take(k, Vec::new(), &mut total, &mut first);
        }
        if d & 2 != 0 && n > k && k > 0 && g(n - k) == target {
            take(k, vec![n - k], &mut total, &mut first);
        }
        if d & 4 == 0 || n < k + 2 {
            continue;
        }
        let rest = n - k;
        let half = rest / 2;
        // Both parts at least o: a in [max(o, 1), min(half, rest − o)].
        let lo = o.max(1);
        let hi = if rest >= o { half.min(rest - o) } else { 0 };
        // The split points outside that range, one by one, in order, and
        // those inside it, listed while the list wants more.
        let small_end = lo.min(half + 1); // a < lo
        for a in 1..small_end {
            if g(a) ^ g(rest - a) == target {
                take(k, vec![a, rest - a], &mut total, &mut first);
            }
        }
        if lo <= hi {
            // Counted by residue class of a − o.
            let shift = (rest - 2 * o) % p; // (rest − a − o) ≡ shift − (a − o)
            let mut any = false;
            for r in 0..p {
                let b = (shift + p - r) % p;
                if (cycle[r as usize] as u64) ^ (cycle[b as usize] as u64) == target {
                    any = true;
                    total += count_residue(lo, hi, (o + r) % p, p);
                }
            }
            // The first matches, in order, for the list: one comes at
            // least every p split points when any residue class matches.
            let mut a = lo;
            while any && first.len() < limit && a <= hi {
                if g(a) ^ g(rest - a) == target {
                    first.push((k, vec![a, rest - a]));
                }
                a += 1;
            }
        }
        // a in (hi, half]: the other part below o.
        let tail_start = if lo <= hi { hi + 1 } else { small_end.max(lo) };
        for a in tail_start..=half {
            if g(a) ^ g(rest - a) == target {
                take(k, vec![a, rest - a], &mut total, &mut first);
            }
        }
    }
    Some(MovesToValue { total, first })
}
