#!/usr/bin/env bash
# sprague's values of an octal game against the plain C loop of
# bench/ref/octal.c (every move of every heap, no sparse space, no SIMD):
# both checksums of g(0..=N), and with O and P how many n break a claimed
# period P from O.
#
#   bench/crosscheck.sh 0.106 1000000 465 328226   # a period once credited to 0.106, which fails
#   bench/crosscheck.sh 0.16 200000                # the checksums alone
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: bench/crosscheck.sh 0.CODE N [O P] (N, O, P plain whole numbers, P >= 1): $1" >&2; exit 2; }
[[ $# == 2 || $# == 4 ]] || usage "two or four arguments, not $#"
code=$1 n=$2
for x in "${@:2}"; do
    [[ "$x" =~ ^[0-9]{1,10}$ ]] || usage "\`$x\` is not a plain whole number below 10^10"
done
[[ $# == 2 ]] || (( 10#$4 >= 1 )) || usage "the period P must be at least 1"
cargo build --release --locked -q -p sprague-cli
SPRAGUE="${CARGO_TARGET_DIR:-target}/release/sprague"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O3 -march=native -o "$tmp/octal" bench/ref/octal.c
mine=$("$SPRAGUE" table "octal:$code" --upto "$n" --full --summary | sed -n 's/^checksum *\([0-9a-f]*\).*/\1/p')
start=$(date +%s.%N)
ref=$("$tmp/octal" "$code" "$n" "${@:3}")
secs=$(echo "$(date +%s.%N) - $start" | bc)
echo "$ref   (plain C, ${secs%???????} s)"
echo "checksum $mine   (sprague)"
[[ "$ref" == "checksum $mine "* ]] && echo "values agree" || { echo "VALUES DIFFER"; exit 1; }
