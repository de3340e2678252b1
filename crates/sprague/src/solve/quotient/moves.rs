//! The winning moves of an octal heap of any size in a misère sum, from a
//! complete quotient, without listing the heap's moves one by one.
//!
//! A heap of n has about n/2 ways to split. Past the pre-period n0 the
//! pretending function has period p, so whether a split `a + b` (with
//! `a + b = r`) leaves a P-position depends only on `a mod p` when both
//! parts are at least n0: the split points are counted per residue class,
//! and only those near the ends, and the first few matches wanted, are
//! looked at one by one (as [`crate::pattern::splits`] does for normal
//! play).

use super::heaps::digit_options;
use super::MisereQuotient;

/// Heaps up to this size have their moves listed one by one.
pub const LIST_MAX: u64 = 1 << 16;

/// The moves of one heap that leave a P-position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesToP {
    /// How many there are.
    pub total: u64,
    /// The first of them, in the order the rules list moves (tokens
    /// taken, then whole heap, one heap, two heaps by the smaller part):
    /// each the tokens taken and the heaps left.
    pub first: Vec<(u64, Vec<u64>)>,
}

/// How many a in [lo, hi] have a ≡ c (mod p), for 0 ≤ c < p (also the
/// normal-play split counts of [`crate::pattern::splits`]).
pub(crate) fn count_residue(lo: u64, hi: u64, c: u64, p: u64) -> u64 {
    if lo > hi {
        return 0;
    }
    let first = lo + (c + p - lo % p) % p;
    if first > hi {
        0
    } else {
        (hi - first) / p + 1
    }
}

impl MisereQuotient {
    /// Every move of the octal heap `n` that leaves a P-position when the
    /// rest of the sum has element `rest`: counted, the first `limit`
    /// listed.
    ///
    /// # Returns
    /// `None` where the game is not an octal code (hexadecimal codes too
    /// above [`LIST_MAX`]) or `n` is past [`Self::upto`] without a proven
    /// period.
    ///
    /// # Complexity
    /// O(digits × (n0 + p + limit · p)) above [`LIST_MAX`]: independent
    /// of n.
    pub fn moves_to_p(&self, n: u64, rest: usize, limit: usize) -> Option<MovesToP> {
        let code = self.code()?.clone();
        self.heap(n)?;
        let wins = |parts: &[u64]| {
            let x = parts.iter().fold(rest, |x, &h| {
                self.mul(x, self.heap(h).expect("a complete quotient"))
            });
            self.is_p(x)
        };
        let mut out = MovesToP {
            total: 0,
            first: Vec::new(),
        };
        let take = |out: &mut MovesToP, k: u64, parts: Vec<u64>| {
            out.total += 1;
            if out.first.len() < limit {
                out.first.push((k, parts));
            }
        };
        if n <= LIST_MAX {
            for (k, &d) in code.digits().iter().enumerate() {
                let k = k as u64;
                if k > n {
                    break;
                }
                digit_options(d, k, n, &mut |parts| {
                    if wins(parts) {
                        take(&mut out, k, parts.to_vec());
                    }
                });
            }
            return Some(out);
        }
        self.moves_to_p_counted(n, rest, limit)
    }

    /// [`Self::moves_to_p`] counted by residue class whatever the size of
    /// the heap (the path taken above [`LIST_MAX`]), for cross-checks.
    ///
    /// # Returns
    /// `None` unless the game is an octal code (not hexadecimal) with a
    /// proven period.
    pub fn moves_to_p_counted(&self, n: u64, rest: usize, limit: usize) -> Option<MovesToP> {
        let code = self.code()?.clone();
        if code.is_hex() {
            return None;
        }
        let wins = |parts: &[u64]| {
            let x = parts.iter().fold(rest, |x, &h| {
                self.mul(x, self.heap(h).expect("a complete quotient"))
            });
            self.is_p(x)
        };
        let mut out = MovesToP {
            total: 0,
            first: Vec::new(),
        };
        let take = |out: &mut MovesToP, k: u64, parts: Vec<u64>| {
            out.total += 1;
            if out.first.len() < limit {
                out.first.push((k, parts));
            }
        };
        let period = self.period()?;
        let (o, p) = (period.preperiod, period.period);
        for (k, &d) in code.digits().iter().enumerate() {
            let k = k as u64;
            if k >= n {
                break;
            }
            if d & 2 != 0 && k > 0 && wins(&[n - k]) {
                take(&mut out, k, vec![n - k]);
            }
            if d & 4 == 0 {
                continue;
            }
            let r = n - k;
            let half = r / 2;
            // Both parts at least o: a in [max(o, 1), half] (r − a ≥ half ≥ o).
            let lo = o.max(1);
            for a in 1..lo.min(half + 1) {
                if wins(&[a, r - a]) {
                    take(&mut out, k, vec![a, r - a]);
                }
            }
            if lo > half {
                continue;
            }
            let x0 = |a: u64| self.heap(a).expect("complete");
            let shift = (r - 2 * o) % p;
            let mut any = false;
            for c in 0..p {
                let b = (shift + p - c) % p;
                let y = self.mul(self.mul(rest, x0(o + c)), x0(o + b));
                if self.is_p(y) {
                    any = true;
                    out.total += count_residue(lo, half, (o + c) % p, p);
                }
            }
            let mut a = lo;
            while any && out.first.len() < limit && a <= half {
                if wins(&[a, r - a]) {
                    out.first.push((k, vec![a, r - a]));
                }
                a += 1;
            }
        }
        Some(out)
    }
}
