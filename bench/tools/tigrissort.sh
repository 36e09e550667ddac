#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# TigrisSort against its baselines, side by side in one run on one machine (bench/README.md):
# the same input file sorted REPS times by each system, in turn, from a cold page cache (caches
# dropped before every run: disk to disk), each run timed from its launch until its output is on
# disk (the command, then `sync`); every output validated with `tigris valsort` outside the timing.
#   tigris        build/jdk/bin/tigris sort as shipped (doc/tigris.md, "The launcher")
#   c             bench/native/recsort.c, the same algorithm in C with as many threads
#   spark         SparkSort (sortByKey) through spark-submit, local[CORES]; its JVM and context
#                 startup is reported apart, as its own sort_s beside the wall time
# Machine limits: sequential read and write bandwidth of the data's disk (dd, cold cache; the write
# with O_DIRECT and fdatasync, as both sorts write whole blocks) and memory copy bandwidth (membw.c); "limit" is the time to read and write the data once.
# Runs: REPS of each sort but Spark, which runs in the first SPARK_REPS (env, default 3) of them, last
# in its round: it is ten times slower, and its runs decide no close ratio. The other three run in
# turn, in the opposite order every other round (tigris first, then c first), so neither of the
# two whose ratio is close always follows the same system.
# Usage: tigrissort.sh IMAGE BOOT_JDK NATIVE SPARK_HOME SPARK_JAR DATA_DIR RECORDS REPS TABLE RAW_DIR
set -euo pipefail
image=$1 bootjdk=$2 native=$3 spark_home=$4 spark_jar=$5 data=$6 records=$7 reps=$8 table=$9 raw=${10}
spark_reps=${SPARK_REPS:-3}
[[ $reps =~ ^[1-9][0-9]*$ ]] || { echo "tigrissort: REPS=$reps is not a positive whole number" >&2; exit 2; }
[[ $spark_reps =~ ^[1-9][0-9]*$ ]] || { echo "tigrissort: SPARK_REPS=$spark_reps is not a positive whole number (the table has a Spark row)" >&2; exit 2; }
[ "$spark_reps" -gt "$reps" ] && spark_reps=$reps
[ "$(id -u)" = 0 ] || { echo "tigrissort: needs root (drops the page cache before each run)" >&2; exit 2; }
cores=$(nproc)
bytes=$((records * 100))
mkdir -p "$data" "$raw"
need=$((bytes * 3 / 1024 + 1048576))
avail=$(df -k --output=avail "$data" | tail -1)
[ "$avail" -gt "$need" ] || { echo "tigrissort: $data has $avail KiB free, the run needs $need (input, output, dd file)" >&2; exit 1; }
input=$data/input-$records.dat
log=$raw/tigrissort-$records.log
: > "$log"
if [ ! -f "$input" ] || [ "$(stat -c %s "$input")" != "$bytes" ]; then
  "$image/bin/tigris" gensort "$records" "$input"
fi
# The input's checksum (valsort exits 1 on it: it is not in order).
checksum=$({ "$image/bin/tigris" valsort "$input" 2>&1 || true; } | sed -n 's/^Checksum: //p')
[ -n "$checksum" ] || { echo "tigrissort: no checksum of $input" >&2; exit 1; }
cold() { sync; echo 3 > /proc/sys/vm/drop_caches; }
now() { date +%s%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
check() {   # check NAME FILE...: every file valid, in order across them, and the input's checksum
  local name=$1 all=$data/valsort.sum; shift
  : > "$all"
  for f in "$@"; do "$image/bin/tigris" valsort -q -o "$f.sum" "$f" || { echo "tigrissort: $name wrote $f out of order" >&2; exit 1; }
    cat "$f.sum" >> "$all"; rm -f "$f.sum"; done
  local got; got=$("$image/bin/tigris" valsort -s "$all" 2>&1)
  echo "$got" | grep -q "^Checksum: $checksum\$" && echo "$got" | grep -q SUCCESS \
    || { echo "tigrissort: $name's output is not the input sorted: $got" >&2; exit 1; }
}

# Machine limits.
cold; t0=$(now); dd if="$input" of=/dev/null bs=8M status=none; t1=$(now)
read_s=$(secs "$t0" "$t1")
cold; t0=$(now); dd if=/dev/zero of="$data/dd.tmp" bs=8M count=$((bytes / 8388608 + 1)) oflag=direct conv=fdatasync status=none; t1=$(now)
write_s=$(secs "$t0" "$t1"); rm -f "$data/dd.tmp"
mem=$("$native/membw" | sed 's/copy_mb_s=//')
echo "limits: read ${read_s}s write ${write_s}s memory copy ${mem} MB/s" >> "$log"

declare -A wall runs
spark_start=() spark_sort=()
run() {   # run SYSTEM REP
  local sys=$1 out=$data/out-$1 t0 t1
  rm -rf "$out"; cold
  t0=$(now)
  case $sys in
    tigris) "$image/bin/tigris" sort -q -p "$cores" -s "$cores" "$input" "$out" >> "$log" ;;
    c) "$native/recsort" -t "$cores" "$input" "$out" >> "$log" ;;
    spark) JAVA_HOME=$bootjdk "$spark_home/bin/spark-submit" --master "local[$cores]" --driver-memory 16g --conf spark.ui.enabled=false \
             --driver-java-options "-Dsparksort.t0=$(date +%s%3N)" --class SparkSort "$spark_jar" "$input" "$out" "$cores" 2> "$raw/spark.err" \
             | tee -a "$log" > "$raw/spark.out" ;;
  esac
  sync; t1=$(now)
  wall[$sys,$2]=$(secs "$t0" "$t1")
  runs[$sys]=$2
  echo "$sys rep $2: $(secs "$t0" "$t1") s" >> "$log"
  if [ "$sys" = spark ]; then
    spark_start+=("$(sed -n 's/.*startup_s=\([0-9.]*\).*/\1/p' "$raw/spark.out")")
    spark_sort+=("$(sed -n 's/.*sort_s=\([0-9.]*\).*/\1/p' "$raw/spark.out")")
    check spark "$out"/part-r-*
  else
    check "$sys" "$out"
  fi
  rm -rf "$out"
}
systems=(tigris c spark)
for r in $(seq 1 "$reps"); do
  if [ $((r % 2)) = 1 ]; then order=(tigris c); else order=(c tigris); fi
  for s in "${order[@]}"; do run "$s" "$r"; done
  [ "$r" -le "$spark_reps" ] && run spark "$r"
done

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
med() { local v=(); for r in $(seq 1 "${runs[$1]}"); do v+=("${wall[$1,$r]}"); done; median "${v[@]}"; }
all() { local v=(); for r in $(seq 1 "${runs[$1]}"); do v+=("${wall[$1,$r]}"); done; echo "${v[*]}"; }
tg=$(med tigris)
limit=$(awk -v r="$read_s" -v w="$write_s" 'BEGIN { printf "%.3f", r + w }')
{
  echo "### $records records ($(awk -v b="$bytes" 'BEGIN { printf "%.2f GB", b / 1e9 }')), $reps runs each (Spark $spark_reps), $cores cores"
  echo
  echo "| system | wall s (median) | runs | MB/s | TigrisSort is |"
  echo "|---|---|---|---|---|"
  for s in "${systems[@]}"; do
    m=$(med "$s")
    awk -v s="$s" -v m="$m" -v runs="$(all "$s")" -v b="$bytes" -v tg="$tg" \
      'BEGIN { printf "| %s | %.2f | %s | %.0f | %s |\n", s, m, runs, b / m / 1e6, s == "tigris" ? "-" : sprintf("%.2fx its speed", m / tg) }'
  done
  awk -v l="$limit" -v b="$bytes" -v tg="$tg" -v r="$read_s" -v w="$write_s" \
    'BEGIN { printf "| disk limit (read %.2f s + write %.2f s) | %.2f | 1 | %.0f | %.2fx its speed |\n", r, w, l, b / l / 1e6, l / tg }'
  echo
  echo "Spark: startup (spark-submit to a running context) $(median "${spark_start[@]}") s, its sort job $(median "${spark_sort[@]}") s (medians)."
  echo "TigrisSort as shipped is $(awk -v a="$tg" -v b="$(med c)" 'BEGIN { printf "%.2f", b / a }')x the C sort's speed and" \
       "$(awk -v a="$tg" -v b="$(med spark)" 'BEGIN { printf "%.1f", b / a }')x Spark's."
  echo "Memory copy bandwidth: $mem MB/s."
  echo
} >> "$table"
