//! The compact tables of the outcome search: keys numbered once in one
//! arena ([`KeyIds`]), a sum of numbered components and a heap packed in a
//! u64 ([`Sums`]), and the settled sums as one open-addressed array of
//! u64s with the outcome in the top bit ([`Settled`]).
//!
//! A settled sum costs 8 bytes of its table (at most four slots in three
//! full) instead of a hash-map entry and a vector of keys; a key's bytes
//! are stored once however many sums hold it.

use rustc_hash::FxHashMap;

/// Mixes the bits of `x` (the finaliser of MurmurHash3), so that the top
/// bits of the result depend on every bit of `x`.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// A hash of `bytes` (FxHash words, then [`mix`]).
fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = bytes.len() as u64;
    for c in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    mix(h)
}

/// The slot of a hash with top bits `frag` in a table of `cap` slots (a
/// power of two): the top bits of `frag`.
fn home(frag: u32, cap: usize) -> usize {
    ((frag as u64 * cap as u64) >> 32) as usize
}

/// Keys (byte strings) numbered 0, 1, 2, … in order of first sight.
#[derive(Default)]
pub(super) struct KeyIds {
    /// Every key's bytes, one after another.
    bytes: Vec<u8>,
    /// Where key i ends in `bytes` (it starts where key i − 1 ends).
    ends: Vec<u64>,
    /// Open addressing: 0 empty, else the top 32 bits of the key's hash
    /// above its id + 1.
    slots: Vec<u64>,
}

impl KeyIds {
    /// The number of keys.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The bytes of key `id`.
    pub(super) fn key(&self, id: u32) -> &[u8] {
        let i = id as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.bytes[start..self.ends[i] as usize]
    }

    /// The bytes its tables take.
    pub(super) fn bytes(&self) -> usize {
        self.bytes.capacity() + 8 * (self.ends.capacity() + self.slots.capacity())
    }

    /// The id of `key`, if it has one.
    pub(super) fn find(&self, key: &[u8]) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        self.probe(key, (hash_bytes(key) >> 32) as u32).ok()
    }

    /// Starts loading the slot where `key` would be, for a
    /// [`KeyIds::find`] soon after.
    pub(super) fn prefetch(&self, key: &[u8]) {
        if !self.slots.is_empty() {
            let frag = (hash_bytes(key) >> 32) as u32;
            crate::solve::prefetch::prefetch(&self.slots[home(frag, self.slots.len())]);
        }
    }

    /// Where `key` (whose hash's top half is `frag`) is: `Ok(id)`, or
    /// `Err(slot)`, the empty slot where it would go. The slots must not
    /// be empty.
    fn probe(&self, key: &[u8], frag: u32) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let mut i = home(frag, self.slots.len());
        loop {
            let s = self.slots[i];
            if s == 0 {
                return Err(i);
            }
            if (s >> 32) as u32 == frag && self.key((s as u32) - 1) == key {
                return Ok((s as u32) - 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// The id of `key` and whether it is new.
    pub(super) fn intern(&mut self, key: &[u8]) -> (u32, bool) {
        if 4 * (self.len() + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let frag = (hash_bytes(key) >> 32) as u32;
        match self.probe(key, frag) {
            Ok(id) => (id, false),
            Err(i) => {
                let id = self.len() as u32;
                self.bytes.extend_from_slice(key);
                self.ends.push(self.bytes.len() as u64);
                self.slots[i] = ((frag as u64) << 32) | (id as u64 + 1);
                (id, true)
            }
        }
    }

    /// Doubles the slots (16 at first), placing each id again by its
    /// stored hash.
    fn grow(&mut self) {
        let cap = (2 * self.slots.len()).max(16);
        let old = std::mem::replace(&mut self.slots, vec![0; cap]);
        for s in old.into_iter().filter(|&s| s != 0) {
            let mut i = home((s >> 32) as u32, cap);
            while self.slots[i] != 0 {
                i = (i + 1) & (cap - 1);
            }
            self.slots[i] = s;
        }
    }
}

/// Ids below this fit a packed sum (28 bits, as id + 1).
const NARROW_IDS: u32 = (1 << 28) - 1;
/// Heaps below this fit a packed sum (6 bits).
const NARROW_HEAP: u32 = 1 << 6;
/// The bit of a sum that is an index into the wide sums.
const WIDE: u64 = 1 << 62;
/// The bits of the first two ids of a narrow sum.
const IDS: u64 = (1 << 56) - 1;

/// Sums of numbered components and a nim heap, each as a u64 below 2^62:
/// a sum of at most two ids (each below 2^28 − 1) and a heap below 64 is
/// `id₀ + 1 | (id₁ + 1) << 28 | heap << 56` (ids ascending, 0 for none);
/// any other sum is [`WIDE`] with its index among the wide sums, which are
/// kept in full.
#[derive(Default)]
pub(super) struct Sums {
    wide: Vec<Box<[u32]>>,
    index: FxHashMap<Box<[u32]>, u64>,
    /// The bytes the wide sums take (roughly).
    wide_bytes: usize,
}

impl Sums {
    /// The packed sum of the sorted `ids` and `heap`.
    pub(super) fn pack(&mut self, ids: &[u32], heap: u32) -> u64 {
        debug_assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids sorted and distinct");
        if ids.len() <= 2 && heap < NARROW_HEAP && ids.iter().all(|&i| i < NARROW_IDS) {
            let mut s = (heap as u64) << 56;
            for (k, &id) in ids.iter().enumerate() {
                s |= (id as u64 + 1) << (28 * k);
            }
            return s;
        }
        let mut full = Vec::with_capacity(ids.len() + 1);
        full.push(heap);
        full.extend_from_slice(ids);
        let full = full.into_boxed_slice();
        if let Some(&s) = self.index.get(&full) {
            return s;
        }
        let s = WIDE | self.wide.len() as u64;
        self.wide_bytes += 2 * (16 + 4 * full.len()) + 32;
        self.wide.push(full.clone());
        self.index.insert(full, s);
        s
    }

    /// The ids of the sum `s` appended to `ids` (ascending), and its heap.
    pub(super) fn unpack(&self, s: u64, ids: &mut Vec<u32>) -> u32 {
        if s & WIDE != 0 {
            let full = &self.wide[(s & !WIDE) as usize];
            ids.extend_from_slice(&full[1..]);
            return full[0];
        }
        for k in 0..2 {
            let id = (s >> (28 * k)) as u32 & ((1 << 28) - 1);
            if id == 0 {
                break;
            }
            ids.push(id - 1);
        }
        (s >> 56) as u32
    }

    /// The heap of the sum `s` when it has no component (a bare heap).
    pub(super) fn bare_heap(&self, s: u64) -> Option<u32> {
        if s & WIDE != 0 {
            let full = &self.wide[(s & !WIDE) as usize];
            return (full.len() == 1).then_some(full[0]);
        }
        (s & IDS == 0).then_some((s >> 56) as u32)
    }

    /// The bytes the wide sums take (roughly).
    pub(super) fn bytes(&self) -> usize {
        self.wide_bytes
    }
}

/// The top bit of a settled entry: the sum is a P-position.
const P: u64 = 1 << 63;

/// Parts of the settled sums' table, by the top bits of the hash.
const SHARDS: usize = 64;

/// The shard of a hash `h` (its top bits) and its home slot in a shard of
/// `cap` slots (the 32 bits below).
fn place_of(h: u64, cap: usize) -> (usize, usize) {
    let bits = SHARDS.trailing_zeros();
    ((h >> (64 - bits)) as usize, home(((h << bits) >> 32) as u32, cap))
}

/// Settled sums and their outcomes: open-addressed arrays of packed sums
/// (0 empty), the top bit set for a P-position, in [`SHARDS`] parts by
/// hash that grow each on its own (so that doubling one holds the old and
/// new slots of a sixty-fourth of the table, not of all of it).
#[derive(Default)]
pub(super) struct Settled {
    /// Empty until the first sum, then [`SHARDS`] parts.
    shards: Vec<Vec<u64>>,
    lens: Vec<usize>,
    len: usize,
}

impl Settled {
    /// The number of sums settled.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The bytes its table takes.
    pub(super) fn bytes(&self) -> usize {
        self.shards.iter().map(|s| 8 * s.capacity()).sum()
    }

    /// Whether the sum `s` (a packed sum with a component, never 0) is a
    /// P-position, if settled.
    pub(super) fn get(&self, s: u64) -> Option<bool> {
        if self.shards.is_empty() {
            return None;
        }
        let h = mix(s);
        let slots = &self.shards[place_of(h, 1).0];
        let mut i = place_of(h, slots.len()).1;
        let mask = slots.len() - 1;
        loop {
            let e = slots[i];
            if e == 0 {
                return None;
            }
            if e & !P == s {
                return Some(e & P != 0);
            }
            i = (i + 1) & mask;
        }
    }

    /// Records that the sum `s` (never 0) is a P-position or not.
    pub(super) fn insert(&mut self, s: u64, p: bool) {
        debug_assert!(s != 0 && s & P == 0);
        if self.shards.is_empty() {
            self.shards = vec![vec![0; 16]; SHARDS];
            self.lens = vec![0; SHARDS];
        }
        let h = mix(s);
        let k = place_of(h, 1).0;
        if 4 * (self.lens[k] + 1) > 3 * self.shards[k].len() {
            let cap = 2 * self.shards[k].len();
            let old = std::mem::replace(&mut self.shards[k], vec![0; cap]);
            for e in old.into_iter().filter(|&e| e != 0) {
                place(&mut self.shards[k], e);
            }
        }
        if place(&mut self.shards[k], s | if p { P } else { 0 }) {
            self.lens[k] += 1;
            self.len += 1;
        }
    }
}

impl Settled {
    /// Forgets settled sums to make room, and says how many: the
    /// N-positions, or every sum when more than `keep` P-positions would
    /// be left. The table is a cache — a sum forgotten is searched again
    /// if it is met again — and the P-positions are what it keeps longest:
    /// each took a search of every move, while an N-position is settled
    /// again by one move to a P-position that is still known. Its slots
    /// are kept for the sums to come.
    pub(super) fn forget(&mut self, keep: usize) -> usize {
        let before = self.len;
        let p_left: usize = self
            .shards
            .iter()
            .map(|s| s.iter().filter(|&&e| e & P != 0).count())
            .sum();
        let keep_p = p_left <= keep;
        for (slots, len) in self.shards.iter_mut().zip(&mut self.lens) {
            let kept: Vec<u64> = if keep_p {
                slots.iter().copied().filter(|&e| e & P != 0).collect()
            } else {
                Vec::new()
            };
            slots.fill(0);
            *len = kept.len();
            for e in kept {
                place(slots, e);
            }
        }
        self.len = self.lens.iter().sum();
        before - self.len
    }
}

/// Puts the entry `e` in its slot of `slots` (over the same sum's entry
/// if there is one); whether it is new.
fn place(slots: &mut [u64], e: u64) -> bool {
    let mask = slots.len() - 1;
    let mut i = place_of(mix(e & !P), slots.len()).1;
    loop {
        let old = slots[i];
        if old == 0 || old & !P == e & !P {
            slots[i] = e;
            return old == 0;
        }
        i = (i + 1) & mask;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::test_rng::xorshift as rng;

    #[test]
    fn ids_name_each_key_once() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        let mut ids = KeyIds::default();
        let mut plain: FxHashMap<Vec<u8>, u32> = FxHashMap::default();
        for _ in 0..20_000 {
            // Short keys of few values, so that many repeat; some empty.
            let len = (next() % 12) as usize;
            let key: Vec<u8> = (0..len).map(|_| (next() % 3) as u8).collect();
            assert_eq!(ids.find(&key), plain.get(&key).copied());
            let (id, new) = ids.intern(&key);
            match plain.get(&key) {
                Some(&want) => assert_eq!((id, new), (want, false)),
                None => {
                    assert!(new);
                    assert_eq!(id as usize, plain.len());
                    plain.insert(key.clone(), id);
                }
            }
            assert_eq!(ids.key(id), &key[..]);
        }
        assert_eq!(ids.len(), plain.len());
        for (k, &id) in &plain {
            assert_eq!(ids.key(id), &k[..]);
        }
    }

    #[test]
    fn sums_pack_and_unpack() {
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        let mut sums = Sums::default();
        let mut seen: FxHashMap<u64, (Vec<u32>, u32)> = FxHashMap::default();
        for _ in 0..20_000 {
            let n = (next() % 5) as usize;
            let mut ids: Vec<u32> = (0..n)
                .map(|_| match next() % 4 {
                    0 => (next() % 8) as u32,
                    1 => NARROW_IDS - 1 + (next() % 3) as u32,
                    _ => (next() % 1000) as u32,
                })
                .collect();
            ids.sort_unstable();
            ids.dedup();
            let heap = (next() % 80) as u32;
            let s = sums.pack(&ids, heap);
            assert!(s < P);
            assert_eq!(
                sums.bare_heap(s),
                ids.is_empty().then_some(heap),
                "{ids:?} {heap}"
            );
            let mut back = Vec::new();
            assert_eq!(sums.unpack(s, &mut back), heap);
            assert_eq!(back, ids);
            assert_ne!(s == 0, !ids.is_empty() || heap != 0);
            // One packing per sum, and one sum per packing.
            if let Some(old) = seen.insert(s, (ids.clone(), heap)) {
                assert_eq!(old, (ids, heap));
            }
        }
    }

    #[test]
    fn settled_sums_keep_their_outcomes() {
        let mut next = rng(0x0123_4567_89ab_cdef);
        let mut table = Settled::default();
        let mut plain: FxHashMap<u64, bool> = FxHashMap::default();
        assert_eq!(table.get(5), None);
        for _ in 0..50_000 {
            let s = 1 + next() % 30_000;
            let p = next().is_multiple_of(2);
            table.insert(s, p);
            plain.insert(s, p);
            let q = 1 + next() % 30_000;
            assert_eq!(table.get(q), plain.get(&q).copied());
        }
        assert_eq!(table.len(), plain.len());
        for (&s, &p) in &plain {
            assert_eq!(table.get(s), Some(p));
        }
        // Sums far apart in their bits too.
        table.insert(P - 1, true);
        assert_eq!(table.get(P - 1), Some(true));
    }

    #[test]
    fn forgetting_keeps_the_p_positions_or_nothing() {
        let mut next = rng(0x5851_f42d_4c95_7f2d);
        let mut table = Settled::default();
        let mut plain: FxHashMap<u64, bool> = FxHashMap::default();
        for _ in 0..20_000 {
            let s = 1 + next() % 1_000_000;
            let p = next().is_multiple_of(3);
            table.insert(s, p);
            plain.insert(s, p);
        }
        let ps = plain.values().filter(|&&p| p).count();
        let cap = table.bytes();
        assert_eq!(table.forget(ps), plain.len() - ps);
        assert_eq!((table.len(), table.bytes()), (ps, cap));
        for (&s, &p) in &plain {
            assert_eq!(table.get(s), p.then_some(true), "{s}");
        }
        // It fills again and keeps its outcomes.
        for _ in 0..5_000 {
            let s = 1 + next() % 1_000_000;
            let p = next().is_multiple_of(3);
            table.insert(s, p);
            plain.insert(s, p);
            assert_eq!(table.get(s), Some(p));
        }
        let held = table.len();
        assert_eq!(table.forget(10), held);
        assert_eq!(table.len(), 0);
        assert!(plain.keys().all(|&s| table.get(s).is_none()));
    }
}
