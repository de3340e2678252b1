//! What sprague's front ends read of the machine they run on, decided once
//! for the CLI, the web server and the Python module.
//!
//! The library (`sprague`) does no I/O: it takes its bounds as values
//! (`sprague::solve::Limits`, a misère quotient's memory). This crate
//! reads the host (Linux's `/proc` files and the memory controller of the
//! process's control groups) and turns what it reads into those values, by
//! one rule for every front end ([`computation_memory`]; the rule in words
//! is in `docs/memory.md`). Elsewhere than Linux it knows nothing, and says
//! so (`None`).
//!
//! ```
//! use sprague_host::{computation_memory, Share};
//!
//! // A server with 4 heavy slots gives each a fixed bound, even where the
//! // machine's memory is unknown.
//! let each = computation_memory(Share::Server { slots: 4 }).unwrap();
//! assert!((256 << 20..=4 << 30).contains(&each));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod memory;

pub use memory::{peak_resident, Memory};

/// The least memory left below which a table that still grows stops (the
/// CLI's long runs and large tables; see [`Memory::running_low`]).
pub const MIN_FREE: u64 = 256 << 20;

/// The least and the most memory a server gives one computation, and what
/// it gives where the machine's memory is unknown.
pub const SERVER_MIN: u64 = 256 << 20;
/// See [`SERVER_MIN`].
pub const SERVER_MAX: u64 = 4 << 30;
/// See [`SERVER_MIN`].
pub const SERVER_UNKNOWN: u64 = 1 << 30;

/// Who shares the machine with a computation: the question
/// [`computation_memory`] answers differently for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Share {
    /// One computation at a time, asked by one user now (the CLI, a Python
    /// call): it may take what the process can still get.
    Alone,
    /// A long-running server with `slots` heavy computations at once (the
    /// web server): each gets a fixed share of what the process may hold.
    Server {
        /// How many heavy computations may run at once.
        slots: usize,
    },
}

/// The memory one computation may take by default, in bytes: the bound a
/// front end puts in `sprague::solve::Limits::max_memory` or a misère
/// quotient's memory when the user gives none.
///
/// - [`Share::Alone`]: the memory the process can still get now
///   ([`Memory::available`]: the least of the system's `MemAvailable` and
///   the room under each control group's limit); `None` where unknown (no
///   bound but the others).
/// - [`Share::Server`]: half of the most memory the process may ever hold
///   ([`Memory::total`]: the least of the system's `MemTotal` and each
///   control group's limit), split among the slots, between [`SERVER_MIN`]
///   and [`SERVER_MAX`]; [`SERVER_UNKNOWN`] where unknown. Read once, when
///   the server starts, so that a question gets the same answer all day,
///   whatever else the machine is doing at the moment it is asked.
pub fn computation_memory(share: Share) -> Option<u64> {
    let memory = Memory::new();
    match share {
        Share::Alone => memory.available(),
        Share::Server { slots } => Some(server_share(memory.total(), slots)),
    }
}

/// A server slot's share of `total` bytes (see [`computation_memory`]).
fn server_share(total: Option<u64>, slots: usize) -> u64 {
    match total {
        Some(t) => (t / 2 / slots.max(1) as u64).clamp(SERVER_MIN, SERVER_MAX),
        None => SERVER_UNKNOWN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_splits_half_the_memory_between_its_slots_within_bounds() {
        assert_eq!(server_share(Some(16 << 30), 4), 2 << 30);
        assert_eq!(server_share(Some(16 << 30), 0), SERVER_MAX);
        assert_eq!(server_share(Some(1 << 30), 8), SERVER_MIN);
        assert_eq!(server_share(Some(64 << 30), 2), SERVER_MAX);
        assert_eq!(server_share(None, 4), SERVER_UNKNOWN);
    }

    #[test]
    fn the_front_ends_get_a_bound_where_the_machine_is_known() {
        let server = computation_memory(Share::Server { slots: 2 }).unwrap();
        assert!((SERVER_MIN..=SERVER_MAX).contains(&server));
        #[cfg(target_os = "linux")]
        {
            let alone = computation_memory(Share::Alone).expect("Linux says what is available");
            let total = Memory::new().total().expect("Linux says how much there is");
            assert!(0 < alone && alone <= total, "{alone} of {total}");
        }
    }
}
