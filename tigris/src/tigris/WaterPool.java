/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;


import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

import tigris.ring.MpmcRing;

/**
 * A Spring of shared off-heap Waters of one size that takes their buffers back when they are
 * released, so a river in steady state allocates no memory: the buffers circulate between
 * producer and consumer.
 */
public final class WaterPool implements Spring {
    private final int waterSize;
    /** Taken by the producer's thread, given back by whichever thread releases a Water: lock-free. */
    private final MpmcRing<ExternalBuffer> free;

    /**
     * Makes a pool that keeps nothing yet: its first Waters are allocated, later ones reuse what
     * was released.
     *
     * @param waterSize bytes of each Water
     * @param keep how many released buffers to keep for reuse, at least (rounded up to a power of two; the rest are freed)
     * @throws IllegalArgumentException if {@code waterSize} is not positive
     */
    public WaterPool(int waterSize, int keep) {
        if (waterSize < 1) {
            throw new IllegalArgumentException("water size must be positive, got " + waterSize);
        }
        this.waterSize = waterSize;
        this.free = new MpmcRing<>(Math.max(1, keep));
    }

    /** {@return the bytes of each Water this pool makes: the most {@link #createWater} accepts} */
    public int waterSize() {
        return waterSize;
    }

    /**
     * A Water of one buffer of {@link #waterSize()} bytes, reused from those released if one is
     * kept, else newly allocated (shared, off-heap); owned by the calling thread.
     *
     * @param size the bytes the caller needs, from 1 to {@link #waterSize()}
     * @return the Water, with no bytes in use; this pool takes its buffer back when it is released
     * @throws IllegalArgumentException if {@code size} is not from 1 to {@link #waterSize()}
     */
    @Override
    public Water createWater(int size) {
        if (size < 1 || size > waterSize) {
            throw new IllegalArgumentException("this spring makes Waters of up to " + waterSize + " bytes; asked for " + size);
        }
        ExternalBuffer b = free.poll();
        return new Water(this, b != null ? b : OffHeapBuffer.allocateShared(waterSize));
    }

    /**
     * Keeps the buffers of a released Water for reuse, from whichever thread releases it (lock-free);
     * a buffer of another size, one already closed, or one beyond what the pool keeps is freed.
     *
     * @param buffers the released Water's buffers
     */
    @Override
    public void recycle(ExternalBuffer[] buffers) {
        for (ExternalBuffer b : buffers) {
            if (b.size() != waterSize || !b.isAlive() || !free.offer(b)) {
                b.close();
            }
        }
    }

    /**
     * Frees the buffers kept for reuse, when the pool's reservoir is done; Waters still out are
     * untouched, and buffers released after this are kept again.
     */
    public void drain() {
        ExternalBuffer b;
        while ((b = free.poll()) != null) {
            b.close();
        }
    }
}
