#!/usr/bin/env bash
# An all-to-all river across N network-namespace hosts (root needed), the cost of the data plane per
# node: a producer and a consumer on every host, every producer joined to every consumer (round
# robin, 8 KiB Waters, window 8), TCP between hosts. For each N: how long the agent takes to grow
# the river, and while it runs, per node: TCP connections established, threads, resident memory;
# then the Waters the consumers finished inside the measured window.
# Usage: [BEFORE_CELLS=FILE] tigris-all-to-all.sh IMAGE BENCH_CLASSES OUT_DIR WARMUP_S MEASURE_S N...
# BEFORE_CELLS: an earlier run's cells.txt, shown beside this run's (the data plane before issue 39 step 4).
set -euo pipefail
image=$1 classes=$2 out=$3 warm=$4 measure=$5
shift 5
[ "$(id -u)" = 0 ] || { echo "tigris-all-to-all: needs root (network namespaces)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
"$image/bin/tigris" keygen "$out/cluster.p12" "$out/cluster.pw" > /dev/null
(cd "$classes" && "$image/bin/jar" --create --file "$out/modules.jar" jaguar/bench/tigris/HostModules*.class)
. "$(dirname "$0")/netns-hosts.sh"
trap netns_hosts_down EXIT

raw="$out/cells.txt"; : > "$raw"
for n in "$@"; do
  p=tga$$
  netns_hosts_up $p 10.79.0 "$n"
  for h in $(seq 1 "$n"); do
    ip netns exec $p-h$h "$image/bin/tigris" node --name $p-$h --port 7000 --host 10.79.0.$((10 + h)) \
        --key "$out/cluster.p12" --password-file "$out/cluster.pw" --work "$out/work-$n-$h" > "$out/node-$n-$h.log" 2>&1 &
  done
  for h in $(seq 1 "$n"); do
    for i in $(seq 1 300); do grep -q "listening on 7000" "$out/node-$n-$h.log" 2>/dev/null && break; sleep 0.1; done
    grep -q "listening on 7000" "$out/node-$n-$h.log" || { echo "node $h of $n did not start:" >&2; cat "$out/node-$n-$h.log" >&2; exit 1; }
  done
  # The nodes' JVMs, found now: looking them up while the river runs takes longer than it has.
  pids=()
  for h in $(seq 1 "$n"); do pids+=("$(pgrep -f "tigris.cli.Tigris node --name $p-$h " | head -1)"); done
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
  t0=$(date +%s.%N)
  "$image/bin/tigris" run "$f" --key "$out/cluster.p12" --password-file "$out/cluster.pw" --timeout 600 --answer-timeout 30 > "$f.log" 2>&1 &
  run=$!
  for i in $(seq 1 6000); do grep -q "grown on" "$f.log" 2>/dev/null && break; kill -0 $run 2>/dev/null || break; sleep 0.1; done
  grown=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  # Sampled a second into the measured window, every node at once (the river ends soon after the window).
  # Read with shell builtins only: with every core busy, a process started per node would spread the
  # sample over seconds, past the river's end.
  sleep $((warm + 1))
  for h in $(seq 1 "$n"); do
    pid=${pids[$((h - 1))]}
    IFS= read -r -d '' tcp4 < /proc/$pid/net/tcp || true
    IFS= read -r -d '' tcp6 < /proc/$pid/net/tcp6 || true
    IFS= read -r -d '' status < /proc/$pid/status || true
    printf '%s\n%s\n' "$tcp4" "$tcp6" > "$out/sample-$n-$h.tcp"
    printf '%s\n' "$status" > "$out/sample-$n-$h.status"
  done
  for h in $(seq 1 "$n"); do
    echo "$n $h $(awk 'NR > 1 && $4 == "01"' "$out/sample-$n-$h.tcp" | wc -l) $(awk '/^Threads:/ { print $2 }' "$out/sample-$n-$h.status")" \
         "$(awk '/^VmRSS:/ { print $2 }' "$out/sample-$n-$h.status") $grown" >> "$raw"
  done
  wait $run || { echo "tigris run failed with $n hosts:" >&2; cat "$f.log" >&2; exit 1; }
  waters=$(cat "$out"/count.* | awk '{ t += $1 } END { print t }')
  echo "$n total $waters" >> "$raw"
  netns_hosts_down
done

echo "Hosts are network namespaces on one 2-core machine (veth + bridge); on each, a \`tigris node\`, one"
echo "producer and one consumer; every producer is joined to every consumer (round robin, 8 KiB Waters,"
echo "window 8; memory reservoirs within a host, TCP between hosts). Sampled once per node a second into"
echo "the ${measure} s window that opens ${warm} s after each consumer's first Water. 'grow' is from \`tigris run\`"
echo "starting to its river grown on every node. Per node: median [lowest-highest]."
echo
python3 - "$raw" "$measure" "${BEFORE_CELLS:-}" <<'PY'
import os, statistics, sys
measure = float(sys.argv[2])
runs = [("one connection per node pair", [l.split() for l in open(sys.argv[1])])]
if sys.argv[3] and os.path.exists(sys.argv[3]):
    runs.insert(0, ("before: one per reservoir", [l.split() for l in open(sys.argv[3])]))
print("| hosts | reservoirs | data plane | grow s | TCP connections per node | threads per node | resident MiB per node | throughput MB/s |")
print("|---|---|---|---|---|---|---|---|")
for n in sorted({int(r[0]) for _, rows in runs for r in rows}):
    for label, rows in runs:
        nodes = [r for r in rows if int(r[0]) == n and r[1] != "total"]
        if not nodes:
            continue
        total = next(int(r[2]) for r in rows if int(r[0]) == n and r[1] == "total")
        cell = lambda i, f=float: f"{statistics.median(f(r[i]) for r in nodes):g} [{min(f(r[i]) for r in nodes):g}-{max(f(r[i]) for r in nodes):g}]"
        mib = lambda i: f"{statistics.median(int(r[i]) for r in nodes) / 1024:.0f} [{min(int(r[i]) for r in nodes) / 1024:.0f}-{max(int(r[i]) for r in nodes) / 1024:.0f}]"
        print(f"| {n} | {n * n} | {label} | {nodes[0][5]} | {cell(2, int)} | {cell(3, int)} | {mib(4)} | {total * 8192 / 1048576 / measure:.1f} |")
PY
