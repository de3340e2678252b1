#!/usr/bin/env bash
# Issue 2 benchmark: `sprague table` with the plain O(n^2) dense engine
# against the same loop in plain C (bench/ref/table.c, gcc -O2), one run.
# usage: bench/core.sh [N]   (default 99999: the largest N that `table` serves
# with the plain dense loop; from 100000 on octal codes and Grundy's game go to
# the sequence engine, which is far faster, see docs/long-runs.md)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-99999}
cargo build --release -q -p sprague-cli
tmp=$(mktemp -d)
gcc -O2 -o "$tmp/table" bench/ref/table.c
S=target/release/sprague
check() { # spec cgame: both must agree on every value
  $S table "$1" --upto "$N" --json | python3 -c "import json,sys; v=json.load(sys.stdin)['values']; print(sum(v), v[-1])"
}
printf '%-22s %12s %12s %s\n' workload sprague_s c_gcc_O2_s "values agree"
for pair in "grundy grundy" "octal:0.77 kayles"; do
  set -- $pair
  a=$(check "$1"); b=$("$tmp/table" "$2" "$N")
  t0=$(date +%s.%N); $S table "$1" --upto "$N" --json >/dev/null; t1=$(date +%s.%N)
  "$tmp/table" "$2" "$N" >/dev/null; t2=$(date +%s.%N)
  printf '%-22s %12.3f %12.3f %s\n' "$1 to $N" "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)" \
    "$([ "$a" = "$b" ] && echo yes || echo "NO ($a vs $b)")"
done
rm -rf "$tmp"
