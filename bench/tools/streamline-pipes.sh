#!/bin/sh
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Figure 7.1 of the Streamline thesis on this machine: blocks of BLOCKS bytes copied through a Linux
# pipe between two processes (native/pipecopy), through a Tigris shared-memory stream between two
# JVMs at each of RINGS data bytes, and through the same stream between two threads of one JVM (the
# in-process ring), each REPEAT times, with both ends on two CPUs (the producer on CPU 0, the
# consumer on CPU 1) and on one CPU (both on CPU 0, as the thesis ran it). The stream is written
# and read a Water a block (transports shm, threads) and, at each of COPY_RINGS, through its
# pipe-like write and read, no Water object a block (shm-copy, threads-copy); RINGS= or COPY_RINGS=
# empty leaves that path out. One line a run, TSV:
#   placement  transport  ring  block  repeat  MB/s
# Usage: streamline-pipes.sh JAVA CLASSES PIPECOPY OUT.tsv
set -eu
JAVA=$1 CLASSES=$2 PIPECOPY=$3 OUT=$4
BLOCKS=${BLOCKS:-"64 256 1024 4096 16384 65536"}
RINGS=${RINGS-"65536 262144 1048576 4194304 16777216 67108864"}
COPY_RINGS=${COPY_RINGS-"262144 1048576 4194304"}
REPEAT=${REPEAT:-3}
JAVA_OPTS="--enable-native-access=ALL-UNNAMED -Xms256m -Xmx256m"
# Bytes a run moves: 8 million blocks, at most 1 GB: seconds of steady state after the JIT (the timed part starts after a tenth).
bytes() { b=$1; n=$((b * 8000000)); [ $n -gt 1000000000 ] && n=1000000000; echo $n; }
printf 'placement\ttransport\tring\tblock\trepeat\tMBps\n' > "$OUT"
for placement in two-cpus one-cpu; do
  if [ $placement = two-cpus ]; then P=0 C=1 BOTH=0,1; else P=0 C=0 BOTH=0; fi
  for r in $(seq 1 "$REPEAT"); do
    for b in $BLOCKS; do
      n=$(bytes "$b")
      rate=$("$PIPECOPY" "$b" "$n" $P $C)
      printf '%s\tpipe\t-\t%s\t%s\t%s\n' $placement "$b" "$r" "$rate" >> "$OUT"
      for ring in $(printf '%s\n' $RINGS $COPY_RINGS | sort -n -u); do
        [ "$ring" -lt $((2 * b)) ] && continue
        name="jaguar-bench-copy-$$-$b-$ring-$r"
        case " $RINGS " in *" $ring "*) ;; *) name=; ;; esac
        if [ -n "$name" ]; then
        taskset -c $P "$JAVA" $JAVA_OPTS -cp "$CLASSES" jaguar.bench.streamline.StreamCopy producer "$name" "$b" "$ring" "$n" &
        rate=$(taskset -c $C "$JAVA" $JAVA_OPTS -cp "$CLASSES" jaguar.bench.streamline.StreamCopy consumer "$name" "$b" "$n")
        wait
        printf '%s\tshm\t%s\t%s\t%s\t%s\n' $placement "$ring" "$b" "$r" "$rate" >> "$OUT"
        rate=$(taskset -c $BOTH "$JAVA" $JAVA_OPTS -cp "$CLASSES" jaguar.bench.streamline.StreamCopy threads "$b" "$ring" "$n")
        printf '%s\tthreads\t%s\t%s\t%s\t%s\n' $placement "$ring" "$b" "$r" "$rate" >> "$OUT"
        fi
        case " $COPY_RINGS " in *" $ring "*) ;; *) continue ;; esac
        name="jaguar-bench-write-$$-$b-$ring-$r"
        taskset -c $P "$JAVA" $JAVA_OPTS -cp "$CLASSES" jaguar.bench.streamline.StreamCopy copy-producer "$name" "$b" "$ring" "$n" &
        rate=$(taskset -c $C "$JAVA" $JAVA_OPTS -cp "$CLASSES" jaguar.bench.streamline.StreamCopy copy-consumer "$name" "$b" "$n")
        wait
        printf '%s\tshm-copy\t%s\t%s\t%s\t%s\n' $placement "$ring" "$b" "$r" "$rate" >> "$OUT"
        rate=$(taskset -c $BOTH "$JAVA" $JAVA_OPTS -cp "$CLASSES" jaguar.bench.streamline.StreamCopy copy-threads "$b" "$ring" "$n")
        printf '%s\tthreads-copy\t%s\t%s\t%s\t%s\n' $placement "$ring" "$b" "$r" "$rate" >> "$OUT"
      done
      echo "$placement repeat $r block $b done" >&2
    done
  done
done
