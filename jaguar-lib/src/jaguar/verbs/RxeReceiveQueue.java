/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import jaguar.memory.NativeMemory;

/**
 * A queue pair's rxe receive queue, posted to directly: the receive buffer goes into the next
 * slot with {@link RxeQueueOps#writeReceiveEntry} and the producer index is published with a
 * release store. No doorbell: the kernel takes receives from the ring when a message arrives.
 * The provider's rxe_post_recv, with its errors (EINVAL in RESET state, ENOMEM when full).
 */
final class RxeReceiveQueue {
    private final RxeRing ring;
    /** Address of the ibv_qp's state, which the provider keeps current on every modify. */
    private final long qpState;

    RxeReceiveQueue(RxeRing ring, long qpState) {
        this.ring = ring;
        this.qpState = qpState;
    }

    /** Posts {@code r}; returns 0 or the errno the provider would have returned. */
    int post(ReceiveRequest r) {
        if (NativeMemory.getInt(qpState) == VerbsAbi.IBV_QPS_RESET) {
            return Errno.EINVAL;
        }
        RxeRing q = ring;
        q.lock();
        try {
            int producer = q.index;
            int next = (producer + 1) & q.indexMask;
            if (next == q.consumerIndex()) {
                return Errno.ENOMEM;
            }
            int length = r.length;
            RxeQueueOps.writeReceiveEntry(q.slot(producer), r.workRequestId, length, length == 0 ? 0 : 1, r.localAddress, r.lkey);
            q.publishProducer(next);
            return 0;
        } finally {
            q.unlock();
        }
    }
}
