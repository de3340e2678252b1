#!/usr/bin/env bash
# Issue 4 benchmark: how long `sprague analyze` takes to prove (or give up
# on) a pattern, and how long `sprague value` takes on a huge heap once a
# proven pattern answers it. One run each, wall-clock seconds.
# usage: bench/pattern.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p sprague-cli
S=${CARGO_TARGET_DIR:-target}/release/sprague
secs() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; }
printf '%-52s %8s\n' command seconds
for args in \
  "analyze octal:0.77" "analyze octal:0.07" "analyze octal:0.137" "analyze divide:2..6" \
  "analyze subtract:1..100" "analyze powers:4" "analyze grundy" "analyze allbut:1,2" \
  "analyze octal:0.16 --upto 20000" "analyze grid:2x3 --upto 64,64" \
  "value octal:0.77 1000000000000000000" "value divide:2..6 999999999999999999" \
  "value subtract:1,3,4 999999999999999999"; do
  # shellcheck disable=SC2086
  printf '%-52s %8.3f\n' "sprague $args" "$(secs $S $args)"
done
