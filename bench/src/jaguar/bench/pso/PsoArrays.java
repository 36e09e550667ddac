/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.util.concurrent.TimeUnit;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOArray;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOIntArray;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Figure 8's array rows, PSO column: read (sum) and write every element of a 1 MiB PSOIntArray,
 * ns per element. JavaArrays does the same on an int[].
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class PsoArrays {
    public static final int INTS = (1 << 20) / Integer.BYTES;

    private OffHeapBuffer buffer;
    private PSOIntArray array;
    /** Written by write(); not byte-uniform and not constant-foldable. */
    private int value = 0x01020304;

    @Setup(Level.Trial)
    public void allocate() {
        buffer = OffHeapBuffer.allocate(PSOContainer.HEADER_SIZE + PSOArray.DATA_OFFSET + (1 << 20));
        array = PSOIntArray.allocate(PSOContainer.format(buffer), INTS);
        for (int i = 0; i < INTS; i++) {
            array.set(i, i);
        }
    }

    @TearDown(Level.Trial)
    public void free() {
        buffer.close();
    }

    @Benchmark
    @OperationsPerInvocation(INTS)
    public int read() {
        PSOIntArray a = array;
        int sum = 0;
        for (int i = 0; i < a.length(); i++) {
            sum += a.get(i);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(INTS)
    public void write() {
        PSOIntArray a = array;
        int v = value;
        for (int i = 0; i < a.length(); i++) {
            a.set(i, v);
        }
    }
}
