#!/usr/bin/env bash
# Long sequence runs, sprague against ogsolve (https://crates.io/crates/ogsolve),
# side by side on this machine. Prints one table: wall time, CPU time (user+sys),
# peak memory (max RSS) and the answer of each run.
#
#   bench/engine.sh            every workload of issue #5 (ogsolve alone needs ~10 min)
#   QUICK=1 bench/engine.sh    smaller N, for a smoke test
#   BIG=1 bench/engine.sh      also Grundy's game to 2^28 (sprague only; ~20 min)
#   THREADS="1"                sprague --threads values to measure (default: "1 2")
#   SIMD="avx512 avx2"         sprague --simd levels to measure (default: "avx512", the
#                              best this CPU has); avx2 and plain time the code that a
#                              CPU without AVX-512, or without AVX2, runs
#
# Values are first compared with ogsolve's (-p) on smaller N; any difference aborts.
# ogsolve is only run as a comparison binary (cargo install ogsolve).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --locked -q -p sprague-cli
SPRAGUE="${CARGO_TARGET_DIR:-target}/release/sprague"
OGSOLVE="$(command -v ogsolve || true)"
THREADS="${THREADS:-1 2}"
SIMD="${SIMD:-avx512}"
TIME=/usr/bin/time

if [[ "${QUICK:-}" == 1 ]]; then
    N6=100000; N16=10000000; N7=100000; NG=$((1 << 20))
else
    N6=1000000; N16=100000000; N7=1000000; NG=$((1 << 24))
fi

# sprague's values, one per line, for `table SPEC --upto N --full --json`.
sprague_values() {
    "$SPRAGUE" table "$1" --upto "$2" --full --json |
        python3 -c 'import json,sys; print("\n".join(map(str, json.load(sys.stdin)["values"])))'
}
ogsolve_values() {
    "$OGSOLVE" "$1" -n "$2" -m "$3" -p | sed -n 's/^ nimbers: //p' | tr ' ' '\n' | sed '/^$/d'
}

if [[ -n "$OGSOLVE" ]]; then
    for w in "0.6 20000 rc2" "0.16 20000 rc" "0.007 3000 naive" "0.77 3000 rc2" "0.137 3000 rc2"; do
        set -- $w
        if ! diff -q <(sprague_values "octal:$1" "$2") <(ogsolve_values "$1" "$2" "$3") >/dev/null; then
            echo "values of $1 up to $2 differ from ogsolve's" >&2
            exit 1
        fi
        echo "values of $1 up to $2 agree with ogsolve ($3)"
    done
fi

bench/machine.sh
printf '\n%-34s %-22s %9s %9s %9s  %s\n' workload program wall_s cpu_s rss_MB answer
row() { # label program command...
    local label="$1" prog="$2"; shift 2
    local out tf
    tf=$(mktemp)
    out=$("$TIME" -f '%e %U %S %M' -o "$tf" "$@" 2>/dev/null | tail -n 40) || true
    read -r wall user sys rss < <(tail -n 1 "$tf")
    rm -f "$tf"
    if ! [[ "$rss" =~ ^[0-9]+$ ]]; then
        printf '%-34s %-22s  failed\n' "$label" "$prog"
        return
    fi
    local answer
    answer=$(printf '%s\n' "$out" | sed -n -e 's/^last *\(g([0-9]*) = [0-9]*\).*/\1/p' \
        -e 's/^period *\([0-9]* from [0-9]*\).*/period \1/p' \
        -e 's/^ nimber of \([0-9]*\): \([0-9]*\).*/g(\1) = \2/p' \
        -e 's/^ found period of length \([0-9]*\) and pre-period \([0-9]*\).*/period \1 from \2/p' | paste -sd ' ' -)
    printf '%-34s %-22s %9.2f %9.2f %9.1f  %s\n' "$label" "$prog" "$wall" \
        "$(echo "$user + $sys" | bc)" "$(echo "$rss / 1024" | bc -l)" "$answer"
}
sp() { # label threads args... (once per --simd level)
    local label="$1" t="$2" level; shift 2
    for level in $SIMD; do
        local name="sprague ($t thr)"
        [[ "$SIMD" != avx512 ]] && name="sprague ($t thr, $level)"
        row "$label" "$name" "$SPRAGUE" table "$@" --summary --threads "$t" --simd "$level"
    done
}

for t in $THREADS; do sp "octal:0.6 to $N6" "$t" octal:0.6 --upto "$N6"; done
[[ -n "$OGSOLVE" ]] && row "octal:0.6 to $N6" "ogsolve rc2" "$OGSOLVE" 0.6 -n "$N6" -m rc2
for t in $THREADS; do sp "octal:0.16 to $N16" "$t" octal:0.16 --upto "$N16"; done
for t in $THREADS; do sp "octal:0.16 to $N16 --full" "$t" octal:0.16 --upto "$N16" --full; done
[[ -n "$OGSOLVE" ]] && row "octal:0.16 to $N16" "ogsolve rc" "$OGSOLVE" 0.16 -n "$N16" -m rc
for t in $THREADS; do sp "octal:0.77 to $N6" "$t" octal:0.77 --upto "$N6"; done
for t in $THREADS; do sp "octal:0.77 to $N6 --full" "$t" octal:0.77 --upto "$N6" --full; done
[[ -n "$OGSOLVE" ]] && row "octal:0.77 to $N6" "ogsolve rc2" "$OGSOLVE" 0.77 -n "$N6" -m rc2
for t in $THREADS; do sp "grundy to $NG" "$t" grundy --upto "$NG"; done
for t in $THREADS; do sp "octal:0.007 to $N7" "$t" octal:0.007 --upto "$N7"; done
[[ -n "$OGSOLVE" ]] && row "octal:0.007 to $N7" "ogsolve naive" "$OGSOLVE" 0.007 -n "$N7" -m naive
if [[ "${BIG:-}" == 1 ]]; then
    sp "grundy to 2^28" 2 grundy --upto $((1 << 28))
fi
