/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.ring;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded FIFO any number of threads offer to and poll from, without locks (Vyukov's bounded
 * queue: each slot carries a sequence number that says whether it is free for the offer of its
 * turn or full for the poll of its turn; a thread claims a turn with one compare-and-set on the
 * side's index). A pool's free list: the producer's thread takes buffers, whichever thread
 * releases a Water gives them back. The two indices sit on cache lines of their own.
 *
 * @param <E> what it carries (never null)
 */
public final class MpmcRing<E> extends MpmcRingPolls {
    private static final VarHandle OFFERS;
    private static final VarHandle POLLS;
    private static final VarHandle SEQUENCE = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OFFERS = l.findVarHandle(MpmcRingOffers.class, "offers", long.class);
            POLLS = l.findVarHandle(MpmcRingPolls.class, "polls", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] slots;
    private final long[] sequence;
    private final int mask;

    /** A ring of at least {@code capacity} slots (rounded up to a power of two). */
    public MpmcRing(int capacity) {
        if (capacity < 1 || capacity > 1 << 30) {
            throw new IllegalArgumentException("a ring holds 1 to 2^30 elements, not " + capacity);
        }
        int size = Math.max(2, Integer.highestOneBit(capacity - 1 == 0 ? 1 : capacity - 1) << 1);
        this.slots = new Object[size];
        this.sequence = new long[size];
        for (int i = 0; i < size; i++) {
            sequence[i] = i;
        }
        this.mask = size - 1;
        VarHandle.releaseFence();
    }

    public int capacity() {
        return slots.length;
    }

    /** Adds {@code e}; false if every slot is full. */
    public boolean offer(E e) {
        long turn = (long) OFFERS.getOpaque(this);
        while (true) {
            int i = (int) turn & mask;
            long diff = (long) SEQUENCE.getAcquire(sequence, i) - turn;
            if (diff == 0) {
                if (OFFERS.weakCompareAndSet(this, turn, turn + 1)) {
                    slots[i] = e;
                    SEQUENCE.setRelease(sequence, i, turn + 1);
                    return true;
                }
                turn = (long) OFFERS.getOpaque(this);
            } else if (diff < 0) {
                return false;   // the slot of this turn still holds the element of the turn a lap ago
            } else {
                turn = (long) OFFERS.getOpaque(this);
            }
        }
    }

    /** An element, removed; null if there is none. */
    @SuppressWarnings("unchecked")
    public E poll() {
        long turn = (long) POLLS.getOpaque(this);
        while (true) {
            int i = (int) turn & mask;
            long diff = (long) SEQUENCE.getAcquire(sequence, i) - (turn + 1);
            if (diff == 0) {
                if (POLLS.weakCompareAndSet(this, turn, turn + 1)) {
                    E e = (E) slots[i];
                    slots[i] = null;
                    SEQUENCE.setRelease(sequence, i, turn + mask + 1);
                    return e;
                }
                turn = (long) POLLS.getOpaque(this);
            } else if (diff < 0) {
                return null;   // the slot of this turn is not filled yet
            } else {
                turn = (long) POLLS.getOpaque(this);
            }
        }
    }
}

/** Padding before the offers' line. */
abstract class MpmcRingPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The next offer's turn. */
abstract class MpmcRingOffers extends MpmcRingPad0 {
    long offers;
}

/** Padding between the two indices' lines. */
abstract class MpmcRingPad1 extends MpmcRingOffers {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** The next poll's turn, then padding after it. */
abstract class MpmcRingPolls extends MpmcRingPad1 {
    long polls;
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;
}
