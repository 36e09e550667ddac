/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.ring;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded FIFO between exactly one thread that offers and one that polls, without locks
 * (Lamport's ring, as Agrona's OneToOneConcurrentArrayQueue): each side writes only its own
 * index, publishes it with a release store, and keeps a cached copy of the other's so that it
 * reads the other's cache line only when the ring looks full (or empty). The indices sit on cache
 * lines of their own. Offering from two threads at once, or polling from two, corrupts it: its
 * users have one filling thread and one consumer by construction.
 *
 * @param <E> what it carries (never null)
 */
public final class SpscRing<E> extends SpscRingTail {
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            HEAD = l.findVarHandle(SpscRingHead.class, "head", long.class);
            TAIL = l.findVarHandle(SpscRingTail.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] slots;
    private final int mask;
    private final int capacity;

    /** A ring that holds {@code capacity} elements (at least 1). */
    public SpscRing(int capacity) {
        if (capacity < 1 || capacity > 1 << 30) {
            throw new IllegalArgumentException("a ring holds 1 to 2^30 elements, not " + capacity);
        }
        this.capacity = capacity;
        int size = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
        this.slots = new Object[Math.max(size, 1)];
        this.mask = slots.length - 1;
    }

    public int capacity() {
        return capacity;
    }

    /** Adds {@code e} at the tail (the filling thread only); false if the ring holds its capacity. */
    public boolean offer(E e) {
        long t = tail;
        if (t - headCache >= capacity) {
            headCache = (long) HEAD.getAcquire(this);
            if (t - headCache >= capacity) {
                return false;
            }
        }
        slots[(int) t & mask] = e;
        TAIL.setRelease(this, t + 1);
        return true;
    }

    /** The element at the head, removed (the consuming thread only); null if the ring is empty. */
    @SuppressWarnings("unchecked")
    public E poll() {
        long h = head;
        if (h >= tailCache) {
            tailCache = (long) TAIL.getAcquire(this);
            if (h >= tailCache) {
                return null;
            }
        }
        int i = (int) h & mask;
        E e = (E) slots[i];
        slots[i] = null;
        HEAD.setRelease(this, h + 1);
        return e;
    }

    /** Whether the ring holds nothing now (either thread; a moment's answer). */
    public boolean isEmpty() {
        return (long) HEAD.getAcquire(this) == (long) TAIL.getAcquire(this);
    }
}

/** Padding before the consumer's line. */
abstract class SpscRingPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The consumer's index and its copy of the producer's. */
abstract class SpscRingHead extends SpscRingPad0 {
    long head;
    long tailCache;
}

/** Padding between the two sides' lines. */
abstract class SpscRingPad1 extends SpscRingHead {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** The producer's index and its copy of the consumer's, then padding after them. */
abstract class SpscRingTail extends SpscRingPad1 {
    long tail;
    long headCache;
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;
}
