/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.copy;

import java.util.concurrent.TimeUnit;

import jaguar.bench.JniLib;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** JNI copies: GetByteArrayRegion (byte[] to native) and SetByteArrayRegion (native to byte[]). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JniCopy {

    @Benchmark
    public void toNative(CopyState s) {
        JniLib.copyToNative(s.array, s.address, s.size);
    }

    @Benchmark
    public void fromNative(CopyState s) {
        JniLib.copyFromNative(s.address, s.array, s.size);
    }
}
