/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A reusable native array of work completions ({@code struct ibv_wc[]}) that
 * {@link CompletionQueue#poll} fills: read entry {@code i < count()} with the accessors. No
 * allocation per poll; not thread-safe (one per polling thread).
 */
public final class WorkCompletions {
    private static final long WC = VerbsAbi.IBV_WC.byteSize();

    final MemorySegment entries;
    final long address;
    final int capacity;
    int count;

    public WorkCompletions(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        this.capacity = capacity;
        this.entries = Arena.ofAuto().allocate(WC * capacity, 8);
        this.address = entries.address();
    }

    public int capacity() {
        return capacity;
    }

    /** How many entries the last poll filled. */
    public int count() {
        return count;
    }

    public long workRequestId(int i) {
        return entries.get(JAVA_LONG, at(i) + VerbsAbi.WC_WR_ID);
    }

    /** 0 = success ({@link #isSuccess}); otherwise see {@link #statusName}. */
    public int status(int i) {
        return entries.get(JAVA_INT, at(i) + VerbsAbi.WC_STATUS);
    }

    public boolean isSuccess(int i) {
        return status(i) == VerbsAbi.IBV_WC_SUCCESS;
    }

    public Opcode opcode(int i) {
        return Opcode.of(entries.get(JAVA_INT, at(i) + VerbsAbi.WC_OPCODE));
    }

    /** Bytes received (receive completions). */
    public int byteLength(int i) {
        return entries.get(JAVA_INT, at(i) + VerbsAbi.WC_BYTE_LEN);
    }

    public boolean hasImmediate(int i) {
        return (entries.get(JAVA_INT, at(i) + VerbsAbi.WC_WC_FLAGS) & VerbsAbi.IBV_WC_WITH_IMM) != 0;
    }

    /** The sender's 32-bit immediate value, in the byte order the sender gave it. */
    public int immediate(int i) {
        return Integer.reverseBytes(entries.get(JAVA_INT, at(i) + VerbsAbi.WC_IMM_DATA));   // __be32 on the wire
    }

    public int queuePairNumber(int i) {
        return entries.get(JAVA_INT, at(i) + VerbsAbi.WC_QP_NUM);
    }

    public int vendorError(int i) {
        return entries.get(JAVA_INT, at(i) + VerbsAbi.WC_VENDOR_ERR);
    }

    /** libibverbs' name of a status, e.g. "remote access error". */
    public static String statusName(int status) {
        return ((MemorySegment) LibVerbs.Ibv.WC_STATUS_STR.plain(status)).reinterpret(128).getString(0);
    }

    /** Throws a {@link VerbsException} describing entry {@code i} unless it succeeded. */
    public void checkSuccess(int i) {
        int s = status(i);
        if (s != VerbsAbi.IBV_WC_SUCCESS) {
            throw new VerbsException("work completion", "wr_id " + workRequestId(i) + " on QP " + queuePairNumber(i)
                    + " failed: " + statusName(s) + " (status " + s + ", vendor error 0x" + Integer.toHexString(vendorError(i)) + ")");
        }
    }

    private long at(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("completion " + i + " of " + count);
        }
        return i * WC;
    }

    /** The kind of work a completion reports (enum ibv_wc_opcode). */
    public enum Opcode {
        SEND, RDMA_WRITE, RDMA_READ, RECV, RECV_RDMA_WITH_IMM, OTHER;

        static Opcode of(int op) {
            if (op == VerbsAbi.IBV_WC_SEND) return SEND;
            if (op == VerbsAbi.IBV_WC_RDMA_WRITE) return RDMA_WRITE;
            if (op == VerbsAbi.IBV_WC_RDMA_READ) return RDMA_READ;
            if (op == VerbsAbi.IBV_WC_RECV) return RECV;
            if (op == VerbsAbi.IBV_WC_RECV_RDMA_WITH_IMM) return RECV_RDMA_WITH_IMM;
            return OTHER;
        }
    }
}
