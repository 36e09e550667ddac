#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# The planner's cost model against the clock (issue 40): two hosts made of network namespaces on a
# bridge (root needed; they share this machine's cores, as their nodes tell the planner), a
# `tigris node` in each; each pipeline runs as the planner places it and as alternatives place it
# (jaguar.bench.planner.MeasuredPlans), ROUNDS rounds: the two heavy pipelines on LOG, the light
# one on BIG_LOG (long enough that starting a job is not most of its time).
# Usage: planner-measured.sh IMAGE CLASSES LOG BIG_LOG OUT_DIR OUT.tsv [ROUNDS]
set -euo pipefail
image=$1 classes=$2 log=$3 big=$4 out=$5 tsv=$6 rounds=${7:-3}
[ "$(id -u)" = 0 ] || { echo "planner-measured: needs root (network namespaces)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
p=tpm$$ hosts=2
. "$(dirname "$0")/netns-hosts.sh"
trap 'netns_hosts_down' EXIT
netns_hosts_up $p 10.78.0 $hosts
tigris_identities "$image" "$out/ids" $(seq -f "$p-%g" 1 $hosts)
nodes=""
for h in $(seq 1 $hosts); do
  : > "$out/node-$h.log"
  netns_node_start "$image" "$out/ids" $h "$out/node-$h.log"
  nodes="$nodes${nodes:+,}$p-$h=10.78.0.$((10 + h)):7000"
done
netns_nodes_wait "$out"/node-{1..2}.log
cat "$log" "$big" > /dev/null
"$image/bin/java" -cp "$classes" jaguar.bench.planner.MeasuredPlans "$tsv" "$rounds" "$out/ids/bench.p12" "$out/ids/bench.password" "$nodes" \
    "file in=$log | grep -v DEBUG | deflate | file out=$out/filtered.gz" \
    "file in=$log | ((deflate | file out=$out/all.gz) + (words | count -w | file out=$out/words.txt))" \
    "file in=$big | grep -v DEBUG | words | count -w | file out=$out/counted.txt"
