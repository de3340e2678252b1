//! [`Key`]: the bytes that name one component up to its symmetries, kept
//! inline when short so that a memo of millions of boards allocates little.

use std::fmt;

/// The longest key held inline (a Cram board of up to 128 cells fits).
const INLINE: usize = 23;

/// The canonical name of one component: equal keys are the same game.
///
/// A key is a short byte string that a game's [`Splitting`](super::Splitting)
/// builds and reads back; solvers only hash and compare keys, and memo files
/// store them as they are.
///
/// ```
/// use sprague::rules::Key;
/// let k = Key::from_bytes(&[3, 2, 0b101]);
/// assert_eq!(k.as_bytes(), [3, 2, 0b101]);
/// assert_eq!(k, Key::from_bytes(&[3, 2, 5]));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key(Repr);

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Repr {
    /// Up to [`INLINE`] bytes, zero-padded.
    Short { len: u8, bytes: [u8; INLINE] },
    /// Longer keys (graphs of more than a few vertices).
    Long(Box<[u8]>),
}

impl Key {
    /// The key with these bytes.
    pub fn from_bytes(b: &[u8]) -> Key {
        if b.len() <= INLINE {
            let mut bytes = [0u8; INLINE];
            bytes[..b.len()].copy_from_slice(b);
            Key(Repr::Short {
                len: b.len() as u8,
                bytes,
            })
        } else {
            Key(Repr::Long(b.into()))
        }
    }

    /// The key `[a, b]` followed by the first `n` (at most 16) little-endian
    /// bytes of `x`, which must have no bit set past them: the same key as
    /// [`Key::from_bytes`] of those bytes, written without going through a
    /// byte buffer (board keys are made in the searches' inner loops).
    pub(crate) fn from_two_and_bits(a: u8, b: u8, x: u128, n: usize) -> Key {
        debug_assert!(n <= 16 && (n == 16 || x >> (8 * n) == 0));
        let mut bytes = [0u8; INLINE];
        bytes[0] = a;
        bytes[1] = b;
        bytes[2..18].copy_from_slice(&x.to_le_bytes());
        Key(Repr::Short {
            len: 2 + n as u8,
            bytes,
        })
    }

    /// The key's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Short { len, bytes } => &bytes[..*len as usize],
            Repr::Long(b) => b,
        }
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Key(")?;
        for b in self.as_bytes() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_keys_keep_their_bytes() {
        for n in [0, 1, INLINE - 1, INLINE, INLINE + 1, 300] {
            let b: Vec<u8> = (0..n).map(|i| (i * 7 + 1) as u8).collect();
            assert_eq!(Key::from_bytes(&b).as_bytes(), &b[..]);
        }
        // Trailing zeros are part of the key.
        assert_ne!(Key::from_bytes(&[1]), Key::from_bytes(&[1, 0]));
    }

    #[test]
    fn a_key_written_from_bits_is_the_key_of_its_bytes() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for n in 0..=16usize {
            for _ in 0..50 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let bits = (u128::from(x) << 64 | u128::from(x.rotate_left(29)))
                    & u128::MAX.checked_shr(128 - 8 * n as u32).unwrap_or(0);
                let mut b = vec![x as u8, (x >> 8) as u8];
                b.extend_from_slice(&bits.to_le_bytes()[..n]);
                let k = Key::from_two_and_bits(b[0], b[1], bits, n);
                assert_eq!(k, Key::from_bytes(&b));
                assert_eq!(k.as_bytes(), &b[..]);
            }
        }
    }
}
