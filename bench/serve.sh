#!/usr/bin/env bash
# Load test of `sprague serve` on loopback: 200 concurrent connections for
# 30 s, mixing value, table and play requests (bench/serve.lua), with wrk.
# Prints wrk's latency distribution; any non-2xx answer or socket error
# fails the run.
# Usage: bench/serve.sh [CONNECTIONS] [SECONDS]     (needs wrk: apt-get install wrk)
#        SPRAGUE_BIN=path/to/sprague bench/serve.sh  (a binary already built)
set -euo pipefail
cd "$(dirname "$0")/.."
CONNS=${1:-200}
SECS=${2:-30}
TARGET=${CARGO_TARGET_DIR:-target}
command -v wrk >/dev/null || { echo "bench/serve.sh: needs wrk (apt-get install wrk)" >&2; exit 2; }
BIN=${SPRAGUE_BIN:-}
if [ -z "$BIN" ]; then
    cargo build --release --locked -p sprague-cli >&2
    BIN="$TARGET/release/sprague"
fi
LOG=$(mktemp)
"$BIN" serve --port 0 >"$LOG" &
SERVER=$!
trap 'kill -INT $SERVER 2>/dev/null; rm -f "$LOG"' EXIT
for _ in $(seq 50); do grep -q http "$LOG" && break; sleep 0.1; done
URL=$(grep -o 'http://[0-9.:]*' "$LOG")
GAME=$(curl -sf "$URL/api/play" -H 'content-type: application/json' \
    -d '{"spec":"kayles","positions":[9,7],"seed":1}' | sed 's/.*"id":"\([0-9a-f]*\)".*/\1/')
echo "server $URL, game $GAME; wrk -t2 -c$CONNS -d${SECS}s --latency -s bench/serve.lua" >&2
OUT=$(GAME=$GAME wrk -t2 -c"$CONNS" -d"${SECS}s" --timeout 10s --latency -s bench/serve.lua "$URL")
echo "$OUT"
if grep -qE 'Non-2xx|Socket errors' <<<"$OUT"; then
    echo "bench/serve.sh: errors under load" >&2
    exit 1
fi
