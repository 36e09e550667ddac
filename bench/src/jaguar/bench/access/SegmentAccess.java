/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** MemorySegment.getAtIndex/setAtIndex: FFM's bounds- and liveness-checked access. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SegmentAccess implements ElementAccess {

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    @Override
    public int sum(OffHeapInts s) {
        MemorySegment seg = s.segment;
        int sum = 0;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            sum += seg.getAtIndex(ValueLayout.JAVA_INT, i);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    @Override
    public void fill(OffHeapInts s) {
        MemorySegment seg = s.segment;
        int v = s.value;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            seg.setAtIndex(ValueLayout.JAVA_INT, i, v);
        }
    }
}
