#!/bin/bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# What each filter costs (issue 40, the planner's FilterCost figures): CPU (user + system of the
# tigris process) of `file in=LOG | FILTER | file out=/dev/null` less that of
# `file in=LOG | file out=/dev/null`, per byte of the log; the bytes it passes on per byte it takes
# (from `... | FILTER | count -c`); medians of REPEAT runs. gensort (a source) is timed writing
# RECORDS records to /dev/null; recsort and valsort take those records from a file; tcp is a pair of
# processes on loopback (`file in=LOG | tcp connect=` and `tcp listen= | file out=/dev/null`, their
# CPU added); join is `(grep -F ERROR * grep -F WARN)` against the merge `(... + ...)`.
# TSV, one line a run:  filter  repeat  cpu_s  bytes_in  bytes_out
# Usage: pipe-costs.sh TIGRIS LOG WORKDIR OUT.tsv
set -euo pipefail
TIGRIS=$1 LOG=$2 WORK=$3 OUT=$4
REPEAT=${REPEAT:-3}
RECORDS=${RECORDS:-2000000}
TCP_PORT=${TCP_PORT:-47391}
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
cpu_of() { read -r user sys < "$1"; echo "$user + $sys" | bc; }
source_run() {   # source_run NAME SOURCE REPEAT: times `SOURCE | file out=/dev/null`
  local name=$1 src=$2 rep=$3
  /usr/bin/time -f '%U %S' -o time.txt "$TIGRIS" pipe "$src | file out=/dev/null"
  "$TIGRIS" pipe "$src | count -c" > count.txt
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$rep" "$(cpu_of time.txt)" 0 "$(tr -d ' \n' < count.txt)" >> "$OUT"
}
tcp_run() {   # tcp_run REPEAT: both ends of one loopback connection carrying the log, their CPU added
  local rep=$1
  /usr/bin/time -f '%U %S' -o recv.txt "$TIGRIS" pipe "tcp listen=127.0.0.1:$TCP_PORT | file out=/dev/null" &
  local receiver=$!
  /usr/bin/time -f '%U %S' -o send.txt "$TIGRIS" pipe "file in=$LOG | tcp connect=127.0.0.1:$TCP_PORT wait=30"
  wait $receiver
  printf '%s\t%s\t%s\t%s\t%s\n' "tcp (both ends)" "$rep" "$(echo "$(cpu_of send.txt) + $(cpu_of recv.txt)" | bc)" "$(size "$LOG")" "$(size "$LOG")" >> "$OUT"
}
"$TIGRIS" pipe "gensort n=$RECORDS | file out=$WORK/records"
cat "$LOG" log.gz records > /dev/null
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
  source_run "gensort" "gensort n=$RECORDS" "$r"
  run "(none, records)" records "" "$r"
  run "recsort" records "| recsort" "$r"
  run "valsort" records "| valsort" "$r"
  run "(merge of two greps)" "$LOG" "| (grep -F ERROR + grep -F WARN)" "$r"
  run "join" "$LOG" "| (grep -F ERROR * grep -F WARN)" "$r"
  tcp_run "$r"
  echo "repeat $r done" >&2
done
