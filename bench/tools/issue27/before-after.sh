#!/bin/bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Issue 27, Figure 14 and TigrisSort 1 GB: the commit before (a772669) and after, same JDK image
# (build/jdk), the old jaguar.tigris classes patched in with --patch-module; CDS off for both.
# Run from the repository's top after make images and make -C bench build; needs root (drops the
# page cache) and build/bench/sortdata/input-10000000.dat (make -C bench tigrissort makes it).
set -e
TOP=$(pwd)
J=$TOP/build/jdk/bin/java
JAVAC=$(sed -n 's/^BOOT_JDK *:*= *//p' build/config.mk)/bin/javac
OUT=$TOP/bench/results/raw
# The classes of both commits: tigris at a772669 patched over the image's, and each commit's DQ benchmark.
rm -rf /tmp/before /tmp/before-out /tmp/after-out && git worktree add -q /tmp/before a772669
mkdir -p /tmp/before-out/tigris /tmp/before-out/bench /tmp/after-out/bench
$JAVAC -encoding UTF-8 -nowarn --module-path build/lib/jaguar-lib.jar -d /tmp/before-out/tigris $(find /tmp/before/tigris/src -name '*.java')
$JAVAC -encoding UTF-8 -nowarn --module-path build/lib/jaguar-lib.jar:/tmp/before-out/tigris --add-modules jaguar.tigris,jaguar.lib -d /tmp/before-out/bench /tmp/before/bench/src/jaguar/bench/tigris/*.java
$JAVAC -encoding UTF-8 -nowarn --module-path build/lib/jaguar-lib.jar:build/lib/tigris.jar --add-modules jaguar.tigris,jaguar.lib -d /tmp/after-out/bench bench/src/jaguar/bench/tigris/*.java
git worktree remove --force /tmp/before
before=(-Xshare:off --patch-module jaguar.tigris=/tmp/before-out/tigris)
after=(-Xshare:off)
IN=$TOP/build/bench/sortdata/input-10000000.dat
S=/tmp/issue27-sort.dat
{
echo "# issue 27 before/after, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "before = a772669 tigris classes via --patch-module; after = $(git rev-parse --short HEAD); both -Xshare:off on build/jdk"
echo "## TigrisSort 1 GB (tigris sort -q -p 2 -s 2, cold cache), seconds, alternating"
for i in 1 2 3 4 5; do
  for v in before after; do
    sync; echo 3 > /proc/sys/vm/drop_caches
    eval "opts=(\"\${$v[@]}\")"
    t0=$(date +%s%N)
    $J "${opts[@]}" -m jaguar.tigris/tigris.cli.Tigris sort -q -p 2 -s 2 $IN $S
    t1=$(date +%s%N)
    echo "sort $v $i $(( (t1 - t0) / 1000000 )) ms"
    rm -f $S
  done
done
echo "## Figure 14 (DqPerturbation 1 6 200 2000), one run each, after then before"
for v in after before; do
  eval "opts=(\"\${$v[@]}\")"
  cp=/tmp/$v-out/bench
  echo "### $v"
  $J "${opts[@]}" -cp $cp jaguar.bench.tigris.DqPerturbation 1 6 200 2000
done
} > $OUT/issue27-before-after.txt 2>&1
echo done >> $OUT/issue27-before-after.txt
