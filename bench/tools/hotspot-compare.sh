#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# What Jaguar's HotSpot changes cost ordinary programs: the same workloads on the boot JDK as
# shipped (Temurin), on copies of it running Jaguar's libjvm.so and the unpatched one built from
# the same source with the same compiler and flags, and on build/jdk with C2 as top tier. Each
# copy gets its default CDS archive dumped by its own VM. The variants run in rounds, one run of
# each per round in an order that rotates, after one warm-up round (tools/interleave.py).
# Usage: hotspot-compare.sh BOOT_JDK IMAGE JAGUAR_LIBJVM STOCK_LIBJVM WORK RAW RUNS
set -euo pipefail
boot=$1 image=$2 jaguar_vm=$3 stock_vm=$4 work=$5 raw=$6 runs=$7
top=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work" "$raw"
work=$(cd "$work" && pwd)

for v in jaguarvm:$jaguar_vm stockvm:$stock_vm; do
  name=${v%%:*} lib=${v#*:}
  rm -rf "$work/jdk-$name" && cp -a "$boot" "$work/jdk-$name"
  cp "$lib" "$work/jdk-$name/lib/server/libjvm.so"
  rm -f "$work/jdk-$name"/lib/server/classes*.jsa
  "$work/jdk-$name/bin/java" -Xshare:dump > "$work/cds-$name.log" 2>&1
  "$work/jdk-$name/bin/java" -Xshare:on -version > /dev/null 2>&1 || { echo "hotspot-compare: jdk-$name rejects its CDS archive" >&2; exit 1; }
done

# Workload 1: javac compiling jaguar-lib (this project's sources). Workload 2: SbeTool generating
# the PSO message codec (a real program from Maven Central that no one here wrote).
find "$top/jaguar-lib/src" -name '*.java' > "$work/lib-sources.txt"
find "$top/build/gensrc/jaguar.lib" -name '*.java' >> "$work/lib-sources.txt"
sbe_tool=$(ls "$top"/build/deps/sbe/sbe-tool-*.jar | head -1)
agrona=$(ls "$top"/build/deps/sbe/agrona-*.jar | head -1)
javac_args="-encoding UTF-8 -proc:none --add-exports=java.base/jdk.internal.access=jaguar.lib --add-exports=java.base/jdk.internal.module=jaguar.lib -d $work/javac-out @$work/lib-sources.txt"
sbe_args="-Dsbe.output.dir=$work/sbe-out -Dsbe.target.language=Java -cp $sbe_tool:$agrona uk.co.real_logic.sbe.SbeTool $top/bench/sbe/pso-message.xml"

declare -A jdks=([temurin]="$boot/bin" [unpatched]="$work/jdk-stockvm/bin" [jaguar-vm]="$work/jdk-jaguarvm/bin")
cmds=() names=()
for w in javac sbe; do
  for j in temurin unpatched jaguar-vm image; do
    if [ "$j" = image ]; then bin=$image/bin; else bin=${jdks[$j]}; fi
    if [ "$w" = javac ]; then c="$bin/javac $javac_args"; else c="$bin/java $sbe_args"; fi
    names+=("$w $j"); cmds+=("rm -rf $work/javac-out $work/sbe-out; $c")
  done
done
printf '%s\n' "${cmds[@]}" > "$raw/hotspot-compare.cmd"
spec=()
for i in "${!cmds[@]}"; do spec+=("${names[$i]}" "${cmds[$i]}"); done
python3 "$(dirname "$0")/interleave.py" "$runs" "$raw/hotspot-compare.json" "${spec[@]}" | tee "$raw/hotspot-compare.txt"
