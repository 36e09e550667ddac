#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Graduated declustering across hosts (issue 29 item 1; doc/tigris-operations.md): four hosts made of
# network namespaces on a bridge (root needed), a `tigris node` in each, each with an input of
# RECORDS records and a copy of the previous host's input. One host's reads are throttled to
# READ_MBPS MB/s (the blkio cgroup's read limit on the data's disk; cgroup v1 here). `tigris sort`
# runs across the four, from a cold page cache, with and without `--mirror`, with and without the
# throttle, ROUNDS times each in a rotated order; the table gives the partition phase (the reading
# of the input, which the throttle slows) and the whole sort. The four hosts share two cores and
# one disk: the figures are indicative; doc/tigris-operations.md has the command for real hosts.
# Usage: tigris-declustering.sh IMAGE OUT_DIR RECORDS READ_MBPS [ROUNDS]
set -euo pipefail
image=$1 out=$2 records=$3 limit=$4 rounds=${5:-3}
[ "$(id -u)" = 0 ] || { echo "tigris-declustering: needs root (network namespaces, cgroups, dropping the page cache)" >&2; exit 2; }
blkio=/sys/fs/cgroup/blkio
[ -f $blkio/blkio.throttle.read_bps_device ] || { echo "tigris-declustering: no blkio cgroup controller at $blkio (cgroup v1): cannot throttle a host's reads" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
# The throttle takes a whole disk, not a partition: the parent of the file system's device, if any.
src=$(findmnt -no SOURCE --target "$out" | sed 's/\[.*//')
parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -1 | tr -d ' ')
disk=${parent:+/dev/$parent}
dev=$(lsblk -dno MAJ:MIN "${disk:-$src}" 2>/dev/null | head -1 | tr -d ' ')
[ -n "$dev" ] || { echo "tigris-declustering: cannot find the disk holding $out (file system on '$src')" >&2; exit 2; }
p=tgd$$ hosts=4 cg=$blkio/tigris-declustering-$$
. "$(dirname "$0")/netns-hosts.sh"
cleanup() {
  netns_hosts_down
  [ -d $cg ] && { for t in $(cat $cg/cgroup.procs 2>/dev/null); do echo $t > $blkio/cgroup.procs 2>/dev/null || true; done; rmdir $cg 2>/dev/null || true; }
}
trap cleanup EXIT
netns_hosts_up $p 10.79.0 $hosts
mkdir -p $cg && echo "$dev $((limit * 1000000))" > $cg/blkio.throttle.read_bps_device
tigris_identities "$image" "$out/ids" $(seq -f "$p-%g" 1 $hosts)
nodes=()
for h in $(seq 1 $hosts); do
  "$image/bin/tigris" gensort -b$(( (h - 1) * records )) "$records" "$out/in-$p-$h" > /dev/null 2>&1
  netns_node_start "$image" "$out/ids" $h "$out/node-$h.log"
  nodes+=(--node "$p-$h=10.79.0.$((10 + h)):7000")
done
for h in $(seq 1 $hosts); do
  prev=$(( (h + hosts - 2) % hosts + 1 ))   # the host whose input this one mirrors
  cp "$out/in-$p-$prev" "$out/mirror-$p-$prev"
done
netns_nodes_wait "$out"/node-{1..4}.log
slow_pid=$(pgrep -f "tigris.cli.Tigris node --name $p-1 ")

# run MODE THROTTLED: one sort from a cold cache; prints "partition_s total_s"
run() {
  local mode=$1 throttled=$2 log="$out/sort-$1-$2.log" extra=(-p 1)
  [ "$mode" = mirror ] && extra=(--mirror "$out/mirror-{stripe}")   # one reader per node, as -p 1
  # cgroup.procs moves every thread of the node's JVM.
  if [ "$throttled" = 1 ]; then echo "$slow_pid" > $cg/cgroup.procs; else echo "$slow_pid" > $blkio/cgroup.procs; fi
  rm -f "$out"/out-*
  sync; echo 3 > /proc/sys/vm/drop_caches
  "$image/bin/tigris" sort -q -s 1 --no-sync "${extra[@]}" $(netns_agent "$out/ids") \
      "${nodes[@]}" "$out/in-{node}" "$out/out-{node}" > "$log" 2>&1 || { echo "sort $mode throttled=$throttled failed:" >&2; cat "$log" >&2; exit 1; }
  awk '/^  partition /{p=$2} /^  total /{t=$2} END {print p, t}' "$log"
}
# The node JVMs compile their code during the first sorts: two discarded sorts warm them.
run plain 0 > /dev/null || exit 1
run mirror 0 > /dev/null || exit 1
cells=(plain-0 mirror-0 plain-1 mirror-1)
raw="$out/cells.txt"; : > "$raw"
for r in $(seq 1 "$rounds"); do
  for i in 0 1 2 3; do
    c=${cells[$(( (i + r) % 4 ))]}
    cell=$(run ${c%-*} ${c#*-}) || exit 1
    [[ $cell =~ ^[0-9.]+\ [0-9.]+$ ]] || { echo "tigris-declustering: no partition and total times in the sort's report: '$cell'" >&2; exit 1; }
    echo "$r ${c%-*} ${c#*-} $cell" >> "$raw"
  done
done
mb=$(( records * 100 * hosts / 1000000 ))
echo "Four hosts (network namespaces on one 2-core machine and one disk, veth + bridge), each with an input of $records"
echo "records ($((records * 100 / 1000000)) MB) and a copy of the previous host's; \`tigris sort -s 1 --no-sync\` across them (-p 1, or --mirror: one reader a node), from a cold"
echo "page cache, $rounds round(s) of four cells in rotated order after two discarded sorts. Throttled: host 1's node"
echo "may read $limit MB/s from the disk (blkio cgroup, read_bps_device $dev). Medians over the rounds, lowest and highest in brackets."
echo
python3 - "$raw" "$mb" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
mb = float(sys.argv[2])
cell = {}
for r, mode, thr, part, total in rows:
    cell.setdefault((mode, thr), []).append((float(part), float(total)))
def med(vals):
    return statistics.median(vals), min(vals), max(vals)
print("| input | host 1 | partition s | read MB/s (all hosts) | sort s | of the unthrottled sort's read rate |")
print("|---|---|---|---|---|---|")
base = {m: statistics.median(p for p, _ in cell[(m, "0")]) for m in ("plain", "mirror")}
for mode, label in (("plain", "not mirrored"), ("mirror", "mirrored (declustering)")):
    for thr, hl in (("0", "as the others"), ("1", "throttled")):
        p = med([x for x, _ in cell[(mode, thr)]])
        t = med([y for _, y in cell[(mode, thr)]])
        share = base[mode] / p[0]
        print(f"| {label} | {hl} | {p[0]:.2f} [{p[1]:.2f}–{p[2]:.2f}] | {mb / p[0]:.0f} | {t[0]:.2f} [{t[1]:.2f}–{t[2]:.2f}] | {100 * share:.0f}% |")
PY
