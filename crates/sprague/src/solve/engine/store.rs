//! The two file formats of long runs: checkpoints and sequence files.
//!
//! Both are written to and read from any `Write`/`Read`, so the library
//! stays free of file handling; the CLI adds the atomic rename. All numbers
//! are little-endian.
//!
//! Each format is described on the type a file reads back as:
//! [`Checkpoint`] and [`SequenceFile`].

use super::{Checksum, Period};
use crate::{Error, Result, Setting};
use std::io::{self, Read, Write};

const CKPT_MAGIC: &[u8; 8] = b"SPRGCKPT";
const SEQ_MAGIC: &[u8; 8] = b"SPRGSEQ\0";
const MAX_SPEC: u32 = 4096;
/// The most values a checkpoint or sequence file may claim to hold (2^40,
/// far beyond any run's memory): a larger count is corruption, and would
/// overflow the byte count computed from it.
const MAX_COUNT: u64 = 1 << 40;

/// A writer that keeps the FNV-1a hash of everything written through it.
struct Hashing<W> {
    inner: W,
    hash: u64,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash = fnv(self.hash, &buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

const FNV_BASIS: u64 = 0xcbf2_9ce4_8422_2325;

/// Writes `values` little-endian through a buffer on the stack: a run that
/// stopped because memory was refused can still save its checkpoint.
fn write_values<W: Write>(w: &mut W, values: &[u16]) -> io::Result<()> {
    const CHUNK: usize = 1 << 13;
    let mut buf = [0u8; 2 * CHUNK];
    for chunk in values.chunks(CHUNK) {
        for (out, v) in buf.chunks_exact_mut(2).zip(chunk) {
            out.copy_from_slice(&v.to_le_bytes());
        }
        w.write_all(&buf[..2 * chunk.len()])?;
    }
    Ok(())
}

/// A checkpoint read back: the stored values and how many were computed.
///
/// # Format (`--checkpoint FILE`), version 2, little-endian
///
/// | bytes | content |
/// |---|---|
/// | 8 | magic `SPRGCKPT` |
/// | 4 | version, 2 |
/// | 4 | flags: bit 0 = `--full` |
/// | 8 | N, the last heap of the run |
/// | 4 + s | spec length s, then the canonical spec in UTF-8 |
/// | 8 | c, the number of values that follow |
/// | 8 | m ≥ c, the number of values computed (m > c: the engine's table was folded at a proven period, see [`Engine::resume_folded`](super::Engine::resume_folded)) |
/// | 2·c | g(0), g(1), …, g(c − 1) as u16 |
/// | 8 | FNV-1a 64 of every byte above |
///
/// Version 1 (no m; m = c) is still read.
///
/// A checkpoint is accepted only if every field checks out *and* it belongs
/// to the same run (spec, N and `--full` all equal); anything else is an
/// error, never a silent restart or a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// g(0..c), the values the file holds.
    pub values: Vec<u16>,
    /// m ≥ c, the number of values computed (more than c when the run's
    /// table was folded at a proven period).
    pub computed: u64,
}

/// Writes a checkpoint of a run (format at [`Checkpoint`]):
/// `values` = g(0..c) as the engine stores them, `computed` = m ≥ c.
///
/// # Errors
/// Only those of the writer.
pub fn write_checkpoint<W: Write>(
    w: W,
    spec: &str,
    upto: u64,
    full: bool,
    values: &[u16],
    computed: u64,
) -> io::Result<()> {
    let mut w = Hashing {
        inner: w,
        hash: FNV_BASIS,
    };
    w.write_all(CKPT_MAGIC)?;
    w.write_all(&2u32.to_le_bytes())?;
    w.write_all(&u32::from(full).to_le_bytes())?;
    w.write_all(&upto.to_le_bytes())?;
    w.write_all(&(spec.len() as u32).to_le_bytes())?;
    w.write_all(spec.as_bytes())?;
    w.write_all(&(values.len() as u64).to_le_bytes())?;
    debug_assert!(computed >= values.len() as u64);
    w.write_all(&computed.max(values.len() as u64).to_le_bytes())?;
    write_values(&mut w, values)?;
    let h = w.hash;
    w.inner.write_all(&h.to_le_bytes())?;
    w.inner.flush()
}

/// Reads a checkpoint and checks that it belongs to this run.
///
/// # Arguments
/// * `r`: the checkpoint's bytes; `name`: the file name for messages.
/// * `spec`, `upto`, `full`: the run that wants to resume.
///
/// # Returns
/// The values g(0..c) it holds and the number computed, or a one-line
/// [`Error::BadFile`] saying what is wrong: bad magic, unknown version,
/// truncated, bad checksum, another game, another N, another `--full`.
pub fn read_checkpoint<R: Read>(r: R, name: &str, spec: &str, upto: u64, full: bool) -> Result<Checkpoint> {
    let bad = |reason: String| Error::BadFile {
        file: name.to_string(),
        reason,
    };
    let mut r = Reader {
        inner: r,
        hash: FNV_BASIS,
        name,
    };
    let mut magic = [0u8; 8];
    r.exact(&mut magic)?;
    if &magic != CKPT_MAGIC {
        return Err(bad("not a sprague checkpoint (bad magic)".into()));
    }
    let version = r.u32()?;
    if version != 1 && version != 2 {
        return Err(bad(format!(
            "checkpoint version {version} is not supported (expected 1 or 2)"
        )));
    }
    let flags = r.u32()?;
    if flags & !1 != 0 {
        return Err(bad(format!("corrupt checkpoint (unknown flags {flags:#x})")));
    }
    let their_upto = r.u64()?;
    let spec_len = r.u32()?;
    if spec_len > MAX_SPEC {
        return Err(bad("corrupt checkpoint (spec too long)".into()));
    }
    let mut their_spec = vec![0u8; spec_len as usize];
    r.exact(&mut their_spec)?;
    let their_spec =
        String::from_utf8(their_spec).map_err(|_| bad("corrupt checkpoint (spec is not UTF-8)".into()))?;
    let count = r.u64()?;
    let computed = if version == 1 { count } else { r.u64()? };
    if count == 0
        || count > MAX_COUNT
        || computed < count
        || computed > their_upto.saturating_add(1)
        || (computed > count && flags & 1 == 0)
    {
        return Err(bad(format!(
            "corrupt checkpoint ({count} values stored, {computed} computed, for N = {their_upto})"
        )));
    }
    let mut values = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut left = count as usize * 2;
    while left > 0 {
        let n = left.min(buf.len());
        r.exact(&mut buf[..n])?;
        values.extend(buf[..n].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])));
        left -= n;
    }
    let want = r.hash;
    let mut tail = [0u8; 8];
    r.exact(&mut tail)?;
    if u64::from_le_bytes(tail) != want {
        return Err(bad("corrupt checkpoint (checksum mismatch)".into()));
    }
    let mut extra = [0u8; 1];
    if r.inner.read(&mut extra).map_err(|e| bad(e.to_string()))? != 0 {
        return Err(bad("corrupt checkpoint (trailing bytes)".into()));
    }
    if their_spec != spec {
        return Err(bad(format!(
            "checkpoint is for `{their_spec}`, not `{spec}`; remove it or pick another file"
        )));
    }
    let mismatch = |setting, reason| Error::Mismatch {
        file: name.to_string(),
        setting,
        reason,
    };
    if their_upto != upto {
        return Err(mismatch(
            Setting::Upto,
            format!(
                "checkpoint is for a run to N = {their_upto}, not {upto}; remove it or pick another file"
            ),
        ));
    }
    if (flags & 1 != 0) != full {
        return Err(mismatch(
            Setting::Full,
            format!(
                "checkpoint was written by a run that {}; resume it with the same settings",
                if flags & 1 != 0 {
                    "keeps every value (full)"
                } else {
                    "stops at a proven period"
                }
            ),
        ));
    }
    if values[0] != 0 {
        return Err(bad("corrupt checkpoint (g(0) is not 0)".into()));
    }
    Ok(Checkpoint { values, computed })
}

struct Reader<'a, R> {
    inner: R,
    hash: u64,
    name: &'a str,
}

impl<R: Read> Reader<'_, R> {
    fn exact(&mut self, buf: &mut [u8]) -> Result<()> {
        self.inner.read_exact(buf).map_err(|e| Error::BadFile {
            file: self.name.to_string(),
            reason: if e.kind() == io::ErrorKind::UnexpectedEof {
                "truncated file".into()
            } else {
                e.to_string()
            },
        })?;
        self.hash = fnv(self.hash, buf);
        Ok(())
    }
    fn u32(&mut self) -> Result<u32> {
        let mut b = [0u8; 4];
        self.exact(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }
    fn u64(&mut self) -> Result<u64> {
        let mut b = [0u8; 8];
        self.exact(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
}

/// Writes a sequence file (format at [`SequenceFile`]) of the
/// values g(0..c), given as consecutive slices (e.g.
/// [`super::Engine::chunks`]) that hold `count` = c values in all.
///
/// # Errors
/// Those of the writer, and `InvalidInput` if the slices do not hold
/// `count` values (the file is then incomplete).
pub fn write_sequence<'a, W: Write>(
    mut w: W,
    spec: &str,
    upto: u64,
    count: u64,
    values: impl IntoIterator<Item = &'a [u16]>,
    period: Option<Period>,
) -> io::Result<()> {
    w.write_all(SEQ_MAGIC)?;
    w.write_all(&1u16.to_le_bytes())?;
    w.write_all(&2u16.to_le_bytes())?;
    w.write_all(&(spec.len() as u32).to_le_bytes())?;
    w.write_all(spec.as_bytes())?;
    w.write_all(&upto.to_le_bytes())?;
    w.write_all(&count.to_le_bytes())?;
    let (o, p) = period.map_or((0, 0), |p| (p.preperiod, p.period));
    w.write_all(&o.to_le_bytes())?;
    w.write_all(&p.to_le_bytes())?;
    let mut sum = Checksum::new();
    let mut written = 0u64;
    for chunk in values {
        write_values(&mut w, chunk)?;
        sum.add(chunk);
        written += chunk.len() as u64;
    }
    if written != count {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{written} values given for a sequence file of {count}"),
        ));
    }
    w.write_all(&sum.value().to_le_bytes())?;
    w.flush()
}

/// A sequence file read back.
///
/// # Format (`--out FILE`), version 1, little-endian
///
/// | bytes | content |
/// |---|---|
/// | 8 | magic `SPRGSEQ\0` |
/// | 2 | version, 1 |
/// | 2 | width: bytes per value, 2 |
/// | 4 + s | spec length s, then the canonical spec in UTF-8 |
/// | 8 | N, the last heap asked for |
/// | 8 | c, the number of values that follow (N + 1 unless the run stopped at a proven period) |
/// | 8 | pre-period o of a proven period, or 0 |
/// | 8 | period p, or 0 if none was proven |
/// | 2·c | g(0), …, g(c − 1) as u16 |
/// | 8 | the checksum of the values ([`Checksum`]) |
///
/// When p ≠ 0, g(n) for n ≥ c is g(o + (n − o) mod p).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceFile {
    /// The game's canonical spec.
    pub spec: String,
    /// The last heap asked for.
    pub upto: u64,
    /// `(pre-period, period)` when a period was proven.
    pub period: Option<(u64, u64)>,
    /// g(0..values.len()).
    pub values: Vec<u16>,
}

/// Reads a sequence file, checking its magic, version, length and checksum.
pub fn read_sequence<R: Read>(r: R, name: &str) -> Result<SequenceFile> {
    let bad = |reason: &str| Error::BadFile {
        file: name.to_string(),
        reason: reason.to_string(),
    };
    let mut r = Reader {
        inner: r,
        hash: FNV_BASIS,
        name,
    };
    let mut magic = [0u8; 8];
    r.exact(&mut magic)?;
    if &magic != SEQ_MAGIC {
        return Err(bad("not a sprague sequence file (bad magic)"));
    }
    let mut b2 = [0u8; 4];
    r.exact(&mut b2)?;
    if b2 != [1, 0, 2, 0] {
        return Err(bad("unsupported sequence file version or width"));
    }
    let spec_len = r.u32()?;
    if spec_len > MAX_SPEC {
        return Err(bad("corrupt sequence file (spec too long)"));
    }
    let mut spec = vec![0u8; spec_len as usize];
    r.exact(&mut spec)?;
    let spec = String::from_utf8(spec).map_err(|_| bad("corrupt sequence file (spec is not UTF-8)"))?;
    let upto = r.u64()?;
    let count = r.u64()?;
    let (o, p) = (r.u64()?, r.u64()?);
    if count > upto.saturating_add(1) || count > MAX_COUNT {
        return Err(bad("corrupt sequence file (bad length)"));
    }
    let mut values = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut left = count as usize * 2;
    while left > 0 {
        let n = left.min(buf.len());
        r.exact(&mut buf[..n])?;
        values.extend(buf[..n].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])));
        left -= n;
    }
    let sum = r.u64()?;
    if sum != Checksum::of(&values) {
        return Err(bad("corrupt sequence file (checksum mismatch)"));
    }
    Ok(SequenceFile {
        spec,
        upto,
        period: (p != 0).then_some((o, p)),
        values,
    })
}
