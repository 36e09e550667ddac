/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import jaguar.memory.NativeMemory;

/**
 * One ring rxe shares with the kernel ({@code struct rxe_queue_buf}, rdma/rdma_user_rxe.h): a
 * header with the element size and index mask, the producer and consumer indices on their own
 * cache lines, then the slots. This process owns one index (the producer of a work queue, the
 * consumer of a completion queue) and keeps its own copy of it, so it only loads the kernel's.
 * A spin lock makes the ring safe for several threads, as the provider's pthread spin lock does.
 */
final class RxeRing {
    private static final VarHandle LOCK;

    static {
        try {
            LOCK = MethodHandles.lookup().findVarHandle(RxeRing.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Address of the rxe_queue_buf header. */
    final long header;
    /** Address of slot 0. */
    final long slots;
    final int indexMask;
    final int elementShift;
    /** This side's index: the next slot to produce into, or to consume. */
    int index;
    @SuppressWarnings("unused") // through LOCK
    private volatile int lock;

    RxeRing(long header, int indexMask, int elementShift, int index) {
        this.header = header;
        this.slots = header + VerbsAbi.RXE_QUEUE_DATA;
        this.indexMask = indexMask;
        this.elementShift = elementShift;
        this.index = index;
    }

    long slot(int i) {
        return slots + ((long) (i & indexMask) << elementShift);
    }

    /** The kernel's consumer index (acquire: the slots it consumed may be reused after this). */
    int consumerIndex() {
        return NativeMemory.getIntAcquire(header + VerbsAbi.RXE_QUEUE_CONSUMER);
    }

    /** The kernel's producer index (acquire: the slots it produced are visible after this). */
    int producerIndex() {
        return NativeMemory.getIntAcquire(header + VerbsAbi.RXE_QUEUE_PRODUCER);
    }

    /** Publishes this side's producer index (release: the slots written before are visible first). */
    void publishProducer(int i) {
        index = i;
        NativeMemory.putIntRelease(header + VerbsAbi.RXE_QUEUE_PRODUCER, i);
    }

    /** Publishes this side's consumer index (release: the slots read before may be overwritten). */
    void publishConsumer(int i) {
        index = i;
        NativeMemory.putIntRelease(header + VerbsAbi.RXE_QUEUE_CONSUMER, i);
    }

    void lock() {
        while (!LOCK.weakCompareAndSetAcquire(this, 0, 1)) {
            Thread.onSpinWait();
        }
    }

    void unlock() {
        LOCK.setRelease(this, 0);
    }
}
