#!/bin/bash
# What each filter costs (issue 40, the planner's FilterCost figures): CPU (user + system of the
# tigris process) of `file in=LOG | FILTER | file out=/dev/null` less that of
# `file in=LOG | file out=/dev/null`, per byte of the log; the bytes it passes on per byte it takes
# (from `... | FILTER | count -c`); medians of REPEAT runs.
# TSV, one line a run:  filter  repeat  cpu_s  bytes_in  bytes_out
# Usage: pipe-costs.sh TIGRIS LOG WORKDIR OUT.tsv
set -euo pipefail
TIGRIS=$1 LOG=$2 WORK=$3 OUT=$4
REPEAT=${REPEAT:-3}
mkdir -p "$WORK"
cd "$WORK"
gzip -6 -c "$LOG" > log.gz
printf 'filter\trepeat\tcpu_s\tbytes_in\tbytes_out\n' > "$OUT"
size() { stat -c %s "$1"; }
run() {   # run NAME INPUT MIDDLE REPEAT: times `file in=INPUT MIDDLE | file out=/dev/null` (MIDDLE ending in a selector: no second '|')
  local name=$1 in=$2 middle=$3 rep=$4 pipe="|"
  case "$middle" in *"|all") pipe="" ;; esac
  /usr/bin/time -f '%U %S' -o time.txt "$TIGRIS" pipe "file in=$in $middle $pipe file out=/dev/null"
  read -r user sys < time.txt
  "$TIGRIS" pipe "file in=$in $middle $pipe count -c" > count.txt
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$rep" "$(echo "$user + $sys" | bc)" "$(size "$in")" "$(tr -d ' \n' < count.txt)" >> "$OUT"
}
cat "$LOG" log.gz > /dev/null
for r in $(seq 1 "$REPEAT"); do
  run "(none)" "$LOG" "" "$r"
  run "(none, gzip input)" log.gz "" "$r"
  run "(empty input)" /dev/null "" "$r"
  run "count -c" "$LOG" "| count -c" "$r"
  run "grep -v DEBUG" "$LOG" "| grep -v DEBUG" "$r"
  run "grep -F ERROR" "$LOG" "| grep -F ERROR" "$r"
  run "head 10" "$LOG" "| head 10" "$r"
  run "count -w" "$LOG" "| count -w" "$r"
  run "tee" "$LOG" "| tee $WORK/tee.out" "$r"
  run "deflate" "$LOG" "| deflate" "$r"
  run "inflate" log.gz "| inflate" "$r"
  run "split n=4" "$LOG" "| split n=4 |all" "$r"
  run "words" "$LOG" "| words" "$r"
  run "tally" "$LOG" "| tally" "$r"
  run "cat (a process)" "$LOG" "| cat" "$r"
  echo "repeat $r done" >&2
done
