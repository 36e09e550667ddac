#!/bin/bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# TigrisSort 1 GB without a flight recording (off), with one of the default settings and Tigris's
# events off (jfr), and with the default settings (on: Tigris's module operations and waits over
# 1 ms on, its per-Water events off), in turn, cold cache, so the events' own cost is on - jfr.
# Root (drops the page cache).
# Usage, from the top: bash bench/tools/tigris-jfr-overhead.sh [PAIRS]  (needs make images and
# build/bench/sortdata/input-10000000.dat from make -C bench tigrissort)
set -e
pairs=${1:-3}
IN=build/bench/sortdata/input-10000000.dat
OUT=/tmp/tigris-jfr-sort.dat
echo "# TigrisSort 1 GB, flight recorder off/on, $(date -u +%FT%TZ), git $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq 1 $pairs); do
  for mode in off jfr on; do
    sync; echo 3 > /proc/sys/vm/drop_caches
    case $mode in
      off) opts="" ;;
      jfr) opts="-XX:StartFlightRecording=settings=default,tigris.ModuleOperation#enabled=false,tigris.ReservoirWait#enabled=false,filename=/tmp/tigris-sort-jfr.jfr" ;;
      on) opts="-XX:StartFlightRecording=settings=default,filename=/tmp/tigris-sort.jfr" ;;
    esac
    t0=$(date +%s%N)
    JDK_JAVA_OPTIONS="$opts" build/jdk/bin/tigris sort -q -p 2 -s 2 $IN $OUT > /dev/null 2>&1
    t1=$(date +%s%N)
    echo "$mode $i $(( (t1 - t0) / 1000000 )) ms"
    rm -f $OUT
  done
done
events=$(build/jdk/bin/jfr summary /tmp/tigris-sort.jfr | grep -E "tigris\." || true)
echo "## Tigris events in the last recording (jfr summary)"
echo "$events"
