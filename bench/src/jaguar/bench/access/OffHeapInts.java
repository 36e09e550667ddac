/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * 1 MiB of off-heap ints, the memory every column of the access suite reads and writes, seen as
 * a MemorySegment, a raw address and a direct ByteBuffer (all the same bytes). 1 MiB fits in L2
 * on the test machine, so the suite measures access paths, not DRAM bandwidth.
 */
@State(Scope.Thread)
public class OffHeapInts {
    public static final int BYTES = 1 << 20;
    /** Elements per pass; benchmarks declare it as @OperationsPerInvocation, so scores are ns/element. */
    public static final int INTS = BYTES / Integer.BYTES;

    /** Written by fill; not byte-uniform (no memset idiom) and not constant-foldable. */
    public int value = 0x01020304;

    public Arena arena;
    public MemorySegment segment;
    public long address;
    public ByteBuffer buffer;

    @Setup(Level.Trial)
    public void allocate() {
        arena = Arena.ofConfined();
        segment = arena.allocate(BYTES, 64);
        address = segment.address();
        buffer = segment.asByteBuffer().order(ByteOrder.nativeOrder());
        for (int i = 0; i < INTS; i++) {
            segment.setAtIndex(ValueLayout.JAVA_INT, i, i);
        }
    }

    @TearDown(Level.Trial)
    public void free() {
        arena.close();
    }
}
