/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

import jaguar.memory.NativeMemory;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** Jaguar's raw NativeMemory.getInt/putInt: unchecked code mappings, one mov each once inlined. Jaguar only. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NativeMemoryAccess implements ElementAccess {

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    @Override
    public int sum(OffHeapInts s) {
        long base = s.address;
        int sum = 0;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            sum += NativeMemory.getInt(base + 4L * i);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    @Override
    public void fill(OffHeapInts s) {
        long base = s.address;
        int v = s.value;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            NativeMemory.putInt(base + 4L * i, v);
        }
    }
}
