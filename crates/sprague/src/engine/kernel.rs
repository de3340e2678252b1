//! The inner loops of the sequence engine, written so that the compiler
//! vectorises them: a search for one option value among the pairs of a
//! split, and the batched marking of rare × common pairs.
//!
//! Each kernel has a plain form, compiled for the baseline target, and
//! vector forms (AVX2, AVX-512) picked at run time by an [`Isa`]: the
//! instruction sets the CPU has, limited by [`Simd`] so that tests and
//! benchmarks can run any machine's code path on this one.

use super::Simd;

/// How many pairs one search step looks at before it may return.
const CHUNK: usize = 64;

/// The vector instruction sets the kernels may use: those the CPU has, up
/// to a [`Simd`] level.
///
/// Made only by [`Isa::detect`], so a flag that is set means the CPU has
/// those instructions; the kernels' `unsafe` calls rest on that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Isa {
    /// AVX2: pair searches, small marks.
    avx2: bool,
    /// AVX-512 F and BW: byte-row marks and candidate checks.
    avx512bw: bool,
    /// AVX-512 F, BW, VBMI, VBMI2, VPOPCNTDQ and POPCNT: the pair scan.
    avx512_scan: bool,
}

impl Isa {
    /// What this CPU has, at most `cap`.
    pub(crate) fn detect(cap: Simd) -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let avx2 = cap >= Simd::Avx2 && has!("avx2");
            let avx512bw = cap >= Simd::Avx512 && has!("avx512bw");
            Isa {
                avx2,
                avx512bw,
                avx512_scan: avx512bw
                    && has!("avx512vbmi")
                    && has!("avx512vbmi2")
                    && has!("avx512vpopcntdq")
                    && has!("popcnt"),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = cap;
            Isa {
                avx2: false,
                avx512bw: false,
                avx512_scan: false,
            }
        }
    }

    /// The highest level in use: what a run reports.
    pub(crate) fn level(self) -> Simd {
        if self.avx512bw {
            Simd::Avx512
        } else if self.avx2 {
            Simd::Avx2
        } else {
            Simd::Plain
        }
    }

    /// Whether AVX-512 BW is in use (the compares of [`check_candidates`]).
    pub(crate) fn avx512bw(self) -> bool {
        self.avx512bw
    }
}

/// Whether `lo[i] ^ hi[len − 1 − i] == v` for some `i`.
///
/// `lo` and `hi` have the same length: `lo` is g(1..=h) and `hi` is
/// g(r−h..r), so that position `i` pairs the heaps `1 + i` and `r − 1 − i`.
#[inline]
pub(crate) fn any_pair_is(isa: Isa, lo: &[u16], hi: &[u16], v: u16) -> bool {
    debug_assert_eq!(lo.len(), hi.len());
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx2 {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            return unsafe { any_pair_is_avx2(lo, hi, v) };
        }
    }
    any_pair_is_body(lo, hi, v)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn any_pair_is_avx2(lo: &[u16], hi: &[u16], v: u16) -> bool {
    any_pair_is_body(lo, hi, v)
}

#[inline(always)]
fn any_pair_is_body(lo: &[u16], hi: &[u16], v: u16) -> bool {
    let n = lo.len().min(hi.len());
    let full = n / CHUNK;
    for c in 0..full {
        let a = &lo[c * CHUNK..c * CHUNK + CHUNK];
        let b = &hi[n - c * CHUNK - CHUNK..n - c * CHUNK];
        let mut hit = 0u16;
        for j in 0..CHUNK {
            hit |= u16::from(a[j] ^ b[CHUNK - 1 - j] == v);
        }
        if hit != 0 {
            return true;
        }
    }
    let done = full * CHUNK;
    let rest = n - done;
    (0..rest).any(|j| lo[done + j] ^ hi[rest - 1 - j] == v)
}

/// `out[i] = lo[i] ^ hi[len − 1 − i]`: the values of a run of pairs.
#[inline]
pub(crate) fn xor_pairs(lo: &[u16], hi: &[u16], out: &mut [u16]) {
    let n = out.len();
    let (lo, hi) = (&lo[..n], &hi[..n]);
    for i in 0..n {
        out[i] = lo[i] ^ hi[n - 1 - i];
    }
}

/// The set of values `lo[i] ^ hi[len − 1 − i]` as a bitmask, for values
/// below 64 (higher bits of a value are ignored).
#[inline]
pub(crate) fn pair_mask64(isa: Isa, lo: &[u16], hi: &[u16]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx2 {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            return unsafe { pair_mask64_avx2(lo, hi) };
        }
    }
    pair_mask64_body(lo, hi)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn pair_mask64_avx2(lo: &[u16], hi: &[u16]) -> u64 {
    use std::arch::x86_64::*;
    let n = lo.len().min(hi.len());
    let (lo, hi) = (&lo[..n], &hi[..n]);
    let mut acc = _mm256_setzero_si256();
    let one = _mm256_set1_epi64x(1);
    let low6 = _mm256_set1_epi64x(63);
    let mut i = 0;
    while i + 4 <= n {
        // SAFETY: lo[i..i + 4] and hi[n − 4 − i..n − i] are in bounds
        // (i + 4 ≤ n); unaligned 8-byte loads.
        let (a, b) = unsafe {
            (
                _mm_loadl_epi64(lo.as_ptr().add(i) as *const __m128i),
                _mm_loadl_epi64(hi.as_ptr().add(n - 4 - i) as *const __m128i),
            )
        };
        // Lanes j = 0..4: lo[i + j] with hi[n − 1 − i − j] (b reversed).
        let a = _mm256_cvtepu16_epi64(a);
        let b = _mm256_permute4x64_epi64(_mm256_cvtepu16_epi64(b), 0b00_01_10_11);
        let x = _mm256_and_si256(_mm256_xor_si256(a, b), low6);
        acc = _mm256_or_si256(acc, _mm256_sllv_epi64(one, x));
        i += 4;
    }
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 bytes; an unaligned store.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, acc) };
    let mut m = lanes.iter().fold(0, |x, &y| x | y);
    for j in i..n {
        m |= 1u64 << ((lo[j] ^ hi[n - 1 - j]) & 63);
    }
    m
}

#[inline(always)]
fn pair_mask64_body(lo: &[u16], hi: &[u16]) -> u64 {
    const L: usize = 8;
    let n = lo.len().min(hi.len());
    let mut acc = [0u64; L];
    let full = n / L;
    for c in 0..full {
        for (l, acc) in acc.iter_mut().enumerate() {
            let x = lo[c * L + l] ^ hi[n - 1 - c * L - l];
            *acc |= 1u64 << (x & 63);
        }
    }
    for j in full * L..n {
        acc[0] |= 1u64 << ((lo[j] ^ hi[n - 1 - j]) & 63);
    }
    acc.iter().fold(0, |a, &b| a | b)
}

/// The set of values `gp ^ win[top − p]` over the rare positions `(p, gp)`
/// as a bitmask, for values below 64 (higher bits are ignored).
///
/// # Panics
/// If the first or the last `top − p` is not an index of `win`.
///
/// # Safety
/// `rare` must be sorted by p (as the engine's rare list is): then every
/// `top − p` lies between the last one and the first one, both checked.
#[inline]
pub(crate) unsafe fn rare_mask64(win: &[u16], top: usize, rare: &[(u32, u16)]) -> u64 {
    let (Some(first), Some(last)) = (rare.first(), rare.last()) else {
        return 0;
    };
    assert!(
        first.0 <= last.0 && (last.0 as usize) <= top && top - (first.0 as usize) < win.len(),
        "rare positions out of the window"
    );
    let at = |p: u32| {
        let i = top - p as usize;
        debug_assert!(i < win.len());
        // SAFETY: p lies between the first and the last rare position
        // (sorted, the caller's contract), so top − p is between
        // top − last ≥ 0 and top − first, below win.len() (asserted above).
        unsafe { *win.get_unchecked(i) }
    };
    let mut acc = [0u64; 4];
    let mut chunks = rare.chunks_exact(4);
    for c in &mut chunks {
        for (a, &(p, gp)) in acc.iter_mut().zip(c) {
            *a |= 1u64 << ((gp ^ at(p)) & 63);
        }
    }
    for &(p, gp) in chunks.remainder() {
        acc[0] |= 1u64 << ((gp ^ at(p)) & 63);
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// [`mark_batch`] for one-word bitsets (every value below 64).
#[inline]
pub(crate) fn mark_batch64(
    isa: Isa,
    bits: &mut [u64],
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx2 {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            unsafe { mark_batch64_avx2(bits, heaps, vals, rare, off) };
            return;
        }
    }
    mark_batch64_body(bits, heaps, vals, rare, off)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mark_batch64_avx2(bits: &mut [u64], heaps: usize, vals: &[u16], rare: &[(u32, u16)], off: usize) {
    mark_batch64_body(bits, heaps, vals, rare, off)
}

#[inline(always)]
fn mark_batch64_body(bits: &mut [u64], heaps: usize, vals: &[u16], rare: &[(u32, u16)], off: usize) {
    let bits = &mut bits[..heaps];
    for &(p, gp) in rare {
        let start = off - p as usize;
        for (b, &v) in bits.iter_mut().zip(&vals[start..start + heaps]) {
            *b |= 1u64 << ((v ^ gp) & 63);
        }
    }
}

/// Marks, for every heap m of a batch, the values g(p) ^ g(m − k − p) of
/// the given rare positions p.
///
/// `bits` holds one bitset of `words` 64-bit words per heap of the batch,
/// `vals` is a slice of the table and heap `first + i` pairs rare position
/// `p` with `vals[off + i − p]`. Every value read, and every `g(p)`, is below
/// `words * 64`. The caller guarantees every read index is in range.
#[inline]
pub(crate) fn mark_batch(
    isa: Isa,
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    #[cfg(target_arch = "x86_64")]
    {
        // Byte rows pay for their clearing and packing only with many
        // marks per row.
        let bytes = words * 64 <= MAX_BYTE_BOUND && rare.len() >= MIN_BYTE_MARKS;
        if bytes && isa.avx512bw {
            // SAFETY: the CPU supports AVX-512 F and BW (`isa` is detected;
            // BW implies F).
            unsafe { mark_batch_avx512(bits, words, heaps, vals, rare, off) };
            return;
        }
        if bytes && isa.avx2 {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            unsafe { mark_batch_bytes_avx2(bits, words, heaps, vals, rare, off) };
            return;
        }
        if isa.avx2 {
            // SAFETY: the CPU supports AVX2 (`isa` is detected).
            unsafe { mark_batch_avx2(bits, words, heaps, vals, rare, off) };
            return;
        }
    }
    mark_batch_body(bits, words, heaps, vals, rare, off)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mark_batch_avx2(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    mark_batch_body(bits, words, heaps, vals, rare, off)
}

/// For each rare `(p, gp)` and heap index `i < heaps`, marks
/// `gp ^ vals[off + i − p]` in bitset `i`.
#[inline(always)]
fn mark_batch_body(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    let mut x = [0u16; 256];
    for &(p, gp) in rare {
        let start = off - p as usize;
        let mut i0 = 0;
        while i0 < heaps {
            let len = (heaps - i0).min(x.len());
            let src = &vals[start + i0..start + i0 + len];
            for (d, &s) in x[..len].iter_mut().zip(src) {
                *d = s ^ gp;
            }
            for (j, &v) in x[..len].iter().enumerate() {
                let v = v as usize;
                bits[(i0 + j) * words + (v >> 6)] |= 1u64 << (v & 63);
            }
            i0 += len;
        }
    }
}

/// Whether values below `words * 64` are small enough for byte rows (and
/// for [`check_candidates`]).
pub(crate) fn byte_marks_fit(words: usize) -> bool {
    words * 64 <= MAX_BYTE_BOUND
}

/// Bytes of the per-group byte rows of [`mark_batch_avx512`]: a group of
/// heaps whose rows fit in the L1 cache.
const BYTE_ROWS: usize = 32 * 1024;

/// Rare positions whose mark addresses [`mark_batch_avx512`] computes
/// before it makes their marks.
const RUN: usize = 8;

/// With fewer rare positions than this, a heap's byte row costs more to
/// clear and pack than its marks save.
const MIN_BYTE_MARKS: usize = 128;

/// Above this many values a heap's byte row costs more to clear than its
/// marks save: bits are marked instead.
const MAX_BYTE_BOUND: usize = 4096;

/// [`mark_batch_body`] with a byte per value instead of a bit: a mark is
/// one plain store (no load, no dependence on earlier marks), its address
/// computed for 32 heaps at a time. Heaps are taken in groups whose byte
/// rows fit in L1; each group's rows are then packed into its bitsets.
/// (Addresses computed one at a time from 64-bit loads of four values took
/// Officers to 10^6 and Grundy's game to 3·10^6 3–6% longer.)
///
/// # Safety
/// The CPU must support AVX-512 F and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn mark_batch_avx512(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    use std::arch::x86_64::*;
    let bound = words * 64;
    assert!(bound.is_power_of_two() && bound <= BYTE_ROWS);
    let group = (BYTE_ROWS / bound).min(64);
    // Lane j of block b (32 heaps) writes row 32 b + j: at (32 b + j) bound,
    // below `group * bound <= BYTE_ROWS` for the lanes in use (the others
    // wrap, and are never read).
    let rows_at: [__m512i; 2] = std::array::from_fn(|b| {
        let at: [u16; 32] = std::array::from_fn(|j| ((32 * b + j) * bound) as u16);
        // SAFETY: `at` is 64 bytes.
        unsafe { _mm512_loadu_si512(at.as_ptr().cast()) }
    });
    let vmask = _mm512_set1_epi16((bound - 1) as i16);
    let mut at = [0u16; 32];
    let mut addr = [[0u16; 32]; 2 * RUN];
    let mut buf = vec![0u8; BYTE_ROWS];
    let mut i0 = 0;
    while i0 < heaps {
        let len = (heaps - i0).min(group);
        let rows = &mut buf[..len * bound];
        rows.fill(0);
        // Whole blocks of 32 heaps: the addresses of RUN rare positions
        // are stored first, then their marks made. (Reading each block's
        // addresses right after storing them stalls on the store.)
        let rest = if len.is_multiple_of(32) {
            let blocks = len / 32;
            for run in rare.chunks(RUN) {
                for (r, &(p, gp)) in run.iter().enumerate() {
                    let start = off - p as usize + i0;
                    let src = &vals[start..start + len];
                    let gpv = _mm512_set1_epi16(gp as i16);
                    for (b, &row_at) in rows_at.iter().enumerate().take(blocks) {
                        // SAFETY: 32 b + 32 <= len: within `src`.
                        let x = unsafe { _mm512_loadu_si512(src.as_ptr().add(32 * b).cast()) };
                        let a = _mm512_or_si512(_mm512_ternarylogic_epi32::<0x28>(x, gpv, vmask), row_at);
                        // SAFETY: r * blocks + b < RUN * 2: within `addr`.
                        unsafe { _mm512_storeu_si512(addr.as_mut_ptr().add(r * blocks + b).cast(), a) };
                    }
                }
                let flat = addr.as_ptr().cast::<u16>();
                for j in 0..run.len() * blocks * 32 {
                    // SAFETY: j < RUN * 2 * 32 words of `addr`. (A volatile
                    // read: vectorised, the loop moves each address through
                    // vector extracts, which is slower.)
                    let a = unsafe { std::ptr::read_volatile(flat.add(j)) };
                    // SAFETY: as in the loop below (every lane is in use).
                    unsafe { *rows.get_unchecked_mut(a as usize) = 1 };
                }
            }
            &rare[..0]
        } else {
            rare
        };
        for &(p, gp) in rest {
            let start = off - p as usize + i0;
            let src = &vals[start..start + len];
            let gpv = _mm512_set1_epi16(gp as i16);
            // The byte of each mark, 32 heaps per vector (three vector
            // operations), then one plain store per mark.
            for (b, &row_at) in rows_at.iter().enumerate().take(len.div_ceil(32)) {
                let lanes = (len - 32 * b).min(32);
                let live: __mmask32 = if lanes == 32 { !0 } else { (1u32 << lanes) - 1 };
                // SAFETY: lanes past `lanes` are masked off (not read); the
                // others are within `src`.
                let x = unsafe { _mm512_maskz_loadu_epi16(live, src.as_ptr().add(32 * b).cast()) };
                // (x ^ gp) & (bound − 1), then the row's offset.
                let a = _mm512_or_si512(_mm512_ternarylogic_epi32::<0x28>(x, gpv, vmask), row_at);
                // SAFETY: `at` is 64 bytes.
                unsafe { _mm512_storeu_si512(at.as_mut_ptr().cast(), a) };
                for &a in &at[..lanes] {
                    // SAFETY: a = (32 b + j) bound + v for lane j < lanes,
                    // so 32 b + j < len, and v < bound: below len * bound.
                    unsafe { *rows.get_unchecked_mut(a as usize) = 1 };
                }
            }
        }
        for (row, out) in rows
            .chunks_exact(bound)
            .zip(bits[i0 * words..(i0 + len) * words].chunks_exact_mut(words))
        {
            for (w, b) in out.iter_mut().zip(row.chunks_exact(64)) {
                *w |= pack64(b);
            }
        }
        i0 += len;
    }
}

/// [`mark_batch_avx512`] with AVX2: the byte of each mark computed for 16
/// heaps at a time, one plain store per mark, and each row packed into its
/// bitset by byte compares (Officers to 10^6 with AVX2 only, one thread:
/// bit marks took about half the time).
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mark_batch_bytes_avx2(
    bits: &mut [u64],
    words: usize,
    heaps: usize,
    vals: &[u16],
    rare: &[(u32, u16)],
    off: usize,
) {
    use std::arch::x86_64::*;
    let bound = words * 64;
    assert!(bound.is_power_of_two() && bound <= BYTE_ROWS);
    let group = (BYTE_ROWS / bound).min(64);
    // Lane j of block b (16 heaps) writes row 16 b + j: at (16 b + j) bound,
    // below `group * bound <= BYTE_ROWS` for the lanes in use (the others
    // wrap, and are never read).
    let rows_at: [__m256i; 4] = std::array::from_fn(|b| {
        let at: [u16; 16] = std::array::from_fn(|j| ((16 * b + j) * bound) as u16);
        // SAFETY: `at` is 32 bytes.
        unsafe { _mm256_loadu_si256(at.as_ptr().cast()) }
    });
    let vmask = _mm256_set1_epi16((bound - 1) as i16);
    let zero = _mm256_setzero_si256();
    let mut addr = [[0u16; 16]; 4 * RUN];
    let mut buf = vec![0u8; BYTE_ROWS];
    let mut i0 = 0;
    while i0 < heaps {
        let len = (heaps - i0).min(group);
        let rows = &mut buf[..len * bound];
        rows.fill(0);
        // Whole blocks of 16 heaps: the addresses of RUN rare positions
        // are stored first, then their marks made.
        let blocks = len / 16;
        for run in rare.chunks(RUN) {
            for (r, &(p, gp)) in run.iter().enumerate() {
                let start = off - p as usize + i0;
                let src = &vals[start..start + len];
                let gpv = _mm256_set1_epi16(gp as i16);
                for (b, &row_at) in rows_at.iter().enumerate().take(blocks) {
                    // SAFETY: 16 b + 16 <= len: within `src`.
                    let x = unsafe { _mm256_loadu_si256(src.as_ptr().add(16 * b).cast()) };
                    let a = _mm256_or_si256(_mm256_and_si256(_mm256_xor_si256(x, gpv), vmask), row_at);
                    // SAFETY: r * blocks + b < RUN * 4: within `addr`.
                    unsafe { _mm256_storeu_si256(addr.as_mut_ptr().add(r * blocks + b).cast(), a) };
                }
            }
            for &a in addr[..run.len() * blocks].iter().flatten() {
                // SAFETY: a = (16 b + j) bound + v with 16 b + j < 16 blocks
                // <= len and v < bound: below len * bound.
                unsafe { *rows.get_unchecked_mut(a as usize) = 1 };
            }
        }
        // The heaps past the whole blocks, one mark at a time.
        for &(p, gp) in rare {
            let start = off - p as usize + i0;
            for (i, &x) in vals[start + 16 * blocks..start + len].iter().enumerate() {
                let v = ((x ^ gp) as usize) & (bound - 1);
                rows[(16 * blocks + i) * bound + v] = 1;
            }
        }
        for (row, out) in rows
            .chunks_exact(bound)
            .zip(bits[i0 * words..(i0 + len) * words].chunks_exact_mut(words))
        {
            for (w, b) in out.iter_mut().zip(row.chunks_exact(64)) {
                // SAFETY: `b` is 64 bytes: two unaligned 32-byte loads.
                let (lo, hi) = unsafe {
                    (
                        _mm256_loadu_si256(b.as_ptr().cast()),
                        _mm256_loadu_si256(b.as_ptr().add(32).cast()),
                    )
                };
                let lo = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, zero)) as u32);
                let hi = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, zero)) as u32);
                *w |= u64::from(lo) | u64::from(hi) << 32;
            }
        }
        i0 += len;
    }
}

/// Bit i set where `b[i] != 0`, for 64 bytes.
#[inline(always)]
fn pack64(b: &[u8]) -> u64 {
    let b: &[u8; 64] = b.try_into().expect("64 bytes");
    let mut w = 0u64;
    for (i, &x) in b.iter().enumerate() {
        w |= u64::from(x != 0) << i;
    }
    w
}

/// Removes from the bitset `pending` every value `lo[i] ^ hi[len − 1 − i]`,
/// for i upward, and returns true as soon as `pending` is empty (false if
/// some value is left after the last pair).
///
/// Every pair value must be below `pending.len() * 64` (the engine's
/// bitsets are a power of two above its largest value): the plain form
/// panics on a larger one, the vector forms clear a wrong value.
pub(crate) fn clear_pair_values(isa: Isa, lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    debug_assert_eq!(lo.len(), hi.len());
    #[cfg(target_arch = "x86_64")]
    {
        if pending.len() <= 32 && isa.avx512_scan {
            // SAFETY: the CPU supports AVX-512 F, BW, VBMI, VBMI2, VPOPCNTDQ
            // and POPCNT (`isa` is detected; BW implies F); the set has at
            // most 8, 16 or 32 words.
            return unsafe {
                match pending.len() {
                    0..=8 => clear_pair_values_avx512::<1>(lo, hi, pending),
                    9..=16 => clear_pair_values_avx512::<2>(lo, hi, pending),
                    _ => clear_pair_values_avx512::<4>(lo, hi, pending),
                }
            };
        }
        if pending.len() <= 8 && isa.avx2 {
            // SAFETY: the CPU supports AVX2 (`isa` is detected); the set has
            // at most 2, 4 or 8 words.
            return unsafe {
                match pending.len() {
                    0..=2 => clear_pair_values_avx2::<1>(lo, hi, pending),
                    3..=4 => clear_pair_values_avx2::<2>(lo, hi, pending),
                    _ => clear_pair_values_avx2::<4>(lo, hi, pending),
                }
            };
        }
    }
    clear_pair_values_scalar(lo, hi, pending)
}

/// [`clear_pair_values`] with AVX2, for sets of at most 2 T words (values
/// below 128 T, T ≤ 4): 16 pairs a step, whose values are looked up in the
/// set as bytes (byte x / 8 of the set by `vpshufb` from T tables of 16
/// bytes, chosen by blends on bits 4 and 5 of x / 8) and tested against
/// 1 << (x % 8). The hits of a block of four steps (64 pairs) form one
/// mask; they are then cleared one by one and the tables reloaded (a
/// branch and a reload per step took Officers with AVX2 on two threads
/// 0.90 s instead of 0.70 s). Once one or two values are left, two
/// compares a step replace the lookup. Two streams of steps, from the
/// first pair and from the middle, as in [`clear_pair_values_avx512`].
/// A value at or above 128 T (which the contract excludes) reads a wrong
/// byte of the tables, never out of bounds.
///
/// # Safety
/// The CPU must support AVX2; `pending` has at most 2 T words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn clear_pair_values_avx2<const T: usize>(lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    use std::arch::x86_64::*;
    let n = lo.len().min(hi.len());
    let words = pending.len();
    assert!(words <= 2 * T && matches!(T, 1 | 2 | 4));
    let mut pend = [0u64; 8];
    pend[..words].copy_from_slice(pending);
    let mut left: u32 = pend.iter().map(|w| w.count_ones()).sum();
    if left == 0 {
        return true;
    }
    // Reverses the words of each 128-bit lane (then the lanes are swapped).
    let rev = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3,
        0, 1,
    );
    // 1 << i for byte index i < 8; 0 for an index with its top bit set.
    let pow2 = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0,
        0, 0,
    );
    // The top bit of each word's high byte: `vpshufb` gives 0 there.
    let high = _mm256_set1_epi16(i16::MIN);
    let seven = _mm256_set1_epi16(7);
    let zero = _mm256_setzero_si256();
    let mut tables = [zero; 4];
    // The set as T tables of 16 bytes, each in both lanes.
    macro_rules! load_tables {
        () => {
            for (i, t) in tables.iter_mut().enumerate().take(T) {
                // SAFETY: `pend` is 64 bytes and i < T <= 4: bytes
                // 16 i..16 i + 16 are in bounds; unaligned loads are allowed.
                *t = _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(pend.as_ptr().add(2 * i).cast()) });
            }
        };
    }
    // The values of the 16 pairs i = j..j + 16.
    macro_rules! pairs {
        ($j:expr) => {{
            let j = $j;
            debug_assert!(j + 16 <= n);
            // SAFETY: j + 16 <= n: lo[j..j + 16] and hi[n − j − 16..n − j]
            // are in bounds (both have at least n elements).
            let (a, b) = unsafe {
                (
                    _mm256_loadu_si256(lo.as_ptr().add(j).cast()),
                    _mm256_loadu_si256(hi.as_ptr().add(n - j - 16).cast()),
                )
            };
            _mm256_xor_si256(a, _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(b, rev)))
        }};
    }
    // Takes pair value `v` out of the set, if it is there.
    macro_rules! take {
        ($v:expr) => {{
            let v = $v as usize;
            debug_assert!(v < 64 * words, "pair value {v} beyond the set");
            let (w, b) = ((v >> 6) & 7, 1u64 << (v & 63));
            if pend[w] & b != 0 {
                pend[w] &= !b;
                left -= 1;
            }
        }};
    }
    // Clears the values of `x` in the lanes of `mask` (bit 2 i for lane
    // i); true if the set is then empty.
    macro_rules! clear {
        ($x:expr, $mask:expr) => {{
            let mut xs = [0u16; 16];
            // SAFETY: `xs` is 32 bytes; an unaligned store.
            unsafe { _mm256_storeu_si256(xs.as_mut_ptr().cast(), $x) };
            let mut m: u32 = $mask;
            while m != 0 {
                take!(xs[m.trailing_zeros() as usize / 2]);
                m &= m - 1;
            }
            left == 0
        }};
    }
    // Misses (all ones) and hits (zero) in the words of 16 pairs' values.
    macro_rules! misses {
        ($x:expr) => {{
            let x = $x;
            let idx = _mm256_or_si256(_mm256_srli_epi16::<3>(x), high);
            let mut byte = _mm256_shuffle_epi8(tables[0], idx);
            if T >= 2 {
                // Bit 4 of x / 8 moved to the top of the low byte.
                let b4 = _mm256_slli_epi16::<3>(idx);
                byte = _mm256_blendv_epi8(byte, _mm256_shuffle_epi8(tables[1], idx), b4);
                if T == 4 {
                    let upper = _mm256_blendv_epi8(
                        _mm256_shuffle_epi8(tables[2], idx),
                        _mm256_shuffle_epi8(tables[3], idx),
                        b4,
                    );
                    byte = _mm256_blendv_epi8(byte, upper, _mm256_slli_epi16::<2>(idx));
                }
            }
            let bit = _mm256_shuffle_epi8(pow2, _mm256_or_si256(_mm256_and_si256(x, seven), high));
            _mm256_cmpeq_epi16(_mm256_and_si256(byte, bit), zero)
        }};
    }
    let mid = n / 2;
    let (mut ia, mut ib) = (0, mid);
    load_tables!();
    // Blocks of 64 pairs, 32 from each stream: the hits of a block in one
    // mask (no branch per step), its values stored in the mask's order.
    let mut xs = [0u16; 64];
    while left > 2 && ia + 32 <= mid && ib + 32 <= n {
        let mut hit = 0u64;
        for (h, d) in [0usize, 16].into_iter().enumerate() {
            let (a, b) = (pairs!(ia + d), pairs!(ib + d));
            // `packs` takes the low lanes of a and b, then the high lanes:
            // byte k of the mask is the pair at xs[32 h + k].
            let m = _mm256_movemask_epi8(_mm256_packs_epi16(misses!(a), misses!(b))) as u32;
            hit |= u64::from(!m) << (32 * h);
            // SAFETY: xs[32 h..32 h + 32] is 64 bytes; unaligned stores.
            unsafe {
                _mm256_storeu_si256(
                    xs.as_mut_ptr().add(32 * h).cast(),
                    _mm256_permute2x128_si256::<0x20>(a, b),
                );
                _mm256_storeu_si256(
                    xs.as_mut_ptr().add(32 * h + 16).cast(),
                    _mm256_permute2x128_si256::<0x31>(a, b),
                );
            }
        }
        ia += 32;
        ib += 32;
        if hit != 0 {
            while hit != 0 {
                take!(xs[hit.trailing_zeros() as usize]);
                hit &= hit - 1;
            }
            if left == 0 {
                pending.fill(0);
                return true;
            }
            load_tables!();
        }
    }
    if left <= 2 {
        // The values left, the first one twice if only one.
        let mut want = [u16::MAX; 2];
        for (w, &x) in pend.iter().enumerate() {
            let mut x = x;
            while x != 0 {
                let v = (w * 64 + x.trailing_zeros() as usize) as u16;
                if want[0] == u16::MAX {
                    want = [v, v];
                } else {
                    want[1] = v;
                }
                x &= x - 1;
            }
        }
        let (mut w0, mut w1) = (
            _mm256_set1_epi16(want[0] as i16),
            _mm256_set1_epi16(want[1] as i16),
        );
        while ia + 16 <= mid && ib + 16 <= n {
            for j in [ia, ib] {
                let x = pairs!(j);
                let eq = _mm256_or_si256(_mm256_cmpeq_epi16(x, w0), _mm256_cmpeq_epi16(x, w1));
                let hit = _mm256_movemask_epi8(eq) as u32 & 0x5555_5555;
                if hit != 0 {
                    if clear!(x, hit) {
                        pending.fill(0);
                        return true;
                    }
                    // One value left: compare with it alone.
                    let v = want[0].max(want[1]);
                    let v = if pend[(v as usize >> 6) & 7] >> (v & 63) & 1 == 1 {
                        v
                    } else {
                        want[0]
                    };
                    (w0, w1) = (_mm256_set1_epi16(v as i16), _mm256_set1_epi16(v as i16));
                }
            }
            ia += 16;
            ib += 16;
        }
    }
    pending.copy_from_slice(&pend[..words]);
    // The pairs left at the end of each stream: i in [ia, mid) and [ib, n).
    clear_pair_values_scalar(&lo[ia..mid], &hi[n - mid..n - ia], pending)
        || clear_pair_values_scalar(&lo[ib..n], &hi[..n - ib], pending)
}

/// The plain form of [`clear_pair_values`].
fn clear_pair_values_scalar(lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    let n = lo.len().min(hi.len());
    let mut left: u32 = pending.iter().map(|w| w.count_ones()).sum();
    if left == 0 {
        return true;
    }
    for i in 0..n {
        let x = (lo[i] ^ hi[n - 1 - i]) as usize;
        let (w, b) = (x >> 6, 1u64 << (x & 63));
        if pending[w] & b != 0 {
            pending[w] &= !b;
            left -= 1;
            if left == 0 {
                return true;
            }
        }
    }
    false
}

/// Byte i / 8 of the set held in `t` (T registers of 512 bits) for each
/// byte i of `idx` below 64 T: `vpermb` for one register, `vpermi2b` for
/// two, and two of those, chosen by bit 7 of the index, for four.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
#[inline]
fn set_bytes<const T: usize>(
    idx: std::arch::x86_64::__m512i,
    t: &[std::arch::x86_64::__m512i; 4],
) -> std::arch::x86_64::__m512i {
    use std::arch::x86_64::*;
    match T {
        1 => _mm512_permutexvar_epi8(idx, t[0]),
        2 => _mm512_permutex2var_epi8(t[0], idx, t[1]),
        _ => {
            let low = _mm512_permutex2var_epi8(t[0], idx, t[1]);
            let high = _mm512_permutex2var_epi8(t[2], idx, t[3]);
            _mm512_mask_blend_epi8(_mm512_movepi8_mask(idx), low, high)
        }
    }
}

/// Row v: the set {v} of values below 512, as 8 words (one register). 32 KiB,
/// of which a run reads the rows of its rare values.
#[repr(align(64))]
struct OneHot([[u64; 8]; 512]);

static ONE_HOT: OneHot = {
    let mut rows = [[0u64; 8]; 512];
    let mut v = 0;
    while v < 512 {
        rows[v][v >> 6] = 1 << (v & 63);
        v += 1;
    }
    OneHot(rows)
};

/// [`clear_pair_values`] for values below 512 T (T = 1, 2 or 4), 32 pairs
/// per step.
///
/// The pending set is T registers of 512 bits; a pair value x is looked up
/// with `vpermb` (byte x / 8; see [`set_bytes`]) and `vpshufb` (bit x % 8).
/// (The scalar loop took `octal:0.007`, whose values pass 1024, to 3·10^5
/// 2.2× longer on one thread and 3.2× on two.) The registers are not
/// updated at every hit (that would chain every step to the last hit, and a
/// mispredicted branch per hit): the values hit in a block of steps are
/// appended to a buffer (`vpcompressw`, no branch), and cleared from the set
/// after the block, which ends the scan once the set is empty.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx512vpopcntdq,popcnt")]
unsafe fn clear_pair_values_avx512<const T: usize>(lo: &[u16], hi: &[u16], pending: &mut [u64]) -> bool {
    use std::arch::x86_64::*;
    /// Steps per block (Officers on Zen 5: 12 is 2.5% faster than 8; 6, 10
    /// and 16 are slower).
    const BLOCK: usize = 12;
    let n = lo.len().min(hi.len());
    let words = pending.len();
    assert!(words <= 8 * T && T <= 4);
    let mut pend = [0u64; 32];
    pend[..words].copy_from_slice(pending);
    if pend[..8 * T].iter().all(|&w| w == 0) {
        return true;
    }
    // Reverses the words of each 128-bit lane (then the lanes are reversed).
    let rev_words = _mm512_set_epi8(
        1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12,
        15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10,
        13, 12, 15, 14,
    );
    // 1 << i for byte index i < 8; 0 for an index with its top bit set.
    let pow2 = _mm512_set4_epi32(
        0x8040_2010_u32 as i32,
        0x0804_0201,
        0x8040_2010_u32 as i32,
        0x0804_0201,
    );
    let seven = _mm512_set1_epi16(7);
    let top = _mm512_set1_epi16(i16::MIN);
    let mut hits = [0u16; 32 * BLOCK + 32];
    // One block: the steps at pairs i = at[s] .. at[s] + 32; then the values
    // hit are cleared; true if the set is empty. (A macro: a closure is not
    // inlined here.)
    macro_rules! block {
        ($at:expr) => {{
            let at = $at;
            let mut table = [_mm512_setzero_si512(); 4];
            for (i, t) in table.iter_mut().enumerate().take(T) {
                // SAFETY: `pend` is 256 bytes, T <= 4 registers of 64;
                // unaligned loads are allowed.
                *t = unsafe { _mm512_loadu_si512(pend.as_ptr().add(8 * i).cast()) };
            }
            let mut count = 0;
            for &j in &at {
                debug_assert!(j + 32 <= n);
                // SAFETY: every step of a block ends within its stream, so
                // j + 32 <= n: lo[j..j + 32] and hi[n − j − 32..n − j] are in
                // bounds (both have at least n elements).
                let (a, b) = unsafe {
                    (
                        _mm512_loadu_si512(lo.as_ptr().add(j).cast()),
                        _mm512_loadu_si512(hi.as_ptr().add(n - j - 32).cast()),
                    )
                };
                let b = _mm512_shuffle_epi8(b, rev_words);
                let x = _mm512_xor_si512(a, _mm512_shuffle_i64x2::<0b00_01_10_11>(b, b));
                // Byte x / 8 of the set (in the low byte of each word).
                let byte = set_bytes::<T>(_mm512_srli_epi16::<3>(x), &table);
                // 1 << (x % 8) in the low byte, 0 in the high byte.
                let bit = _mm512_shuffle_epi8(pow2, _mm512_ternarylogic_epi32::<0xEA>(x, seven, top));
                let k = _mm512_test_epi16_mask(byte, bit);
                // SAFETY: count is at most 32 per step before this one, so the
                // 32 words stored at `count` lie within `hits` (32 * BLOCK + 32
                // words).
                unsafe {
                    _mm512_storeu_si512(
                        hits.as_mut_ptr().add(count).cast(),
                        _mm512_maskz_compress_epi16(k, x),
                    )
                };
                count += k.count_ones() as usize;
            }
            if T == 1 {
                // In a register: a chain of one-cycle operations, where
                // clearing in memory chains each hit to the last store; the
                // set {v} is read from a table (three instructions a hit,
                // where building it took a dozen: Officers 5% faster).
                let mut set = table[0];
                for &v in &hits[..count] {
                    // SAFETY: v & 511 < 512 rows of 64 bytes, aligned to 64.
                    let one = unsafe { _mm512_load_si512(ONE_HOT.0[v as usize & 511].as_ptr().cast()) };
                    set = _mm512_andnot_si512(one, set);
                }
                // SAFETY: `pend` is 256 bytes.
                unsafe { _mm512_storeu_si512(pend.as_mut_ptr().cast(), set) };
                _mm512_test_epi64_mask(set, set) == 0
            } else {
                for &v in &hits[..count] {
                    pend[(v as usize >> 6) & (8 * T - 1)] &= !(1u64 << (v & 63));
                }
                pend[..8 * T].iter().all(|&w| w == 0)
            }
        }};
    }
    // The number of values left in the set (in a register: taking the words
    // out of one costs a dozen instructions a block).
    macro_rules! left {
        () => {{
            let mut sum = _mm512_setzero_si512();
            for i in 0..T {
                // SAFETY: `pend` is 256 bytes, T <= 4 registers of 64.
                sum = _mm512_add_epi64(
                    sum,
                    _mm512_popcnt_epi64(unsafe { _mm512_loadu_si512(pend.as_ptr().add(8 * i).cast()) }),
                );
            }
            _mm512_reduce_add_epi64(sum) as u32
        }};
    }
    // Two streams of steps, taken in turn: pairs i from 0 and from the
    // middle. The first pairs pair a small heap (small values) with a large
    // one, and miss small candidates for long; pairs of two large heaps hit
    // them sooner (~30% fewer pairs for Officers). The order changes no
    // result: the scan ends when the set is empty or all pairs are seen.
    let mid = n / 2;
    let (mut ia, mut ib) = (0, mid);
    const HALF: usize = 32 * BLOCK / 2;
    // A first short block: in many games (0.16) the set is empty after a
    // few dozen pairs.
    if 32 <= mid && mid + 32 <= n {
        if block!([0, mid]) {
            pending.fill(0);
            return true;
        }
        ia += 32;
        ib += 32;
    }
    while ia + HALF <= mid && ib + HALF <= n {
        if left!() <= 2 {
            break;
        }
        let at: [usize; BLOCK] = std::array::from_fn(|s| if s % 2 == 0 { ia } else { ib } + 32 * (s / 2));
        if block!(at) {
            pending.fill(0);
            return true;
        }
        ia += HALF;
        ib += HALF;
    }
    // One or two values left (the last ones often need as many pairs as
    // all the others): two compares a step instead of the lookup.
    let count = left!();
    if count <= 2 {
        // The values left, the first one twice if only one.
        let mut want = [u16::MAX; 2];
        for (w, &x) in pend[..8 * T].iter().enumerate() {
            let mut x = x;
            while x != 0 {
                let v = (w * 64 + x.trailing_zeros() as usize) as u16;
                if want[0] == u16::MAX {
                    want = [v, v];
                } else {
                    want[1] = v;
                }
                x &= x - 1;
            }
        }
        let mut xs = [0u16; 32];
        while ia + 32 <= mid || ib + 32 <= n {
            for (at, end) in [(ia, mid), (ib, n)] {
                if at + 32 > end {
                    continue;
                }
                // SAFETY: at + 32 <= end <= n: lo[at..at + 32] and
                // hi[n − at − 32..n − at] are in bounds.
                let (a, b) = unsafe {
                    (
                        _mm512_loadu_si512(lo.as_ptr().add(at).cast()),
                        _mm512_loadu_si512(hi.as_ptr().add(n - at - 32).cast()),
                    )
                };
                let b = _mm512_shuffle_epi8(b, rev_words);
                let x = _mm512_xor_si512(a, _mm512_shuffle_i64x2::<0b00_01_10_11>(b, b));
                let k = _mm512_cmpeq_epi16_mask(x, _mm512_set1_epi16(want[0] as i16))
                    | _mm512_cmpeq_epi16_mask(x, _mm512_set1_epi16(want[1] as i16));
                if k != 0 {
                    // SAFETY: `xs` holds 32 words.
                    unsafe { _mm512_storeu_si512(xs.as_mut_ptr().cast(), x) };
                    for w in want.iter_mut() {
                        if xs.contains(w) {
                            *w = u16::MAX;
                        }
                    }
                    if want == [u16::MAX; 2] {
                        pending.fill(0);
                        return true;
                    }
                    // The value left, twice.
                    let v = want[0].min(want[1]);
                    want = [v, v];
                }
            }
            if ia + 32 <= mid {
                ia += 32;
            }
            if ib + 32 <= n {
                ib += 32;
            }
        }
        pend = [0; 32];
        for v in want.into_iter().filter(|&v| v != u16::MAX) {
            pend[(v as usize >> 6) & (8 * T - 1)] |= 1 << (v & 63);
        }
    }
    pending.copy_from_slice(&pend[..words]);
    // The pairs left at the end of each stream (at most 32 * BLOCK / 2 + 1
    // each): i in [ia, mid) and [ib, n).
    clear_pair_values_scalar(&lo[ia..mid], &hi[n - mid..n - ia], pending)
        || clear_pair_values_scalar(&lo[ib..n], &hi[..n - ib], pending)
}

/// Candidates checked per heap by [`check_candidates`].
pub(crate) const CANDIDATES: usize = 8;

/// Heaps per call of [`check_candidates`] (one bit each in a `u64`).
pub(crate) const CHECK_HEAPS: usize = 64;

/// Which candidates some checked position gives: bit i of word j is set
/// when `vals[s + i] ^ gs == cand[j][i]` for some `(s, gs)` in `starts`,
/// for heaps `i < heaps`.
///
/// Every `s + heaps` must be at most `vals.len()`; unused candidates are
/// `u16::MAX`, which no value xor another below 2^15 equals.
pub(crate) fn check_candidates(
    isa: Isa,
    vals: &[u16],
    starts: &[(usize, u16)],
    cand: &[[u16; CHECK_HEAPS]; CANDIDATES],
    heaps: usize,
) -> [u64; CANDIDATES] {
    assert!(heaps <= CHECK_HEAPS && starts.iter().all(|&(s, _)| s + heaps <= vals.len()));
    #[cfg(target_arch = "x86_64")]
    {
        if isa.avx512bw {
            // SAFETY: the CPU supports AVX-512 F and BW (`isa` is detected;
            // BW implies F); the reads are in bounds (asserted above).
            return unsafe { check_candidates_avx512(vals, starts, cand, heaps) };
        }
    }
    check_candidates_scalar(vals, starts, cand, heaps)
}

/// The plain form of [`check_candidates`].
fn check_candidates_scalar(
    vals: &[u16],
    starts: &[(usize, u16)],
    cand: &[[u16; CHECK_HEAPS]; CANDIDATES],
    heaps: usize,
) -> [u64; CANDIDATES] {
    let mut hit = [0u64; CANDIDATES];
    for &(s, gs) in starts {
        for (i, &v) in vals[s..s + heaps].iter().enumerate() {
            let x = v ^ gs;
            for (h, c) in hit.iter_mut().zip(cand) {
                *h |= u64::from(x == c[i]) << i;
            }
        }
    }
    hit
}

/// [`check_candidates`] for 32 heaps at a time: one load and one xor per
/// position and block of heaps, then per candidate an xor and an unsigned
/// minimum, which is 0 in the lanes that some position hits. (A compare
/// into a mask register per candidate, ORed into a word, took Officers
/// to 10^6 on two threads 5% longer.)
///
/// # Safety
/// The CPU must support AVX-512 F and BW, and `vals[s..s + heaps]` must be
/// in bounds for every start `s`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn check_candidates_avx512(
    vals: &[u16],
    starts: &[(usize, u16)],
    cand: &[[u16; CHECK_HEAPS]; CANDIDATES],
    heaps: usize,
) -> [u64; CANDIDATES] {
    use std::arch::x86_64::*;
    let mut hit = [0u64; CANDIDATES];
    for block in 0..heaps.div_ceil(32) {
        let lanes = (heaps - 32 * block).min(32);
        let live: __mmask32 = if lanes == 32 { !0 } else { (1u32 << lanes) - 1 };
        // SAFETY: each candidate row holds CHECK_HEAPS = 64 values, so 32
        // from 32 * block (block < 2) are in bounds.
        let c: [__m512i; CANDIDATES] =
            std::array::from_fn(|j| unsafe { _mm512_loadu_si512(cand[j].as_ptr().add(32 * block).cast()) });
        // Per candidate, the least x ^ c over the positions: 0 where one
        // gives it (two vector operations, no mask register traffic).
        let mut acc = [_mm512_set1_epi16(-1); CANDIDATES];
        for &(s, gs) in starts {
            // SAFETY: lanes past `heaps` are masked off (not read); the
            // others are within vals[s..s + heaps] (the caller's contract).
            let x = unsafe { _mm512_maskz_loadu_epi16(live, vals.as_ptr().add(s + 32 * block).cast()) };
            let x = _mm512_xor_si512(x, _mm512_set1_epi16(gs as i16));
            for (a, &cj) in acc.iter_mut().zip(&c) {
                *a = _mm512_min_epu16(*a, _mm512_xor_si512(x, cj));
            }
        }
        for (h, &a) in hit.iter_mut().zip(&acc) {
            let a = _mm512_cmpeq_epi16_mask(a, _mm512_setzero_si512());
            *h |= u64::from(a & live) << (32 * block);
        }
    }
    hit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_turns_on_what_the_cpu_has_up_to_it() {
        let plain = Isa::detect(Simd::Plain);
        assert_eq!(
            (plain.avx2, plain.avx512bw, plain.avx512_scan),
            (false, false, false)
        );
        assert_eq!(plain.level(), Simd::Plain);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let avx2 = Isa::detect(Simd::Avx2);
            assert_eq!(
                (avx2.avx2, avx2.avx512bw, avx2.avx512_scan),
                (has!("avx2"), false, false)
            );
            let best = Isa::detect(Simd::Avx512);
            let scan = has!("avx512bw")
                && has!("avx512vbmi")
                && has!("avx512vbmi2")
                && has!("avx512vpopcntdq")
                && has!("popcnt");
            assert_eq!(
                (best.avx2, best.avx512bw, best.avx512_scan),
                (has!("avx2"), has!("avx512bw"), scan)
            );
        }
    }

    /// Every instruction level this CPU offers, the plain one first.
    fn levels() -> Vec<Isa> {
        let mut v = vec![Isa::detect(Simd::Plain)];
        for s in [Simd::Avx2, Simd::Avx512] {
            let isa = Isa::detect(s);
            if !v.contains(&isa) {
                v.push(isa);
            }
        }
        v
    }

    #[test]
    fn candidate_checks_agree_with_a_plain_loop() {
        let vals: Vec<u16> = (0..3000u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 23) as u16 % 300)
            .collect();
        let starts: Vec<(usize, u16)> = (0..200).map(|k| (k * 13 % 2900, (k * 7 % 300) as u16)).collect();
        for heaps in [1usize, 17, 32, 33, 64] {
            let mut cand = [[u16::MAX; CHECK_HEAPS]; CANDIDATES];
            for (j, row) in cand.iter_mut().enumerate() {
                for (i, c) in row.iter_mut().enumerate().take(heaps) {
                    *c = ((i * 31 + j * 57) % 320) as u16;
                }
            }
            let mut plain = [0u64; CANDIDATES];
            for (j, row) in cand.iter().enumerate() {
                for i in 0..heaps {
                    if starts.iter().any(|&(s, gs)| vals[s + i] ^ gs == row[i]) {
                        plain[j] |= 1 << i;
                    }
                }
            }
            for isa in levels() {
                assert_eq!(
                    check_candidates(isa, &vals, &starts, &cand, heaps),
                    plain,
                    "{heaps} heaps, {isa:?}"
                );
            }
            assert!(plain.iter().any(|&w| w != 0) && plain.iter().any(|&w| w != !0));
        }
    }

    #[test]
    fn one_word_marks_agree_with_the_general_marks() {
        let vals: Vec<u16> = (0..400u16).map(|i| i.wrapping_mul(29) % 64).collect();
        let rare: Vec<(u32, u16)> = vec![(40, 3), (41, 0), (90, 63), (150, 17)];
        for isa in levels() {
            for heaps in [1usize, 5, 64, 100] {
                let mut one = vec![0u64; heaps];
                let mut general = vec![0u64; heaps];
                mark_batch64(isa, &mut one, heaps, &vals, &rare, 200);
                mark_batch_body(&mut general, 1, heaps, &vals, &rare, 200);
                assert_eq!(one, general, "{heaps} heaps, {isa:?}");
                assert!(one.iter().all(|&w| w != 0));
            }
        }
    }

    #[test]
    fn rare_mask_agrees_with_a_plain_loop() {
        let win: Vec<u16> = (0..300u16).map(|i| i.wrapping_mul(37) % 61).collect();
        for count in [0usize, 1, 3, 4, 5, 9, 40] {
            let rare: Vec<(u32, u16)> = (0..count as u32)
                .map(|i| (1 + 7 * i, (i * 13 % 64) as u16))
                .collect();
            let top = 290;
            let want = rare.iter().fold(0u64, |m, &(p, gp)| {
                m | 1u64 << ((gp ^ win[top - p as usize]) & 63)
            });
            // SAFETY: `rare` is sorted by p.
            assert_eq!(unsafe { rare_mask64(&win, top, &rare) }, want, "{count} rare");
        }
    }

    #[test]
    fn pair_search_agrees_with_a_plain_loop() {
        let mut s = 12345u64;
        for len in [0usize, 1, 5, 63, 64, 65, 200, 1000] {
            let lo: Vec<u16> = (0..len)
                .map(|_| {
                    s = s
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (s >> 58) as u16
                })
                .collect();
            let hi: Vec<u16> = lo.iter().rev().map(|x| x.rotate_left(3) & 63).collect();
            for v in 0..70u16 {
                let want = (0..len).any(|i| lo[i] ^ hi[len - 1 - i] == v);
                for isa in levels() {
                    assert_eq!(any_pair_is(isa, &lo, &hi, v), want, "len {len} v {v} {isa:?}");
                    if v < 64 {
                        let got = pair_mask64(isa, &lo, &hi) >> v & 1 == 1;
                        assert_eq!(got, want, "len {len} v {v} {isa:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_last_one_or_two_values_are_found_wherever_they_are() {
        // Pair values are 1..=200 except where a hit is planted; pending
        // holds a few values from 300 on, hit (or not) anywhere.
        let len = 6000usize;
        let lo: Vec<u16> = (0..len).map(|i| (i % 200 + 1) as u16).collect();
        let plant = |hits: &[(usize, u16)]| {
            // hi[len − 1 − i] makes pair i's value lo[i] ^ hi[..].
            let mut hi = vec![0u16; len];
            for &(i, v) in hits {
                hi[len - 1 - i] = lo[i] ^ v;
            }
            hi
        };
        let cases: [&[(usize, u16)]; 7] = [
            &[(5, 300), (4000, 301), (5990, 302)],
            // The larger of the last two is hit, the smaller never.
            &[(5, 302), (4000, 301)],
            &[(10, 300), (2999, 301), (3000, 302)],
            &[(1, 300), (2, 301)],
            &[(5999, 300), (4500, 302)],
            &[(300, 300), (301, 301), (302, 302), (5000, 303)],
            &[],
        ];
        for hits in cases {
            let hi = plant(hits);
            for pend_values in [
                &[300u16, 301, 302][..],
                &[300, 301, 302, 303, 304],
                &[302],
                &[300, 303],
            ] {
                let mut pending = vec![0u64; 8];
                for &v in pend_values {
                    pending[v as usize >> 6] |= 1 << (v & 63);
                }
                let (want, empty) = plain_clear(&lo, &hi, &pending);
                for isa in levels() {
                    let mut got = pending.clone();
                    assert_eq!(
                        clear_pair_values(isa, &lo, &hi, &mut got),
                        empty,
                        "{hits:?} {pend_values:?} {isa:?}"
                    );
                    if !empty {
                        assert_eq!(got, want, "{hits:?} {pend_values:?} {isa:?}");
                    }
                }
            }
        }
    }

    /// `pending` less every pair value `lo[i] ^ hi[len − 1 − i]`, and
    /// whether that leaves it empty: what `clear_pair_values` must give.
    fn plain_clear(lo: &[u16], hi: &[u16], pending: &[u64]) -> (Vec<u64>, bool) {
        let mut want = pending.to_vec();
        for (i, &a) in lo.iter().enumerate() {
            let x = (a ^ hi[lo.len() - 1 - i]) as usize;
            want[x >> 6] &= !(1u64 << (x & 63));
        }
        let empty = want.iter().all(|&w| w == 0);
        (want, empty)
    }

    #[test]
    fn clearing_pair_values_agrees_with_a_plain_loop() {
        let mut s = 777u64;
        let mut rnd = |m: u64| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 32) % m
        };
        for words in [1usize, 2, 4, 8, 16, 32, 64] {
            for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 47, 64, 100, 1000, 4001] {
                for _ in 0..20 {
                    let bound = words as u64 * 64;
                    let lo: Vec<u16> = (0..len).map(|_| rnd(bound) as u16).collect();
                    let hi: Vec<u16> = (0..len).map(|_| rnd(bound) as u16).collect();
                    let pending: Vec<u64> = (0..words)
                        .map(|_| {
                            if rnd(3) == 0 {
                                0
                            } else {
                                rnd(1 << 32) << 32 | rnd(1 << 32)
                            }
                        })
                        .collect();
                    let (want, empty) = plain_clear(&lo, &hi, &pending);
                    for isa in levels() {
                        let mut got = pending.clone();
                        assert_eq!(clear_pair_values(isa, &lo, &hi, &mut got), empty, "{isa:?}");
                        if !empty {
                            assert_eq!(got, want, "words {words} len {len} {isa:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn byte_row_marking_agrees_with_bit_marking() {
        let mut s = 99u64;
        let mut rnd = |m: u64| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 33) % m
        };
        for words in [1usize, 2, 8, 64, 512] {
            let bound = words as u64 * 64;
            let vals: Vec<u16> = (0..3000).map(|_| rnd(bound) as u16).collect();
            for heaps in [1usize, 7, 17, 33, 64, 65, 200] {
                let rare: Vec<(u32, u16)> = (0..40)
                    .map(|_| (rnd(1000) as u32 + 1, rnd(bound) as u16))
                    .collect();
                let off = 1500;
                let mut want = vec![0u64; heaps * words];
                mark_batch_body(&mut want, words, heaps, &vals, &rare, off);
                for isa in levels() {
                    let mut got = vec![0u64; heaps * words];
                    mark_batch(isa, &mut got, words, heaps, &vals, &rare, off);
                    assert_eq!(got, want, "words {words} heaps {heaps} {isa:?}");
                }
                // With fewer than MIN_BYTE_MARKS positions `mark_batch`
                // marks bits: call the byte rows directly.
                #[cfg(target_arch = "x86_64")]
                if Isa::detect(Simd::Avx512).avx512bw {
                    let mut got = vec![0u64; heaps * words];
                    // SAFETY: the CPU supports AVX-512 F and BW (detected),
                    // and every read lies within `vals`.
                    unsafe { mark_batch_avx512(&mut got, words, heaps, &vals, &rare, off) };
                    assert_eq!(got, want, "AVX-512, words {words} heaps {heaps}");
                }
                #[cfg(target_arch = "x86_64")]
                if Isa::detect(Simd::Avx2).avx2 {
                    let mut got = vec![0u64; heaps * words];
                    // SAFETY: the CPU supports AVX2 (detected), and every
                    // read lies within `vals`.
                    unsafe { mark_batch_bytes_avx2(&mut got, words, heaps, &vals, &rare, off) };
                    assert_eq!(got, want, "AVX2 bytes, words {words} heaps {heaps}");
                }
            }
        }
    }

    #[test]
    fn clearing_stops_when_every_pending_value_is_hit() {
        let lo: Vec<u16> = (0..500u16).map(|i| (i * 7) % 300).collect();
        let hi: Vec<u16> = (0..500u16).map(|i| (i * 13 + 5) % 311).collect();
        for cut in [1usize, 31, 32, 33, 100, 499, 500] {
            // The values of the pairs i < cut of lo[..cut] with hi[..cut].
            let (l, h) = (&lo[..cut], &hi[..cut]);
            let mut pending = vec![0u64; 8];
            for i in 0..cut {
                let x = (l[i] ^ h[cut - 1 - i]) as usize;
                pending[x >> 6] |= 1 << (x & 63);
            }
            for isa in levels() {
                let mut p = pending.clone();
                assert!(clear_pair_values(isa, l, h, &mut p), "cut {cut} {isa:?}");
                // One more value, no pair's: left over.
                let mut p = pending.clone();
                let free = (0..512).find(|&v| pending[v >> 6] >> (v & 63) & 1 == 0).unwrap();
                p[free >> 6] |= 1 << (free & 63);
                assert!(!clear_pair_values(isa, l, h, &mut p), "cut {cut} {isa:?}");
                let mut want = vec![0u64; 8];
                want[free >> 6] |= 1 << (free & 63);
                assert_eq!(p, want, "{isa:?}");
            }
        }
    }
}
