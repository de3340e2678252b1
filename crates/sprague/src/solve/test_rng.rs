//! A small xorshift generator for the unit tests' random inputs (the
//! tables of the component solver and the outcome search).

/// The xorshift64 sequence from `seed` (which must not be 0).
pub(crate) fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}
