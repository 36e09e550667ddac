#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# What a lost node costs a mirrored TigrisSort (issue 29 item 2; doc/tigris-operations.md, "When a node
# is lost"): four hosts made of network namespaces on a bridge (root needed), a `tigris node` in each,
# each with an input of RECORDS records and a copy of the previous host's. One sort per cell, the
# agent in LostNodeSort.java (answer timeout 2 s): undisturbed, host 2's node killed once 30% of the
# input is read, or once every sorter has had End of River; ROUNDS rounds in rotated order after a
# discarded warm-up sort, host 2's node started again after each kill. Warm page cache (the inputs
# were just written and read): the figure is the cost in work, not in disk reads. The hosts share two
# cores and one disk, so the figures are indicative.
# Usage: tigris-lost-node.sh IMAGE OUT_DIR RECORDS [ROUNDS]
set -euo pipefail
image=$1 out=$2 records=$3 rounds=${4:-3}
[ "$(id -u)" = 0 ] || { echo "tigris-lost-node: needs root (network namespaces)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
p=tgl$$ hosts=4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/netns-hosts.sh"
trap netns_hosts_down EXIT
netns_hosts_up $p 10.78.0 $hosts
tigris_identities "$image" "$out/ids" $(seq -f "$p-%g" 1 $hosts)
start_node() {   # start_node H: host H's node, once it listens
  : > "$out/node-$1.log"
  netns_node_start "$image" "$out/ids" $1 "$out/node-$1.log"
  netns_nodes_wait "$out/node-$1.log"
}
nodes=()
for h in $(seq 1 $hosts); do
  "$image/bin/tigris" gensort -b$(( (h - 1) * records )) "$records" "$out/in-$p-$h" > /dev/null 2>&1
  nodes+=("$p-$h=10.78.0.$((10 + h)):7000")
done
for h in $(seq 1 $hosts); do
  prev=$(( (h + hosts - 2) % hosts + 1 ))   # the host whose input this one mirrors
  cp "$out/in-$p-$prev" "$out/mirror-$p-$prev"
  start_node $h
done
# run WHEN: one sort; prints "total_s detected_s read_at_kill ranges_again attempts"
run() {
  local when=$1 victim
  victim=$(pgrep -f "tigris.cli.Tigris node --name $p-2 ")
  rm -f "$out"/out-*
  "$image/bin/java" --add-modules jaguar.tigris "$here/lost-node/LostNodeSort.java" "$out/ids/bench.p12" "$out/ids/bench.password" "$out/mirror-{stripe}" \
      "$when" "$victim" 2 "$out/in-{node}" "$out/out-{node}" "${nodes[@]}" 2> "$out/sort-$when.err" \
      || { echo "tigris-lost-node: the sort ($when) failed:" >&2; cat "$out/sort-$when.err" >&2; exit 1; }
  [ "$when" = none ] || { wait_gone "$victim"; start_node 2; }
  # every part must be the undisturbed run's
  if [ -f "$out/ref.sum" ]; then
    cat "$out"/out-$p-{1,2,3,4} | cmp -s - "$out/ref.dat" || { echo "tigris-lost-node: the $when sort's output differs from the undisturbed one's" >&2; exit 1; }
  fi
}
wait_gone() { for i in $(seq 1 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done; }
run none > /dev/null   # warm-up: the nodes' JVMs compile their code
cat "$out"/out-$p-{1,2,3,4} > "$out/ref.dat" && touch "$out/ref.sum"
cells=(none reading sorting)
raw="$out/cells.txt"; : > "$raw"
for r in $(seq 1 "$rounds"); do
  for i in 0 1 2; do
    c=${cells[$(( (i + r) % 3 ))]}
    line=$(run $c) || exit 1
    [[ $line =~ ^[0-9.]+\ [-0-9.]+\ [-0-9%]+\ [^\ ]+\ [0-9]+$ ]] || { echo "tigris-lost-node: unexpected line from LostNodeSort: '$line'" >&2; exit 1; }
    echo "$r $c $line" >> "$raw"
  done
done
echo "Four hosts (network namespaces on one 2-core machine and one disk, veth + bridge), each with an input of $records"
echo "records ($((records * 100 / 1000000)) MB) and a copy of the previous host's; a mirrored sort across them (one reader and one sorter a"
echo "node, 1 GiB per sorter, output synced), the agent's answer timeout 2 s; warm page cache; $rounds round(s) of three cells in"
echo "rotated order after a discarded sort. Every run's output was compared with the undisturbed run's, byte for byte."
echo "Medians over the rounds, lowest and highest in brackets; 'ranges again' are those the second attempt sorted (of 0-3)."
echo
python3 - "$raw" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
cells = {}
for r, when, total, detected, read, again, attempts in rows:
    cells.setdefault(when, []).append((float(total), detected, again, attempts, read))
def med(v):
    return f"{statistics.median(v):.2f} [{min(v):.2f}–{max(v):.2f}]"
base = statistics.median(t for t, *_ in cells["none"])
print("| host 2's node | input read at the kill | sort s | of the undisturbed sort | loss declared after the kill, s | ranges again | attempts |")
print("|---|---|---|---|---|---|---|")
for when, label in (("none", "not killed"), ("reading", "killed at 30% read"), ("sorting", "killed after End of River")):
    v = cells[when]
    t = [x[0] for x in v]
    d = [float(x[1]) for x in v if x[1] != "-"]
    print(f"| {label} | {' '.join(x[4] for x in v)} | {med(t)} | {statistics.median(t) / base:.2f}x | {med(d) if d else '–'} | {' '.join(sorted(set(x[2] for x in v)))} | {' '.join(sorted(set(x[3] for x in v)))} |")
PY
