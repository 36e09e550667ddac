#!/bin/bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Real pipelines against the shell (issue 40): the same work on the same log by bash with coreutils
# and gzip, and by tigris pipe, each REPEAT times; wall time and CPU (user + system of the whole
# process tree) from /usr/bin/time; every output checked against bash's. TSV, one line a run:
#   task  runner  repeat  wall_s  cpu_s
# Usage: streamline-shell.sh TIGRIS LOG WORKDIR OUT.tsv
set -euo pipefail
TIGRIS=$1 LOG=$2 WORK=$3 OUT=$4
REPEAT=${REPEAT:-3}
export LC_ALL=C
mkdir -p "$WORK"
cd "$WORK"
printf 'task\trunner\trepeat\twall_s\tcpu_s\n' > "$OUT"
timed() {   # timed TASK RUNNER REPEAT COMMAND...: runs it, appends its times
  local task=$1 runner=$2 rep=$3; shift 3
  /usr/bin/time -f '%e %U %S' -o time.txt "$@"
  read -r wall user sys < time.txt
  printf '%s\t%s\t%s\t%s\t%s\n' "$task" "$runner" "$rep" "$wall" "$(echo "$user + $sys" | bc)" >> "$OUT"
}
# Warm the page cache: every runner reads the log from memory.
cat "$LOG" > /dev/null
for r in $(seq 1 "$REPEAT"); do
  timed filter-compress bash "$r" bash -c "grep -v DEBUG '$LOG' | gzip -6 > bash.gz"
  timed filter-compress tigris-native "$r" "$TIGRIS" pipe "file in=$LOG | grep -v DEBUG | deflate level=6 | file out=native.gz"
  timed filter-compress tigris-gzip "$r" "$TIGRIS" pipe "file in=$LOG | grep -v DEBUG | gzip -6 | file out=process.gz"
  timed count-words bash "$r" bash -c "wc -w < '$LOG' > bash.count"
  timed count-words tigris-native "$r" bash -c "'$TIGRIS' pipe 'file in=$LOG | count -w' > native.count"
  timed word-frequency bash "$r" bash -c "tr -cs 'A-Za-z0-9' '\n' < '$LOG' | grep -v '^\$' | sort | uniq -c | sort -rn | head -20 > bash.top"
  timed word-frequency tigris-native "$r" bash -c "'$TIGRIS' pipe 'file in=$LOG | words | tally | head 20' > native.top"
  echo "repeat $r done" >&2
done
# The outputs are the same work's.
cmp <(gunzip -c bash.gz) <(gunzip -c native.gz)
cmp <(gunzip -c bash.gz) <(gunzip -c process.gz)
[ "$(tr -d ' ' < bash.count)" = "$(tr -d ' ' < native.count)" ]
diff <(awk '{print $1, $2}' bash.top) <(awk '{print $1, $2}' native.top)
echo "outputs checked: the same lines, counts and top words" >&2
