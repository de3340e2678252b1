#!/usr/bin/env bash
# Cram boards by the component solver, in one run: for each board and each
# keying (split+full: regions apart, up to the square's symmetries, the
# default; split+translate: regions apart, shifts only; whole+full: no
# splitting; whole+none: no splitting and no symmetry, a plain memoised
# search), the nimber, the shapes stored, the wall time and the peak memory
# of one `sprague value` run (which also lists every winning move), run
# under nice; "cpu s" is the user time, the figure to read on a shared
# machine.
#
#   bench/boards.sh                     (boards up to 5x6; a few minutes)
#   BOARDS="4x7 5x7" KEYINGS=split+full bench/boards.sh
#
# Needs a release build: cargo build --release -p sprague-cli.
set -euo pipefail
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/release/sprague}
BOARDS=${BOARDS:-"3x4 4x4 3x6 4x5 5x5 4x6 4x7 5x6"}
KEYINGS=${KEYINGS:-"split+full split+translate whole+full whole+none"}
MAX_STATES=${MAX_STATES:-30000000}
# A keying is skipped on larger boards once it needed more than this many
# seconds on a smaller one.
GIVE_UP=${GIVE_UP:-120}
printf "%-6s %-16s %6s %18s %9s %9s %9s\n" board keying nimber "shapes+sums" seconds "cpu s" MiB
declare -A slow
for b in $BOARDS; do
  for k in $KEYINGS; do
    if [[ -n "${slow[$k]:-}" ]]; then
      printf "%-6s %-16s %6s %18s %9s %9s %9s\n" "$b" "$k" - - "skipped" - -
      continue
    fi
    out=$(mktemp)
    if nice /usr/bin/time -f "%e %M %U" -o "$out.time" "$BIN" value "cram:$b" \
        --keying "$k" --max-states "$MAX_STATES" --json > "$out" 2> "$out.err"; then
      read -r g states < <(python3 -c '
import json, re, sys
r = json.load(open(sys.argv[1]))
m = r["method"]
print(r["grundy"], re.search(r"(\d+) shapes known", m).group(1) + "+" + re.search(r"(\d+) sums settled", m).group(1))' "$out")
    else
      g="-"
      states="($(head -c 70 "$out.err" | tr -d '\n'))"
    fi
    read -r secs kb cpu < <(tail -1 "$out.time")
    printf "%-6s %-16s %6s %18s %9s %9s %9s\n" "$b" "$k" "$g" "$states" "$secs" "$cpu" "$((kb / 1024))"
    if awk -v s="$secs" -v g="$GIVE_UP" 'BEGIN { exit !(s > g) }'; then slow[$k]=1; fi
    rm -f "$out" "$out.time" "$out.err"
  done
done
