#!/usr/bin/env bash
# What the JIT costs a one-shot sort and a control agent (doc/tigris.md, "Which JIT a command
# runs"), measured side by side in one run:
#  1. `tigris sort` on one machine under each top tier (TIGRIS_JIT=graal, c2): wall time, the
#     process's CPU time, and, from -XX:+PrintCompilation, when the partitioners' per-record loop
#     (PartitionModule::bucket, an OSR compilation) started its C1 (tier 3) and its top-tier
#     (tier 4) compilation; under Graal also how many compilations Graal made, their summed time
#     and the first one's (-Djdk.graal.PrintCompilation, which the compiler prints per method).
#  2. `tigris sort --node` against one warm node on this machine (Graal, as shipped): the agent's
#     own CPU time under each JIT (TIGRIS_JIT=graal, c1) and the sort's wall time.
# Input: DATA/input-RECORDS.dat (made by tools/tigrissort.sh, or here by tigris gensort).
# Usage: tigrissort-jit.sh IMAGE DATA_DIR RECORDS TABLE RAW_DIR
set -euo pipefail
image=$1 data=$2 records=$3 table=$4 raw=$5
[ "$(id -u)" = 0 ] || { echo "tigrissort-jit: needs root (drops the page cache before each run)" >&2; exit 2; }
cores=$(nproc)
input=$data/input-$records.dat
mkdir -p "$data" "$raw"
[ -f "$input" ] || "$image/bin/tigris" gensort "$records" "$input"
out=$data/out-jit
log=$raw/tigrissort-jit.log
: > "$log"
cold() { sync; echo 3 > /proc/sys/vm/drop_caches; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
TIMEFORMAT='%U %S'

# 1. one-shot local sort
{
  echo "| top tier | wall s | CPU s (user + sys) | bucket loop: C1 OSR starts, s | top-tier OSR starts, s | Graal compilations | their time, s | first one, s |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$table"
for jit in graal c2; do
  rm -f "$out"; cold
  t0=$(now)
  cpu=$( { time TIGRIS_JIT=$jit JDK_JAVA_OPTIONS="-XX:+PrintCompilation -Djdk.graal.PrintCompilation=true" \
           "$image/bin/tigris" sort -q -p "$cores" -s "$cores" "$input" "$out" > "$raw/tigrissort-jit-$jit.out" 2>/dev/null; } 2>&1 )
  sync; t1=$(now)
  echo "local sort, $jit: wall $(secs "$t0" "$t1") s, cpu (user sys) $cpu" >> "$log"
  grep -E '^ *[0-9]+ +[0-9]+ +%.* [34] +tigris.sort.PartitionModule::bucket @' "$raw/tigrissort-jit-$jit.out" >> "$log" || true
  c1=$(awk '/PartitionModule::bucket @/ && / 3 / && !/made not entrant/ { printf "%.2f", $1 / 1000; exit }' "$raw/tigrissort-jit-$jit.out")
  c4=$(awk '/PartitionModule::bucket @/ && / 4 / && !/made not entrant/ { printf "%.2f", $1 / 1000; exit }' "$raw/tigrissort-jit-$jit.out")
  read -r n sum first < <(grep -E '^HotSpot(OSR)?Compilation-' "$raw/tigrissort-jit-$jit.out" | sed -E 's/.*\| *([0-9]+)us.*/\1/' \
    | awk 'NR == 1 { f = $1 } { s += $1; n++ } END { if (n) printf "%d %.2f %.2f\n", n, s / 1e6, f / 1e6; else print "- - -" }')
  cpu_s=$(awk -v u="${cpu% *}" -v s="${cpu#* }" 'BEGIN { printf "%.2f", u + s }')
  echo "| $jit | $(secs "$t0" "$t1") | $cpu_s | ${c1:--} | ${c4:--} | $n | $sum | $first |" >> "$table"
  "$image/bin/tigris" valsort -q "$out" || { echo "tigrissort-jit: the $jit sort wrote $out out of order" >&2; exit 1; }
  rm -f "$out"
done

# 2. the control agent beside a warm node
key=$raw/jit-cluster.p12 pw=$raw/jit-cluster.pw
rm -f "$key" "$pw"; head -c 24 /dev/urandom | base64 > "$pw"
"$image/bin/tigris" keygen "$key" "$pw" > /dev/null
port=$((20000 + RANDOM % 20000))
"$image/bin/tigris" node --name n1 --port "$port" --host 127.0.0.1 --key "$key" --password-file "$pw" > "$raw/tigrissort-jit-node.log" 2>&1 &
node=$!
trap 'kill $node 2>/dev/null; rm -f "$key" "$pw" "$out"' EXIT
sleep 5
agent() {   # agent JIT LABEL
  rm -f "$out"; cold
  local t0 t1 cpu
  t0=$(now)
  cpu=$( { time TIGRIS_JIT=$1 "$image/bin/tigris" sort -q -p "$cores" -s "$cores" --node "n1=127.0.0.1:$port" --key "$key" --password-file "$pw" \
           "$input" "$out" > /dev/null; } 2>&1 )
  sync; t1=$(now)
  echo "cluster sort ($2), agent $1: wall $(secs "$t0" "$t1") s, agent cpu (user sys) $cpu" >> "$log"
  "$image/bin/tigris" valsort -q "$out" || { echo "tigrissort-jit: the sort ($2) wrote $out out of order" >&2; exit 1; }
  [ "$2" = warm-up ] || echo "| $1 | $(secs "$t0" "$t1") | $(awk -v u="${cpu% *}" -v s="${cpu#* }" 'BEGIN { printf "%.2f", u + s }') |" >> "$table"
}
agent c1 warm-up    # the node's first sort compiles its code; not reported
{
  echo
  echo "Control agent driving one warm node (Graal) on this machine:"
  echo
  echo "| agent JIT | sort wall s | agent CPU s (user + sys) |"
  echo "|---|---|---|"
} >> "$table"
for jit in graal c1 graal c1; do agent "$jit" measured; done
