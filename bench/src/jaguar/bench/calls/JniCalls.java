/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.calls;

import java.util.concurrent.TimeUnit;

import jaguar.bench.JniLib;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** Column (e): JNI static native methods forwarding to the same C functions (bench/native/jni.c). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JniCalls implements CallShapes {

    @Benchmark
    @Override
    public void noop() {
        JniLib.noop();
    }

    @Benchmark
    @Override
    public int intArg(CallArgs s) {
        return JniLib.inc(s.x);
    }

    @Benchmark
    @Override
    public int fourIntArgs(CallArgs s) {
        return JniLib.sum4(s.a, s.b, s.c, s.d);
    }

    @Benchmark
    @Override
    public long read8(CallArgs s) {
        return JniLib.load8(s.address);
    }

    @Benchmark
    @Override
    public void write8(CallArgs s) {
        JniLib.store8(s.address, s.value);
    }
}
