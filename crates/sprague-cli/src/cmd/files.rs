//! The files commands write whole (`table --out`/`--checkpoint`, `plot -o`,
//! `survey --report -o`): where they go (checked before any computing), how
//! they are replaced (atomically: a crash, a full disk or a failed draw
//! leaves the old file as it was), and the lock that keeps two runs off one
//! checkpoint.

use anyhow::{bail, Context};
use std::ffi::OsStr;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Writes `path` so that a crash at any moment leaves either the old file
/// or the new one: the temporary file `tmp` beside it, fsync, rename, fsync
/// of the directory.
pub fn atomic_write(
    path: &Path,
    tmp: &Path,
    write: impl FnOnce(&mut BufWriter<&File>) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let ctx = || format!("cannot write `{}`", path.display());
    let file = File::create(tmp).with_context(ctx)?;
    let written = (|| {
        // The default 8 KiB buffer: large writes (a table's values) pass
        // straight through it, and a run that stopped because memory was
        // refused still has room for it when it saves its checkpoint.
        let mut w = BufWriter::new(&file);
        write(&mut w)?;
        w.flush()?;
        drop(w);
        file.sync_all()
    })();
    drop(file);
    if let Err(e) = written.and_then(|()| fs::rename(tmp, path)) {
        // Leave no half-written file behind.
        let _ = fs::remove_file(tmp);
        return Err(e).with_context(ctx);
    }
    // Make the rename itself durable (not possible on every platform).
    if let Ok(d) = File::open(directory(path)) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Writes `path` atomically through `render`, which writes a file by name
/// (plotters' backends do): it is given a temporary sibling of this
/// process's own that ends in the same extension (`.NAME.PID.tmp.EXT`,
/// the extension picks the format), which is then fsynced and renamed over
/// `path`. On any failure the temporary is removed and `path` is left as it
/// was.
pub fn atomic_render(path: &Path, render: impl FnOnce(&Path) -> std::io::Result<()>) -> anyhow::Result<()> {
    let ctx = || format!("cannot write `{}`", path.display());
    let name = path.file_name().unwrap_or(OsStr::new("")).to_string_lossy();
    let mut tmp = format!(".{name}.{}.tmp", std::process::id());
    if let Some(ext) = path.extension() {
        tmp = format!("{tmp}.{}", ext.to_string_lossy());
    }
    let tmp = path.with_file_name(tmp);
    let done = render(&tmp)
        .and_then(|()| File::open(&tmp)?.sync_all())
        .and_then(|()| fs::rename(&tmp, path));
    if let Err(e) = done {
        let _ = fs::remove_file(&tmp);
        return Err(e).with_context(ctx);
    }
    if let Ok(d) = File::open(directory(path)) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The file that a run writes for `flag` at `path`: the path itself, or
/// the file a symbolic link there points to (writing replaces it whole, so
/// a link would be replaced instead of its target). An error, before any
/// computing, if it is not a regular file or no file can be made beside it.
pub fn target(path: &Path, flag: &str) -> anyhow::Result<PathBuf> {
    /// Links followed at most (as Linux does).
    const HOPS: usize = 40;
    let shown = path.display();
    if path.as_os_str().is_empty() || path.as_os_str().to_string_lossy().ends_with('/') {
        bail!("{flag} `{shown}`: give a file name");
    }
    // Follow links one at a time: the last one may point to a file not
    // made yet, which is then the one to write.
    let mut file = path.to_path_buf();
    for hop in 0.. {
        match fs::symlink_metadata(&file) {
            Ok(m) if m.file_type().is_symlink() => {
                if hop == HOPS {
                    bail!("{flag} `{shown}`: too many levels of symbolic links");
                }
                let to = fs::read_link(&file).map_err(|e| anyhow::anyhow!("{flag} `{shown}`: {e}"))?;
                file = file.parent().map_or(to.clone(), |dir| dir.join(&to));
            }
            Ok(m) if !m.is_file() => {
                bail!("{flag} `{shown}` is not a regular file (sprague replaces the file it writes)")
            }
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => break,
            Err(e) => bail!("{flag} `{shown}`: {e}"),
        }
    }
    // Probe with a name of this process's own, made new: no file that is
    // already there is touched.
    let probe = directory(&file).join(format!(".sprague-probe-{}", std::process::id()));
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .and_then(|_| fs::remove_file(&probe))
        .map_err(|e| anyhow::anyhow!("{flag} `{shown}`: cannot write there ({e})"))?;
    Ok(file)
}

/// Where `file` (a path `target` returned) really is: its directory with
/// every link resolved, and its name; two names of one file compare equal
/// (hard links aside).
pub fn identity(file: &Path) -> Option<PathBuf> {
    Some(fs::canonicalize(directory(file)).ok()?.join(file.file_name()?))
}

/// `path` with `suffix` added to its file name.
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or(OsStr::new("")).to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// The directory `path` lies in (`.` for a bare name).
fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// An exclusive lock on a checkpoint for the length of a run: the file
/// `CHECKPOINT.lock`, locked with the operating system's advisory lock
/// (which ends with the process, even on SIGKILL) and removed when the run
/// ends.
#[derive(Debug)]
pub struct RunLock {
    path: PathBuf,
    _file: File,
}

impl RunLock {
    /// Takes the lock of `checkpoint`, or says which run holds it; errors
    /// name the checkpoint as it was `given` (`checkpoint` is where it
    /// really is, a link resolved).
    pub fn take(checkpoint: &Path, given: &Path) -> anyhow::Result<RunLock> {
        let path = sibling(checkpoint, ".lock");
        let shown = given.display();
        let cannot = |e: std::io::Error| {
            anyhow::anyhow!("--checkpoint `{shown}`: cannot lock `{}` ({e})", path.display())
        };
        // A run that ends removes its lock file after this run opened it
        // but before it locked it: then lock the new file again.
        for _ in 0..100 {
            refuse_foreign(&path, given)?;
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(cannot)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    let holder = fs::read_to_string(&path).unwrap_or_default();
                    let holder = holder.trim();
                    let by = match holder.is_empty() {
                        true => String::new(),
                        false => format!(" (process {holder})"),
                    };
                    bail!("--checkpoint `{shown}` is in use by another sprague run{by}; wait for it to end or give another file");
                }
                Err(TryLockError::Error(e)) => return Err(cannot(e)),
            }
            if still_named(&file, &path) {
                file.set_len(0).map_err(cannot)?;
                let _ = write!(file, "{}", std::process::id());
                return Ok(RunLock { path, _file: file });
            }
        }
        bail!(
            "--checkpoint `{shown}`: cannot lock `{}` (it keeps being replaced)",
            path.display()
        )
    }
}

/// An error unless `path` is missing or looks like a lock file of
/// sprague's (a regular file holding nothing or a process id, perhaps with
/// a newline as a pid file written by hand has), so that a
/// lock never empties or removes a file of the user's, or one a link
/// points to.
fn refuse_foreign(path: &Path, given: &Path) -> anyhow::Result<()> {
    let foreign = match fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(_) => false, // Opening it reports the error.
        Ok(m) if !m.is_file() => true,
        Ok(m) => {
            m.len() > 20
                || !fs::read(path)
                    .map(|b| b.trim_ascii_end().iter().all(u8::is_ascii_digit))
                    .unwrap_or(true)
        }
    };
    if foreign {
        bail!(
            "--checkpoint `{}`: `{}` exists and is not a sprague lock file (a run locks that name); move it away or give another checkpoint",
            given.display(),
            path.display()
        );
    }
    Ok(())
}

impl Drop for RunLock {
    fn drop(&mut self) {
        // Removed while still locked: the file closes after this body.
        let _ = fs::remove_file(&self.path);
    }
}

/// Whether `path` still names the open file `file`.
#[cfg(unix)]
fn still_named(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Whether `path` still names the open file `file` (elsewhere files in
/// use cannot be removed, so it always does).
#[cfg(not(unix))]
fn still_named(_file: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sprague-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_second_lock_on_one_checkpoint_is_refused_until_the_first_ends() {
        let dir = scratch("lock");
        let ck = dir.join("run.ck");
        let first = RunLock::take(&ck, &ck).unwrap();
        let err = RunLock::take(&ck, &ck).unwrap_err().to_string();
        assert!(err.contains("in use by another sprague run"), "{err}");
        assert!(err.contains(&format!("process {}", std::process::id())), "{err}");
        drop(first);
        assert!(
            !sibling(&ck, ".lock").exists(),
            "the lock file is removed at the end"
        );
        let again = RunLock::take(&ck, &ck).unwrap();
        drop(again);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_never_empties_or_removes_a_file_that_is_not_its_own() {
        let dir = scratch("foreign");
        let ck = dir.join("run.ck");
        let lock = sibling(&ck, ".lock");
        let victim = dir.join("victim");
        fs::write(&victim, b"precious data").unwrap();
        std::os::unix::fs::symlink(&victim, &lock).unwrap();
        let err = RunLock::take(&ck, &ck).unwrap_err().to_string();
        assert!(err.contains("is not a sprague lock file"), "{err}");
        fs::remove_file(&lock).unwrap();
        fs::write(&lock, b"my notes").unwrap();
        assert!(RunLock::take(&ck, &ck).is_err());
        assert_eq!(fs::read(&lock).unwrap(), b"my notes");
        assert_eq!(fs::read(&victim).unwrap(), b"precious data");
        // A lock file left by a killed run holds its pid: taken over, also
        // with a newline (`echo 12345 > FILE.lock`).
        fs::write(&lock, b"12345").unwrap();
        drop(RunLock::take(&ck, &ck).unwrap());
        fs::write(&lock, b"12345\n").unwrap();
        drop(RunLock::take(&ck, &ck).unwrap());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_probe_leaves_other_files_alone() {
        let dir = scratch("probe");
        let out = dir.join("seq.bin");
        let tmp = sibling(&out, ".tmp");
        fs::write(&tmp, b"someone else's").unwrap();
        assert_eq!(target(&out, "--out").unwrap(), out);
        assert_eq!(fs::read(&tmp).unwrap(), b"someone else's");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "the probe is gone");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_leaves_no_temporary() {
        let dir = scratch("atomic");
        let out = dir.join("seq.bin");
        fs::write(&out, b"old").unwrap();
        let tmp = sibling(&out, ".tmp");
        let err = atomic_write(&out, &tmp, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert!(err.is_err());
        assert_eq!(fs::read(&out).unwrap(), b"old");
        assert!(!tmp.exists());
        atomic_write(&out, &tmp, |w| w.write_all(b"new")).unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"new");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_render_keeps_the_old_file_and_leaves_no_temporary() {
        let dir = scratch("render");
        let out = dir.join("plot.png");
        fs::write(&out, b"old").unwrap();
        let err = atomic_render(&out, |tmp| {
            assert_eq!(tmp.extension().unwrap(), "png", "the format is kept");
            fs::write(tmp, b"half")?;
            Err(std::io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            format!("cannot write `{}`: disk full", out.display())
        );
        assert_eq!(fs::read(&out).unwrap(), b"old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary left");
        atomic_render(&out, |tmp| fs::write(tmp, b"new")).unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary left");
        fs::remove_dir_all(&dir).unwrap();
    }
}
