//! The periodicity theorem for pretending functions: when the element of
//! heap n repeats with period p from n0 far enough, it does so for every
//! heap, and the quotient of the heaps computed is the quotient of all.
//!
//! # The theorem, as checked here
//!
//! Let a move take at most t tokens and leave at most k heaps (octal
//! codes: t the code's length, k = 2, or 3 for a hexadecimal code;
//! subtraction games: t the largest subtraction, k = 1). Suppose a quotient
//! `(Q, P, Φ)` is proven for every sum of heaps up to N (see
//! the module `verify`) and `Φ(m + p) = Φ(m)` for `n0 ≤ m ≤ N − p`, with
//! `N ≥ k·(n0 + p) + t`. Extend Φ to every heap by the period. Then for
//! every `n > N` the options of heap n have the same set of elements as
//! those of heap `n − p`: an option takes `i ≤ t` tokens and splits the
//! rest `n − i` into at most k heaps; its largest part is at least
//! `(n − i)/k ≥ n0 + p`, and taking p from that part gives an option of
//! `n − p` with the same element; conversely adding p to the largest part
//! of an option of `n − p` (at least `(n − p − i)/k ≥ n0`) gives one of n.
//! By induction on n every heap beyond N has the element and the option
//! elements of a heap at most N, so it enters the proof of
//! the module `verify` as a heap type already checked, and that proof holds
//! for sums of heaps of every size.

/// A proven period of the pretending function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// n0: from this heap on the element repeats.
    pub preperiod: u64,
    /// p: the period.
    pub period: u64,
}

/// The least period (then the least pre-period) of `heap` (the element of
/// each heap 0..=N) that the theorem proves for a game whose moves take at
/// most `t` tokens and leave at most `k` heaps.
///
/// # Complexity
/// O(N²) in the worst case, O(N) per period that fails at once.
pub fn proven(heap: &[u32], t: u64, k: u64) -> Option<Period> {
    let n = heap.len().checked_sub(1)? as u64;
    for p in 1..=n / 2 {
        // The least n0 with Φ(m + p) = Φ(m) for n0 ≤ m ≤ N − p.
        let mut n0 = n - p + 1;
        while n0 > 0 && heap[(n0 - 1) as usize] == heap[(n0 - 1 + p) as usize] {
            n0 -= 1;
        }
        if n >= k.max(1) * (n0 + p) + t {
            return Some(Period {
                preperiod: n0,
                period: p,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_least_period_the_window_proves() {
        // 0 1 2 then 3 4 repeating from heap 3.
        let mut heap = vec![0, 1, 2];
        for i in 0..20 {
            heap.push(3 + i % 2);
        }
        // N = 22 ≥ 2·(3 + 2) + 2.
        assert_eq!(
            proven(&heap, 2, 2),
            Some(Period {
                preperiod: 3,
                period: 2
            })
        );
        // Too short a window for t = 20.
        assert_eq!(proven(&heap, 20, 2), None);
        // A late change breaks it.
        heap.push(7);
        assert_eq!(proven(&heap, 2, 2), None);
    }
}
