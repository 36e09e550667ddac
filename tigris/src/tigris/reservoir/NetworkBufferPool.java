/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

/**
 * The memory a node's TCP reservoirs receive into and send from, within one budget the user sets
 * ({@code tigris node --network-memory}), as Flink's NetworkBufferPool: each channel reserves its
 * exclusive buffers when it is opened (refused, naming the budget, if they do not fit), takes
 * floating ones while the budget has room and gives them back. Bytes reserved plus buffers kept
 * for reuse never exceed the budget. Channels take and give buffers now and then, not per Water,
 * so one lock serves.
 */
public final class NetworkBufferPool implements AutoCloseable {
    private final long budget;
    private long reserved;
    private long cached;
    private final Map<Integer, ArrayDeque<ExternalBuffer>> free = new HashMap<>();
    private boolean closed;

    /**
     * An empty pool: nothing reserved, no buffer kept.
     *
     * @param budget bytes of buffers at most, reserved and kept for reuse together (positive)
     * @throws IllegalArgumentException if {@code budget} is below 1
     */
    public NetworkBufferPool(long budget) {
        if (budget < 1) {
            throw new IllegalArgumentException("a network buffer budget must be positive, got " + budget);
        }
        this.budget = budget;
    }

    /**
     * The budget it was made with ({@code tigris node --network-memory}).
     *
     * @return bytes of buffers at most
     */
    public long budget() {
        return budget;
    }

    /**
     * Bytes reserved by channels now: their exclusive buffers and the floating ones they hold.
     *
     * @return bytes, from 0 to {@link #budget()}; buffers kept for reuse are not counted
     */
    public synchronized long reserved() {
        return reserved;
    }

    /** Reserves {@code bytes} if the budget has room; false if not. */
    synchronized boolean tryReserve(long bytes) {
        if (bytes < 0 || reserved + bytes > budget) {
            return false;
        }
        reserved += bytes;
        evictAbove(budget - reserved);
        return true;
    }

    synchronized void unreserve(long bytes) {
        reserved -= bytes;
        if (reserved < 0) {
            throw new IllegalStateException("network buffer pool: more unreserved than reserved");
        }
    }

    /** A buffer of {@code size} bytes for memory the caller reserved: one kept for reuse if there is one. */
    synchronized ExternalBuffer allocate(int size) {
        ArrayDeque<ExternalBuffer> q = free.get(size);
        ExternalBuffer b = q == null ? null : q.poll();
        if (b != null) {
            cached -= size;
            return b;
        }
        return OffHeapBuffer.allocateShared(size);
    }

    /** Takes back a buffer whose reservation the caller keeps or gives up itself: kept for reuse while the budget has room. */
    synchronized void free(ExternalBuffer b) {
        if (closed || !b.isAlive() || reserved + cached + b.size() > budget) {
            b.close();
            return;
        }
        free.computeIfAbsent((int) b.size(), s -> new ArrayDeque<>()).push(b);
        cached += b.size();
    }

    /** A floating buffer: reserved and allocated, or null if the budget has no room for it. */
    synchronized ExternalBuffer take(int size) {
        return tryReserve(size) ? allocate(size) : null;
    }

    /** Gives back a buffer {@link #take} made, its reservation with it. */
    synchronized void give(ExternalBuffer b) {
        unreserve(b.size());
        free(b);
    }

    /** Frees kept buffers until at most {@code room} bytes are kept. */
    private void evictAbove(long room) {
        for (Iterator<ArrayDeque<ExternalBuffer>> it = free.values().iterator(); cached > room && it.hasNext();) {
            ArrayDeque<ExternalBuffer> q = it.next();
            ExternalBuffer b;
            while (cached > room && (b = q.poll()) != null) {
                cached -= b.size();
                b.close();
            }
        }
    }

    /** Frees the buffers kept for reuse; buffers given back later are freed too. */
    @Override
    public synchronized void close() {
        closed = true;
        evictAbove(0);
    }

    @Override
    public synchronized String toString() {
        return "network buffers: " + (reserved >> 20) + " of " + (budget >> 20) + " MiB reserved";
    }
}
