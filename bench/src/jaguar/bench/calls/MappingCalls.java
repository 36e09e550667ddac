/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.calls;

import java.util.concurrent.TimeUnit;

import jaguar.memory.NativeMemory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Column (b): Jaguar code mappings, inlined by the JIT as their templates. The call shapes use
 * the user mappings of MappedOps; the memory rows use Jaguar's own NativeMemory.getLong/putLong
 * (one mov each). Only runs on build/jdk (needs jaguar.lib and the Jaguar JIT).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MappingCalls implements CallShapes {

    @Benchmark
    @Override
    public void noop() {
        MappedOps.noop();
    }

    @Benchmark
    @Override
    public int intArg(CallArgs s) {
        return MappedOps.inc(s.x);
    }

    @Benchmark
    @Override
    public int fourIntArgs(CallArgs s) {
        return MappedOps.sum4(s.a, s.b, s.c, s.d);
    }

    @Benchmark
    @Override
    public long read8(CallArgs s) {
        return NativeMemory.getLong(s.address);
    }

    @Benchmark
    @Override
    public void write8(CallArgs s) {
        NativeMemory.putLong(s.address, s.value);
    }
}
