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
     *
     * @throws IllegalStateException if the arena's raw half has no room for them
     */
    public long allocate(long bytes) {
        if (bytes < 0 || used + bytes > rawBytes) {
            throw new IllegalStateException("the transient arena has " + (rawBytes - used) + " raw bytes left of " + rawBytes + ", not " + bytes);
        }
        long at = used;
        used = (used + bytes + 7) & ~7L;
        return at;
    }

    /** The arena's bytes; only what {@link #allocate} handed out this invocation is the task's. */
    public ExternalBuffer buffer() {
        return buffer;
    }

    /** A container for transient PSOs, emptied after every invocation. */
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
