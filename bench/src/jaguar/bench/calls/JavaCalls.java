/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.calls;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Column (a): plain Java static methods, which the JIT inlines; the memory rows use a
 * MemorySegment, plain Java's safe way to touch off-heap memory. The floor every other column is
 * measured against (JMH's own per-invocation overhead included).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JavaCalls implements CallShapes {

    private static void noopImpl() {
    }

    private static int inc(int x) {
        return x + 1;
    }

    private static int sum4(int a, int b, int c, int d) {
        return a + b + c + d;
    }

    @Benchmark
    @Override
    public void noop() {
        noopImpl();
    }

    @Benchmark
    @Override
    public int intArg(CallArgs s) {
        return inc(s.x);
    }

    @Benchmark
    @Override
    public int fourIntArgs(CallArgs s) {
        return sum4(s.a, s.b, s.c, s.d);
    }

    @Benchmark
    @Override
    public long read8(CallArgs s) {
        return s.cell.get(ValueLayout.JAVA_LONG, 0);
    }

    @Benchmark
    @Override
    public void write8(CallArgs s) {
        s.cell.set(ValueLayout.JAVA_LONG, 0, s.value);
    }
}
