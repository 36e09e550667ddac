/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * 1 MiB of off-heap ints as Jaguar External Objects: a confined buffer (owner-thread checked,
 * freed on close) and a shared one (any thread, freed when unreachable). Thread-scoped, so JMH
 * allocates it on the benchmark thread, which then owns the confined buffer.
 */
@State(Scope.Thread)
public class ExternalInts {
    public ExternalBuffer confined;
    public ExternalBuffer shared;
    /** Written by fill; not byte-uniform and not constant-foldable. */
    public int value = 0x01020304;

    @Setup(Level.Trial)
    public void allocate() {
        confined = OffHeapBuffer.allocate(OffHeapInts.BYTES);
        shared = OffHeapBuffer.allocateShared(OffHeapInts.BYTES);
        for (int i = 0; i < OffHeapInts.INTS; i++) {
            confined.putInt(4L * i, i);
            shared.putInt(4L * i, i);
        }
    }

    @TearDown(Level.Trial)
    public void free() {
        confined.close();
        shared.close();
    }
}
