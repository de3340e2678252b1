//! A hint to the CPU to bring a table slot into cache before it is read.

/// Asks the CPU to start loading the cache line of `x`, so that a read of
/// it a little later does not wait for memory; nothing on CPUs without
/// such a hint. It never faults and changes no value.
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch only hints the cache; SSE, which it needs,
        // is part of every x86_64 CPU.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}
