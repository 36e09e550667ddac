#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Figure 14 across hosts: five network namespaces on a bridge (root needed), a `tigris node` in
# each; one producer host sends 8 KiB Waters through a Distributed Queue to four consumer hosts
# over TCP reservoirs. Each cell runs `tigris run` on a generated river file; consumers count the
# Waters they finish inside a measured window and write the counts to files.
# ROUNDS sweeps of all cells (each followed by its own calibration) give each cell's median share
# of ideal and its spread: on 2 shared cores one sweep is not a verdict.
# Usage: tigris-dq-hosts.sh IMAGE BENCH_CLASSES OUT_DIR WARMUP_S MEASURE_S SERVICE_US DELAY_US [ROUNDS]
set -euo pipefail
image=$1 classes=$2 out=$3 warm=$4 measure=$5 service=$6 delay=$7 rounds=${8:-1}
[ "$(id -u)" = 0 ] || { echo "tigris-dq-hosts: needs root (network namespaces)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
p=tgb$$ hosts=5
. "$(dirname "$0")/netns-hosts.sh"
trap netns_hosts_down EXIT
netns_hosts_up $p 10.78.0 $hosts
tigris_identities "$image" "$out/ids" $(seq -f "$p-%g" 1 $hosts)
(cd "$classes" && "$image/bin/jar" --create --file "$out/modules.jar" jaguar/bench/tigris/HostModules*.class)
for h in $(seq 1 $hosts); do netns_node_start "$image" "$out/ids" $h "$out/node-$h.log"; done
netns_nodes_wait "$out"/node-{1..5}.log

# run POLICY PERTURBED SERVICE_US: prints the Waters/s the four consumers finished in the window.
run() {
  local policy=$1 k=$2 svc=$3 f
  # Windows are relative to each module's first Water: growing the river on cold nodes (JVMs that
  # are still compiling) can take seconds.
  f="$out/river-$policy-$k-$svc.tgr"; rm -f "$out"/count.*
  cat > "$f" <<RIVER
river dq
jar modules.jar
node $p-1 10.78.0.11:7000
node $p-2 10.78.0.12:7000
node $p-3 10.78.0.13:7000
node $p-4 10.78.0.14:7000
node $p-5 10.78.0.15:7000
module producer jaguar.bench.tigris.HostModules\$Producer on $p-1 policy:$policy out:out=Water size=8192 warmMillis=$((warm * 1000)) measureMillis=$((measure * 1000))
module consumer jaguar.bench.tigris.HostModules\$Consumer on $p-2,$p-3,$p-4,$p-5 in:in=Water serviceMicros=$svc delayMicros=$delay perturbed=$k warmMillis=$((warm * 1000)) measureMillis=$((measure * 1000)) out=$out/count
connect producer.out consumer.in window=8 water=8192
RIVER
  "$image/bin/tigris" run "$f" $(netns_agent "$out/ids") --timeout 300 > "$f.log" 2>&1 \
      || { echo "tigris run failed:" >&2; cat "$f.log" >&2; exit 1; }
  if grep -qx 0 "$out"/count.*; then
    echo "a consumer finished no Water inside its window: $f" >&2; exit 1
  fi
  cat "$out"/count.* | awk -v s="$measure" '{ t += $1 } END { printf "%.1f", t / s }'
}
mb() { awk -v w="$1" 'BEGIN { printf "%.1f", w * 8192 / 1048576 }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f%%", 100 * a / b }'; }

# The node JVMs compile their code (on 2 cores shared by six JVMs) during the first rivers:
# two discarded runs warm them up before anything is measured.
run LOTTERY 0 "$service" > /dev/null
run RANDOM 1 "$service" > /dev/null
# Each round: every cell, then the calibration (the rates four consumers of each kind reach), so
# every round's shares are against its own ideal; cells run in a rotated order per round, so no
# policy always runs first or on the coldest JVMs.
policies=(LOTTERY RANDOM ROUND_ROBIN)
raw="$out/cells.txt"; : > "$raw"
for r in $(seq 1 "$rounds"); do
  for k in 0 1 2 3; do
    for i in 0 1 2; do
      policy=${policies[$(( (i + r + k) % 3 ))]}
      echo "$r $policy $k $(run $policy $k "$service")" >> "$raw"
    done
  done
  echo "$r fast 0 $(run LOTTERY 0 "$service")" >> "$raw"   # four unperturbed consumers
  echo "$r slow 4 $(run LOTTERY 4 "$service")" >> "$raw"   # four perturbed ones
done
echo "Five hosts (network namespaces on one 2-core machine, veth + bridge), one producer host and four"
echo "consumer hosts, TCP reservoirs, Waters of 8 KiB, window 8. Each consumer serves a Water in $service µs;"
echo "a perturbed one in $delay µs more. ${warm} s warm-up, ${measure} s measured per cell, after two discarded"
echo "rivers. $rounds round(s): each runs every cell, then four unperturbed and four perturbed consumers"
echo "alone for that round's ideal(k) = (4-k) x an unperturbed consumer's rate + k x a perturbed one's."
echo "Shares are medians over the rounds, with the lowest and highest in brackets."
echo
python3 - "$raw" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
cal = {}
cells = {}
for r, what, k, rate in rows:
    if what in ("fast", "slow"):
        cal[(r, what)] = float(rate) / 4
    else:
        cells.setdefault((what, int(k)), []).append((r, float(rate)))
mb = lambda w: w * 8192 / 1048576
rounds = sorted({r for r, _ in cal})
fast = statistics.median(cal[(r, "fast")] for r in rounds)
slow = statistics.median(cal[(r, "slow")] for r in rounds)
print(f"A consumer alone (median over rounds): {mb(fast):.1f} MB/s unperturbed, {mb(slow):.1f} MB/s perturbed.")
print()
print("| perturbed k | ideal MB/s | lottery MB/s | lottery share | random MB/s | random share | round-robin MB/s | round-robin share |")
print("|---|---|---|---|---|---|---|---|")
for k in range(4):
    ideal = {r: (4 - k) * cal[(r, "fast")] + k * cal[(r, "slow")] for r in rounds}
    row = f"| {k} | {mb(statistics.median(ideal.values())):.1f}"
    for policy in ("LOTTERY", "RANDOM", "ROUND_ROBIN"):
        got = cells[(policy, k)]
        shares = [100 * rate / ideal[r] for r, rate in got]
        rate = statistics.median(rate for _, rate in got)
        spread = f" [{min(shares):.1f}–{max(shares):.1f}]" if len(shares) > 1 else ""
        row += f" | {mb(rate):.1f} | {statistics.median(shares):.1f}%{spread}"
    print(row + " |")
PY
