//! The checksum of a sequence that checkpoints and sequence files report.

use super::run::Engine;

/// FNV-1a (64-bit) of the values as 16-bit little-endian words: the
/// checksum that `sprague table --checkpoint/--out` reports.
///
/// Offset basis 0xcbf29ce484222325, prime 0x100000001b3, over the bytes
/// lo(g(0)), hi(g(0)), lo(g(1)), … in order.
///
/// # Examples
/// ```
/// use sprague::solve::Checksum;
///
/// // FNV-1a of the bytes 00 00 00 00 00 00 01 00, worked out by hand.
/// assert_eq!(Checksum::of(&[0, 0, 0, 1]), 0xa8c4_9232_2817_569c);
/// // Adding in pieces gives the checksum of the whole.
/// let mut h = Checksum::new();
/// h.add(&[0, 0]);
/// h.add(&[0, 1]);
/// assert_eq!(h.value(), Checksum::of(&[0, 0, 0, 1]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checksum(u64);

impl Default for Checksum {
    fn default() -> Self {
        Checksum::new()
    }
}

impl Checksum {
    /// The empty checksum (the FNV offset basis).
    pub fn new() -> Checksum {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    /// Adds values.
    pub fn add(&mut self, values: &[u16]) {
        let mut h = self.0;
        for &v in values {
            for b in v.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        self.0 = h;
    }

    /// The checksum so far.
    pub fn value(&self) -> u64 {
        self.0
    }

    /// The checksum of a slice.
    pub fn of(values: &[u16]) -> u64 {
        let mut c = Checksum::new();
        c.add(values);
        c.value()
    }
}

/// The checksum of g(0..=upto): computed values, then (when the engine
/// stopped at a proven period) the values the period gives.
pub fn checksum_upto(engine: &Engine, upto: u64) -> Option<u64> {
    checksum_upto_with(engine, upto, |_| {})
}

/// [`checksum_upto`], calling `progress` with the count of values summed
/// so far every few million values (a sum through a period to N near
/// 2^32 takes seconds).
pub fn checksum_upto_with(engine: &Engine, upto: u64, mut progress: impl FnMut(u64)) -> Option<u64> {
    /// Values between two calls of `progress`.
    const STEP: u64 = 1 << 24;
    let mut c = Checksum::new();
    let have = engine.len().min(upto + 1);
    for chunk in engine.chunks(have) {
        c.add(chunk);
    }
    if have <= upto {
        // g(o + (n − o) mod p): the stored cycle, from where n falls in it,
        // in slices.
        let p = engine.period()?;
        let (o, per) = (p.preperiod as usize, p.period as usize);
        let cycle = engine.stored().get(o..o + per)?;
        let (mut n, mut at) = (have, (have.checked_sub(p.preperiod)? % p.period) as usize);
        let mut reported = n;
        while n <= upto {
            let len = (per - at).min((upto + 1 - n).min(STEP) as usize);
            c.add(&cycle[at..at + len]);
            n += len as u64;
            at = (at + len) % per;
            if n - reported >= STEP {
                progress(n);
                reported = n;
            }
        }
    }
    Some(c.value())
}
