//! Mask choice and rare/common bookkeeping: the value histogram, the
//! mask with the fewest rare positions, and the rare list.

use super::run::Engine;

impl Engine {
    pub(super) fn note(&mut self, g: u16) {
        if g as usize >= self.hist.len() {
            self.hist.resize((g as usize + 1).next_power_of_two(), 0);
        }
        self.hist[g as usize] += 1;
        self.max_value = self.max_value.max(g);
    }

    /// [`Engine::note`] for each value of `run`, counted four ways so
    /// that equal values in a row do not wait on each other's counts.
    pub(super) fn note_run(&mut self, run: &[u16]) {
        let Some(&top) = run.iter().max() else {
            return;
        };
        let mut counts = vec![[0u64; 4]; top as usize + 1];
        for quad in run.chunks(4) {
            for (c, &g) in quad.iter().enumerate() {
                counts[g as usize][c] += 1;
            }
        }
        if top as usize >= self.hist.len() {
            self.hist.resize((top as usize + 1).next_power_of_two(), 0);
        }
        for (h, c) in self.hist.iter_mut().zip(&counts) {
            *h += c.iter().sum::<u64>();
        }
        self.max_value = self.max_value.max(top);
    }

    /// Picks the mask with the fewest rare positions; rebuilds the rare
    /// list when that pays (or always, with `force`).
    pub(super) fn choose_split(&mut self, force: bool) {
        let n = self.values.len();
        self.next_split_check = n + (n / 8).max(1024);
        let (mask, count) = best_mask(&self.hist, n);
        let t = self.tuning;
        let dense = !self.sparse_enough(count, n);
        let new_mask = match t.force_mask {
            Some(m) if !self.shape.split.is_empty() => m,
            _ if dense => 0,
            _ => mask,
        };
        let worth = force
            || (new_mask == 0) != (self.mask == 0)
            || (new_mask != 0 && count * 4 < self.rare.len() * 3);
        if !worth {
            self.rare_at_build = self.rare.len();
            return;
        }
        if new_mask != self.mask {
            self.rebuilds += 1;
        }
        self.mask = new_mask;
        self.rare.clear();
        self.rare_epoch += 1;
        if new_mask != 0 {
            let mut p = 0u32;
            for chunk in self.values.chunks(n) {
                for &g in chunk {
                    if p > 0 && is_rare(g, new_mask) {
                        self.rare.push((p, g));
                    }
                    p += 1;
                }
            }
        }
        self.rare_at_build = self.rare.len();
    }
}

/// The common values below `words * 64` under the mask, as a bitset
/// (none in dense mode, mask 0).
pub(super) fn common_pattern(words: usize, mask: u16) -> Vec<u64> {
    (0..words)
        .map(|w| {
            (0..64).fold(0u64, |acc, b| {
                acc | (u64::from(!is_rare((w * 64 + b) as u16, mask)) << b)
            })
        })
        .collect()
}

/// Whether v is rare under the mask (an even number of bits in v & mask).
#[inline]
pub(super) fn is_rare(v: u16, mask: u16) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The size of the per-heap bitsets: a power of two P above every value,
/// at least 64. Every option (a value or an xor of two) is below P, so the
/// mex is at most P; a batch ends early when a value reaches P.
pub(super) fn bound_for(max_value: u16) -> usize {
    (max_value as usize + 1).next_power_of_two().max(64)
}

/// The mask with the fewest rare positions among n ≥ 1, and that number.
///
/// With W the Walsh–Hadamard transform of the histogram h,
/// W(M) = Σ_v h(v)·(−1)^popcount(v & M), the number of values with an even
/// number of bits in v & M is (total + W(M)) / 2.
pub(super) fn best_mask(hist: &[u64], total: usize) -> (u16, usize) {
    let size = hist.len().next_power_of_two();
    let mut w: Vec<i64> = hist.iter().map(|&c| c as i64).collect();
    w.resize(size, 0);
    let mut len = 1;
    while len < size {
        for i in (0..size).step_by(2 * len) {
            for j in i..i + len {
                let (a, b) = (w[j], w[j + len]);
                w[j] = a + b;
                w[j + len] = a - b;
            }
        }
        len *= 2;
    }
    let mut best = (0u16, total.saturating_sub(1));
    for (m, &x) in w.iter().enumerate().skip(1).take(u16::MAX as usize) {
        // Position 0 (value 0) is always rare and never a partner.
        let even = ((total as i64 + x) / 2 - 1).max(0) as usize;
        if even < best.1 {
            best = (m as u16, even);
        }
    }
    best
}
