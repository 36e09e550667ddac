#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# TigrisSort scaled with nodes at constant data per node (the thesis's Figure 16): N node
# processes on this machine (`tigris node`, kept up and warmed by two unreported sorts of
# all nodes, as the thesis leaves Tigris's startup out), each with RECORDS_PER_NODE gensort
# records of its own (node i holds records i*R .. i*R+R-1), sorted by the control agent
# (`tigris sort --node ...`, one partitioner and one sorter per node, TCP reservoirs between
# nodes) for N = 1 .. MAX_NODES, REPS runs each from a cold page cache, every run's outputs
# validated as one ordered whole (valsort -o per node, then valsort -s with the inputs' checksum).
# Usage: tigrissort-scaling.sh IMAGE DATA_DIR RECORDS_PER_NODE MAX_NODES REPS TABLE RAW_DIR
set -euo pipefail
image=$1 data=$2 per=$3 max=$4 reps=$5 table=$6 raw=$7
[ "$(id -u)" = 0 ] || { echo "tigrissort-scaling: needs root (drops the page cache before each run)" >&2; exit 2; }
tigris=$image/bin/tigris
mkdir -p "$data/scaling" "$raw"
dir=$data/scaling
need=$((per * max * 100 * 2 / 1024 + 1048576))
avail=$(df -k --output=avail "$dir" | tail -1)
[ "$avail" -gt "$need" ] || { echo "tigrissort-scaling: $dir has $avail KiB free, the run needs $need" >&2; exit 1; }
log=$raw/tigrissort-scaling.log
: > "$log"
for i in $(seq 1 "$max"); do
  f=$dir/in-n$i.dat
  if [ ! -f "$f" ] || [ "$(stat -c %s "$f")" != "$((per * 100))" ]; then
    "$tigris" gensort -b$(((i - 1) * per)) "$per" "$f"
  fi
  "$tigris" valsort -q -o "$dir/in-n$i.sum" "$f" || true    # its checksum (the input is not in order)
done
cold() { sync; echo 3 > /proc/sys/vm/drop_caches; }
now() { date +%s%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }

ids=$raw/scaling-ids
rm -rf "$ids"
"$tigris" keygen "$ids/ca" > /dev/null
"$tigris" cert $(seq -f "n%g" 1 "$max") --role node --ca "$ids/ca" --out "$ids" > /dev/null
"$tigris" cert agent --role agent --ca "$ids/ca" --out "$ids" > /dev/null
base=$((20000 + RANDOM % 20000))
pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; rm -rf "$ids" "$dir"/out-n*.dat "$dir"/*.out.sum; }
trap cleanup EXIT
for i in $(seq 1 "$max"); do
  "$tigris" node --name "n$i" --port $((base + i)) --host 127.0.0.1 --key "$ids/n$i.p12" --password-file "$ids/n$i.password" > "$raw/tigrissort-scaling-n$i.log" 2>&1 &
  pids+=($!)
done
sleep 5

sortn() {   # sortn N: sort on nodes n1..nN, print the wall seconds
  local n=$1 args=() t0 t1
  for i in $(seq 1 "$n"); do args+=(--node "n$i=127.0.0.1:$((base + i))"); done
  rm -f "$dir"/out-n*.dat; cold
  t0=$(now)
  "$tigris" sort -q -p 1 -s 1 "${args[@]}" --key "$ids/agent.p12" --password-file "$ids/agent.password" "$dir/in-{node}.dat" "$dir/out-{node}.dat" >> "$log"
  sync; t1=$(now)
  local all=$dir/all.out.sum want=$dir/all.in.sum
  : > "$all"; : > "$want"
  for i in $(seq 1 "$n"); do
    "$tigris" valsort -q -o "$dir/out-n$i.out.sum" "$dir/out-n$i.dat" || { echo "tigrissort-scaling: node n$i's output is out of order" >&2; exit 1; }
    cat "$dir/out-n$i.out.sum" >> "$all"; cat "$dir/in-n$i.sum" >> "$want"
  done
  local got expect
  got=$("$tigris" valsort -s "$all" 2>&1)
  expect=$({ "$tigris" valsort -s "$want" 2>&1 || true; } | sed -n 's/^Checksum: \([0-9a-f]*\).*/\1/p')
  echo "$got" | grep -q SUCCESS && echo "$got" | grep -q "^Checksum: $expect\$" \
    || { echo "tigrissort-scaling: $n nodes' outputs are not their inputs sorted: $got" >&2; exit 1; }
  secs "$t0" "$t1"
}

w1=$(sortn "$max"); w2=$(sortn "$max")
echo "warm-up with $max nodes: $w1 s, $w2 s (not reported)" >> "$log"
declare -A wall
for r in $(seq 1 "$reps"); do
  for n in $(seq 1 "$max"); do
    wall[$n,$r]=$(sortn "$n")
    echo "$n nodes rep $r: ${wall[$n,$r]} s" >> "$log"
  done
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
{
  echo "| nodes | records | wall s (median) | runs | aggregate MB/s | MB/s per node |"
  echo "|---|---|---|---|---|---|"
  for n in $(seq 1 "$max"); do
    v=(); for r in $(seq 1 "$reps"); do v+=("${wall[$n,$r]}"); done
    m=$(median "${v[@]}")
    awk -v n="$n" -v p="$per" -v m="$m" -v runs="${v[*]}" \
      'BEGIN { printf "| %d | %d | %.2f | %s | %.1f | %.1f |\n", n, n * p, m, runs, n * p * 100 / m / 1e6, p * 100 / m / 1e6 }'
  done
} > "$table"
