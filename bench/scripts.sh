#!/usr/bin/env bash
# Issue 21 benchmark: `sprague table` of games written as Rhai scripts
# (examples/*.rhai) against their built-in twins, in one run, checking that
# both print the same values. Wall time of the whole command (start-up,
# script compilation and printing included), median of ROUNDS runs.
# usage: bench/scripts.sh [N_SUBTRACT] [N_KAYLES]   (defaults 100000 and 5000:
# scripted Kayles lists every split, ~N²/2 moves, so 10^5 is out of reach;
# the built-in one fills its table with the same O(N²) loop below 10^5 and
# with the sparse sequence engine from 10^5 on)
set -euo pipefail
cd "$(dirname "$0")/.."
NS=${1:-100000}
NK=${2:-5000}
ROUNDS=${ROUNDS:-3}
cargo build --release -q -p sprague-cli
S=${CARGO_TARGET_DIR:-target}/release/sprague
median() { # command...: the median wall time of ROUNDS runs, in seconds
  python3 - "$ROUNDS" "$@" <<'PY'
import subprocess, sys, time
rounds, cmd = int(sys.argv[1]), sys.argv[2:]
ts = []
for _ in range(rounds):
    t = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True); ts.append(time.perf_counter() - t)
print(f"{sorted(ts)[len(ts) // 2]:.3f}")
PY
}
printf '%-34s %10s %10s %8s %s\n' workload script_s builtin_s ratio "values agree"
for row in "examples/subtract.rhai subtract:1,3,4 $NS" "examples/kayles.rhai kayles $NK" \
           "examples/fdiv.rhai divide:2..6 $NS"; do
  set -- $row
  a=$($S table "script:$1" --upto "$3" | sha1sum)
  b=$($S table "$2" --upto "$3" | sha1sum)
  ts=$(median "$S" table "script:$1" --upto "$3")
  tb=$(median "$S" table "$2" --upto "$3")
  printf '%-34s %10s %10s %7.1fx %s\n' "table $2 to $3" "$ts" "$tb" "$(echo "$ts / $tb" | bc -l)" \
    "$([ "$a" = "$b" ] && echo yes || echo NO)"
done
