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
 * Column (d): FFM downcalls with Linker.Option.critical(false): no Java-to-native thread
 * state transition and no safepoint poll on return, the cheapest downcall FFM offers.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FfmCriticalCalls implements CallShapes {

    @Benchmark
    @Override
    public void noop() {
        try {
            FfmLib.NOOP_CRITICAL.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @Override
    public int intArg(CallArgs s) {
        try {
            return (int) FfmLib.INC_CRITICAL.invokeExact(s.x);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @Override
    public int fourIntArgs(CallArgs s) {
        try {
            return (int) FfmLib.SUM4_CRITICAL.invokeExact(s.a, s.b, s.c, s.d);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @Override
    public long read8(CallArgs s) {
        try {
            return (long) FfmLib.LOAD8_CRITICAL.invokeExact(s.address);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Benchmark
    @Override
    public void write8(CallArgs s) {
        try {
            FfmLib.STORE8_CRITICAL.invokeExact(s.address, s.value);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
