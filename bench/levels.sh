#!/usr/bin/env bash
# sprague at every level of vector instructions this CPU has (AVX-512,
# AVX2, plain) against ogsolve (https://crates.io/crates/ogsolve), all in
# one run and interleaved round by round, so that every figure of the table
# saw the same machine. Prints one table: the machine (CPU, cores, ISA, load
# average), then per workload and program the median wall and CPU times,
# ogsolve's medians over sprague's (wall and CPU), and the answer; the
# checksums of every level must agree (else exit 1).
#
#   bench/levels.sh                 3 rounds: Officers to 10^6, 0.007 to 2*10^5,
#                                   Grundy's game to 2^24 (about 5 minutes)
#   ROUNDS=5 bench/levels.sh        more rounds
#   QUICK=1 bench/levels.sh         smaller N (a smoke test, about 30 s)
#   LEVELS="avx2 plain"             the --simd levels to run (default: all three;
#                                   a level the CPU lacks runs as the next lower
#                                   one, and the table says what ran)
#   THREADS=1                       sprague's --threads (default: 2, or 1 on one core)
#   SPRAGUE=path/to/sprague         a sprague binary (default: build --release)
#
# ogsolve is only run as a comparison binary (cargo install ogsolve); without
# it the table has sprague's rows alone. ogsolve has no Grundy's game.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${SPRAGUE:-}" ]]; then
    cargo build --release --locked -q -p sprague-cli
    SPRAGUE="${CARGO_TARGET_DIR:-target}/release/sprague"
fi
OGSOLVE="$(command -v ogsolve || true)"
COMMIT="$(git rev-parse --short HEAD 2>/dev/null || echo '?')"
bench/machine.sh

ROUNDS="${ROUNDS:-3}" QUICK="${QUICK:-}" LEVELS="${LEVELS:-avx512 avx2 plain}" \
    THREADS="${THREADS:-}" COMMIT="$COMMIT" python3 - "$SPRAGUE" "$OGSOLVE" <<'PY'
import datetime, os, re, statistics as st, subprocess, sys, time

sprague, ogsolve = sys.argv[1], sys.argv[2]
rounds = int(os.environ["ROUNDS"])
levels = os.environ["LEVELS"].split()
cores = os.cpu_count() or 1
threads = os.environ["THREADS"] or str(min(2, cores))
quick = os.environ["QUICK"] == "1"
n6, n7, ng = (200_000, 50_000, 1 << 20) if quick else (1_000_000, 200_000, 1 << 24)

load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
print(f"# bench/levels.sh, commit {os.environ['COMMIT']}, "
      f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {rounds} rounds")
if load > 0.5 * cores:
    print(f"# a shared machine (load average {load:.1f} on {cores} cores): wall times are not a quiet machine's")
print(f"# sprague --threads {threads}; ogsolve is single-threaded")

# (label, sprague args or None, ogsolve args or None)
work = [
    (f"octal:0.6 to {n6}", ["octal:0.6", "--upto", str(n6)], [["0.6", "-n", str(n6), "-m", "rc2"]]),
    (f"octal:0.007 to {n7}", ["octal:0.007", "--upto", str(n7)],
     [["0.007", "-n", str(n7), "-m", "rc2"], ["0.007", "-n", str(n7), "-m", "naive"]]),
    (f"grundy to {ng}", ["grundy", "--upto", str(ng)], []),
]

def run_timed(cmd):
    # CPU time from the child's rusage (wait4), wall to the microsecond.
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read().decode()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(cmd)}")
    return wall, ru.ru_utime + ru.ru_stime, out

runs, answers, ran, sums = {}, {}, {}, {}
for _ in range(rounds):
    for label, sp_args, og_list in work:
        if ogsolve:
            for og in og_list:
                name = f"ogsolve {og[-1]}"
                wall, cpu, out = run_timed([ogsolve] + og)
                runs.setdefault((label, name), []).append((wall, cpu))
                m = re.search(r"nimber of (\d+): (\d+)", out)
                answers[(label, name)] = f"g({m.group(1)}) = {m.group(2)}" if m else "?"
        for level in levels:
            cmd = [sprague, "table"] + sp_args + ["--summary", "--threads", threads, "--simd", level]
            wall, cpu, out = run_timed(cmd)
            m = re.search(r"on \d+ threads?, (\w+)", out)
            actual = m.group(1) if m else level
            name = f"sprague {actual}"
            runs.setdefault((label, name), []).append((wall, cpu))
            m = re.search(r"^last\s+(g\(\d+\) = \d+)", out, re.M)
            answers[(label, name)] = m.group(1) if m else "?"
            m = re.search(r"^checksum\s+([0-9a-f]+)", out, re.M)
            sums.setdefault(label, {})[actual] = m.group(1) if m else "?"

print(f"\n{'workload':24s} {'program':18s} {'wall_s':>8s} {'cpu_s':>8s} "
      f"{'og/wall':>8s} {'og/cpu':>8s}  answer")
bad = False
for label, _, og_list in work:
    names = [k[1] for k in runs if k[0] == label]
    med = {n: (st.median(w for w, _ in runs[(label, n)]), st.median(c for _, c in runs[(label, n)]))
           for n in names}
    ogs = [n for n in names if n.startswith("ogsolve")]
    # The ratios are against ogsolve's best median (wall and CPU).
    og_wall = min((med[n][0] for n in ogs), default=None)
    og_cpu = min((med[n][1] for n in ogs), default=None)
    for n in names:
        wall, cpu = med[n]
        rw = f"{og_wall / wall:7.1f}x" if og_wall and n.startswith("sprague") else ""
        rc = f"{og_cpu / cpu:7.1f}x" if og_cpu and n.startswith("sprague") else ""
        print(f"{label:24s} {n:18s} {wall:8.3f} {cpu:8.3f} {rw:>8s} {rc:>8s}  {answers[(label, n)]}")
    if len(set(sums.get(label, {}).values())) > 1:
        bad = True
        print(f"{label:24s} CHECKSUMS DIFFER across levels: {sums[label]}")
    elif sums.get(label):
        print(f"{label:24s} checksum {next(iter(sums[label].values()))} at every level "
              f"({', '.join(sums[label])})")
print("\n(medians of the rounds; og/wall and og/cpu: ogsolve's best median over sprague's)")
sys.exit(1 if bad else 0)
PY
