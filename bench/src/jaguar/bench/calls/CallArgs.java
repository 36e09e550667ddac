/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.calls;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Arguments of the call benchmarks, read from non-final fields so the JIT cannot fold them, and
 * the 8-byte off-heap cell the read8/write8 rows access.
 */
@State(Scope.Thread)
public class CallArgs {
    public int x = 41;
    public int a = 1, b = 2, c = 3, d = 4;
    public long value = 0x0102030405060708L;

    public Arena arena;
    public MemorySegment cell;
    public long address;

    @Setup(Level.Trial)
    public void allocate() {
        arena = Arena.ofConfined();
        cell = arena.allocate(64, 64);
        address = cell.address();
    }

    @TearDown(Level.Trial)
    public void free() {
        arena.close();
    }
}
