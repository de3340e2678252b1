#!/usr/bin/env bash
# fuzz/faults.sh: long runs killed with SIGKILL at random moments, many
# times, always resume to the result of an uncut run.
#
# Two runs of the release binary:
#   table   `sprague table CODE --upto N --full --checkpoint g.ckpt --out g.seq`
#   survey  `sprague survey CODES --upto N --jobs 2 --out s.jsonl`
# Each is first run uncut (its time is T). Then, until KILLS kills have
# landed: the run is started (resuming from what the last one left),
# killed with SIGKILL at an offset drawn uniformly from [0, T), and started
# again. Whenever a run finishes, its files are compared with the uncut
# run's (g.seq byte for byte and the directory's file names; the survey's
# records without their `seconds`, each code once, no torn line, no other
# file) and the next run starts from nothing. After the last kill the run is
# resumed to the end and compared too.
#
# Prints one row per run: kills, resumes identical, mismatches, seconds.
# Exits 1 on any mismatch (the directories are kept; their paths printed).
#
#   cargo build --release -p sprague-cli
#   fuzz/faults.sh                 # 300 kills of each run
#   fuzz/faults.sh 50 12345        # 50 kills each, seed 12345
#
# Environment: SPRAGUE (the binary; default target/release/sprague, under
# $CARGO_TARGET_DIR if set), FAULT_TABLE_UPTO (default 10000000),
# FAULT_SURVEY_UPTO (default 100000).
set -u

KILLS=${1:-300}
SEED=${2:-$(date +%s)}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${SPRAGUE:-${CARGO_TARGET_DIR:-$ROOT/target}/release/sprague}
TABLE_UPTO=${FAULT_TABLE_UPTO:-10000000}
SURVEY_UPTO=${FAULT_SURVEY_UPTO:-100000}
[ -x "$BIN" ] || { echo "faults.sh: no binary at $BIN (cargo build --release -p sprague-cli, or set SPRAGUE)" >&2; exit 2; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sprague-faults.XXXXXX")
RANDOM=$SEED
echo "seed $SEED (fuzz/faults.sh $KILLS $SEED repeats the offsets); binary $BIN; work in $WORK"

table_args=(table octal:0.16 --upto "$TABLE_UPTO" --full --checkpoint-every 0.2 --checkpoint g.ckpt --out g.seq)
survey_args=(survey --upto "$SURVEY_UPTO" --jobs 2 --out s.jsonl
  0.07 0.137 0.77 0.4 0.51 0.16 0.6 0.5 0.45 0.71 0.35 0.26 0.37 0.75 0.156 0.165)

# What is compared: the table's sequence file, the survey's records
# without their times (sorted), and in both the names in the directory.
# A run killed while it wrote --out leaves its `g.seq.PID.tmp` (see the
# docs/long-runs.md: sprague cannot tell a dead run's from a live one's on another
# machine): counted, not compared.
digest_table() { cat "$1/g.seq"; ls -A "$1" | grep -v '^g\.seq\.[0-9]*\.tmp$'; }
digest_survey() {
  ls -A "$1"
  # A torn last line has no newline: it counts as a mismatch.
  [ -z "$(tail -c 1 "$1/s.jsonl")" ] || echo TORN
  sed 's/"seconds":[^,]*,//' "$1/s.jsonl" | sort
  sed 's/.*"code":"\([^"]*\)".*/\1/' "$1/s.jsonl" | sort | uniq -d | sed 's/^/TWICE /'
}

now() { date +%s.%N; }
rows=()
failed=0
stale=0

# loop NAME DIGEST ARGS...
loop() {
  local name=$1 digest=$2; shift 2
  local whole=$WORK/$name-whole dir=$WORK/$name
  mkdir -p "$whole" "$dir"
  local t0 t1 uncut
  t0=$(now)
  (cd "$whole" && "$BIN" "$@" >/dev/null) || { echo "$name: the uncut run failed" >&2; exit 2; }
  t1=$(now)
  uncut=$(echo "$t1 - $t0" | bc)
  "$digest" "$whole" >"$WORK/$name.want"
  echo "$name: uncut run $uncut s"
  local kills=0 same=0 bad=0 start pid rc off
  start=$(now)
  compare() {
    stale=$((stale + $(ls -A "$dir" | grep -c '^g\.seq\.[0-9]*\.tmp$')))
    if "$digest" "$dir" | cmp -s - "$WORK/$name.want"; then
      same=$((same + 1))
    else
      bad=$((bad + 1))
      cp -a "$dir" "$WORK/$name-mismatch-$bad"
      echo "$name: MISMATCH after $kills kills (kept in $WORK/$name-mismatch-$bad)" >&2
    fi
    rm -rf "$dir" && mkdir -p "$dir"
  }
  while [ "$kills" -lt "$KILLS" ]; do
    # An offset uniform over [0, T), from bash's seeded generator.
    off=$(echo "scale=6; $uncut * ($RANDOM * 32768 + $RANDOM) / 1073741824" | bc)
    (cd "$dir" && exec "$BIN" "$@" >/dev/null 2>"$WORK/$name.err") &
    pid=$!
    sleep "$off"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    rc=$?
    if [ "$rc" -eq 137 ]; then
      kills=$((kills + 1))
    elif [ "$rc" -eq 0 ]; then
      compare
    else
      echo "$name: a run failed with exit code $rc after $kills kills: $(cat "$WORK/$name.err")" >&2
      bad=$((bad + 1))
      rm -rf "$dir" && mkdir -p "$dir"
    fi
  done
  (cd "$dir" && "$BIN" "$@" >/dev/null 2>"$WORK/$name.err") || { bad=$((bad + 1)); echo "$name: the last resume failed: $(cat "$WORK/$name.err")" >&2; }
  compare
  rows+=("$(printf '%-8s %6d %18d %11d %14.1f' "$name" "$kills" "$same" "$bad" "$(echo "$(now) - $start" | bc)")")
  [ "$bad" -eq 0 ] || failed=1
}

loop table digest_table "${table_args[@]}"
loop survey digest_survey "${survey_args[@]}"

printf '%-8s %6s %18s %11s %14s\n' run kills "resumes identical" mismatches "total seconds"
printf '%s\n' "${rows[@]}"
[ "$stale" -eq 0 ] || echo "note: $stale temporaries of --out left by runs killed while writing it (not removed by sprague; see docs/long-runs.md)"
if [ "$failed" -eq 0 ]; then
  rm -rf "$WORK"
else
  echo "mismatches: see $WORK" >&2
fi
exit "$failed"
