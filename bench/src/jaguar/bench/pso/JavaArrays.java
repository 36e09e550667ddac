/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Figure 8's array rows, Java column: PsoArrays' loops on a 1 MiB int[], ns per element. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class JavaArrays {
    private final int[] array = new int[PsoArrays.INTS];
    private int value = 0x01020304;

    {
        for (int i = 0; i < array.length; i++) {
            array[i] = i;
        }
    }

    @Benchmark
    @OperationsPerInvocation(PsoArrays.INTS)
    public int read() {
        int[] a = array;
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i];
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(PsoArrays.INTS)
    public void write() {
        int[] a = array;
        int v = value;
        for (int i = 0; i < a.length; i++) {
            a[i] = v;
        }
    }
}
