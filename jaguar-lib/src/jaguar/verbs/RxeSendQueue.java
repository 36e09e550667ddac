/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;

import jaguar.memory.NativeMemory;
import jaguar.memory.Syscalls;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * A queue pair's rxe send queue, posted to directly: the work request goes into the next slot of
 * the ring with {@link RxeQueueOps#writeSendEntry}, the producer index is published with a release
 * store, and the doorbell, a POST_SEND command without work requests written to the device file
 * ({@link Syscalls#write}, in native thread state: the kernel may take its time), makes the kernel process the ring in this
 * thread. What the provider's rxe_post_send does, with the same errors
 * (ENOMEM when full, EINVAL for too much inline data), without a call into the library.
 */
final class RxeSendQueue {
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private final RxeRing ring;
    private final int maxInline;
    private final long commandFd;
    /** The prepared doorbell command (its response word follows it), and the memory holding it. */
    private final long command;
    private final MemorySegment commandMemory;
    private int sendSequence;

    RxeSendQueue(RxeRing ring, int maxInline, int commandFd, int qpHandle) {
        this.ring = ring;
        this.maxInline = maxInline;
        this.commandFd = commandFd;
        MemorySegment cmd = Arena.ofAuto().allocate(VerbsAbi.UVERBS_POST_SEND_SIZE + VerbsAbi.UVERBS_POST_SEND_RESP_SIZE, 8);
        cmd.set(JAVA_INT, VerbsAbi.UVERBS_HDR_COMMAND, VerbsAbi.UVERBS_CMD_POST_SEND);
        cmd.set(JAVA_SHORT, VerbsAbi.UVERBS_HDR_IN_WORDS, (short) (VerbsAbi.UVERBS_POST_SEND_SIZE / 4));
        cmd.set(JAVA_SHORT, VerbsAbi.UVERBS_HDR_OUT_WORDS, (short) (VerbsAbi.UVERBS_POST_SEND_RESP_SIZE / 4));
        cmd.set(JAVA_LONG, VerbsAbi.UVERBS_POST_SEND_RESPONSE, cmd.address() + VerbsAbi.UVERBS_POST_SEND_SIZE);
        cmd.set(JAVA_INT, VerbsAbi.UVERBS_POST_SEND_QP_HANDLE, qpHandle);
        cmd.set(JAVA_INT, VerbsAbi.UVERBS_POST_SEND_WR_COUNT, 0);
        cmd.set(JAVA_INT, VerbsAbi.UVERBS_POST_SEND_SGE_COUNT, 0);
        cmd.set(JAVA_INT, VerbsAbi.UVERBS_POST_SEND_WQE_SIZE, VerbsAbi.IBV_SEND_WR_BYTES);
        this.command = cmd.address();
        this.commandMemory = cmd;
    }

    /** Posts {@code r}; returns 0 or the errno the provider would have returned. */
    int post(SendRequest r) {
        int rc;
        RxeRing q = ring;
        q.lock();
        try {
            rc = enqueue(q, r);
        } finally {
            q.unlock();
        }
        if (rc != 0) {
            return rc;
        }
        long written = Syscalls.write(commandFd, command, VerbsAbi.UVERBS_POST_SEND_SIZE);
        Reference.reachabilityFence(commandMemory);
        return written == VerbsAbi.UVERBS_POST_SEND_SIZE ? 0 : written < 0 ? (int) -written : Errno.EIO;
    }

    private int enqueue(RxeRing q, SendRequest r) {
        int producer = q.index;
        int next = (producer + 1) & q.indexMask;
        if (next == q.consumerIndex()) {
            return Errno.ENOMEM;
        }
        int length = r.length;
        boolean inline = (r.flags & VerbsAbi.IBV_SEND_INLINE) != 0;
        if (inline && length > maxInline) {
            return Errno.EINVAL;
        }
        int opcode = r.opcode;
        boolean rdma = opcode == VerbsAbi.IBV_WR_RDMA_WRITE || opcode == VerbsAbi.IBV_WR_RDMA_WRITE_WITH_IMM
                || opcode == VerbsAbi.IBV_WR_RDMA_READ;
        long wqe = q.slot(producer);
        for (int i = 0; i < VerbsAbi.RXE_SEND_WR_SIZE; i += Long.BYTES) {
            NativeMemory.putLong(wqe + i, 0L);
        }
        RxeQueueOps.writeSendEntry(wqe, r.workRequestId, opcode, r.flags, r.immediateData,
                rdma ? r.remoteAddress : 0L, rdma ? r.remoteKey : 0, sendSequence++,
                length, length == 0 ? 0 : 1, r.localAddress, r.lkey);
        if (inline && length > 0) {
            MemorySegment.copy(ALL, r.localAddress, ALL, wqe + VerbsAbi.RXE_SWQE_INLINE_DATA, length);
        }
        q.publishProducer(next);
        return 0;
    }
}
