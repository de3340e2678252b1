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
}
