#!/bin/sh
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# The Reflexes paper's Figures 7, 8-9 and 11 on this machine (bench/README.md, doc/reflexes.md).
# Writes RAW/reflex-*.tsv and per-run histograms and misses. Usage: reflex-figures.sh JAVA CLASSPATH RAW
set -eu
JAVA=$1 CP=$2 RAW=$3
CPU=$(($(nproc) - 1))
REPEAT=${REPEAT:-3}
PERIODS=${PERIODS:-50000} FIG11_PERIODS=${FIG11_PERIODS:-600000}
# Which parts to run (a re-run of one keeps the others' raw files): cyclictest 8 11 7, or none.
FIGURES=${FIGURES:-cyclictest 8 11 7}
wants() { case " $FIGURES " in *" $1 "*) return 0;; esac; return 1; }
for f in $FIGURES; do
  case $f in cyclictest|8|11|7|none) ;; *) echo "reflex-figures: FIGURES has '$f'; the parts are: cyclictest 8 11 7 (none: only the kernel's settings and wake-ups)" >&2; exit 2;; esac
done
JOPTS="--enable-native-access=ALL-UNNAMED -Xms1g -Xmx1g -XX:+AlwaysPreTouch"
mkdir -p "$RAW/reflex"
# Which runs of this script the raw files come from: a full run starts the list, a partial one adds to it.
[ "$FIGURES" = "cyclictest 8 11 7" ] && : > "$RAW/reflex-runs.log"
echo "$(date -u +%Y-%m-%dT%H:%MZ) FIGURES=\"$FIGURES\" HALT_POLL_NS=${HALT_POLL_NS:-as found}" >> "$RAW/reflex-runs.log"
# HALT_POLL_NS: guest halt polling for the runs (a VM's idle CPU polls that long before it halts
# and exits to the hypervisor), restored after; unset, the machine's setting is left alone.
POLL=/sys/module/haltpoll/parameters/guest_halt_poll_ns
# The floor under either setting: a FIFO thread's wake-ups every 50 us, as found and as set.
wake() { "$JAVA" $JOPTS -cp "$CP" jaguar.bench.reflex.TimedWake "$1" "$CPU" 50 20000; }
printf 'halt_poll\twakes\tlate_min_us\tlate_p50_us\tlate_avg_us\tlate_p99_us\tlate_max_us\n' > "$RAW/reflex-wake.tsv"
wake "as found ($(cat "$POLL" 2>/dev/null || echo 'no haltpoll') ns)" >> "$RAW/reflex-wake.tsv"
if [ -n "${HALT_POLL_NS:-}" ]; then
  [ -w "$POLL" ] || { echo "reflex-figures: HALT_POLL_NS=$HALT_POLL_NS, but $POLL is not there or not writable (not a KVM guest with cpuidle-haltpoll, or not root)" >&2; exit 2; }
  was=$(cat "$POLL")
  trap 'echo "$was" > "$POLL"' EXIT INT TERM
  echo "$HALT_POLL_NS" > "$POLL"
  wake "set for the runs ($HALT_POLL_NS ns)" >> "$RAW/reflex-wake.tsv"
fi
sh "$(dirname "$0")/reflex-kernel.sh" > "$RAW/reflex-kernel.md"

# The kernel's own floor: cyclictest (a C thread at the same priority on the same CPU, woken every
# period by clock_nanosleep) idle and beside the same allocating JVM.
if wants cyclictest; then
command -v cyclictest > /dev/null || apt-get install -y -q rt-tests > /dev/null ||
  { echo "reflex-figures: cyclictest (Debian's rt-tests) is missing and apt-get could not install it" >&2; exit 1; }
printf 'noise\tperiod_us\tloops\tmin_us\tavg_us\tmax_us\tover_period\n' > "$RAW/reflex-cyclictest.tsv"
for noise in none hard; do
  for period in 50 100; do
    loops=$((PERIODS))
    [ "$noise" = none ] || { "$JAVA" $JOPTS -XX:+UseG1GC -cp "$CP" jaguar.bench.reflex.NoiseThread 20 > /dev/null 2>&1 & npid=$!; sleep 2; }
    hist="$RAW/reflex/cyclictest-$noise-$period.hist"
    cyclictest -m -p 80 -a "$CPU" -t 1 -i "$period" -l "$loops" -q -h 20000 --histfile="$hist" > /dev/null
    [ "$noise" = none ] || { kill "$npid" 2>/dev/null || true; wait "$npid" 2>/dev/null || true; }
    # Latency of each wake-up past its release: a period is missed when it reaches the period.
    awk -v n="$noise" -v p="$period" -v l="$loops" '
      /^# Min Latencies/ {min=$NF+0} /^# Avg Latencies/ {avg=$NF+0} /^# Max Latencies/ {max=$NF+0}
      /^[0-9]/ { if ($1+0 >= p) over += $2 }
      END { printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\n", n, p, l, min, avg, max, over }' "$hist" >> "$RAW/reflex-cyclictest.tsv"
    echo "cyclictest $noise $period us done" >&2
  done
done
fi

# Figures 8-9: 50 us beside an allocating thread, G1 and ZGC, the process's other threads on the
# task's CPU or moved off it; and with no noise, the floor.
run() {   # label gc args...
  label=$1 gc=$2; shift 2
  log="$RAW/reflex/$label.pauses.log"
  "$JAVA" $JOPTS -XX:+Use${gc}GC "-Xlog:safepoint,handshake:file=$log:tn" -cp "$CP" jaguar.bench.reflex.PeriodicReflexRun \
      cpu="$CPU" pauses="$log" out="$RAW/reflex/$label" label="$label" "$@" | tail -1
  rm -f "$log"
  echo "$label done" >&2
}
header() { "$JAVA" $JOPTS -cp "$CP" jaguar.bench.reflex.PeriodicReflexRun periods=10 warmup=0 noise=none 2>/dev/null | head -1; }
if wants 8; then
header > "$RAW/reflex-fig8.tsv"
run fig8-quiet-G1 G1 period=50 periods="$PERIODS" warmup=20000 noise=none >> "$RAW/reflex-fig8.tsv"
for r in $(seq 1 "$REPEAT"); do
  for gc in G1 Z; do
    for iso in false true; do
      run "fig8-$gc-isolate$iso-$r" "$gc" period=50 periods="$PERIODS" warmup=20000 noise=hard isolate="$iso" >> "$RAW/reflex-fig8.tsv"
    done
  done
done
fi

# Figure 11: 100 us, an atomic call every 20 ms, noise of 2 MB/s.
if wants 11; then
header > "$RAW/reflex-fig11.tsv"
for gc in G1 Z; do
  run "fig11-$gc" "$gc" period=100 periods="$FIG11_PERIODS" warmup=10000 noise=2097152 atomic=20 >> "$RAW/reflex-fig11.tsv"
done
fi

# Figure 7: a hand-off chain of 1 to 2,000 tasks against threads and ArrayBlockingQueues, REPEAT times.
if wants 7; then
# Each repeat a JVM of its own; one noisy run (a host's steal, a GC) once moved a median fourfold.
for r in $(seq 1 "$REPEAT"); do
  "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$CP" jaguar.bench.reflex.HandOffChain "$CPU" 100 1 10 100 500 1000 2000 > "$RAW/reflex/fig7-$r.tsv"
  if [ "$r" = 1 ]; then cp "$RAW/reflex/fig7-1.tsv" "$RAW/reflex-fig7.tsv"; else tail -n +2 "$RAW/reflex/fig7-$r.tsv" >> "$RAW/reflex-fig7.tsv"; fi
  rm -f "$RAW/reflex/fig7-$r.tsv"
done
echo "figure 7 done" >&2
fi
