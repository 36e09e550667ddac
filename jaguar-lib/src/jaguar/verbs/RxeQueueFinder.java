/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Finds the rings behind an rxe queue pair or completion queue, for direct access. The provider
 * keeps their addresses in its private structs, so nothing read there is believed until the
 * kernel confirms it: the provider's code must be librxe's; a ring pointer must be the start of a
 * mapping of an RDMA device file at the file offset and of the size the provider recorded; the
 * ring's header must give the depth the kernel reports for the queue (ibv_query_qp, ibv_cq.cqe)
 * and slots big enough for its scatter/gather and inline sizes. Any mismatch (another provider,
 * another rdma-core layout) is an {@link Unavailable} saying which check failed, and the binding
 * stays with the provider's calls.
 */
final class RxeQueueFinder {
    private static final String PROVIDER_LIBRARY = "/librxe-rdmav";
    private static final String DEVICE_FILE = "/dev/infiniband/uverbs";
    private static final long PAGE = 4096;

    /** Why direct access is not possible here. */
    static final class Unavailable extends Exception {
        Unavailable(String reason) {
            super(reason, null, false, false);
        }
    }

    private RxeQueueFinder() {
    }

    /** The send and receive rings of a queue pair. */
    record QueuePairRings(RxeSendQueue send, RxeReceiveQueue receive) {
    }

    static QueuePairRings queuePair(VerbsContext context, MemorySegment qp) throws Unavailable {
        ProcessMappings maps = ProcessMappings.read();
        checkProvider(context, maps);
        int maxSendWr, maxRecvWr, maxSendSge, maxRecvSge, maxInline;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment attr = arena.allocate(VerbsAbi.IBV_QP_ATTR);
            MemorySegment init = arena.allocate(VerbsAbi.IBV_QP_INIT_ATTR);
            LibVerbs.Ibv.QUERY_QP.status("QP capabilities", qp, attr, VerbsAbi.IBV_QP_CAP, init);
            maxSendWr = attr.get(JAVA_INT, VerbsAbi.QPA_CAP_MAX_SEND_WR);
            maxRecvWr = attr.get(JAVA_INT, VerbsAbi.QPA_CAP_MAX_RECV_WR);
            maxSendSge = attr.get(JAVA_INT, VerbsAbi.QPA_CAP_MAX_SEND_SGE);
            maxRecvSge = attr.get(JAVA_INT, VerbsAbi.QPA_CAP_MAX_RECV_SGE);
            maxInline = attr.get(JAVA_INT, VerbsAbi.QPA_CAP_MAX_INLINE_DATA);
        }
        MemorySegment priv = qp.reinterpret(VerbsAbi.RXE_PRIVATE_QP_PREFIX_SIZE);
        expect("send queue scatter/gather entries", priv.get(JAVA_INT, VerbsAbi.RXE_PRIVATE_QP_SQ_MAX_SGE), maxSendSge);
        expect("send queue inline bytes", priv.get(JAVA_INT, VerbsAbi.RXE_PRIVATE_QP_SQ_MAX_INLINE), maxInline);
        expect("receive queue scatter/gather entries", priv.get(JAVA_INT, VerbsAbi.RXE_PRIVATE_QP_RQ_MAX_SGE), maxRecvSge);
        RxeRing sq = ring("send queue", maps, priv, VerbsAbi.RXE_PRIVATE_QP_SQ_QUEUE, VerbsAbi.RXE_PRIVATE_QP_SQ_MMAP_OFFSET,
                VerbsAbi.RXE_PRIVATE_QP_SQ_MMAP_SIZE, maxSendWr,
                VerbsAbi.RXE_SEND_WQE_SIZE + Math.max(maxInline, maxSendSge * VerbsAbi.RXE_SGE_SIZE), true);
        RxeRing rq = ring("receive queue", maps, priv, VerbsAbi.RXE_PRIVATE_QP_RQ_QUEUE, VerbsAbi.RXE_PRIVATE_QP_RQ_MMAP_OFFSET,
                VerbsAbi.RXE_PRIVATE_QP_RQ_MMAP_SIZE, maxRecvWr, VerbsAbi.RXE_RECV_WQE_SIZE + maxRecvSge * VerbsAbi.RXE_SGE_SIZE, true);
        MemorySegment ibvQp = qp.reinterpret(VerbsAbi.IBV_QP.byteSize());
        int commandFd = context.context.reinterpret(VerbsAbi.IBV_CONTEXT.byteSize()).get(JAVA_INT, VerbsAbi.CTX_CMD_FD);
        return new QueuePairRings(new RxeSendQueue(sq, maxInline, commandFd, ibvQp.get(JAVA_INT, VerbsAbi.QP_HANDLE)),
                new RxeReceiveQueue(rq, qp.address() + VerbsAbi.QP_STATE));
    }

    static RxeCompletionQueue completionQueue(VerbsContext context, MemorySegment cq) throws Unavailable {
        ProcessMappings maps = ProcessMappings.read();
        checkProvider(context, maps);
        MemorySegment priv = cq.reinterpret(VerbsAbi.RXE_PRIVATE_CQ_PREFIX_SIZE);
        int entries = priv.get(JAVA_INT, VerbsAbi.CQ_CQE);
        return new RxeCompletionQueue(ring("completion queue", maps, priv, VerbsAbi.RXE_PRIVATE_CQ_QUEUE,
                VerbsAbi.RXE_PRIVATE_CQ_MMAP_OFFSET, VerbsAbi.RXE_PRIVATE_CQ_MMAP_SIZE, entries, VerbsAbi.RXE_CQE_SIZE, false));
    }

    /** The device's data path must be librxe's code, or the private structs are not rxe's. */
    private static void checkProvider(VerbsContext context, ProcessMappings maps) throws Unavailable {
        MemorySegment ctx = context.context.reinterpret(VerbsAbi.IBV_CONTEXT.byteSize());
        long postSend = ctx.get(ADDRESS, VerbsAbi.CTX_OPS_POST_SEND).address();
        ProcessMappings.Mapping code = maps.containing(postSend);
        if (code == null || !code.path().contains(PROVIDER_LIBRARY)) {
            throw new Unavailable(context.deviceName() + "'s provider is " + (code == null ? "unknown" : code.path())
                    + ", not rxe (direct queue access knows rxe's queue format only)");
        }
    }

    /**
     * The ring whose address the provider keeps at {@code queueField} of {@code priv}, checked
     * against the kernel's mapping and the queue's depth before its header is read.
     */
    private static RxeRing ring(String what, ProcessMappings maps, MemorySegment priv, long queueField, long mmapOffsetField,
                                long mmapSizeField, int depth, int minElementSize, boolean producer) throws Unavailable {
        long header = priv.get(JAVA_LONG, queueField);
        long fileOffset = priv.get(JAVA_LONG, mmapOffsetField);
        long size = Integer.toUnsignedLong(priv.get(JAVA_INT, mmapSizeField));
        ProcessMappings.Mapping m = maps.startingAt(header);
        if (header == 0 || m == null || !m.path().startsWith(DEVICE_FILE)) {
            throw new Unavailable(what + ": 0x" + Long.toHexString(header) + " is not the start of a mapping of " + DEVICE_FILE
                    + "* (not the rdma-core layout this binding was built for?)");
        }
        if (m.offset() != fileOffset || m.length() != (size + PAGE - 1) / PAGE * PAGE || !m.permissions().startsWith("rw")) {
            throw new Unavailable(what + ": mapping " + m + " does not match the provider's record (offset 0x"
                    + Long.toHexString(fileOffset) + ", " + size + " bytes, read-write)");
        }
        MemorySegment h = MemorySegment.ofAddress(header).reinterpret(m.length());
        int log2 = h.get(JAVA_INT, VerbsAbi.RXE_QUEUE_LOG2_ELEM_SIZE);
        int mask = h.get(JAVA_INT, VerbsAbi.RXE_QUEUE_INDEX_MASK);
        if (mask != depth || Integer.bitCount(mask + 1) != 1) {
            throw new Unavailable(what + ": ring index mask " + mask + " is not the queue's depth " + depth);
        }
        if (log2 < 0 || log2 > 16 || (1 << log2) < minElementSize
                || VerbsAbi.RXE_QUEUE_DATA + ((long) (mask + 1) << log2) > m.length()) {
            throw new Unavailable(what + ": slots of 2^" + log2 + " bytes do not fit " + minElementSize
                    + "-byte entries or the " + m.length() + "-byte mapping");
        }
        int index = h.get(JAVA_INT, producer ? VerbsAbi.RXE_QUEUE_PRODUCER : VerbsAbi.RXE_QUEUE_CONSUMER);
        return new RxeRing(header, mask, log2, index & mask);
    }

    private static void expect(String what, int provider, int kernel) throws Unavailable {
        if (provider != kernel) {
            throw new Unavailable(what + ": the provider's struct says " + provider + ", the kernel " + kernel
                    + " (not the rdma-core layout this binding was built for?)");
        }
    }
}
