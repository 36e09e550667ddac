#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Runs inside the Soft-RoCE VM (make -C bench verbs): perftest's ib_send_lat, ib_send_bw and
# ib_write_bw beside Jaguar's VerbsPerf on the same rxe0, interleaved, REPS times each. Java
# implementations: java = the binding as shipped (direct queue access on rxe), java-prov = the
# provider's calls with critical downcalls, java-nc = the provider's calls with plain (JNI-style)
# FFM downcalls. Prints one ROW line per run:
#   ROW test size impl rep value1 value2 value3
# latency: typical_us avg_us p99_us (half round trip); bandwidth: MiB_per_s Mpps -
# VERBS_INLINE (default 0): inline bytes for latency sends, both sides (perftest disables inline
# on rxe). Latency is timed alike on both sides: a TSC read per round trip. C: perftest's own
# microseconds (cycles over the cpu MHz it reads). Java: VerbsPerf's cycles over the counter's rate
# across its measured part (TIMING line). Not System.nanoTime per round trip: the guest's clocksource
# is the emulated HPET, ~1.5 us a read. impl C-wall (send_lat only) times whole perftest runs by the
# wall clock as a check (c_wall). A COUNTERS line per run lists rxe0's port counters that moved.
# Java runs with -Djaguar.mapping.strict=true: VerbsPerf and PsoRoundTrip warm up until no code
# mapping's Java body runs and their JVM has all but stopped compiling and collecting (WarmUp.java),
# and say so on a WARM line per run. VERBS_JAVA_OPTS: more JVM flags for every Java run.
# Every run's output is kept in LOGS/<impl>-<test>-<size>-<rep>.{client,server}.log.
# VERBS_SEGMENTS=K (default 1): each Java run measures K times after one warm-up, and a perftest
# run goes between each two and after the last (paired()): K pairs of Java and C, side by side in
# time. Java rows are then "rep.k", their C partners "impl:rep.k" (VERBS_REP_FIRST: the first rep's
# number, default 1, so that a later boot's rows do not repeat an earlier one's); PAIRSTAT lines say what the
# JVMs did while their C partner ran. Each Java implementation gets C partners of its own.
# usage: verbs-perf.sh IMAGE CLASSES "SIZES" LAT_ITERS BW_ITERS REPS WARMUP_SECONDS LOGS ["TESTS"] ["IMPLS"]
set -uo pipefail
image=$1 classes=$2 sizes=$3 lat_iters=$4 bw_iters=$5 reps=$6 warmup=$7 logs=$8
tests=${9:-send_lat send_bw write_bw}
impls=${10:-C C-wall java java-prov java-nc}
segments=${VERBS_SEGMENTS:-1}
first=${VERBS_REP_FIRST:-1}   # the first repetition's number: a second boot's rows then add to an earlier boot's
last=$((first + reps - 1))
rm -rf "$logs" && mkdir -p "$logs"
addr=10.50.0.1
port=18515
inline=${VERBS_INLINE:-0}
java_run() {   # role test size iters extra-flags...
  local role=$1 test=$2 size=$3 iters=$4; shift 4
  "$image/bin/java" -Djaguar.bench.inline="$inline" -Djaguar.mapping.strict=true --add-exports jaguar.lib/jaguar.memory=ALL-UNNAMED ${VERBS_JAVA_OPTS:-} "$@" -cp "$classes" jaguar.bench.verbs.VerbsPerf "$role" "$test" "$size" "$iters" "$addr" "$port" "$warmup"
}
java_flags() {   # impl
  case $1 in
    java) ;;
    java-prov) echo -Djaguar.verbs.queueAccess=provider ;;
    java-nc) echo -Djaguar.verbs.queueAccess=provider -Djaguar.verbs.criticalDowncalls=false ;;
    *) echo "verbs-perf: unknown Java implementation '$1' (java, java-prov, java-nc)" >&2; exit 2 ;;
  esac
}
c_run() {   # role test size iters
  local role=$1 test=$2 size=$3 iters=$4
  local extra=()
  [ "$test" = send_lat ] && [ "$inline" -gt 0 ] && extra+=(-I "$inline")
  [ "$test" != send_lat ] && extra+=(-t 128 -Q 100)
  if [ "$role" = server ]; then "ib_$test" -d rxe0 -R -F -p "$port" -s "$size" -n "$iters" "${extra[@]}"
  else "ib_$test" -d rxe0 -R -F -p "$port" -s "$size" -n "$iters" "${extra[@]}" "$addr"; fi
}
one() {   # impl test size iters rep
  local impl=$1 test=$2 size=$3 iters=$4 rep=$5 out line
  local log=$logs/$impl-$test-$size-$rep
  port=$((port + 1))
  if [ "$impl" = C ]; then
    c_run server "$test" "$size" "$iters" > "$log.server.log" 2>&1 &
  else
    java_run server "$test" "$size" "$iters" $(java_flags "$impl") > "$log.server.log" 2>&1 &
  fi
  local srv=$! before
  sleep 2
  before=$(counters)
  if [ "$impl" = C ]; then
    out=$(c_run client "$test" "$size" "$iters" 2>&1)
  else
    out=$(java_run client "$test" "$size" "$iters" $(java_flags "$impl") 2>&1)
  fi
  wait $srv
  printf '%s\n' "$out" > "$log.client.log"
  echo "COUNTERS $impl $test $size $rep $(counter_deltas "$before" "$(counters)")"
  if [ "$impl" = C ]; then
    line=$(awk -v s="$size" '$1 == s && NF >= 5 {print; exit}' <<< "$out")
    if [ "$test" = send_lat ]; then set -- $line   # microseconds; "inf" or "nan" where perftest could not read the cpu MHz
      line=$(finite "${5:-NA}" "${6:-NA}" "${8:-NA}") && echo "ROW $test $size C $rep $line"
    else set -- $line; echo "ROW $test $size C $rep ${4:-NA} ${5:-NA} -"; fi   # perftest's MB are MiB
  else
    line=$(grep '^RESULT' <<< "$out")
    echo "WARM $impl $test $size $rep $(grep -h '^PREWARM\|^WARMUP\|^SERVER java\|^TIMING\|^STALLS' <<< "$out"$'\n'"$(cat "$log.server.log")" | tr '\n' ';')"
    set -- $line; echo "ROW $test $size $impl $rep ${5:-NA} ${6:-NA} ${7:--}"
  fi
  [ -n "$line" ] || echo "FAILED $impl $test $size (logs: $log.*)"
}
wall_client() {   # size iters port log: runs one C send_lat pair on PORT, prints the client's wall time in ns
  local size=$1 iters=$2 p=$3 log=$4 t0 t1
  local extra=()
  [ "$inline" -gt 0 ] && extra+=(-I "$inline")
  ib_send_lat -d rxe0 -R -F -p "$p" -s "$size" -n "$iters" "${extra[@]}" > "$log.server.log" 2>&1 &
  local srv=$!
  sleep 2
  t0=$(date +%s%N)
  ib_send_lat -d rxe0 -R -F -p "$p" -s "$size" -n "$iters" "${extra[@]}" "$addr" > "$log.client.log" 2>&1 || t0=NA
  t1=$(date +%s%N)
  wait $srv
  [ "$t0" = NA ] && echo NA || echo $((t1 - t0))
}
c_wall() {   # size iters rep: C's average half round trip by the wall clock (clock_gettime through date),
  # not TSC cycles: the slope between a run of ITERS and one of 5 x ITERS round trips, so connection
  # setup and teardown cancel out (a WALL line keeps both times).
  local size=$1 iters=$2 rep=$3 a b
  local log=$logs/C-wall-send_lat-$size-$rep
  port=$((port + 1)); a=$(wall_client "$size" "$iters" "$port" "$log-n")
  port=$((port + 1)); b=$(wall_client "$size" $((5 * iters)) "$port" "$log-5n")
  echo "WALL send_lat $size $rep ${iters}x: $a ns, $((5 * iters))x: $b ns"
  if [ "$a" = NA ] || [ "$b" = NA ] || [ "$b" -le "$a" ]; then echo "FAILED C-wall send_lat $size (logs: $log-*)"; return; fi
  echo "ROW send_lat $size C-wall $rep - $(awk -v a="$a" -v b="$b" -v n="$iters" 'BEGIN { printf "%.3f", (b - a) / (4 * n) / 2e3 }') -"
}
paired() {   # impl test size iters rep: one Java run of SEGMENTS measured parts; perftest runs in each pause and after
  local impl=$1 test=$2 size=$3 iters=$4 rep=$5 k cli srv
  local log=$logs/$impl-$test-$size-$rep
  local go=$log.go flags="$(java_flags "$impl") -Djaguar.bench.segments=$segments -Djaguar.bench.resumeFile=$log.go"
  rm -f "$go".*
  port=$((port + 1))
  java_run server "$test" "$size" "$iters" $flags > "$log.server.log" 2>&1 &
  srv=$!
  sleep 2
  local before
  before=$(counters)
  java_run client "$test" "$size" "$iters" $flags > "$log.client.log" 2>&1 &
  cli=$!
  for k in $(seq 1 "$segments"); do
    if [ "$k" -lt "$segments" ]; then   # the client pauses after measured part k; the last one ends the run
      while ! grep -q "^PAUSED $k\$" "$log.client.log" && kill -0 "$cli" 2>/dev/null; do sleep 1; done
      grep -q "^PAUSED $k\$" "$log.client.log" || break   # the client died: its log says why
    else
      wait "$cli"; wait "$srv"
    fi
    # rxe0's counters over Java's (re-)warm-up and measured part k (the first: start, connection and warm-up too)
    echo "COUNTERS $impl $test $size $rep.$k $(counter_deltas "$before" "$(counters)")"
    one C "$test" "$size" "$iters" "$impl:$rep.$k"
    before=$(counters)
    touch "$go.$k"
  done
  wait "$cli" 2>/dev/null; wait "$srv" 2>/dev/null
  # Segment k: the k-th WARMUP, TIMING and RESULT lines of the client, the k-th SERVER line, and
  # what both JVMs did in the pause after it (RESUMED, SLEPT), while its C partner ran.
  local n=0 line
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    n=$((n + 1))
    echo "WARM $impl $test $size $rep.$n $( { grep -h '^PREWARM' "$log.client.log"; grep -h '^WARMUP' "$log.client.log" | sed -n "${n}p"
      grep -h '^TIMING' "$log.client.log" | sed -n "${n}p"; grep -h '^STALLS' "$log.client.log" | sed -n "${n}p"
      grep -h '^SERVER java' "$log.server.log" | sed -n "${n}p"; } | tr '\n' ';')"
    [ "$n" -lt "$segments" ] && echo "PAIRSTAT $impl $test $size $rep.$n $(grep -h "^RESUMED $n," "$log.client.log"); server $(grep -h '^SLEPT' "$log.server.log" | sed -n "${n}p")"
    set -- $line; echo "ROW $test $size $impl $rep.$n ${5:-NA} ${6:-NA} ${7:--}"
  done <<< "$(grep '^RESULT' "$log.client.log")"   # no /dev/fd in the guest: no <(...)
  [ "$n" -eq "$segments" ] || echo "FAILED $impl $test $size: $n of $segments measured parts (logs: $log.*)"
}
pso_one() {   # mode nodes iters rep: the thesis's Figure 9 (PsoRoundTrip)
  local mode=$1 nodes=$2 iters=$3 rep=$4 out
  local log=$logs/$mode-rt-$nodes-$rep
  port=$((port + 1))
  "$image/bin/java" -Djaguar.mapping.strict=true ${VERBS_JAVA_OPTS:-} -cp "$classes" jaguar.bench.verbs.PsoRoundTrip server "$mode" "$nodes" "$iters" "$addr" "$port" "$warmup" \
      > "$log.server.log" 2>&1 &
  local srv=$!
  sleep 2
  out=$("$image/bin/java" -Djaguar.mapping.strict=true ${VERBS_JAVA_OPTS:-} -cp "$classes" jaguar.bench.verbs.PsoRoundTrip client "$mode" "$nodes" "$iters" "$addr" "$port" "$warmup" 2>&1)
  wait $srv
  printf '%s\n' "$out" > "$log.client.log"
  local line
  line=$(grep '^RESULT' <<< "$out")
  echo "WARM $mode pso_rt $nodes $rep $(grep '^WARMUP' <<< "$out")"
  set -- $line
  echo "ROW pso_rt $nodes $mode $rep ${5:-NA} ${6:-NA} ${4:-NA}"
  [ -n "$line" ] || echo "FAILED $mode pso_rt $nodes (logs: $log.*)"
}
counters() {   # rxe0's port counters, "name value" per line (retries, RNR naks, ...)
  local d=/sys/class/infiniband/rxe0/ports/1/hw_counters f
  [ -d "$d" ] || return 0
  for f in "$d"/*; do [ -f "$f" ] && echo "$(basename "$f") $(cat "$f")"; done
}
counter_deltas() {   # before after: the counters that moved during the run (no /dev/fd in the guest: no <(...))
  printf '%s\n--\n%s\n' "$1" "$2" | awk '$1 == "--" { after = 1; next }
    !after { v[$1] = $2; next } ($1 in v) && $2 != v[$1] { printf "%s%s +%d", sep, $1, $2 - v[$1]; sep = "," }'
}
finite() { awk 'BEGIN { for (i = 1; i < ARGC; i++) { if (ARGV[i] !~ /^[0-9.]+$/) exit 1; printf "%s%s", ARGV[i], (i < ARGC - 1 ? " " : "\n") } }' "$@"; }
echo "MACHINE $(nproc) vCPUs, $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null), $(grep -m1 'cpu MHz' /proc/cpuinfo | tr -s '\t ' ' ')"
ib_send_lat --version 2>&1 | head -1 | sed 's/^/PERFTEST /'
for test in $tests; do
  if [ "$test" = pso_rt ]; then
    for nodes in ${PSO_NODES:-8 32 128}; do
      for rep in $(seq "$first" "$last"); do
        for mode in pso serialization; do pso_one $mode "$nodes" "$lat_iters" "$rep"; done
      done
    done
    continue
  fi
  iters=$bw_iters; [ "$test" = send_lat ] && iters=$lat_iters
  for size in $sizes; do
    for rep in $(seq "$first" "$last"); do
      for impl in $impls; do
        if [ "$impl" = C-wall ]; then [ "$test" = send_lat ] && c_wall "$size" "$iters" "$rep"
        elif [ "$segments" -gt 1 ]; then [ "$impl" = C ] || paired "$impl" "$test" "$size" "$iters" "$rep"
        else one $impl $test "$size" "$iters" "$rep"; fi
      done
    done
  done
done
