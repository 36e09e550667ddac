/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** A direct ByteBuffer (native order) over the same memory: absolute getInt/putInt, bounds-checked. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ByteBufferAccess implements ElementAccess {

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    @Override
    public int sum(OffHeapInts s) {
        ByteBuffer bb = s.buffer;
        int sum = 0;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            sum += bb.getInt(4 * i);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    @Override
    public void fill(OffHeapInts s) {
        ByteBuffer bb = s.buffer;
        int v = s.value;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            bb.putInt(4 * i, v);
        }
    }
}
