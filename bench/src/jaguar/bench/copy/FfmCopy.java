/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.copy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** FFM copies: MemorySegment.copy between the byte[] and the native segment, both ways. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FfmCopy {

    @Benchmark
    public void toNative(CopyState s) {
        MemorySegment.copy(s.array, 0, s.segment, ValueLayout.JAVA_BYTE, 0, s.size);
    }

    @Benchmark
    public void fromNative(CopyState s) {
        MemorySegment.copy(s.segment, ValueLayout.JAVA_BYTE, 0, s.array, 0, s.size);
    }
}
