//! Proving periodicity while a sequence grows, by the octal periodicity
//! theorem (Guy–Smith): for an octal game whose moves take at most t tokens
//! and leave at most two heaps, if g(n + p) = g(n) for all o ≤ n < 2o + 2p + t
//! then g(n + p) = g(n) for all n ≥ o.

use serde::Serialize;

/// A proven period: g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// The least o from which the sequence repeats.
    pub preperiod: u64,
    /// The least period p.
    pub period: u64,
    /// The number of values that were computed when the proof succeeded.
    pub proven_with: u64,
}

impl Period {
    /// g(n) for any n, given the values from 0 through at least o + p − 1.
    pub fn value_at(&self, values: &[u16], n: u64) -> u16 {
        let idx = if n < values.len() as u64 {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        values[idx as usize]
    }
}

/// The longest tail of the sequence that a check looks at; a longer tail
/// would cost too much memory (4 bytes per value) for what it could prove.
pub const MAX_WINDOW: usize = 1 << 23;

/// Looks for a period of `g` that the theorem proves with the values at
/// hand (`t` = the most tokens a move takes).
///
/// Reads the sequence backwards from its last value and finds, with the
/// Knuth–Morris–Pratt failure function, the least period of every tail;
/// a tail g(o..=n) with least period p proves the period when
/// n − p + 1 ≥ 2o + 2p + t (o ≥ 1, so that shifting a part by p never
/// empties it). The reported pre-period is then the least one.
///
/// # Complexity
/// O(L) time and 4·L bytes, L = min(len, [`MAX_WINDOW`]).
pub fn find(g: &[u16], t: u64) -> Option<Period> {
    let len = g.len();
    if len < 2 {
        return None;
    }
    let n = (len - 1) as u64;
    let l_max = len.min(MAX_WINDOW).min(len - 1); // o ≥ 1
    let at = |i: usize| g[len - 1 - i];
    // fail[i] = length of the longest proper border of the reversed prefix of length i + 1.
    // Under a memory limit the check is skipped (a later one may succeed);
    // the table's own growth reports the shortage.
    let mut fail = Vec::new();
    if fail.try_reserve_exact(l_max).is_err() {
        return None;
    }
    fail.resize(l_max, 0u32);
    let mut best: Option<(u64, u64)> = None; // (o, p)
    let mut k = 0usize;
    for i in 1..l_max {
        while k > 0 && at(i) != at(k) {
            k = fail[k - 1] as usize;
        }
        if at(i) == at(k) {
            k += 1;
        }
        fail[i] = k as u32;
    }
    for l in 1..=l_max {
        let p = (l - fail[l - 1] as usize) as u64;
        let o = n + 1 - l as u64;
        if p < l as u64 && n + 1 >= 2 * o + 3 * p + t {
            best = Some((o, p));
        }
    }
    let (_, p) = best?;
    // The least pre-period: one past the last mismatch g(m) ≠ g(m − p).
    let mut o = 0u64;
    let mut m = n;
    while m >= p {
        if g[m as usize] != g[(m - p) as usize] {
            o = m - p + 1;
            break;
        }
        m -= 1;
    }
    Some(Period {
        preperiod: o,
        period: p,
        proven_with: len as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_the_whole_window_of_the_theorem() {
        // 0 0 1 2 1 2 1 2 …: period 2 from o = 2 (t = 1).
        let mut g = vec![0u16, 0];
        for i in 0..5 {
            g.push(1 + (i % 2) as u16);
        }
        // n = 6: need n + 1 ≥ 2·2 + 3·2 + 1 = 11: not yet.
        assert_eq!(find(&g, 1), None);
        while g.len() < 11 {
            let x = g[g.len() - 2];
            g.push(x);
        }
        let p = find(&g, 1).unwrap();
        assert_eq!((p.preperiod, p.period), (2, 2));
    }
}
