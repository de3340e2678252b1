//! What the server asks of the operating system for its computing threads
//! (Linux only; elsewhere these do nothing). Safe calls only: rustix's
//! system calls here, and the library's [`sprague::solve`] for the thread CPU
//! clock and malloc_trim.

pub(crate) use sprague::solve::{give_memory_back, CpuClock};

/// Runs the calling thread at the lowest priority (nice 19), so that the
/// light lane and the async threads win the CPU over heavy computations
/// (which still get all of it while nothing else wants it).
pub(crate) fn lower_priority() {
    // On Linux the priority of a process id that is a thread's id is that
    // thread's; a failure leaves the priority as it was.
    #[cfg(target_os = "linux")]
    let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), 19);
}

/// How many connections may be open at once: `wanted`, or fewer where the
/// process may not open that many files (each connection is one, and some
/// are kept for the rest). On Linux the soft limit on open files is first
/// raised toward the hard one (often 1024 soft, far more hard).
pub(crate) fn connection_cap(wanted: usize) -> usize {
    const KEEP: u64 = 64;
    #[cfg(target_os = "linux")]
    let files = {
        use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
        let lim = getrlimit(Resource::Nofile);
        // `None`: no limit.
        let hard = lim.maximum.unwrap_or(u64::MAX);
        let want = (wanted as u64 + KEEP).min(hard);
        match lim.current {
            Some(soft) if soft < want => {
                let raised = Rlimit {
                    current: Some(want),
                    maximum: lim.maximum,
                };
                Some(if setrlimit(Resource::Nofile, raised).is_ok() {
                    want
                } else {
                    soft
                })
            }
            Some(soft) => Some(soft),
            None => Some(u64::MAX),
        }
    };
    #[cfg(not(target_os = "linux"))]
    let files: Option<u64> = None;
    match files {
        Some(f) => wanted.min(f.saturating_sub(KEEP).max(1) as usize),
        None => wanted,
    }
}
