//! Hexadecimal codes in the engine: moves that leave three heaps, found
//! through the set of values each heap can be split into.
//!
//! For every heap s the engine keeps P(s) = {g(b) ^ g(s − b) : 1 ≤ b < s},
//! the values of the two-heap splits of s, as a bitset; and
//! T(m) = {g(a) ^ g(b) ^ g(c) : a + b + c = m, a, b, c ≥ 1}, the values of
//! the three-heap splits of m, which is ⋃ₐ g(a) ^ P(m − a). Both need only
//! values below the heap, so at heap n the engine first makes P(n) and
//! T(n), then takes the mex of the options: g(n − k), P(n − k) and
//! T(n − k) for the digits k of the code.
//!
//! T(m) gathers, for each value x, the union U_x of P(m − a) over the
//! heaps a with g(a) = x (one OR of a bitset per heap), then adds U_x with
//! every member xored by x. Every value is below 2^b, the least power of
//! two above the largest value, and so is every xor of values: the bitsets
//! hold 2^b bits and widen when a value reaches 2^b.
//!
//! # Complexity
//! O(n · W) per heap, W = 2^b / 64 words per bitset (one while values stay
//! below 64): O(N² · W) for a run to N, and 2 · (N + 1) · W words of memory.
//! The rare/common algorithm of octal codes is not used here.

use super::run::Engine;
use crate::{Error, Result};

/// The bitsets P and T of every heap so far.
#[derive(Clone, Debug)]
pub(super) struct Triples {
    /// Words per bitset.
    words: usize,
    /// P(s) at `pairs[s * words..]`.
    pairs: Vec<u64>,
    /// T(m) at `triples[m * words..]`.
    triples: Vec<u64>,
    /// Per value x, the union U_x being gathered (reused).
    unions: Vec<u64>,
    /// The options' values of the heap being computed (reused).
    seen: Vec<u64>,
}

impl Triples {
    /// Bitsets for the heaps of `values` (g(0..len)).
    pub(super) fn build(values: &[u16]) -> Result<Triples> {
        let top = values.iter().copied().max().unwrap_or(0);
        let mut t = Triples {
            words: words_for(top),
            pairs: Vec::new(),
            triples: Vec::new(),
            unions: Vec::new(),
            seen: Vec::new(),
        };
        for n in 0..values.len() {
            t.grow(&values[..n], top)?;
        }
        Ok(t)
    }

    /// Adds P(n) and T(n) for n = `below.len()`, from g(0..n); `top` is the
    /// largest value in `below`.
    fn grow(&mut self, below: &[u16], top: u16) -> Result<()> {
        let n = below.len();
        let w = self.words;
        let room = |v: &mut Vec<u64>| {
            v.try_reserve(w).map_err(|_| {
                Error::Unsupported(format!(
                    "the bitsets of a hexadecimal code to heap {n} do not fit in memory"
                ))
            })
        };
        room(&mut self.pairs)?;
        room(&mut self.triples)?;
        let start = self.pairs.len();
        self.pairs.resize(start + w, 0);
        for b in 1..=n / 2 {
            let v = (below[b] ^ below[n - b]) as usize;
            self.pairs[start + (v >> 6)] |= 1 << (v & 63);
        }
        let start = self.triples.len();
        self.triples.resize(start + w, 0);
        if n < 3 {
            return Ok(());
        }
        let kinds = top as usize + 1;
        self.unions.clear();
        self.unions.resize(kinds * w, 0);
        for (a, &x) in below.iter().enumerate().take(n - 1).skip(1) {
            let x = x as usize;
            let s = n - a;
            let (u, p) = (
                &mut self.unions[x * w..(x + 1) * w],
                &self.pairs[s * w..(s + 1) * w],
            );
            for (u, p) in u.iter_mut().zip(p) {
                *u |= p;
            }
        }
        for x in 0..kinds {
            let u = &self.unions[x * w..(x + 1) * w];
            if u.iter().all(|&word| word == 0) {
                continue;
            }
            let t = &mut self.triples[start..start + w];
            for (j, &word) in u.iter().enumerate() {
                if word != 0 {
                    t[j ^ (x >> 6)] |= xor_bits(word, (x & 63) as u32);
                }
            }
        }
        Ok(())
    }

    /// Widens every bitset to hold values up to `top`.
    fn widen(&mut self, top: u16) {
        let w2 = words_for(top);
        if w2 <= self.words {
            return;
        }
        let w = self.words;
        let widen = |v: &Vec<u64>| -> Vec<u64> {
            let mut out = vec![0u64; v.len() / w * w2];
            for (i, chunk) in v.chunks(w).enumerate() {
                out[i * w2..i * w2 + w].copy_from_slice(chunk);
            }
            out
        };
        self.pairs = widen(&self.pairs);
        self.triples = widen(&self.triples);
        self.words = w2;
    }
}

/// Words per bitset for values up to `top`: 2^b bits, 2^b > top, at least 64.
fn words_for(top: u16) -> usize {
    ((top as usize + 1).next_power_of_two() / 64).max(1)
}

/// The word whose bit i ^ x is bit i of `word`, for x < 64: the bits moved
/// by the xor, in six swap stages (one per bit of x).
fn xor_bits(mut word: u64, x: u32) -> u64 {
    const KEEP: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (j, keep) in KEEP.iter().enumerate() {
        if x >> j & 1 != 0 {
            let s = 1 << j;
            word = ((word & keep) << s) | ((word >> s) & keep);
        }
    }
    word
}

impl Engine {
    /// Computes heaps up to `end` (exclusive) of a hexadecimal code, heap by
    /// heap; stops early at a proven period unless `full`, and past a proven
    /// period takes the values from it.
    pub(super) fn run_triples(&mut self, end: usize, full: bool) -> Result<()> {
        let Some(mut tri) = self.triples.take() else {
            return Ok(());
        };
        let result = self.triples_to(&mut tri, end, full);
        self.triples = Some(tri);
        result
    }

    fn triples_to(&mut self, tri: &mut Triples, end: usize, full: bool) -> Result<()> {
        const CHECK_EVERY: usize = 256;
        while self.values.len() < end {
            let n = self.values.len();
            if let Some(p) = self.period {
                if !full {
                    return Ok(());
                }
                // Proven: every later value is the period's.
                let v = p.value_at(self.values.stored(), n as u64);
                self.values.push(v)?;
                self.note(v);
                continue;
            }
            let g = {
                let below = self.values.stored();
                tri.grow(below, self.max_value)?;
                let w = tri.words;
                let mut seen = std::mem::take(&mut tri.seen);
                seen.clear();
                seen.resize(w + 1, 0);
                let mark = |seen: &mut [u64], v: usize| seen[v >> 6] |= 1 << (v & 63);
                let or = |seen: &mut [u64], set: &[u64]| {
                    for (s, x) in seen.iter_mut().zip(set) {
                        *s |= x;
                    }
                };
                for &k in &self.shape.take_all {
                    if n == k {
                        mark(&mut seen, 0);
                    }
                }
                for &k in &self.shape.single {
                    if n > k {
                        mark(&mut seen, below[n - k] as usize);
                    }
                }
                for &k in &self.shape.split {
                    if n >= k + 2 {
                        or(&mut seen, &tri.pairs[(n - k) * w..(n - k + 1) * w]);
                    }
                }
                for &k in &self.shape.triple {
                    if n >= k + 3 {
                        or(&mut seen, &tri.triples[(n - k) * w..(n - k + 1) * w]);
                    }
                }
                let free = seen.iter().position(|&s| s != u64::MAX).unwrap_or(w);
                let g = free * 64 + seen[free].trailing_ones() as usize;
                tri.seen = seen;
                u16::try_from(g)
                    .ok()
                    .filter(|&g| g < u16::MAX)
                    .ok_or_else(|| Error::Unsupported(format!("g({n}) does not fit in 16 bits")))?
            };
            self.values.push(g)?;
            self.note(g);
            tri.widen(self.max_value);
            if (n + 1).is_multiple_of(CHECK_EVERY) || n + 1 == end {
                self.check_period();
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_bits_moves_each_bit_by_the_xor() {
        for x in 0..64u32 {
            for i in 0..64u32 {
                assert_eq!(xor_bits(1 << i, x), 1 << (i ^ x), "bit {i}, xor {x}");
            }
        }
    }

    #[test]
    fn words_grow_with_the_values() {
        assert_eq!(
            (words_for(0), words_for(63), words_for(64), words_for(200)),
            (1, 1, 2, 4)
        );
    }
}
