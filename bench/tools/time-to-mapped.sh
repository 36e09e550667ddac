#!/usr/bin/env bash
# Time from JVM start until a new user's hot loop of mapped calls runs as templates, for Jaguar's
# HotSpot C2 (build/jdk -XX:-UseJVMCICompiler) and the Graal extension (build/jdk as shipped),
# the runs interleaved. Usage: time-to-mapped.sh IMAGE CLASSES RAW RUNS
set -euo pipefail
image=$1 classes=$2 raw=$3 runs=$4
java=$image/bin/java
opts="-Djaguar.mapping.strict=true --enable-native-access=ALL-UNNAMED -cp $classes jaguar.bench.startup.TimeToMapped"
out=$raw/time-to-mapped.txt
: > "$out"
echo "$java -XX:-UseJVMCICompiler $opts   # c2" > "$raw/time-to-mapped.cmd"
echo "$java $opts   # graal" >> "$raw/time-to-mapped.cmd"
for i in $(seq 1 "$runs"); do
  echo "c2 $($java -XX:-UseJVMCICompiler $opts)" >> "$out"
  echo "graal $($java $opts)" >> "$out"
done
cat "$out"
