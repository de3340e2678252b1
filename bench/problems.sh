#!/usr/bin/env bash
# Benchmark of `sprague solve` against straightforward C++ solutions.
#
# Builds the release binary, compiles bench/ref/*.cpp with g++ -O2,
# generates maximal inputs (bench/gen_inputs.py), checks that both programs
# print byte-identical output on every input, then times both (hyperfine if
# installed, else the best of several runs timed with date +%s%N) and prints
# a table (ratio = sprague / C++ cpu time, or best wall time without hyperfine).
# Usage: bench/problems.sh [RUNS]   (default 10 runs per command)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-10}
TARGET=${CARGO_TARGET_DIR:-target}
WORK=${BENCH_WORK:-${TMPDIR:-/tmp}/sprague-bench}
mkdir -p "$WORK"

cargo build --release --locked -p sprague-cli >&2
BIN="$TARGET/release/sprague"
for src in bench/ref/*.cpp; do
    p=$(basename "$src" .cpp)
    g++ -O2 -o "$WORK/ref-$p" "$src"
done
python3 bench/gen_inputs.py "$WORK"

# "wall ± sd / cpu" milliseconds per run of the shell command $1 (cpu =
# user + system time, less disturbed by other load on a shared machine).
time_ms() {
    if command -v hyperfine >/dev/null; then
        hyperfine --style none --warmup 2 --runs "$RUNS" --export-json "$WORK/t.json" "$1" >/dev/null 2>&1
        python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.1f ± %.1f / %.1f" % (r["mean"]*1e3, r["stddev"]*1e3, (r["user"]+r["system"])*1e3))' "$WORK/t.json"
    else
        best=
        for _ in $(seq "$RUNS"); do
            s=$(date +%s%N); sh -c "$1"; e=$(date +%s%N)
            d=$(( (e - s) / 1000 ))
            if [ -z "$best" ] || [ "$d" -lt "$best" ]; then best=$d; fi
        done
        python3 -c "print('best %.1f' % ($best / 1000))"
    fi
}

printf '\n%-22s %6s  %24s  %24s  %9s\n' "input" "MB" "sprague wall±sd/cpu ms" "C++ -O2 wall±sd/cpu ms" "cpu ratio"
status=0
for input in "$WORK"/*.in; do
    name=$(basename "$input" .in)
    p=${name%%-*}
    "$BIN" solve "$p" < "$input" > "$WORK/$name.sprague.out"
    "$WORK/ref-$p" < "$input" > "$WORK/$name.ref.out"
    if ! cmp -s "$WORK/$name.sprague.out" "$WORK/$name.ref.out"; then
        echo "OUTPUTS DIFFER on $name:" >&2
        diff "$WORK/$name.sprague.out" "$WORK/$name.ref.out" | head -5 >&2
        status=1
        continue
    fi
    ours=$(time_ms "$BIN solve $p < $input > /dev/null")
    ref=$(time_ms "$WORK/ref-$p < $input > /dev/null")
    mb=$(python3 -c "import os; print('%.1f' % (os.path.getsize('$input') / 1e6))")
    ratio=$(python3 -c "print('%.2f' % (float('${ours##* }') / float('${ref##* }')))")
    printf '%-22s %6s  %24s  %24s  %9s\n' "$name" "$mb" "$ours" "$ref" "$ratio"
done
[ "$status" -eq 0 ] && echo "all outputs identical to the C++ reference solutions"
exit "$status"
