/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.calls;

import java.util.concurrent.TimeUnit;

import jaguar.bench.FfmLib;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Column (c): FFM downcalls (Linker.nativeLinker, no options) to the C functions of
 * bench/native/functions.c. The handles are static final so the JIT inlines the downcall stub.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FfmCalls implements CallShapes {

    @Benchmark
    @Override
    public void noop() {
        try {
            FfmLib.NOOP.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @Override
    public int intArg(CallArgs s) {
        try {
            return (int) FfmLib.INC.invokeExact(s.x);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @Override
    public int fourIntArgs(CallArgs s) {
        try {
            return (int) FfmLib.SUM4.invokeExact(s.a, s.b, s.c, s.d);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @Override
    public long read8(CallArgs s) {
        try {
            return (long) FfmLib.LOAD8.invokeExact(s.address);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @Override
    public void write8(CallArgs s) {
        try {
            FfmLib.STORE8.invokeExact(s.address, s.value);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
