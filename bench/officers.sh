#!/usr/bin/env bash
# Officers (octal 0.6) to 10^6, sprague against ogsolve rc2, interleaved so
# that both see the same host speed (on a shared VM it drifts by 30% within
# an hour). Prints the median wall and CPU times and the ratio of medians.
#
#   bench/officers.sh            6 rounds: ogsolve once, sprague (2 threads)
#                                three times, sprague (1 thread) once, and
#                                sprague limited to AVX2 (--simd avx2, the code
#                                a CPU without AVX-512 runs) once on 2 threads
#   ROUNDS=10 bench/officers.sh  more rounds
#
# ogsolve is only run as a comparison binary (cargo install ogsolve).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --locked -q -p sprague-cli
SPRAGUE="${CARGO_TARGET_DIR:-target}/release/sprague"
OGSOLVE="$(command -v ogsolve)" || {
    echo "ogsolve not found: cargo install ogsolve" >&2
    exit 2
}
N=1000000
bench/machine.sh
# Times are taken by Python (wall to the microsecond, CPU from the child's
# rusage): /usr/bin/time's 10 ms steps are 2.5% of sprague's time.
ROUNDS="${ROUNDS:-6}" python3 - "$OGSOLVE" "$SPRAGUE" "$N" <<'PY'
import os, statistics as st, subprocess, sys, time
og, sp, n = sys.argv[1:4]
runs = {}
def run(name, cmd):
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if status != 0:
        sys.exit(f"{name} failed: {cmd}")
    runs.setdefault(name, []).append((wall, ru.ru_utime + ru.ru_stime))
for _ in range(int(os.environ["ROUNDS"])):
    run("ogsolve_rc2", [og, "0.6", "-n", n, "-m", "rc2"])
    for _ in range(3):
        run("sprague_2_threads", [sp, "table", "octal:0.6", "--upto", n, "--summary", "--threads", "2"])
    run("sprague_1_thread", [sp, "table", "octal:0.6", "--upto", n, "--summary", "--threads", "1"])
    run("sprague_2_avx2", [sp, "table", "octal:0.6", "--upto", n, "--summary", "--threads", "2", "--simd", "avx2"])
med = {}
for name, v in runs.items():
    walls = [w for w, _ in v]
    med[name] = st.median(walls)
    print(f"{name:18s} runs {len(v):2d}  wall median {med[name]:.3f} s "
          f"(min {min(walls):.3f}, max {max(walls):.3f})  CPU median {st.median(c for _, c in v):.3f} s")
og = med["ogsolve_rc2"]
for name in ("sprague_2_threads", "sprague_1_thread", "sprague_2_avx2"):
    print(f"ogsolve rc2 / {name}: {og / med[name]:.2f}x (ratio of median wall times)")
PY
