#!/usr/bin/env bash
# Every solved octal game of bench/published.tsv, one run each of
#   sprague table octal:CODE --upto 100000000 --summary
# against the published pre-period and period. Prints one table: code,
# published o and p, sprague's, the values the proof needed (2o + 3p + t at
# the least), the rare positions (sprague counts n ≥ 1; published counts of
# rare values include position 0, one more), status and seconds.
#
#   bench/published.sh            every game whose proof fits in 10^8 values
#   MAX_PRE=100000 bench/published.sh   only published pre-periods below that
#   ALL=1 bench/published.sh      also the games that need more (--upto 2^32 − 2)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -q -p sprague-cli
SPRAGUE="${CARGO_TARGET_DIR:-target}/release/sprague"
MAX_PRE="${MAX_PRE:-}"
printf '%-8s %10s %9s %10s %9s %10s %7s %-8s %8s\n' code pub_o pub_p o p proof_len rare status seconds
fail=0
while IFS=$'\t' read -r code pre per source; do
    [[ -z "$code" || "$code" == \#* ]] && continue
    [[ -n "$MAX_PRE" && "$pre" -ge "$MAX_PRE" ]] && continue
    upto=100000000
    if [[ "$source" == *"need > 1e8"* ]]; then
        [[ "${ALL:-}" == 1 ]] || continue
        upto=4294967294
    fi
    start=$(date +%s.%N)
    out=$("$SPRAGUE" table "octal:$code" --upto "$upto" --summary)
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    line=$(printf '%s\n' "$out" | sed -n 's/^period *\([0-9]*\) from \([0-9]*\) (.* with \([0-9]*\) values).*/\2 \1 \3/p')
    rare=$(printf '%s\n' "$out" | sed -n 's/^rare *\([0-9]*\) positions.*/\1/p')
    read -r o p len <<<"${line:-- - -}"
    status=proven
    if [[ "$o" == - ]]; then status=none; fail=1
    elif [[ "$o" != "$pre" || "$p" != "$per" ]]; then status=DIFFERS; fail=1; fi
    printf '%-8s %10s %9s %10s %9s %10s %7s %-8s %8.2f\n' "$code" "$pre" "$per" "$o" "$p" "$len" "$rare" "$status" "$secs"
done <bench/published.tsv
exit "$fail"
