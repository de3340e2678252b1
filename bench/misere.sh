#!/usr/bin/env bash
# Misère play at scale, one run: the quotients of Dawson's Kayles (0.07)
# built heap by heap (Q_30, of order 360 as Siegel reports for MisereSolver,
# then as far as N_FAR within LIMIT seconds), misère Kayles's complete
# quotient, and sums of misère Kayles heaps of 10^6 and 10^18 answered with
# winning moves. Prints one table: what, the figure, wall seconds.
#
#   bench/misere.sh                     N_FAR=40, LIMIT=1800 seconds
#   N_FAR=36 LIMIT=600 bench/misere.sh
#   OLD=path/to/old/sprague bench/misere.sh   also time an older binary on
#                                             the same commands (today's
#                                             figures), each under LIMIT
#
# Wall times are noisy on a shared machine: run it on a quiet one, or
# read the seconds as upper bounds.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -q -p sprague-cli
SPRAGUE="${CARGO_TARGET_DIR:-target}/release/sprague"
N_FAR="${N_FAR:-40}"
LIMIT="${LIMIT:-1800}"

row() { printf '%-40s %-30s %10s\n' "$1" "$2" "$3"; }
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT

# timed ARGS...: runs under LIMIT with its output in $OUT; prints seconds.
timed() {
    local start rc
    start=$(date +%s.%N)
    set +e
    timeout "$LIMIT" "$@" >"$OUT" 2>&1
    rc=$?
    set -e
    [[ $rc == 124 ]] && echo "stopped after ${LIMIT} s" >"$OUT"
    printf '%.2f\n' "$(echo "$(date +%s.%N) - $start" | bc)"
}

# The figure of an analyze run: its order (and period), or its error.
quotient() {
    local l
    l=$(head -n 2 "$OUT")
    if grep -q 'order' <<<"$l"; then
        sed -n '1s/.*heaps 1..=\([0-9]*\): \(order [0-9]*\).*/\2 to heap \1/p' <<<"$l"
        sed -n 's/.*(\(period [0-9]* from [0-9]*\)).*/\1/p' <<<"$l"
    else
        head -c 30 "$OUT"
    fi | paste -sd ' '
}

outcome() { sed -n 's/^outcome *\([NP]\).*/outcome \1/p; s/^\(\.\.\. and .*\)//p' "$OUT" | head -n 1; }

run_set() {
    local bin="$1" tag="$2" s
    s=$(timed "$bin" analyze dawson-kayles --misere --upto 30)
    row "$tag Q_30(0.07)" "$(quotient)" "$s"
    s=$(timed "$bin" analyze dawson-kayles --misere --upto "$N_FAR")
    row "$tag Q_${N_FAR}(0.07)" "$(quotient)" "$s"
    s=$(timed "$bin" analyze kayles --misere)
    row "$tag misère Kayles, no --upto" "$(quotient)" "$s"
    s=$(timed "$bin" value kayles 1000000 999999 31 --misere)
    row "$tag value kayles 10^6 (10^6-1) 31" "$(outcome)" "$s"
    s=$(timed "$bin" value kayles 1000000000000000000 999999999999999999 17 --misere)
    row "$tag value kayles 10^18 (10^18-1) 17" "$(outcome)" "$s"
    s=$(timed "$bin" value kayles 30 40 --misere)
    row "$tag value kayles 30 40" "$(outcome)" "$s"
}

row what figure seconds
run_set "$SPRAGUE" new
if [[ -n "${OLD:-}" ]]; then
    run_set "$OLD" old
fi
