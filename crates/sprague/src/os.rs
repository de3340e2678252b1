//! What a long-running front end (the web server) asks of the operating
//! system about the threads that compute: a thread's CPU time, and handing
//! freed memory back. Linux only; elsewhere these do nothing.
//!
//! Why it is here: these calls have no safe wrapper in a well-kept crate,
//! and the front ends forbid unsafe code; the library keeps each unsafe
//! call behind a safe function, under its lints for unsafe code. No I/O.

/// Hands the heap's free pages back to the system: glibc's malloc keeps
/// what a computation freed in its arenas (gigabytes after a large graph
/// of sums) unless asked to trim them.
pub fn give_memory_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory; it is thread-safe.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The CPU clock of a running thread: how much CPU time it has used, on
/// Linux; elsewhere none (the caller falls back to wall-clock time).
#[derive(Debug)]
pub struct CpuClock {
    #[cfg(target_os = "linux")]
    id: libc::clockid_t,
}

impl CpuClock {
    /// The clock of the thread of `handle` (which must stay unjoined while
    /// the clock is read, so that the thread's id stays valid).
    pub fn of<T>(handle: &std::thread::JoinHandle<T>) -> Option<CpuClock> {
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::thread::JoinHandleExt;
            let mut id: libc::clockid_t = 0;
            // SAFETY: the thread is not joined nor detached while `handle`
            // lives, so its pthread_t is valid; `id` is a valid out pointer.
            let r = unsafe { libc::pthread_getcpuclockid(handle.as_pthread_t(), &mut id) };
            (r == 0).then_some(CpuClock { id })
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = handle;
            None
        }
    }

    /// The CPU time the thread has used, if it can still be read.
    pub fn used(&self) -> Option<std::time::Duration> {
        #[cfg(target_os = "linux")]
        {
            let mut t = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: a clock id from pthread_getcpuclockid and a valid
            // out pointer.
            let r = unsafe { libc::clock_gettime(self.id, &mut t) };
            (r == 0).then(|| std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
        }
        #[cfg(not(target_os = "linux"))]
        {
            None
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_busy_thread_has_used_cpu_time() {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let busy = std::thread::spawn(move || {
            let mut x = 0u64;
            while rx.try_recv().is_err() {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
            x
        });
        let clock = CpuClock::of(&busy).expect("a clock on Linux");
        let start = Instant::now();
        let mut used = Duration::ZERO;
        while used < Duration::from_millis(5) && start.elapsed() < Duration::from_secs(20) {
            used = clock.used().expect("readable while the thread runs");
        }
        tx.send(()).unwrap();
        busy.join().unwrap();
        assert!(used >= Duration::from_millis(5), "{used:?}");
        give_memory_back();
    }
}
