#!/usr/bin/env bash
# Light requests while every heavy slot of `sprague serve` is busy (issue 33):
# HEAVY clients keep long requests running (a misère sum of Kayles rows,
# random play; each from a client id of its own, re-sent when answered),
# and wrk measures the latency of light requests (a nim sum, the game list,
# a small table; bench/admission.lua) meanwhile. Prints wrk's distribution
# (the p99 is the figure: under 100 ms is the goal) and the heavy answers.
# Usage: bench/admission.sh [SECONDS] [HEAVY]    (needs wrk: apt-get install wrk)
#        SPRAGUE_BIN=path/to/sprague bench/admission.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-20}
HEAVY=${2:-8}
TARGET=${CARGO_TARGET_DIR:-target}
command -v wrk >/dev/null || { echo "bench/admission.sh: needs wrk (apt-get install wrk)" >&2; exit 2; }
BIN=${SPRAGUE_BIN:-}
if [ -z "$BIN" ]; then
    cargo build --release --locked -p sprague-cli >&2
    BIN="$TARGET/release/sprague"
fi
LOG=$(mktemp)
HEAVYLOG=$(mktemp)
"$BIN" serve --port 0 --timeout 10 >"$LOG" &
SERVER=$!
PIDS=()
cleanup() {
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    kill -INT $SERVER 2>/dev/null || true
    rm -f "$LOG" "$HEAVYLOG"
}
trap cleanup EXIT
for _ in $(seq 50); do grep -q http "$LOG" && break; sleep 0.1; done
URL=$(grep -o 'http://[0-9.:]*' "$LOG")
END=$((SECONDS + SECS + 3))
heavy() { # client id, body: re-sent until the end
    while [ $SECONDS -lt $END ]; do
        curl -s -o /dev/null -w '%{http_code}\n' "$URL/api/value" -H 'content-type: application/json' \
            -H "x-sprague-client: heavy$1" -d "$2" >>"$HEAVYLOG" || true
    done
}
for i in $(seq "$HEAVY"); do
    if [ $((i % 2)) -eq 0 ]; then
        heavy "$i" '{"spec":"grundy","positions":[30,31,32,33,34],"misere":true}' &
    else
        heavy "$i" '{"spec":"kayles","positions":[40,41,42],"random":true}' &
    fi
    PIDS+=($!)
done
sleep 2
echo "server $URL; $HEAVY heavy clients; wrk -t1 -c8 -d${SECS}s --latency -s bench/admission.lua" >&2
OUT=$(wrk -t1 -c8 -d"${SECS}s" --timeout 10s --latency -s bench/admission.lua "$URL")
echo "$OUT"
sleep 1
echo "heavy answers during the run (status: count):"
sort "$HEAVYLOG" | uniq -c | awk '{print "  " $2 ": " $1}'
if grep -qE 'Non-2xx|Socket errors' <<<"$OUT"; then
    echo "bench/admission.sh: light requests failed" >&2
    exit 1
fi
