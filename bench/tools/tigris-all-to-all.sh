#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# An all-to-all river across N network-namespace hosts (root needed), the cost of the data plane per
# node: a producer and a consumer on every host, every producer joined to every consumer (round
# robin, 8 KiB Waters, window 8), TCP between hosts. For each N: how long the agent takes to grow
# the river, and while it runs, per node: TCP connections established, threads, resident memory;
# then the Waters the consumers finished inside the measured window. With BEFORE_IMAGE (an image
# whose bin/tigris runs an earlier Tigris), each round runs it and IMAGE one after the other, so the
# two data planes are measured side by side on the same machine in the same state.
# Usage: [BEFORE_IMAGE=DIR] [ROUNDS=n] tigris-all-to-all.sh IMAGE BENCH_CLASSES OUT_DIR WARMUP_S MEASURE_S N...
set -euo pipefail
image=$1 classes=$2 out=$3 warm=$4 measure=$5
shift 5
rounds=${ROUNDS:-1}
[ "$(id -u)" = 0 ] || { echo "tigris-all-to-all: needs root (network namespaces)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
(cd "$classes" && "$image/bin/jar" --create --file "$out/modules.jar" jaguar/bench/tigris/HostModules*.class)
. "$(dirname "$0")/netns-hosts.sh"
trap netns_hosts_down EXIT

# run_hosts LABEL IMAGE N: one river on N hosts, its cells appended to cells.txt.
run_hosts() {
  local label=$1 img=$2 n=$3 p=tga$$ h i ids="$out/ids-$1-$3"
  netns_hosts_up $p 10.79.0 "$n"
  # Each image makes its own (an older Tigris shares one key), once per host count.
  [ -d "$ids" ] || tigris_identities "$img" "$ids" $(seq -f "$p-%g" 1 "$n")
  for h in $(seq 1 "$n"); do rm -f "$out/node-$n-$h.log"; netns_node_start "$img" "$ids" $h "$out/node-$n-$h.log"; done
  netns_nodes_wait $(seq -f "$out/node-$n-%g.log" 1 "$n")
  # The nodes' JVMs, found now: looking them up while the river runs takes longer than it has.
  local pids=()
  for h in $(seq 1 "$n"); do pids+=("$(pgrep -f "tigris.cli.Tigris node --name $p-$h " | head -1)"); done
  local on f
  on=$(seq -s, -f "$p-%g" 1 "$n")
  f="$out/river-$n.tgr"; rm -f "$out"/count.*
  {
    echo "river all"
    echo "jar modules.jar"
    for h in $(seq 1 "$n"); do echo "node $p-$h 10.79.0.$((10 + h)):7000"; done
    echo "module producer jaguar.bench.tigris.HostModules\$Producer on $on policy:ROUND_ROBIN out:out=Water size=8192 warmMillis=$((warm * 1000)) measureMillis=$((measure * 1000))"
    echo "module consumer jaguar.bench.tigris.HostModules\$Consumer on $on in:in=Water warmMillis=$((warm * 1000)) measureMillis=$((measure * 1000)) out=$out/count"
    echo "connect producer.out consumer.in window=8 water=8192"
  } > "$f"
  local t0 grown run
  t0=$(date +%s.%N)
  "$img/bin/tigris" run "$f" $(netns_agent "$ids") --timeout 600 --answer-timeout 30 > "$f.log" 2>&1 &
  run=$!
  for i in $(seq 1 6000); do grep -q "grown on" "$f.log" 2>/dev/null && break; kill -0 $run 2>/dev/null || break; sleep 0.1; done
  grown=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  # Sampled a second into the measured window, every node at once (the river ends soon after the window).
  # Read with shell builtins only: with every core busy, a process started per node would spread the
  # sample over seconds, past the river's end.
  sleep $((warm + 1))
  local pid tcp4 tcp6 status
  for h in $(seq 1 "$n"); do
    pid=${pids[$((h - 1))]}
    IFS= read -r -d '' tcp4 < /proc/$pid/net/tcp || true
    IFS= read -r -d '' tcp6 < /proc/$pid/net/tcp6 || true
    IFS= read -r -d '' status < /proc/$pid/status || true
    printf '%s\n%s\n' "$tcp4" "$tcp6" > "$out/sample-$n-$h.tcp"
    printf '%s\n' "$status" > "$out/sample-$n-$h.status"
  done
  for h in $(seq 1 "$n"); do
    echo "$label $n $h $(awk 'NR > 1 && $4 == "01"' "$out/sample-$n-$h.tcp" | wc -l) $(awk '/^Threads:/ { print $2 }' "$out/sample-$n-$h.status")" \
         "$(awk '/^VmRSS:/ { print $2 }' "$out/sample-$n-$h.status") $grown" >> "$raw"
  done
  wait $run || { echo "tigris run failed with $n hosts ($label):" >&2; cat "$f.log" >&2; exit 1; }
  echo "$label $n total $(cat "$out"/count.* | awk '{ t += $1 } END { print t }')" >> "$raw"
  netns_hosts_down
}

raw="$out/cells.txt"; : > "$raw"
for r in $(seq 1 "$rounds"); do
  for n in "$@"; do
    if [ -n "${BEFORE_IMAGE:-}" ]; then run_hosts before "$BEFORE_IMAGE" "$n"; fi
    run_hosts after "$image" "$n"
  done
done

echo "Hosts are network namespaces on one 2-core machine (veth + bridge); on each, a \`tigris node\`, one"
echo "producer and one consumer; every producer is joined to every consumer (round robin, 8 KiB Waters,"
echo "window 8; memory reservoirs within a host, TCP between hosts). Sampled once per node a second into"
echo "the ${measure} s window that opens ${warm} s after each consumer's first Water. 'grow' is from \`tigris run\`"
echo "starting to its river grown on every node. ${rounds} round(s); each runs every host count with the data"
echo "plane before (a TCP connection per reservoir, when BEFORE_IMAGE is given) and after (one per node"
echo "pair), one after the other. Per node: median [lowest-highest] over nodes and rounds; grow and"
echo "throughput: median [lowest-highest] over rounds."
echo
python3 - "$raw" "$measure" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
measure = float(sys.argv[2])
names = {"before": "before: one per reservoir", "after": "one per node pair"}
print("| hosts | reservoirs | data plane | grow s | TCP connections per node | threads per node | resident MiB per node | throughput MB/s |")
print("|---|---|---|---|---|---|---|---|")
span = lambda xs, fmt: f"{fmt(statistics.median(xs))} [{fmt(min(xs))}-{fmt(max(xs))}]"
for n in sorted({int(r[1]) for r in rows}):
    for label in ("before", "after"):
        nodes = [r for r in rows if r[0] == label and int(r[1]) == n and r[2] != "total"]
        if not nodes:
            continue
        totals = [int(r[3]) for r in rows if r[0] == label and int(r[1]) == n and r[2] == "total"]
        grows = [float(r[6]) for r in nodes[::n]]
        g = lambda x: f"{x:g}"
        print(f"| {n} | {n * n} | {names[label]} | {span(grows, g)} | {span([int(r[3]) for r in nodes], g)} | {span([int(r[4]) for r in nodes], g)} "
              f"| {span([int(r[5]) / 1024 for r in nodes], lambda x: f'{x:.0f}')} | {span([t * 8192 / 1048576 / measure for t in totals], lambda x: f'{x:.1f}')} |")
PY
