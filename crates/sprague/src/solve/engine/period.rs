//! Proving periodicity while a sequence grows, by the octal periodicity
//! theorem (Guy–Smith): for an octal game whose moves take at most t tokens
//! and leave at most two heaps, if g(n + p) = g(n) for all o ≤ n < 2o + 2p + t
//! then g(n + p) = g(n) for all n ≥ o.
//!
//! With L values g(0..L), a pre-period o ≥ 1 and a period p, the check
//! covers n + p < L, so the proof needs L ≥ 2o + 3p + t ([`needed_len`]).
//! [`Tracker`] finds, for any o and p the table can hold, the least L at
//! which such a proof exists, in O(L) time: no window, no power-of-two
//! checkpoints.

/// A proven period: g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Period {
    /// The least o from which the sequence repeats.
    pub preperiod: u64,
    /// The least period p.
    pub period: u64,
    /// The least number of values that prove it: the proof was possible
    /// with g(0..proven_with) and not with fewer.
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

/// The number of values the theorem needs to prove period `p` from `o ≥ 1`
/// (t = the most tokens a move takes): g(n + p) = g(n) checked for
/// o ≤ n < 2o + 2p + t, i.e. g(0..2o + 3p + t).
pub fn needed_len(o: u64, p: u64, t: u64) -> u64 {
    needed_len_heaps(o, p, t, 2)
}

/// [`needed_len`] for moves that leave at most `h` ≥ 2 heaps: g(n + p) =
/// g(n) checked for o ≤ n < h·o + h·p + t, i.e. g(0..h·o + (h + 1)·p + t).
/// h = 3 is the hexadecimal periodicity theorem (S. Howse and
/// R. J. Nowakowski, Theoret. Comput. Sci. 313 (2004) 463–472): in a move
/// of n + p ≥ h(o + p) + k to h heaps, the largest is at least o + p, so
/// it pairs with a move of n.
pub fn needed_len_heaps(o: u64, p: u64, t: u64, h: u64) -> u64 {
    h * o + (h + 1) * p + t
}

/// Below this length every length is scanned; above it, a scan at length
/// L is followed by one at ⌊3L/2⌋.
const SCAN_EVERY_BELOW: usize = 64;

/// A period that may be proven later: g(m) = g(m − p) holds for
/// o + p ≤ m < `checked`, and fails at m = o + p − 1 (or o = 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Candidate {
    o: u64,
    p: u64,
    /// g(m) = g(m − p) is checked for every m below this.
    checked: u64,
}

impl Candidate {
    /// The length at which this candidate is proven, for moves that take
    /// at most t tokens and leave at most h heaps.
    fn due(&self, t: u64, h: u64) -> u64 {
        needed_len_heaps(self.o, self.p, t, h)
    }
}

/// Finds the least length of a growing sequence at which the octal
/// periodicity theorem proves a period, and that period.
///
/// # How
/// Scans run at lengths L₀ < L₁ < … with Lₖ₊₁ ≤ 3Lₖ/2 (every length
/// below 64). A scan at L reads g(0..L) backwards once, with the
/// Knuth–Morris–Pratt failure function, and gives the least period p(ℓ) of
/// every tail of ℓ values; each p with some tail ℓ ≥ 2p, taken with its
/// longest such tail (the least o = L − ℓ), is a *candidate*. There are
/// O(log L) of them (the lengths of primitively rooted squares that end a
/// word grow like Fibonacci numbers). Between scans each candidate is
/// checked value by value, g(m) = g(m − p), and is proven at the length
/// 2o + 3p + t unless a check fails first.
///
/// Why nothing is missed: let a proof (o, p) be first possible at length
/// L' with Lₖ < L' ≤ Lₖ₊₁, p the least period of g(o..L'). Then
/// Lₖ ≥ 2L'/3 ≥ (4o + 6p)/3, so the tail g(o..Lₖ) holds at least 2p
/// values; its least period is p (a smaller one q would, with p, give the
/// period gcd(p, q) < p to g(o..L') by Fine and Wilf's theorem), and o is
/// the least start of a tail with period p (a smaller one would prove
/// earlier). So (o, p) is a candidate of the scan at Lₖ.
///
/// # Complexity
/// O(N) time over a run to N values (scans cost 3N steps in all; the
/// checks O(N log N) in the worst case, about N in practice); 4 bytes per
/// value during a scan.
#[derive(Clone, Debug)]
pub struct Tracker {
    t: u64,
    /// The most heaps a move leaves (2, or 3 for hexadecimal codes).
    h: u64,
    /// The length of the next scan.
    next_scan: usize,
    /// The candidates of the last scan still alive.
    cands: Vec<Candidate>,
    /// Once found: the period.
    found: Option<Period>,
}

impl Tracker {
    /// A tracker for a game whose moves take at most `t` tokens.
    #[cfg(test)]
    pub fn new(t: u64) -> Tracker {
        Tracker::with_heaps(t, 2)
    }

    /// A tracker for a game whose moves take at most `t` tokens and leave
    /// at most `h` heaps (h = 3: a hexadecimal code; see
    /// [`needed_len_heaps`]). The scans' argument holds for any h ≥ 2: a
    /// proof first possible at L' has L' ≥ h·o + (h + 1)·p, so the scan
    /// before it, at least 2L'/3, still sees a tail of 2p values.
    pub fn with_heaps(t: u64, h: u64) -> Tracker {
        Tracker {
            t,
            h: h.max(2),
            next_scan: 2,
            cands: Vec::new(),
            found: None,
        }
    }

    /// Reads the sequence g(0..len) (the same sequence as before, grown)
    /// and returns the period once proven: at the least length that proves
    /// one, however far `g` reaches past it.
    ///
    /// # Returns
    /// `None` while no proof is possible with `g`, or when memory for a
    /// scan is refused (a later call tries again, and may then find the
    /// proof at a greater length than the least).
    pub fn update(&mut self, g: &[u16]) -> Option<Period> {
        if self.found.is_some() {
            return self.found;
        }
        let len = g.len();
        loop {
            let horizon = len.min(self.next_scan) as u64;
            if let Some(p) = self.prove_upto(g, horizon) {
                self.found = Some(p);
                return self.found;
            }
            if self.next_scan > len {
                return None;
            }
            let at = self.next_scan;
            self.next_scan = if at < SCAN_EVERY_BELOW {
                at + 1
            } else {
                at + at / 2
            };
            match scan(&g[..at]) {
                Some(cands) => self.cands = cands,
                None => return None,
            }
            // A candidate already proven at `at` (only in the first scans,
            // where every length is scanned) is the earliest proof.
            let (t, h) = (self.t, self.h);
            self.cands.sort_by_key(|c| c.due(t, h));
        }
    }

    /// Checks the candidates up to length `horizon`; the first proven (by
    /// its length), if any.
    fn prove_upto(&mut self, g: &[u16], horizon: u64) -> Option<Period> {
        let (t, h) = (self.t, self.h);
        self.cands.sort_by_key(|c| c.due(t, h));
        let mut proven = None;
        self.cands.retain_mut(|c| {
            if proven.is_some() {
                return true;
            }
            let to = horizon.min(c.due(t, h));
            if c.checked < to {
                let (from, to_, p) = (c.checked as usize, to as usize, c.p as usize);
                if g[from..to_] != g[from - p..to_ - p] {
                    return false;
                }
                c.checked = to;
            }
            if c.due(t, h) <= horizon {
                proven = Some(*c);
            }
            true
        });
        let c = proven?;
        // The least pre-period: o, or 0 if g(0) = g(p) too.
        let o = if c.o == 1 && g[0] == g[c.p as usize] {
            0
        } else {
            c.o
        };
        Some(Period {
            preperiod: o,
            period: c.p,
            proven_with: c.due(t, h),
        })
    }
}

/// The candidates of g(0..len) (see [`Tracker`]): for each least period p
/// of a tail g(o..len), o ≥ 1, of at least 2p values, the least such o.
/// `None` if the memory for the failure function is refused.
fn scan(g: &[u16]) -> Option<Vec<Candidate>> {
    let len = g.len();
    if len < 3 {
        return Some(Vec::new());
    }
    let l_max = len - 1; // o ≥ 1
    let at = |i: usize| g[len - 1 - i];
    // fail[i]: the longest proper border of the reversed prefix of i + 1
    // values, i.e. of the tail of i + 1 values.
    let mut fail: Vec<u32> = Vec::new();
    fail.try_reserve_exact(l_max).ok()?;
    fail.resize(l_max, 0);
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
    // The least period grows with the tail: walk the tails from the
    // longest, keeping the longest tail of each period.
    let mut out: Vec<Candidate> = Vec::new();
    let mut last_p = 0usize;
    for l in (1..=l_max).rev() {
        let p = l - fail[l - 1] as usize;
        if p != last_p && l >= 2 * p {
            out.push(Candidate {
                o: (len - l) as u64,
                p: p as u64,
                checked: len as u64,
            });
        }
        last_p = p;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn find(g: &[u16], t: u64) -> Option<Period> {
        Tracker::new(t).update(g)
    }

    /// The plain search: for L = 1, 2, …, every p < L with its least
    /// pre-period in g(0..L), until one is proven; the least such p.
    /// O(N²·P).
    fn brute(g: &[u16], t: u64) -> Option<(u64, u64, u64)> {
        for len in 1..=g.len() {
            for p in 1..len {
                let mut o = 0;
                for m in (p..len).rev() {
                    if g[m] != g[m - p] {
                        o = m + 1 - p;
                        break;
                    }
                }
                if 2 * o.max(1) as u64 + 3 * p as u64 + t <= len as u64 {
                    return Some((o as u64, p as u64, len as u64));
                }
            }
        }
        None
    }

    fn triple(p: Option<Period>) -> Option<(u64, u64, u64)> {
        p.map(|p| (p.preperiod, p.period, p.proven_with))
    }

    /// g(0..o) pseudo-random values above the cycle's (no repetition
    /// long enough to prove anything), then the cycle 0, 1, …, p − 1
    /// repeated: pre-period exactly o, period p (p < 60 000).
    fn constructed(o: usize, p: usize, len: usize) -> Vec<u16> {
        let noise = |n: usize| ((n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize % (65_000 - p);
        (0..len)
            .map(|n| {
                if n < o {
                    (p + 1 + noise(n)) as u16
                } else {
                    ((n - o) % p) as u16
                }
            })
            .collect()
    }

    #[test]
    fn needs_the_whole_window_of_the_theorem() {
        // 0 0 1 2 1 2 1 2 …: period 2 from o = 2 (t = 1).
        let mut g = vec![0u16, 0];
        for i in 0..5 {
            g.push(1 + (i % 2) as u16);
        }
        // 7 values: need 2·2 + 3·2 + 1 = 11.
        assert_eq!(find(&g, 1), None);
        while g.len() < 11 {
            let x = g[g.len() - 2];
            g.push(x);
        }
        let p = find(&g, 1).unwrap();
        assert_eq!((p.preperiod, p.period, p.proven_with), (2, 2, 11));
    }

    /// A mutation of the bound (2o + 3p + t), off by one either way, fails
    /// here: one value short of it proves nothing, the bound itself proves.
    #[test]
    fn one_value_short_of_the_bound_proves_nothing() {
        // (o, p, t, 2o + 3p + t), the bound written out.
        let cases = [
            (1, 1, 0, 5),
            (5, 3, 2, 21),
            (71, 12, 2, 180),
            (465, 70, 3, 1143),
            (1000, 1, 1, 2004),
            (3, 900, 4, 2710),
        ];
        for (o, p, t, need) in cases {
            assert_eq!(needed_len(o, p, t), need as u64);
            let g = constructed(o as usize, p as usize, need);
            assert_eq!(find(&g[..need - 1], t), None, "o {o} p {p} t {t}");
            assert_eq!(
                triple(find(&g, t)),
                Some((o, p, need as u64)),
                "o {o} p {p} t {t}"
            );
            // Value by value, the same length.
            let mut tr = Tracker::new(t);
            for len in 1..need {
                assert_eq!(tr.update(&g[..len]), None, "o {o} p {p} t {t} at {len}");
            }
            assert_eq!(triple(tr.update(&g)), Some((o, p, need as u64)));
        }
    }

    /// Beyond any window: a pre-period above 2^23 (the old check's limit).
    #[test]
    fn pre_periods_in_the_millions_are_proven_at_the_bound() {
        let (o, p, t, need) = (9_000_000u64, 1180u64, 3u64, 18_003_543usize);
        let g = constructed(o as usize, p as usize, need + 5000);
        let mut tr = Tracker::new(t);
        // Fed in uneven steps, as a run's batches come.
        let mut len = 1;
        while len < need - 1 {
            assert_eq!(tr.update(&g[..len]), None);
            len = (len * 5 / 3 + 7).min(need - 1);
        }
        assert_eq!(tr.update(&g[..need - 1]), None);
        assert_eq!(triple(tr.update(&g)), Some((o, p, need as u64)));
    }

    fn eventually_periodic() -> impl Strategy<Value = (Vec<u16>, u64)> {
        (
            proptest::collection::vec(0u16..4, 0..40),
            proptest::collection::vec(0u16..4, 1..25),
            60usize..260,
            0u64..4,
        )
            .prop_map(|(pre, cycle, len, t)| {
                let g = (0..len)
                    .map(|n| {
                        if n < pre.len() {
                            pre[n]
                        } else {
                            cycle[(n - pre.len()) % cycle.len()]
                        }
                    })
                    .collect();
                (g, t)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn agrees_with_the_plain_search((g, t) in eventually_periodic(), step in 1usize..40) {
            let want = brute(&g, t);
            prop_assert_eq!(triple(find(&g, t)), want);
            let mut tr = Tracker::new(t);
            let mut len = 0;
            let mut got = None;
            while len < g.len() && got.is_none() {
                len = (len + step).min(g.len());
                got = tr.update(&g[..len]);
            }
            prop_assert_eq!(triple(got), want);
        }

        #[test]
        fn random_sequences_agree_with_the_plain_search(
            g in proptest::collection::vec(0u16..3, 1..200),
            t in 0u64..3,
        ) {
            prop_assert_eq!(triple(find(&g, t)), brute(&g, t));
        }
    }
}
