#!/usr/bin/env bash
# Cram boards by sprague and by Piotr Beling's igsolve (a Cram and Chomp
# solver: `cargo install igsolve`, run only as a comparison binary), in one
# run, each board by both in turn: the nimber each prints, and the CPU
# (user) seconds, wall seconds and peak MiB of each (under nice and
# /usr/bin/time). The machine line comes first (bench/machine.sh); the
# nimbers must agree (else exit 1).
#
#   bench/igsolve.sh                      (4x9 5x6 5x7 5x8; about 3 minutes)
#   BOARDS="5x8 4x11" bench/igsolve.sh
#   IGSOLVE=path/to/igsolve SPRAGUE=path/to/sprague bench/igsolve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SPRAGUE=${SPRAGUE:-${CARGO_TARGET_DIR:-target}/release/sprague}
IGSOLVE=${IGSOLVE:-$(command -v igsolve || true)}
BOARDS=${BOARDS:-"4x9 5x6 5x7 5x8"}
if [[ -z "$IGSOLVE" ]]; then
  echo "igsolve not found: cargo install igsolve, or set IGSOLVE" >&2
  exit 2
fi
bench/machine.sh
echo "# sprague $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $("$IGSOLVE" --version 2>/dev/null | head -1)"
printf "%-6s %-8s %6s %9s %9s %9s\n" board program nimber "cpu s" "wall s" MiB
bad=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for b in $BOARDS; do
  r=${b%x*}; c=${b#*x}
  nice /usr/bin/time -f "%U %e %M" -o "$tmp/s.time" "$SPRAGUE" value "cram:$b" \
    --max-states 1000000000 --max-work 100000000000000 --json > "$tmp/s.out" 2> "$tmp/s.err" || true
  gs=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["grundy"])' "$tmp/s.out" 2>/dev/null || true)
  nice /usr/bin/time -f "%U %e %M" -o "$tmp/i.time" "$IGSOLVE" cram -r "$r" -c "$c" \
    > "$tmp/i.out" 2> "$tmp/i.err" || true
  gi=$(grep -oE 'Nimber of initial position: [0-9]+' "$tmp/i.out" | tr -dc '0-9')
  for p in s i; do
    read -r u e m < "$tmp/$p.time"
    name=sprague; g=$gs
    if [[ $p == i ]]; then name=igsolve; g=$gi; fi
    printf "%-6s %-8s %6s %9s %9s %9d\n" "$b" "$name" "${g:--}" "$u" "$e" $((m / 1024))
  done
  if [[ -z "$gs" || "$gs" != "$gi" ]]; then
    echo "# $b: the nimbers differ (sprague ${gs:-none}, igsolve ${gi:-none})"
    bad=1
  fi
done
exit $bad
