/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** sun.misc.Unsafe getInt/putInt at absolute addresses: unchecked, the pre-FFM way (deprecated for removal, JEP 471). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class UnsafeAccess implements ElementAccess {
    private static final sun.misc.Unsafe UNSAFE = unsafe();

    @SuppressWarnings("removal")
    private static sun.misc.Unsafe unsafe() {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Benchmark
    @OperationsPerInvocation(OffHeapInts.INTS)
    @Override
    public int sum(OffHeapInts s) {
        long base = s.address;
        int sum = 0;
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            sum += UNSAFE.getInt(base + 4L * i);
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
            UNSAFE.putInt(base + 4L * i, v);
        }
    }
}
