/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;

/**
 * A task's transient memory: native bytes the collector never sees, emptied after every
 * invocation. Raw bytes come from {@link #allocate} (an offset into {@link #buffer()}); PSOs from
 * {@link #container()} (each has a small Java object over its bytes: a task that must allocate
 * nothing on the heap keeps to raw bytes, or to PSO objects made in its stable state once).
 * Confined to the task's scheduler thread.
 */
public final class TransientArena {
    private final OffHeapBuffer buffer;
    /** The first half's raw bytes are handed out from 0 up; the container has the second half. */
    private final long rawBytes;
    private final PSOContainer container;
    private long used;

    TransientArena(long bytes) {
        this.buffer = OffHeapBuffer.allocate(Math.max(bytes, 128));
        this.rawBytes = buffer.size() / 2 & ~7L;
        this.container = PSOContainer.format(buffer, rawBytes, buffer.size() - rawBytes);
    }

    /**
     * {@code bytes} bytes of {@link #buffer()}, 8-aligned, until this invocation ends; returns their offset.
     * The bytes are not zeroed: they hold what earlier invocations left.
     *
     * @param bytes how many bytes, 0 or more; the next allocation starts at the next multiple of 8
     * @return the offset of the bytes in {@link #buffer()}, a multiple of 8
     * @throws IllegalStateException if {@code bytes} is negative or the arena's raw half has no
     *         room for them
     */
    public long allocate(long bytes) {
        if (bytes < 0 || used + bytes > rawBytes) {
            throw new IllegalStateException("the transient arena has " + (rawBytes - used) + " raw bytes left of " + rawBytes + ", not " + bytes);
        }
        long at = used;
        used = (used + bytes + 7) & ~7L;
        return at;
    }

    /**
     * The arena's bytes; only what {@link #allocate} handed out this invocation is the task's.
     *
     * @return the whole off-heap buffer, confined to the scheduler thread; its second half is the
     *         {@link #container()}
     */
    public ExternalBuffer buffer() {
        return buffer;
    }

    /**
     * A container for transient PSOs, emptied after every invocation.
     *
     * @return the container over the second half of {@link #buffer()}; objects allocated in it
     *         must not be used after the invocation
     */
    public PSOContainer container() {
        return container;
    }

    /** After an invocation: everything in the arena is free again. */
    void reset() {
        used = 0;
        if (container.used() > PSOContainer.HEADER_SIZE) {
            container.reset();
        }
    }

    void close() {
        buffer.close();
    }
}
