//! How much memory the process can take: the system's, or less where a
//! control group (a container's limit) allows less; how much it can still
//! take now; and how much it has held.

use std::path::{Path, PathBuf};

/// The memory this process can still get: the system's, and the control
/// groups whose limits may allow less, found once.
pub struct Memory {
    /// The groups of the process and their ancestors, with their
    /// controller's files.
    groups: Vec<Group>,
}

impl Memory {
    /// Finds the process's control groups (Linux; none elsewhere).
    pub fn new() -> Memory {
        let read = |p: &str| std::fs::read_to_string(p).unwrap_or_default();
        Memory {
            groups: group_dirs(&read("/proc/self/cgroup"), &read("/proc/self/mountinfo")),
        }
    }

    /// The memory left, in bytes: the least of the system's MemAvailable
    /// and the room under each group's limit (cgroup v1 and v2); `None`
    /// where unknown.
    pub fn available(&self) -> Option<u64> {
        let read = |p: &Path| std::fs::read_to_string(p).ok();
        let system = read(Path::new("/proc/meminfo")).and_then(|t| meminfo_field(&t, "MemAvailable:"));
        system.into_iter().chain(room(&self.groups, read)).min()
    }

    /// The most memory the process may ever hold, in bytes: the least of
    /// the system's MemTotal and each group's limit (cgroup v1 and v2);
    /// `None` where unknown.
    pub fn total(&self) -> Option<u64> {
        let read = |p: &Path| std::fs::read_to_string(p).ok();
        let system = read(Path::new("/proc/meminfo")).and_then(|t| meminfo_field(&t, "MemTotal:"));
        system.into_iter().chain(limit(&self.groups, read)).min()
    }

    /// Whether a table that still needs `need` more bytes should stop now:
    /// less than [`crate::MIN_FREE`] is left and it needs more than half
    /// of it. Where the memory left is unknown, never.
    pub fn running_low(&self, need: u64) -> bool {
        self.available()
            .is_some_and(|m| m < crate::MIN_FREE && need > m / 2)
    }
}

impl Default for Memory {
    fn default() -> Self {
        Memory::new()
    }
}

/// The most memory this process has held resident so far (its peak
/// resident set, VmHWM), in bytes; `None` where unknown (not Linux).
pub fn peak_resident() -> Option<u64> {
    vm_hwm(&std::fs::read_to_string("/proc/self/status").ok()?)
}

/// VmHWM from the text of /proc/self/status, in bytes.
fn vm_hwm(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The field `name` (`MemAvailable:`, `MemTotal:`) of the text of
/// /proc/meminfo, in bytes.
fn meminfo_field(meminfo: &str, name: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// A control group whose limit may hold for this process.
struct Group {
    dir: PathBuf,
    controller: &'static Controller,
    /// An ancestor of the process's own group (its limit holds only where
    /// it accounts for its descendants).
    ancestor: bool,
}

/// The files of one cgroup version's memory controller.
struct Controller {
    /// Where its hierarchy is usually mounted (when /proc/self/mountinfo
    /// does not say).
    mount: &'static str,
    /// Its file system type in /proc/self/mountinfo.
    fstype: &'static str,
    /// The mount option that marks its hierarchy (v1 mounts one hierarchy
    /// per controller set), if any.
    option: Option<&'static str>,
    limit: &'static str,
    usage: &'static str,
    /// The line of memory.stat with the page cache that can be dropped.
    inactive: &'static str,
    /// The file that says "0" where a group does not count its
    /// descendants' memory (v1's `use_hierarchy`; v2 always counts it).
    hierarchy: Option<&'static str>,
}

const V1: Controller = Controller {
    mount: "/sys/fs/cgroup/memory",
    fstype: "cgroup",
    option: Some("memory"),
    limit: "memory.limit_in_bytes",
    usage: "memory.usage_in_bytes",
    inactive: "total_inactive_file",
    hierarchy: Some("memory.use_hierarchy"),
};

const V2: Controller = Controller {
    mount: "/sys/fs/cgroup",
    fstype: "cgroup2",
    option: None,
    limit: "memory.max",
    usage: "memory.current",
    inactive: "inactive_file",
    hierarchy: None,
};

/// The memory groups in `proc_cgroup` (the text of /proc/self/cgroup) and
/// their ancestors, as directories with their controller. Each hierarchy
/// is found where `mountinfo` (the text of /proc/self/mountinfo) mounts
/// it, else at its usual place.
fn group_dirs(proc_cgroup: &str, mountinfo: &str) -> Vec<Group> {
    let mut dirs = Vec::new();
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
        let (top, root) =
            mount_of(mountinfo, controller).unwrap_or((PathBuf::from(controller.mount), "/".into()));
        // The group's path below the part of the hierarchy mounted there
        // (a container sees its own group as the root).
        let below = match path.strip_prefix(root.trim_end_matches('/')) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
            _ => "",
        };
        let mut dir = top.join(below.trim_start_matches('/'));
        let mut ancestor = false;
        loop {
            dirs.push(Group {
                dir: dir.clone(),
                controller,
                ancestor,
            });
            ancestor = true;
            if dir == top || !dir.pop() {
                break;
            }
        }
    }
    dirs
}

/// The least room under the limits of `groups`, reading files with `read`:
/// limit − (usage − droppable page cache); `None` if none has a limit. An
/// ancestor that does not count its descendants' memory (cgroup v1 with
/// `use_hierarchy` 0) is skipped: its limit does not hold for them.
fn room(groups: &[Group], read: impl Fn(&Path) -> Option<String>) -> Option<u64> {
    least(groups, &read, |g| room_in(&g.dir, g.controller, &read))
}

/// The least limit of `groups` (those that hold, as in [`room`]), reading
/// files with `read`; `None` if none has a limit.
fn limit(groups: &[Group], read: impl Fn(&Path) -> Option<String>) -> Option<u64> {
    least(groups, &read, |g| {
        read(&g.dir.join(g.controller.limit))?.trim().parse().ok()
    })
}

/// The least of `of` over the groups whose limit holds for this process:
/// all but an ancestor that does not count its descendants' memory.
fn least(
    groups: &[Group],
    read: &impl Fn(&Path) -> Option<String>,
    of: impl Fn(&Group) -> Option<u64>,
) -> Option<u64> {
    (groups.iter())
        .filter(|g| {
            let flat = |file: &str| read(&g.dir.join(file)).is_some_and(|t| t.trim() == "0");
            !(g.ancestor && g.controller.hierarchy.is_some_and(flat))
        })
        .filter_map(of)
        .min()
}

/// Where `mountinfo` mounts the hierarchy of `c`: the mount point and the
/// hierarchy's path shown there.
fn mount_of(mountinfo: &str, c: &Controller) -> Option<(PathBuf, String)> {
    mountinfo.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        let left: Vec<&str> = left.split(' ').collect();
        let mut right = right.split(' ');
        let (fstype, _source, options) = (right.next()?, right.next()?, right.next().unwrap_or(""));
        let marked = c.option.is_none_or(|want| options.split(',').any(|o| o == want));
        (fstype == c.fstype && marked && left.len() >= 5)
            .then(|| (PathBuf::from(left[4]), left[3].to_string()))
    })
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

    /// The room under the groups of `proc` mounted as `mountinfo` says.
    fn cgroup_room(proc: &str, mountinfo: &str, read: impl Fn(&Path) -> Option<String>) -> Option<u64> {
        room(&group_dirs(proc, mountinfo), read)
    }

    /// A v1 memory hierarchy mounted with cpu under one name, a v2 one.
    const MOUNTS: &str = "35 31 0:32 / /cg/memory rw,relatime - cgroup cgroup rw,cpu,memory\n\
                          36 31 0:33 / /cg rw,relatime shared:9 - cgroup2 cgroup2 rw\n";

    #[test]
    fn a_container_sees_its_group_as_the_root_of_the_mount() {
        // mountinfo shows the hierarchy from /box/run on: the group's files
        // are at the mount point itself.
        let mounts = "35 31 0:32 /box/run /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n";
        let read = files(&[
            ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "1000\n"),
            ("/sys/fs/cgroup/memory/memory.usage_in_bytes", "300\n"),
        ]);
        assert_eq!(cgroup_room("4:memory:/box/run\n", mounts, &read), Some(700));
        // Without mountinfo, the usual place.
        assert_eq!(cgroup_room("4:memory:/\n", "", &read), Some(700));
    }

    #[test]
    fn the_peak_resident_set_is_read_in_bytes() {
        let status = "Name:\tsprague\nVmPeak:\t  20000 kB\nVmHWM:\t    9876 kB\nVmRSS:\t 5000 kB\n";
        assert_eq!(vm_hwm(status), Some(9876 * 1024));
        assert_eq!(vm_hwm("VmRSS:\t5 kB\n"), None);
        #[cfg(target_os = "linux")]
        assert!(peak_resident().is_some_and(|b| b > 0));
    }

    #[test]
    fn meminfo_fields_are_read_in_bytes() {
        let text = "MemTotal: 100 kB\nMemFree: 10 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(meminfo_field(text, "MemAvailable:"), Some(2 << 20));
        assert_eq!(meminfo_field(text, "MemTotal:"), Some(100 << 10));
        assert_eq!(meminfo_field("MemTotal: 1 kB\n", "MemAvailable:"), None);
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
        assert_eq!(cgroup_room(proc, MOUNTS, &read), Some(500));
        // The least limit: the ancestor's.
        assert_eq!(limit(&group_dirs(proc, MOUNTS), &read), Some(1000));
    }

    #[test]
    fn a_v1_ancestor_that_does_not_count_its_descendants_is_skipped() {
        let proc = "4:cpu,memory:/box/run\n";
        let mut list = vec![
            ("/cg/memory/box/run/memory.limit_in_bytes", "5000\n"),
            ("/cg/memory/box/run/memory.usage_in_bytes", "1000\n"),
            ("/cg/memory/box/run/memory.use_hierarchy", "0\n"),
            ("/cg/memory/box/memory.limit_in_bytes", "1000\n"),
            ("/cg/memory/box/memory.usage_in_bytes", "700\n"),
        ];
        // The process's own group counts whatever its flag says; the
        // ancestor's limit counts only where it accounts for its subtree.
        list.push(("/cg/memory/box/memory.use_hierarchy", "0\n"));
        assert_eq!(cgroup_room(proc, MOUNTS, files(&list)), Some(4000));
        assert_eq!(limit(&group_dirs(proc, MOUNTS), files(&list)), Some(5000));
        list.pop();
        list.push(("/cg/memory/box/memory.use_hierarchy", "1\n"));
        assert_eq!(cgroup_room(proc, MOUNTS, files(&list)), Some(300));
        list.pop();
        assert_eq!(cgroup_room(proc, MOUNTS, files(&list)), Some(300));
    }

    #[test]
    fn a_v2_group_without_a_limit_gives_nothing() {
        let proc = "0::/user.slice\n";
        let unlimited = files(&[
            ("/cg/user.slice/memory.max", "max\n"),
            ("/cg/user.slice/memory.current", "4096\n"),
        ]);
        assert_eq!(limit(&group_dirs(proc, MOUNTS), &unlimited), None);
        assert_eq!(cgroup_room(proc, MOUNTS, unlimited), None);
        let limited = files(&[
            ("/cg/user.slice/memory.max", "8192\n"),
            ("/cg/user.slice/memory.current", "4096\n"),
            ("/cg/user.slice/memory.stat", "anon 1\ninactive_file 1024\n"),
        ]);
        assert_eq!(cgroup_room(proc, MOUNTS, limited), Some(5120));
    }
}
