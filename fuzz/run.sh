#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after another
# and one process at a time, then prints a table: target, executions,
# executions per second, and the crash/timeout/out-of-memory files the run
# left in fuzz/artifacts/TARGET (new ones only). Needs nightly and
# cargo-fuzz (see docs/fuzzing.md). Exit status 1 if anything was found.
#
#   fuzz/run.sh            # 60 s per target
#   fuzz/run.sh 20         # a smoke run
#   TARGETS="spec graph" fuzz/run.sh 300
#   TARGETS=differential SIMD_LEVELS="plain avx2" fuzz/run.sh 120
#
# The differential target runs once per level of vector instructions
# (SIMD_LEVELS, default "plain avx2 avx512"): its engine cases all run at
# that level (SPRAGUE_FUZZ_SIMD).
set -u
cd "$(dirname "$0")/.."
secs=${1:-60}
targets=${TARGETS:-$(cargo +nightly fuzz list)}
logs=$(mktemp -d)
found=0
cargo +nightly fuzz build || exit 2
rows=()
# The per-input time limit (one second; the web target sends up to nine
# requests an input, each within its 0.6 s server limit) and, for the
# targets that start threads, no leak check: LeakSanitizer reports the
# thread-exit record of a thread that is still ending (glibc's
# __cxa_thread_atexit_impl), not a leak of sprague's.
options() {
    case "$1" in
        web) echo "-timeout=6 -detect_leaks=0" ;;
        differential) echo "-timeout=1 -detect_leaks=0" ;;
        *) echo "-timeout=1" ;;
    esac
}
# One run of target $1, labelled $2, with SPRAGUE_FUZZ_SIMD=$3 (may be empty).
run_one() {
    local t="$1" label="$2" level="$3"
    mkdir -p "fuzz/artifacts/$t" "fuzz/corpus/$t"
    before=$(ls "fuzz/artifacts/$t" | wc -l)
    echo "== $label: ${secs}s" >&2
    SPRAGUE_FUZZ_SIMD="$level" cargo +nightly fuzz run "$t" -- \
        -max_total_time="$secs" $(options "$t") -rss_limit_mb=2048 \
        -print_final_stats=1 >"$logs/$label.log" 2>&1
    after=$(ls "fuzz/artifacts/$t" | wc -l)
    new=$((after - before))
    [ "$new" -gt 0 ] && found=1
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$logs/$label.log" | grep -o '[0-9]*$' | tail -1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$logs/$label.log" | grep -o '[0-9]*$' | tail -1)
    rows+=("$(printf '%-20s %14s %10s %12s' "$label" "${runs:-?}" "${rate:-?}" "$new")")
    [ "$new" -gt 0 ] && tail -40 "$logs/$label.log" >&2
}
for t in $targets; do
    if [ "$t" = differential ]; then
        # Once per level of vector instructions (those the CPU lacks run
        # the next lower level's kernels): each level's kernels see every
        # input.
        for level in ${SIMD_LEVELS:-plain avx2 avx512}; do
            run_one "$t" "$t/$level" "$level"
        done
    else
        run_one "$t" "$t" ""
    fi
done
printf '%-20s %14s %10s %12s\n' target executions execs/s new-crashes
printf '%s\n' "${rows[@]}"
echo "logs: $logs" >&2
exit $found
