#!/usr/bin/env bash
# Two sprague binaries, A and B (e.g. before and after a change), on the
# workloads of bench/engine.sh, interleaved round by round so that both see
# the same machine load; prints the median wall and CPU time of each.
#
#   bench/ab.sh OLD_BINARY NEW_BINARY          ROUNDS=5 by default
#   QUICK=1 bench/ab.sh A B                    smaller N
set -euo pipefail
A="$1"; B="$2"; ROUNDS="${ROUNDS:-5}"
if [[ "${QUICK:-}" == 1 ]]; then
    N6=200000; N16=10000000; NG=$((1 << 20)); N7=100000
else
    N6=1000000; N16=100000000; NG=$((1 << 22)); N7=300000
fi
WORKLOADS=(
    "octal:0.6 --upto $N6 --threads 1"
    "octal:0.6 --upto $N6 --threads 2"
    "octal:0.16 --upto $N16 --full --threads 1"
    "octal:0.16 --upto $N16 --full --threads 2"
    "grundy --upto $NG --threads 1"
    "grundy --upto $NG --threads 2"
    "octal:0.007 --upto $N7 --threads 2"
)
"$(dirname "$0")/machine.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in $(seq "$ROUNDS"); do
    for i in "${!WORKLOADS[@]}"; do
        for side in A B; do
            bin=$A; [[ $side == B ]] && bin=$B
            # shellcheck disable=SC2086
            /usr/bin/time -f '%e %U %S' -o "$tmp/t" "$bin" table ${WORKLOADS[$i]} --summary >/dev/null
            read -r wall user sys <"$tmp/t"
            echo "$wall $(echo "$user + $sys" | bc)" >>"$tmp/$i.$side"
        done
    done
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
printf '%-48s %10s %10s %10s %10s\n' workload A_wall_s B_wall_s A_cpu_s B_cpu_s
for i in "${!WORKLOADS[@]}"; do
    aw=$(cut -d' ' -f1 "$tmp/$i.A" | median); bw=$(cut -d' ' -f1 "$tmp/$i.B" | median)
    ac=$(cut -d' ' -f2 "$tmp/$i.A" | median); bc_=$(cut -d' ' -f2 "$tmp/$i.B" | median)
    printf '%-48s %10.3f %10.3f %10.3f %10.3f\n' "${WORKLOADS[$i]}" "$aw" "$bw" "$ac" "$bc_"
done
