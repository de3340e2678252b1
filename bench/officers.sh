#!/usr/bin/env bash
# Officers (octal 0.6) to 10^6, sprague against ogsolve rc2, interleaved so
# that both see the same host speed (on a shared VM it drifts by 30% within
# an hour). Prints the median wall and CPU times and the ratio of medians.
#
#   bench/officers.sh            6 rounds: ogsolve once, sprague (2 threads)
#                                three times, sprague (1 thread) once
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
for _ in $(seq "${ROUNDS:-6}"); do
    /usr/bin/time -f "ogsolve_rc2 %e %U" "$OGSOLVE" 0.6 -n "$N" -m rc2 >/dev/null
    for _ in 1 2 3; do
        /usr/bin/time -f "sprague_2_threads %e %U" "$SPRAGUE" table octal:0.6 --upto "$N" --summary --threads 2 >/dev/null
    done
    /usr/bin/time -f "sprague_1_thread %e %U" "$SPRAGUE" table octal:0.6 --upto "$N" --summary --threads 1 >/dev/null
done 2>&1 | python3 -c '
import statistics as st, sys
runs = {}
for line in sys.stdin:
    name, wall, cpu = line.split()
    runs.setdefault(name, []).append((float(wall), float(cpu)))
med = {}
for name, v in runs.items():
    walls = [w for w, _ in v]
    med[name] = st.median(walls)
    print(f"{name:18s} runs {len(v):2d}  wall median {med[name]:.2f} s "
          f"(min {min(walls):.2f}, max {max(walls):.2f})  CPU median {st.median(c for _, c in v):.2f} s")
og = med["ogsolve_rc2"]
for name in ("sprague_2_threads", "sprague_1_thread"):
    print(f"ogsolve rc2 / {name}: {og / med[name]:.1f}x (ratio of median wall times)")
'
