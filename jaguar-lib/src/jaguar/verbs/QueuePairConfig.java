/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The shape of a reliable-connected queue pair: queue depths, scatter/gather entries per request,
 * inline data, RDMA reads in flight, whether every send is signalled, and how posts reach the
 * queues ({@link QueueAccess}). The device may round the depths and sizes up; it refuses a
 * queue pair beyond its limits ({@link DeviceAttributes}) with a {@link VerbsException}.
 *
 * @param maxSendRequests depth of the send queue: requests posted and not yet completed, at least 1
 * @param maxReceiveRequests depth of the receive queue: receives posted and not yet consumed, at
 *                           least 1
 * @param maxSendScatterGather scatter/gather entries per send request the queue allows, at least 1
 *                             (this binding's requests use one)
 * @param maxReceiveScatterGather scatter/gather entries per receive request the queue allows, at
 *                                least 1 (this binding's requests use one)
 * @param maxInlineData bytes a send may carry inline ({@link SendRequest#inline}), non-negative; 0
 *                      for none
 * @param readsInFlight RDMA reads this side may have outstanding, and the peer may have outstanding
 *                      against it, 1 to 255
 * @param signalAll true to make every send request produce a completion; false to let each request
 *                  say ({@link SendRequest#signaled})
 * @param queueAccess how posts and polls reach the queues ({@link QueueAccess}), not null
 */
public record QueuePairConfig(int maxSendRequests, int maxReceiveRequests, int maxSendScatterGather,
                              int maxReceiveScatterGather, int maxInlineData, int readsInFlight, boolean signalAll,
                              QueueAccess queueAccess) {
    /**
     * Checks the config.
     *
     * @throws IllegalArgumentException if {@code queueAccess} is null or a value is out of range
     */
    public QueuePairConfig {
        if (queueAccess == null) {
            throw new IllegalArgumentException("queueAccess is null (AUTO, PROVIDER or DIRECT)");
        }
        if (maxSendRequests < 1 || maxReceiveRequests < 1 || maxSendScatterGather < 1 || maxReceiveScatterGather < 1
                || maxInlineData < 0 || readsInFlight < 1 || readsInFlight > 255) {
            throw new IllegalArgumentException("invalid queue pair config " + describe(maxSendRequests, maxReceiveRequests,
                    maxSendScatterGather, maxReceiveScatterGather, maxInlineData, readsInFlight));
        }
    }

    /**
     * A config with {@link QueueAccess#AUTO}.
     *
     * @param maxSendRequests depth of the send queue: requests posted and not yet completed, at
     *                        least 1
     * @param maxReceiveRequests depth of the receive queue: receives posted and not yet consumed,
     *                           at least 1
     * @param maxSendScatterGather scatter/gather entries per send request the queue allows, at
     *                             least 1 (this binding's requests use one)
     * @param maxReceiveScatterGather scatter/gather entries per receive request the queue allows,
     *                                at least 1 (this binding's requests use one)
     * @param maxInlineData bytes a send may carry inline ({@link SendRequest#inline}),
     *                      non-negative; 0 for none
     * @param readsInFlight RDMA reads this side may have outstanding, and the peer may have
     *                      outstanding against it, 1 to 255
     * @param signalAll true to make every send request produce a completion; false to let each
     *                  request say ({@link SendRequest#signaled})
     * @throws IllegalArgumentException if a value is out of range
     */
    public QueuePairConfig(int maxSendRequests, int maxReceiveRequests, int maxSendScatterGather,
                           int maxReceiveScatterGather, int maxInlineData, int readsInFlight, boolean signalAll) {
        this(maxSendRequests, maxReceiveRequests, maxSendScatterGather, maxReceiveScatterGather, maxInlineData, readsInFlight,
                signalAll, QueueAccess.AUTO);
    }

    /**
     * 128 sends and receives of one buffer each, 4 reads in flight, no inline data, sends signalled
     * as each request says ({@link SendRequest#signaled}, on by default), queues accessed directly
     * where the provider allows ({@link QueueAccess#AUTO}).
     *
     * @return {@code (128, 128, 1, 1, 0, 4, false, AUTO)}
     */
    public static QueuePairConfig defaults() {
        return new QueuePairConfig(128, 128, 1, 1, 0, 4, false, QueueAccess.AUTO);
    }

    /**
     * This config with other queue depths.
     *
     * @param sends depth of the send queue, at least 1
     * @param receives depth of the receive queue, at least 1
     * @return a copy with those depths
     * @throws IllegalArgumentException if a depth is less than 1
     */
    public QueuePairConfig withDepth(int sends, int receives) {
        return new QueuePairConfig(sends, receives, maxSendScatterGather, maxReceiveScatterGather, maxInlineData,
                readsInFlight, signalAll, queueAccess);
    }

    /**
     * This config with another inline size.
     *
     * @param bytes the most bytes a send may carry inline, non-negative
     * @return a copy with that inline size
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public QueuePairConfig withInlineData(int bytes) {
        return new QueuePairConfig(maxSendRequests, maxReceiveRequests, maxSendScatterGather, maxReceiveScatterGather, bytes,
                readsInFlight, signalAll, queueAccess);
    }

    /**
     * This config with another way of reaching the queues.
     *
     * @param access {@link QueueAccess#AUTO}, {@link QueueAccess#PROVIDER} or
     *               {@link QueueAccess#DIRECT}; not null
     * @return a copy with that access
     * @throws IllegalArgumentException if {@code access} is null
     */
    public QueuePairConfig withQueueAccess(QueueAccess access) {
        return new QueuePairConfig(maxSendRequests, maxReceiveRequests, maxSendScatterGather, maxReceiveScatterGather,
                maxInlineData, readsInFlight, signalAll, access);
    }

    MemorySegment initAttributes(Arena arena, CompletionQueue sendCq, CompletionQueue receiveCq) {
        sendCq.checkOpen();
        receiveCq.checkOpen();
        MemorySegment ia = arena.allocate(VerbsAbi.IBV_QP_INIT_ATTR);
        ia.set(ADDRESS, VerbsAbi.QPIA_SEND_CQ, sendCq.cq);
        ia.set(ADDRESS, VerbsAbi.QPIA_RECV_CQ, receiveCq.cq);
        ia.set(JAVA_INT, VerbsAbi.QPIA_MAX_SEND_WR, maxSendRequests);
        ia.set(JAVA_INT, VerbsAbi.QPIA_MAX_RECV_WR, maxReceiveRequests);
        ia.set(JAVA_INT, VerbsAbi.QPIA_MAX_SEND_SGE, maxSendScatterGather);
        ia.set(JAVA_INT, VerbsAbi.QPIA_MAX_RECV_SGE, maxReceiveScatterGather);
        ia.set(JAVA_INT, VerbsAbi.QPIA_MAX_INLINE_DATA, maxInlineData);
        ia.set(JAVA_INT, VerbsAbi.QPIA_QP_TYPE, VerbsAbi.IBV_QPT_RC);
        ia.set(JAVA_INT, VerbsAbi.QPIA_SQ_SIG_ALL, signalAll ? 1 : 0);
        return ia;
    }

    /**
     * The config for messages.
     *
     * @return e.g. {@code RC QP (send 128 x 1 sge, recv 128 x 1 sge, inline 0, reads 4)}, followed
     *         by the queue access unless it is {@code AUTO}; {@code signalAll} is not shown
     */
    @Override
    public String toString() {
        return "RC QP " + describe(maxSendRequests, maxReceiveRequests, maxSendScatterGather, maxReceiveScatterGather,
                maxInlineData, readsInFlight) + (queueAccess == QueueAccess.AUTO ? "" : " " + queueAccess.name().toLowerCase());
    }

    private static String describe(int s, int r, int ssge, int rsge, int inline, int reads) {
        return "(send " + s + " x " + ssge + " sge, recv " + r + " x " + rsge + " sge, inline " + inline + ", reads " + reads + ")";
    }
}
