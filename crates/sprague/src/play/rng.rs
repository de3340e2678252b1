//! A small seeded random number generator (SplitMix64), so that a game is
//! repeatable from its seed and the library needs no random crate.

/// SplitMix64: Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators" (OOPSLA 2014). Good enough to pick moves; not for secrets.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (`n` ≥ 1), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// A uniform number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_numbers_and_indices_cover_the_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        let (mut a2, mut c) = (Rng::new(7), Rng::new(8));
        assert!(
            (0..100).any(|_| a2.next_u64() != c.next_u64()),
            "another seed, other numbers"
        );
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[a.below(5)] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
        assert!((0..1000).map(|_| a.unit()).all(|u| (0.0..1.0).contains(&u)));
    }
}
