#!/bin/sh
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Figure 7.5 of the Streamline thesis on this machine: one stream of MBPS MB/s in BLOCK-byte blocks
# read by 1 to MAX readers, each reading every block: readers of one Tigris shared-memory stream
# (a JVM each, StreamReaders) against a writer that copies every block into a pipe per reader
# (native/pipereaders). One line a run, TSV: transport readers writer_cpu reader_cpus...
# (CPU % of one CPU each, over the stream). Usage: streamline-readers.sh JAVA CLASSES PIPEREADERS OUT.tsv
set -eu
JAVA=$1 CLASSES=$2 PIPEREADERS=$3 OUT=$4
MAX=${MAX:-10} BLOCK=${BLOCK:-1500} MBPS=${MBPS:-100} SECONDS_=${SECONDS_:-8}
JAVA_OPTS="--enable-native-access=ALL-UNNAMED -Xms64m -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=4"
printf 'transport\treaders\twriter\treaders_cpu\n' > "$OUT"
for n in $(seq 1 "$MAX"); do
  line=$("$PIPEREADERS" "$n" "$BLOCK" "$MBPS" "$SECONDS_")
  w=${line%% *}; rest=${line#* }
  printf 'pipe\t%s\t%s\t%s\n' "$n" "$w" "$rest" >> "$OUT"
  name="jaguar-bench-readers-$$-$n"
  tmp=$(mktemp -d)
  for r in $(seq 1 "$n"); do
    "$JAVA" $JAVA_OPTS -cp "$CLASSES" jaguar.bench.streamline.StreamReaders reader "$name" > "$tmp/r$r" &
  done
  w=$("$JAVA" $JAVA_OPTS -cp "$CLASSES" jaguar.bench.streamline.StreamReaders producer "$name" "$n" "$BLOCK" "$MBPS" "$SECONDS_")
  wait
  printf 'shm\t%s\t%s\t%s\n' "$n" "$w" "$(cat "$tmp"/r* | tr '\n' ' ' | sed 's/ *$//')" >> "$OUT"
  rm -rf "$tmp"
  echo "readers $n done" >&2
done
