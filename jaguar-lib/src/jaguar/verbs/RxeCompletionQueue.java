/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.MemorySegment;

/**
 * A completion queue's rxe ring, polled directly: the kernel produces {@code struct ib_uverbs_wc}
 * entries, laid out as {@code struct ibv_wc} (the generator checks), so polling is copying the
 * ready ones into the caller's {@link WorkCompletions} and publishing the consumer index once,
 * with a release store. What the provider's rxe_poll_cq does, one index store per batch.
 */
final class RxeCompletionQueue {
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private final RxeRing ring;

    RxeCompletionQueue(RxeRing ring) {
        this.ring = ring;
    }

    /** Copies up to {@code capacity} completions to {@code into}; returns how many. */
    int poll(int capacity, long into) {
        RxeRing q = ring;
        q.lock();
        try {
            int consumer = q.index;
            int ready = (q.producerIndex() - consumer) & q.indexMask;
            int n = Math.min(ready, capacity);
            for (int i = 0; i < n; i++) {
                MemorySegment.copy(ALL, q.slot(consumer + i), ALL, into + (long) i * VerbsAbi.RXE_CQE_SIZE, VerbsAbi.RXE_CQE_SIZE);
            }
            if (n > 0) {
                q.publishConsumer((consumer + n) & q.indexMask);
            }
            return n;
        } finally {
            q.unlock();
        }
    }
}
