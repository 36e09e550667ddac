/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

import java.util.concurrent.TimeUnit;

import jaguar.ext.ExternalBuffer;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Jaguar's checked External Object accessors: getInt/putInt at a byte offset (confined and shared
 * buffers) and getIntAtIndex/putIntAtIndex at an element index (confined). Liveness, owner thread
 * and bounds are checked per call in Java, then one mapped load or store. Jaguar.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ExternalBufferAccess {

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    public int sumConfined(ExternalInts s) {
        return sum(s.confined);
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    public void fillConfined(ExternalInts s) {
        fill(s.confined, s.value);
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    public int sumShared(ExternalInts s) {
        return sum(s.shared);
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    public void fillShared(ExternalInts s) {
        fill(s.shared, s.value);
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    public int sumIndexed(ExternalInts s) {
        ExternalBuffer b = s.confined;
        int sum = 0;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            sum += b.getIntAtIndex(i);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    public void fillIndexed(ExternalInts s) {
        ExternalBuffer b = s.confined;
        int v = s.value;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            b.putIntAtIndex(i, v);
        }
    }

    private static int sum(ExternalBuffer b) {
        int sum = 0;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            sum += b.getInt(4L * i);
        }
        return sum;
    }

    private static void fill(ExternalBuffer b, int v) {
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            b.putInt(4L * i, v);
        }
    }
}
