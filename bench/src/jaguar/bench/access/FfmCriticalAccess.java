/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

import jaguar.bench.FfmLib;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** One FFM critical downcall per element to a C accessor (jb_get_int/jb_put_int). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FfmCriticalAccess implements ElementAccess {

    private static int getInt(long base, long index) {
        try {
            return (int) FfmLib.GET_INT_CRITICAL.invokeExact(base, index);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static void putInt(long base, long index, int v) {
        try {
            FfmLib.PUT_INT_CRITICAL.invokeExact(base, index, v);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    @Override
    public int sum(OffHeapInts s) {
        long base = s.address;
        int sum = 0;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            sum += getInt(base, (long) i);
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
            putInt(base, (long) i, v);
        }
    }
}
