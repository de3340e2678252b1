//! How much memory a run can still take: the system's free memory, or less
//! where a control group (a container's limit) allows less.

use std::path::{Path, PathBuf};

/// The memory this process can still get, in bytes: the least of the
/// system's MemAvailable and the room left under each memory limit of its
/// control groups (cgroup v1 and v2, Linux); `None` where unknown.
pub fn available() -> Option<u64> {
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    let system = read(Path::new("/proc/meminfo")).and_then(|t| mem_available(&t));
    let groups =
        read(Path::new("/proc/self/cgroup")).and_then(|t| cgroup_room(&t, Path::new("/sys/fs/cgroup"), read));
    match (system, groups) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// MemAvailable from the text of /proc/meminfo, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The files of one cgroup version's memory controller.
struct Controller {
    /// Where its hierarchy is mounted, under the cgroup root.
    mount: &'static str,
    limit: &'static str,
    usage: &'static str,
    /// The line of memory.stat with the page cache that can be dropped.
    inactive: &'static str,
}

const V1: Controller = Controller {
    mount: "memory",
    limit: "memory.limit_in_bytes",
    usage: "memory.usage_in_bytes",
    inactive: "total_inactive_file",
};

const V2: Controller = Controller {
    mount: "",
    limit: "memory.max",
    usage: "memory.current",
    inactive: "inactive_file",
};

/// The least room under the memory limits of the groups in `proc_cgroup`
/// (the text of /proc/self/cgroup) and their ancestors, reading files under
/// `root` with `read`: limit − (usage − droppable page cache).
fn cgroup_room(proc_cgroup: &str, root: &Path, read: impl Fn(&Path) -> Option<String>) -> Option<u64> {
    let mut least: Option<u64> = None;
    for line in proc_cgroup.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        let controller = match controllers {
            "" => &V2,
            c if c.split(',').any(|c| c == "memory") => &V1,
            _ => continue,
        };
        let mut dir: PathBuf = root.join(controller.mount).join(path.trim_start_matches('/'));
        loop {
            if let Some(room) = room_in(&dir, controller, &read) {
                least = Some(least.map_or(room, |l| l.min(room)));
            }
            if dir == root.join(controller.mount) || !dir.pop() {
                break;
            }
        }
    }
    least
}

/// The room under one group's limit, `None` if it has none (or no files).
fn room_in(dir: &Path, c: &Controller, read: &impl Fn(&Path) -> Option<String>) -> Option<u64> {
    let limit: u64 = read(&dir.join(c.limit))?.trim().parse().ok()?;
    let usage: u64 = read(&dir.join(c.usage))?.trim().parse().ok()?;
    let droppable = read(&dir.join("memory.stat"))
        .and_then(|s| {
            s.lines().find_map(|l| {
                l.strip_prefix(c.inactive)?
                    .strip_prefix(' ')?
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
        })
        .unwrap_or(0);
    Some(limit.saturating_sub(usage.saturating_sub(droppable)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn files(list: &[(&str, &str)]) -> impl Fn(&Path) -> Option<String> {
        let map: HashMap<PathBuf, String> = list
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect();
        move |p: &Path| map.get(p).cloned()
    }

    #[test]
    fn mem_available_is_read_in_bytes() {
        let text = "MemTotal: 100 kB\nMemFree: 10 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(mem_available(text), Some(2 << 20));
        assert_eq!(mem_available("MemTotal: 1 kB\n"), None);
    }

    #[test]
    fn a_v1_limit_on_an_ancestor_counts_and_page_cache_is_droppable() {
        let proc = "9:name=systemd:/\nnot a cgroup line\n4:cpu,memory:/box/run\n0::/\n";
        let read = files(&[
            (
                "/cg/memory/box/run/memory.limit_in_bytes",
                "9223372036854771712\n",
            ),
            ("/cg/memory/box/run/memory.usage_in_bytes", "100\n"),
            ("/cg/memory/box/memory.limit_in_bytes", "1000\n"),
            ("/cg/memory/box/memory.usage_in_bytes", "700\n"),
            ("/cg/memory/box/memory.stat", "cache 5\ntotal_inactive_file 200\n"),
        ]);
        assert_eq!(cgroup_room(proc, Path::new("/cg"), read), Some(500));
    }

    #[test]
    fn a_v2_group_without_a_limit_gives_nothing() {
        let proc = "0::/user.slice\n";
        let unlimited = files(&[
            ("/cg/user.slice/memory.max", "max\n"),
            ("/cg/user.slice/memory.current", "4096\n"),
        ]);
        assert_eq!(cgroup_room(proc, Path::new("/cg"), unlimited), None);
        let limited = files(&[
            ("/cg/user.slice/memory.max", "8192\n"),
            ("/cg/user.slice/memory.current", "4096\n"),
            ("/cg/user.slice/memory.stat", "anon 1\ninactive_file 1024\n"),
        ]);
        assert_eq!(cgroup_room(proc, Path::new("/cg"), limited), Some(5120));
    }
}
