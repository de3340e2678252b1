#!/usr/bin/env bash
# How far the misère quotient of Dawson's Kayles (0.07) gets, heap by heap:
# for each n in HEAPS, `analyze octal:0.07 --misere --upto n` under LIMIT
# seconds, with its order, P-portion, user and wall seconds and peak memory
# (GNU time). Prints one table; OLD=path/to/older/sprague adds its rows.
# A row that ends at a bound says so, with what the error reports of the
# stage: its candidates, the copies of heap n in the least failing sum,
# and the order of Q_n proven at least (see docs/misere.md).
#
#   bench/misere_heaps.sh                       HEAPS="30 33 34", LIMIT=900
#   HEAPS="34" LIMIT=1800 OLD=/path/to/main/sprague bench/misere_heaps.sh
#
# User seconds are the fairer figure on a shared machine; wall seconds and
# a run stopped at LIMIT depend on what else runs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -q -p sprague-cli
SPRAGUE="${CARGO_TARGET_DIR:-target}/release/sprague"
HEAPS="${HEAPS:-30 33 34}"
LIMIT="${LIMIT:-900}"
MAX_ORDER="${MAX_ORDER:-2000000}"
OUT=$(mktemp)
TIMES=$(mktemp)
trap 'rm -f "$OUT" "$TIMES"' EXIT

printf '%-4s %-4s %8s %10s %10s %10s %10s\n' bin n order P-portion "user s" "wall s" "peak MiB"
for tag in new old; do
    bin="$SPRAGUE"
    if [[ $tag == old ]]; then
        [[ -n "${OLD:-}" ]] || break
        bin="$OLD"
    fi
    for n in $HEAPS; do
        set +e
        /usr/bin/time -f '%U %e %M' -o "$TIMES" timeout "$LIMIT" "$bin" analyze octal:0.07 \
            --misere --upto "$n" --max-order "$MAX_ORDER" --max-states 10000000000 >"$OUT" 2>&1
        rc=$?
        set -e
        read -r user wall kb < <(tail -n 1 "$TIMES")
        order=$(sed -n '1s/.*: order \([0-9]*\),.*/\1/p' "$OUT")
        p=$(sed -n '1s/.*P-portion of \([0-9]*\).*/\1/p' "$OUT")
        if [[ $rc == 124 ]]; then
            order="stopped"
            p="at ${LIMIT} s"
        elif [[ -z "$order" ]]; then
            order="bound"
            p=$(sed -n 's/.*reached \([0-9]*\) elements.*/\1 elements/p' "$OUT" | head -n 1)
            why=$(sed -n 's/.*(candidate \([0-9]*\): the least failing sums have reached \([0-9]*\) cop[a-z]* of heap [0-9]*\(; the quotient of heaps up to [0-9]* has at least \([0-9]*\)\)\{0,1\}.*/candidate \1, \2 copies of heap n, order at least \4/p' "$OUT" | head -n 1)
            [[ -n "$p" ]] || p=$(head -c 40 "$OUT")
        fi
        printf '%-4s %-4s %8s %10s %10s %10s %10s   %s\n' "$tag" "$n" "$order" "$p" "$user" "$wall" "$((kb / 1024))" "${why:-}"
        why=""
    done
done
