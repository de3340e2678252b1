//! The memo's table of component values ([`Shapes`]): a key of at most
//! [`SHORT`] bytes and its value packed in 12 bytes (the key's bytes, its
//! length and the value in 96 bits), in open-addressed arrays split into
//! [`SHARDS`] parts by hash; longer keys and large values in a hash map.
//!
//! A Cram shape on a board of up to 64 cells has a key of at most 10
//! bytes, so every shape of the boards searched takes one 12-byte slot (at
//! most four slots in three full) instead of a hash-map entry of a 32-byte
//! key and a value. Each part grows on its own, so doubling one holds the
//! old and new slots of a sixty-fourth of the table only, not of all of it.

use crate::rules::board::Key;
use rustc_hash::FxHashMap;

/// The longest key packed in a slot (bytes).
pub(super) const SHORT: usize = 10;
/// Parts of the table, by the top bits of the hash.
pub(super) const SHARDS: usize = 64;
/// The bits of a slot below the value: the key's bytes (80 bits) and its
/// length (4 bits, 1 to [`SHORT`]; 0 in an empty slot).
const KEY_BITS: u32 = 84;
/// The value field of a slot whose value is this or more: the value is in
/// the map of long keys.
const BIG: u32 = (1 << 12) - 1;

/// The key bits of `key` (its bytes and length), or `None` when it is
/// empty or longer than [`SHORT`].
fn pack(key: &[u8]) -> Option<u128> {
    if key.is_empty() || key.len() > SHORT {
        return None;
    }
    let mut w = [0u8; 16];
    w[..key.len()].copy_from_slice(key);
    Some(u128::from_le_bytes(w) | (key.len() as u128) << (8 * SHORT))
}

/// The key that the key bits `code` name.
fn unpack(code: u128) -> Key {
    let len = (code >> (8 * SHORT)) as usize & 0xf;
    Key::from_bytes(&code.to_le_bytes()[..len])
}

/// Mixes the bits of `x` (the finaliser of MurmurHash3).
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// The hash of the key bits `code`: its top bits pick the shard, the next
/// 32 the home slot in it.
fn hash(code: u128) -> u64 {
    mix(code as u64 ^ ((code >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

fn shard_of(h: u64) -> usize {
    (h >> (64 - SHARDS.trailing_zeros())) as usize
}

/// The home slot of the hash `h` in a shard of `cap` slots (a power of
/// two): the 32 bits below the shard's.
fn home(h: u64, cap: usize) -> usize {
    let frag = (h << SHARDS.trailing_zeros()) >> 32;
    ((frag * cap as u64) >> 32) as usize
}

fn to_slot(x: u128) -> [u32; 3] {
    [x as u32, (x >> 32) as u32, (x >> 64) as u32]
}

fn from_slot(s: [u32; 3]) -> u128 {
    s[0] as u128 | (s[1] as u128) << 32 | (s[2] as u128) << 64
}

/// One part of the table: slots of key bits and value (all zero: empty).
#[derive(Clone, Default)]
struct Shard {
    slots: Vec<[u32; 3]>,
    len: usize,
    /// Slots looked at by the placements so far (what a load in hash
    /// order would make quadratic: see [`Shapes::reserve`]).
    probes: u64,
}

impl Shard {
    /// The value field of the key bits `code`, if present.
    fn get(&self, code: u128, h: u64) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = home(h, self.slots.len());
        loop {
            let s = from_slot(self.slots[i]);
            if s == 0 {
                return None;
            }
            if s & ((1 << KEY_BITS) - 1) == code {
                return Some((s >> KEY_BITS) as u32);
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets the value field of `code` to `v`; whether the key is new.
    fn put(&mut self, code: u128, h: u64, v: u32) -> bool {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        if self.place(code | (v as u128) << KEY_BITS, h) {
            self.len += 1;
            return true;
        }
        false
    }

    /// Puts the slot `e` (key bits and value) where its key is or in the
    /// first empty slot from its home; whether it went in an empty one.
    fn place(&mut self, e: u128, h: u64) -> bool {
        let code = e & ((1 << KEY_BITS) - 1);
        let mask = self.slots.len() - 1;
        let mut i = home(h, self.slots.len());
        loop {
            self.probes += 1;
            let old = from_slot(self.slots[i]);
            if old == 0 || old & ((1 << KEY_BITS) - 1) == code {
                self.slots[i] = to_slot(e);
                return old == 0;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots (16 at first), placing each entry again.
    fn grow(&mut self) {
        self.grow_to((2 * self.slots.len()).max(16));
    }

    /// Slots for at least `n` entries at most three quarters full.
    fn reserve(&mut self, n: usize) {
        let cap = (n.saturating_mul(4) / 3 + 1).next_power_of_two().max(16);
        if cap > self.slots.len() {
            self.grow_to(cap);
        }
    }

    /// Moves to `cap` slots (a power of two, more than now), placing each
    /// entry again (in slot order, which is the new table's order too).
    fn grow_to(&mut self, cap: usize) {
        let old = std::mem::replace(&mut self.slots, vec![[0; 3]; cap]);
        for e in old.into_iter().map(from_slot).filter(|&e| e != 0) {
            let code = e & ((1 << KEY_BITS) - 1);
            self.place(e, hash(code));
        }
    }
}

/// Component values by key, compactly (see the module docs).
#[derive(Clone, Default)]
pub(super) struct Shapes {
    /// Empty until the first short key, then [`SHARDS`] parts.
    shards: Vec<Shard>,
    /// Keys that are not short, and the values of short keys whose value
    /// field is [`BIG`].
    long: FxHashMap<Key, u32>,
    len: usize,
}

impl Shapes {
    /// The number of keys.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Starts loading the slot where `key` would be (see
    /// [`prefetch`](crate::solve::prefetch::prefetch)), for a [`Shapes::get`] soon after.
    pub(super) fn prefetch(&self, key: &Key) {
        let Some(code) = pack(key.as_bytes()) else {
            return;
        };
        if self.shards.is_empty() {
            return;
        }
        let h = hash(code);
        let shard = &self.shards[shard_of(h)];
        if !shard.slots.is_empty() {
            crate::solve::prefetch::prefetch(&shard.slots[home(h, shard.slots.len())]);
        }
    }

    /// The value of `key`, if present.
    pub(super) fn get(&self, key: &Key) -> Option<u32> {
        let Some(code) = pack(key.as_bytes()) else {
            return self.long.get(key).copied();
        };
        if self.shards.is_empty() {
            return None;
        }
        let h = hash(code);
        match self.shards[shard_of(h)].get(code, h)? {
            BIG => self.long.get(key).copied(),
            v => Some(v),
        }
    }

    /// Records the value of `key` (over any value it had).
    pub(super) fn insert(&mut self, key: Key, value: u32) {
        let Some(code) = pack(key.as_bytes()) else {
            if self.long.insert(key, value).is_none() {
                self.len += 1;
            }
            return;
        };
        if self.shards.is_empty() {
            self.shards = vec![Shard::default(); SHARDS];
        }
        if value >= BIG {
            self.long.insert(key, value);
        }
        let h = hash(code);
        if self.shards[shard_of(h)].put(code, h, value.min(BIG)) {
            self.len += 1;
        }
    }

    /// Makes room for `n` more keys at once. Entries placed in the order
    /// of another table's slots come in the order of their hashes: into
    /// a table that grows as they come, each would land behind all the
    /// ones before it (they share the lowest homes of the small table),
    /// and loading a memo of 2.7 million shapes took 17 s instead of
    /// under one. Read and merged memos reserve first.
    pub(super) fn reserve(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        if self.shards.is_empty() {
            self.shards = vec![Shard::default(); SHARDS];
        }
        // A shard's share, with room for how far it strays (four standard
        // deviations): a shard that still fills grows as always.
        let share = n / SHARDS;
        let slack = 4 * share.isqrt() + 16;
        for s in &mut self.shards {
            s.reserve(s.len + share + slack);
        }
    }

    /// Forgets every key.
    pub(super) fn clear(&mut self) {
        *self = Shapes::default();
    }

    /// Every key and its value, in no particular order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (Key, u32)> + '_ {
        let short = self
            .shards
            .iter()
            .flat_map(|s| s.slots.iter())
            .map(|&s| from_slot(s))
            .filter(|&s| s != 0)
            .map(|s| {
                let key = unpack(s & ((1 << KEY_BITS) - 1));
                match (s >> KEY_BITS) as u32 {
                    BIG => {
                        let v = self.long[&key];
                        (key, v)
                    }
                    v => (key, v),
                }
            });
        let long = self
            .long
            .iter()
            .filter(|(k, _)| pack(k.as_bytes()).is_none())
            .map(|(k, &v)| (k.clone(), v));
        short.chain(long)
    }

    /// The slots looked at by every placement so far.
    #[cfg(test)]
    fn probes(&self) -> u64 {
        self.shards.iter().map(|s| s.probes).sum()
    }

    /// The bytes its tables take (the map's roughly).
    pub(super) fn bytes(&self) -> usize {
        let short: usize = self.shards.iter().map(|s| 12 * s.slots.capacity()).sum();
        short + self.long.capacity() * (std::mem::size_of::<(Key, u32)>() + 1)
    }
}

impl std::fmt::Debug for Shapes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Shapes({} keys)", self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::test_rng::xorshift as rng;

    #[test]
    fn keys_pack_with_their_length() {
        for len in 1..=SHORT {
            let b: Vec<u8> = (0..len).map(|i| (i * 37 + 200) as u8).collect();
            assert_eq!(unpack(pack(&b).unwrap()).as_bytes(), &b[..]);
        }
        // Trailing zeros are part of the key.
        assert_ne!(pack(&[1]), pack(&[1, 0]));
        assert_eq!(pack(&[]), None);
        assert_eq!(pack(&[0; SHORT + 1]), None);
        assert!(pack(&[0xff; SHORT]).unwrap() < 1 << KEY_BITS);
    }

    #[test]
    fn values_agree_with_a_plain_map() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        let mut table = Shapes::default();
        let mut plain: FxHashMap<Key, u32> = FxHashMap::default();
        for round in 0..200_000 {
            // Keys of every length around the packed bound, of few byte
            // values so that many repeat and many differ in trailing
            // zeros only; now and then a value too large for a slot.
            let len = (next() % (SHORT as u64 + 4)) as usize;
            let key: Vec<u8> = (0..len).map(|_| (next() % 3) as u8).collect();
            let key = Key::from_bytes(&key);
            let value = match next() % 50 {
                0 => BIG + (next() % 3) as u32,
                1 => u32::MAX,
                _ => (next() % 20) as u32,
            };
            if next().is_multiple_of(3) {
                table.insert(key.clone(), value);
                plain.insert(key.clone(), value);
            }
            assert_eq!(table.get(&key), plain.get(&key).copied(), "{key:?}");
            assert_eq!(table.len(), plain.len());
            if round % 50_000 == 0 {
                let mut all: Vec<(Key, u32)> = table.iter().collect();
                all.sort();
                let mut want: Vec<(Key, u32)> = plain.iter().map(|(k, &v)| (k.clone(), v)).collect();
                want.sort();
                assert_eq!(all, want);
            }
        }
        // Enough keys for every shard to have grown many times.
        let mut table = Shapes::default();
        // Distinct keys: i in three bytes, then i mod 5 zeros.
        let key = |i: u64| Key::from_bytes(&i.to_le_bytes()[..3 + (i % 5) as usize]);
        for i in 0..300_000u64 {
            table.insert(key(i), (i % 1000) as u32);
        }
        for i in 0..300_000u64 {
            assert_eq!(table.get(&key(i)), Some((i % 1000) as u32), "{i}");
        }
        assert_eq!(table.len(), 300_000);
        assert_eq!(table.iter().count(), 300_000);
        assert!(table.bytes() < 300_000 * 12 * 3);
        table.clear();
        assert_eq!((table.len(), table.iter().count()), (0, 0));
    }

    #[test]
    fn a_table_loaded_in_another_ones_order_after_reserve_probes_a_few_slots_a_key() {
        let key = |i: u64| Key::from_bytes(&i.to_le_bytes()[..4]);
        let mut full = Shapes::default();
        for i in 0..200_000u64 {
            full.insert(key(i), (i % 7) as u32);
        }
        // In the order of the full table's slots (the order of a memo
        // file): with room made first, about as few probes as random
        // order; without, each key probes past the ones before it.
        let mut loaded = Shapes::default();
        loaded.reserve(full.len());
        for (k, v) in full.iter() {
            loaded.insert(k, v);
        }
        assert_eq!(loaded.len(), full.len());
        assert!(loaded.probes() < 4 * 200_000, "{} probes", loaded.probes());
        let mut grown = Shapes::default();
        for (k, v) in full.iter() {
            grown.insert(k, v);
        }
        assert!(grown.probes() > 10 * loaded.probes(), "{} probes", grown.probes());
        for i in (0..200_000u64).step_by(997) {
            assert_eq!(loaded.get(&key(i)), Some((i % 7) as u32));
            assert_eq!(grown.get(&key(i)), Some((i % 7) as u32));
        }
    }
}
