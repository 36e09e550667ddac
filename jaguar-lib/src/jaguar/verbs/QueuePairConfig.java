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
 * queues ({@link QueueAccess}).
 */
public record QueuePairConfig(int maxSendRequests, int maxReceiveRequests, int maxSendScatterGather,
                              int maxReceiveScatterGather, int maxInlineData, int readsInFlight, boolean signalAll,
                              QueueAccess queueAccess) {
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

    /** A config with {@link QueueAccess#AUTO}. */
    public QueuePairConfig(int maxSendRequests, int maxReceiveRequests, int maxSendScatterGather,
                           int maxReceiveScatterGather, int maxInlineData, int readsInFlight, boolean signalAll) {
        this(maxSendRequests, maxReceiveRequests, maxSendScatterGather, maxReceiveScatterGather, maxInlineData, readsInFlight,
                signalAll, QueueAccess.AUTO);
    }

    /**
     * 128 sends and receives of one buffer each, 4 reads in flight, no inline data, sends signalled
     * per request, queues accessed directly where the provider allows.
     */
    public static QueuePairConfig defaults() {
        return new QueuePairConfig(128, 128, 1, 1, 0, 4, false, QueueAccess.AUTO);
    }

    public QueuePairConfig withDepth(int sends, int receives) {
        return new QueuePairConfig(sends, receives, maxSendScatterGather, maxReceiveScatterGather, maxInlineData,
                readsInFlight, signalAll, queueAccess);
    }

    public QueuePairConfig withInlineData(int bytes) {
        return new QueuePairConfig(maxSendRequests, maxReceiveRequests, maxSendScatterGather, maxReceiveScatterGather, bytes,
                readsInFlight, signalAll, queueAccess);
    }

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

    @Override
    public String toString() {
        return "RC QP " + describe(maxSendRequests, maxReceiveRequests, maxSendScatterGather, maxReceiveScatterGather,
                maxInlineData, readsInFlight) + (queueAccess == QueueAccess.AUTO ? "" : " " + queueAccess.name().toLowerCase());
    }

    private static String describe(int s, int r, int ssge, int rsge, int inline, int reads) {
        return "(send " + s + " x " + ssge + " sge, recv " + r + " x " + rsge + " sge, inline " + inline + ", reads " + reads + ")";
    }
}
