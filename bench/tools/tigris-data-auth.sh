#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# What securing the data plane costs TigrisSort (issue 39 step 5): three hosts made of network
# namespaces on a bridge (root needed), a `tigris node` in each, 1 GB of input in all (RECORDS
# records per host). `tigris sort` runs across them with the nodes' data connections as they ship
# (every reservoir's OPEN and ACCEPT prove the attempt's key, the Waters cross in the clear) and
# with `--data-tls yes` (TLS 1.3 between the nodes' certificates besides), the nodes started afresh for each
# mode, ROUNDS rounds in alternating order after one discarded sort per mode. Warm page cache
# (--no-sync, the inputs just written): the figure is the cost in work. The hosts share two cores.
# Usage: tigris-data-auth.sh IMAGE OUT_DIR RECORDS [ROUNDS]
set -euo pipefail
image=$1 out=$2 records=$3 rounds=${4:-3}
[ "$(id -u)" = 0 ] || { echo "tigris-data-auth: needs root (network namespaces)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
p=tga$$ hosts=3
. "$(dirname "$0")/netns-hosts.sh"
trap 'pkill -f "tigris.cli.Tigris node --name $p-" 2>/dev/null || true; netns_hosts_down' EXIT
netns_hosts_up $p 10.77.0 $hosts
tigris_identities "$image" "$out/ids" $(seq -f "$p-%g" 1 $hosts)
nodes=()
for h in $(seq 1 $hosts); do
  "$image/bin/tigris" gensort -b$(( (h - 1) * records )) "$records" "$out/in-$p-$h" > /dev/null 2>&1
  nodes+=(--node "$p-$h=10.77.0.$((10 + h)):7000")
done

# nodes_up TLS: every host's node, --data-tls TLS, once it listens; nodes_down: stops them.
nodes_up() {
  for h in $(seq 1 $hosts); do
    : > "$out/node-$h.log"
    netns_node_start "$image" "$out/ids" $h "$out/node-$h.log" --data-tls "$1"
  done
  netns_nodes_wait "$out"/node-{1..3}.log
}
nodes_down() {
  pkill -f "tigris.cli.Tigris node --name $p-" || true
  for i in $(seq 1 100); do pgrep -f "tigris.cli.Tigris node --name $p-" > /dev/null || return 0; sleep 0.1; done
}
# sort MODE: one sort; prints its total seconds; every output must be the first one's
sort_once() {
  local log="$out/sort-$1.log"
  rm -f "$out"/out-*
  "$image/bin/tigris" sort -q -p 1 -s 1 --no-sync $(netns_agent "$out/ids") \
      "${nodes[@]}" "$out/in-{node}" "$out/out-{node}" > "$log" 2>&1 || { echo "tigris-data-auth: the sort ($1) failed:" >&2; cat "$log" >&2; exit 1; }
  local sum
  sum=$(cat "$out"/out-$p-{1,2,3} | md5sum | cut -d' ' -f1)
  [ -f "$out/ref.md5" ] || echo "$sum" > "$out/ref.md5"
  [ "$sum" = "$(cat "$out/ref.md5")" ] || { echo "tigris-data-auth: the $1 sort's output differs from the first sort's" >&2; exit 1; }
  awk '/^  total /{print $2}' "$log"
}
raw="$out/cells.txt"; : > "$raw"
modes=(no yes)
for r in $(seq 0 "$rounds"); do
  for i in 0 1; do
    m=${modes[$(( (i + r) % 2 ))]}
    nodes_up "$m"
    t=$(sort_once "$m")
    [[ $t =~ ^[0-9.]+$ ]] || { echo "tigris-data-auth: no total time in the sort's report: '$t'" >&2; exit 1; }
    [ "$r" = 0 ] || echo "$r $m $t" >> "$raw"   # round 0 warms the page cache and the disk
    nodes_down
  done
done
mb=$(( records * 100 * hosts / 1000000 ))
echo "Three hosts (network namespaces on one 2-core machine, veth + bridge), $mb MB of input in all; \`tigris sort -p 1 -s 1"
echo "--no-sync\` across them, warm page cache. 'proofs only': the data plane as it ships (each reservoir's OPEN and"
echo "ACCEPT prove the river attempt's key with HMAC-SHA256; Waters cross in the clear). 'TLS 1.3': the nodes started"
echo "with \`--data-tls yes\` (AES-GCM on every byte between hosts, the cluster key both ways, besides the proofs)."
echo "$rounds rounds, the two modes in alternating order, nodes started afresh for each sort; median [lowest-highest]."
echo
python3 - "$raw" "$mb" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
mb = float(sys.argv[2])
t = {m: [float(r[2]) for r in rows if r[1] == m] for m in ("no", "yes")}
span = lambda xs, f: f"{f(statistics.median(xs))} [{f(min(xs))}-{f(max(xs))}]"
print("| data connections | sort s | MB/s | throughput vs proofs only |")
print("|---|---|---|---|")
base = statistics.median(mb / x for x in t["no"])
for m, name in (("no", "proofs only (as shipped)"), ("yes", "TLS 1.3 (--data-tls yes)")):
    rates = [mb / x for x in t[m]]
    print(f"| {name} | {span(t[m], lambda v: f'{v:.1f}')} | {span(rates, lambda v: f'{v:.1f}')} | {statistics.median(rates) / base:.3f}x |")
PY
