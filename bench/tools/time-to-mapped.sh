#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Time from JVM start until a new user's hot loop of mapped calls runs as templates, on build/jdk
# as shipped (C1's expansion, then C2's) and with C2 alone (-XX:-TieredCompilation), the runs
# interleaved. Usage: time-to-mapped.sh IMAGE CLASSES RAW RUNS
set -euo pipefail
image=$1 classes=$2 raw=$3 runs=$4
java=$image/bin/java
opts="-Djaguar.mapping.strict=true --enable-native-access=ALL-UNNAMED -cp $classes jaguar.bench.startup.TimeToMapped"
out=$raw/time-to-mapped.txt
: > "$out"
echo "$java $opts   # tiered" > "$raw/time-to-mapped.cmd"
echo "$java -XX:-TieredCompilation $opts   # c2only" >> "$raw/time-to-mapped.cmd"
for i in $(seq 1 "$runs"); do
  echo "tiered $($java $opts)" >> "$out"
  echo "c2only $($java -XX:-TieredCompilation $opts)" >> "$out"
done
cat "$out"
