//! What the server asks of the operating system for its computing threads
//! (Linux only; elsewhere these do nothing).

/// Runs the calling thread at the lowest priority (nice 19), so that the
/// light lane and the async threads win the CPU over heavy computations
/// (which still get all of it while nothing else wants it).
pub(crate) fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling thread's own id; a failure
    // leaves the priority as it was.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 19);
    }
}

/// Hands the heap's free pages back to the system: glibc's malloc keeps
/// what a computation freed in its arenas (gigabytes after a large graph
/// of sums) unless asked to trim them.
pub(crate) fn give_memory_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory; it is thread-safe.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The default memory bound of one computation: half of the machine's
/// memory shared by `slots` heavy computations, between 256 MiB and 4 GiB
/// (1 GiB where the memory is not known).
pub(crate) fn memory_per_computation(slots: usize) -> u64 {
    #[cfg(target_os = "linux")]
    // SAFETY: sysconf only reads system values.
    let total = unsafe {
        let pages = libc::sysconf(libc::_SC_PHYS_PAGES);
        let size = libc::sysconf(libc::_SC_PAGESIZE);
        (pages > 0 && size > 0).then(|| pages as u64 * size as u64)
    };
    #[cfg(not(target_os = "linux"))]
    let total: Option<u64> = None;
    match total {
        Some(t) => (t / 2 / slots.max(1) as u64).clamp(256 << 20, 4 << 30),
        None => 1 << 30,
    }
}

/// The CPU clock of a running thread: how much CPU time it has used, on
/// Linux; elsewhere none (the caller falls back to wall-clock time).
pub(crate) struct CpuClock {
    #[cfg(target_os = "linux")]
    id: libc::clockid_t,
}

impl CpuClock {
    /// The clock of the thread of `handle` (which must stay unjoined while
    /// the clock is read, so that the thread's id stays valid).
    pub(crate) fn of<T>(handle: &std::thread::JoinHandle<T>) -> Option<CpuClock> {
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
    pub(crate) fn used(&self) -> Option<std::time::Duration> {
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

/// How many connections may be open at once: `wanted`, or fewer where the
/// process may not open that many files (each connection is one, and some
/// are kept for the rest). On Linux the soft limit on open files is first
/// raised toward the hard one (often 1024 soft, far more hard).
pub(crate) fn connection_cap(wanted: usize) -> usize {
    const KEEP: u64 = 64;
    #[cfg(target_os = "linux")]
    // SAFETY: getrlimit and setrlimit with a valid struct.
    let files = unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            let want = (wanted as u64 + KEEP).min(lim.rlim_max);
            if lim.rlim_cur < want {
                let raised = libc::rlimit {
                    rlim_cur: want,
                    rlim_max: lim.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    lim.rlim_cur = want;
                }
            }
            Some(lim.rlim_cur)
        } else {
            None
        }
    };
    #[cfg(not(target_os = "linux"))]
    let files: Option<u64> = None;
    match files {
        Some(f) => wanted.min(f.saturating_sub(KEEP).max(1) as usize),
        None => wanted,
    }
}
