#!/usr/bin/env bash
# Timings of the answers beyond normal play (misère, remoteness, random and
# skilled play, loopy games) and of values and winning moves at any size,
# as the issues ask for them: one table from one run, each row one command
# of the release binary with its answer, wall time and peak memory.
# Usage: bench/beyond.sh            (about two minutes on two cores)
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --release --locked -p sprague-cli >&2
BIN="$TARGET/release/sprague"

printf '| command | answer | wall s | peak MB |\n|---|---|---|---|\n'
row() {
    local out
    out=$( { /usr/bin/time -f 'TIME %e %M' "$BIN" "$@" --json 2>&1 >/dev/fd/3 | grep '^TIME'; } 3>&1 )
    local json time
    json=$(printf '%s\n' "$out" | grep -v '^TIME')
    time=$(printf '%s\n' "$out" | grep '^TIME')
    local answer
    answer=$(printf '%s' "$json" | python3 -c '
import json, sys
try:
    v = json.load(sys.stdin)
except Exception:
    print("error"); sys.exit()
parts = [v.get("outcome", "")]
if v.get("remoteness") is not None: parts.append("remoteness %s" % v["remoteness"])
if v.get("win_probability_exact"): parts.append("p = %s" % v["win_probability_exact"][:40])
elif v.get("win_probability") is not None: parts.append("p = %.6f" % v["win_probability"])
parts.append("%s winning moves" % v.get("winning_moves_total", 0))
m = v.get("method", "")
if "sums" in m: parts.append(m[m.find("("):] if "(" in m else m)
for n in v.get("notes", []):
    if n.startswith("win chance over"): parts.append(n[len("win chance over the "):])
print(", ".join(p for p in parts if p))')
    set -- $time
    printf '| `sprague %s` | %s | %s | %.0f |\n' "$(echo "${ARGS[*]}")" "$answer" "$2" "$(echo "$3 / 1024" | bc -l)"
}
run() { ARGS=("$@"); row "$@"; }

run value dawson-kayles 10 11 12 13 14 15 --misere
run value dawson-kayles 10 12 14 16 18 20 --misere
run value kayles 6 10 12 14 16 18 --misere
run value dawson-kayles 10 14 18 20 22 24 --misere
run value kayles 6 10 11 12 13 14 15 16 17 18 --misere
run value kayles 25 30 35 40 40 --misere
run value kayles 4 5 6 7 --random
run value kayles 8 9 10 11 --random
run value dawson-kayles 10 12 14 16 18 --random
run value kayles 5 6 7 8 --skill 0.5
run value grundy 12 13 14 --random
run value octal:0.77 1000000000000000000
run value kayles 1000000000000000000 999999999999999999 12345
run value grundy 1000000
run value octal:0.6 5000000
run value updown:1,2/3/200 70 90 120
