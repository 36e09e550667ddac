/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.copy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** A Java byte[] and a native buffer of the same size, for the copy rows of Figure 1. */
@State(Scope.Thread)
public class CopyState {
    /** 10 B, 1 KiB, 100 KiB: the sizes of the thesis's copy figure. */
    @Param({"10", "1024", "102400"})
    public int size;

    public byte[] array;
    public Arena arena;
    public MemorySegment segment;
    public long address;

    @Setup(Level.Trial)
    public void allocate() {
        array = new byte[size];
        for (int i = 0; i < size; i++) {
            array[i] = (byte) i;
        }
        arena = Arena.ofConfined();
        segment = arena.allocate(size, 64);
        address = segment.address();
    }

    @TearDown(Level.Trial)
    public void free() {
        arena.close();
    }
}
