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

    /**
     * An array of {@code capacity} entries in native memory, freed when it is unreachable.
     *
     * @param capacity the most completions one poll moves, at least 1
     * @throws IllegalArgumentException if {@code capacity} is less than 1
     */
    public WorkCompletions(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        this.capacity = capacity;
        this.entries = Arena.ofAuto().allocate(WC * capacity, 8);
        this.address = entries.address();
    }

    /**
     * The size of the array.
     *
     * @return the most completions one poll moves, as given to the constructor
     */
    public int capacity() {
        return capacity;
    }

    /**
     * How many entries the last poll filled.
     *
     * @return the valid entries, 0 to {@link #capacity()}; 0 before the first poll
     */
    public int count() {
        return count;
    }

    /**
     * Which request entry {@code i} completes.
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return the id given to {@link SendRequest#id} or {@link ReceiveRequest#id}
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public long workRequestId(int i) {
        return entries.get(JAVA_LONG, at(i) + VerbsAbi.WC_WR_ID);
    }

    /**
     * The status of entry {@code i} ({@code enum ibv_wc_status}).
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return 0 for success ({@link #isSuccess}); otherwise an error, named by
     *         {@link #statusName}
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public int status(int i) {
        return entries.get(JAVA_INT, at(i) + VerbsAbi.WC_STATUS);
    }

    /**
     * Whether the request of entry {@code i} succeeded. Only {@link #workRequestId},
     * {@link #status}, {@link #queuePairNumber} and {@link #vendorError} are valid for a failed
     * one.
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return true if its status is {@code IBV_WC_SUCCESS}
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public boolean isSuccess(int i) {
        return status(i) == VerbsAbi.IBV_WC_SUCCESS;
    }

    /**
     * What kind of work entry {@code i} reports; valid only for a successful completion.
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return the kind, {@link Opcode#OTHER} for kinds this binding does not post
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public Opcode opcode(int i) {
        return Opcode.of(entries.get(JAVA_INT, at(i) + VerbsAbi.WC_OPCODE));
    }

    /**
     * Bytes received, for receive completions ({@link Opcode#RECV},
     * {@link Opcode#RECV_RDMA_WITH_IMM}: the bytes the peer wrote) and RDMA reads.
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return the byte count ({@code ibv_wc.byte_len})
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public int byteLength(int i) {
        return entries.get(JAVA_INT, at(i) + VerbsAbi.WC_BYTE_LEN);
    }

    /**
     * Whether entry {@code i} carries an immediate value (a receive of a send or write with
     * immediate).
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return true if {@link #immediate} is valid for the entry
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public boolean hasImmediate(int i) {
        return (entries.get(JAVA_INT, at(i) + VerbsAbi.WC_WC_FLAGS) & VerbsAbi.IBV_WC_WITH_IMM) != 0;
    }

    /**
     * The sender's 32-bit immediate value; valid only if {@link #hasImmediate}.
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return the value as the sender gave it to {@link SendRequest#sendWithImmediate} or
     *         {@link SendRequest#writeWithImmediate} (the wire's big-endian order undone)
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public int immediate(int i) {
        return Integer.reverseBytes(entries.get(JAVA_INT, at(i) + VerbsAbi.WC_IMM_DATA));   // __be32 on the wire
    }

    /**
     * Which local queue pair entry {@code i} belongs to, for a completion queue shared by several.
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return the local queue pair's number ({@link QueuePair#number()})
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public int queuePairNumber(int i) {
        return entries.get(JAVA_INT, at(i) + VerbsAbi.WC_QP_NUM);
    }

    /**
     * The provider's own error code for a failed entry, for its documentation or its vendor.
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @return {@code ibv_wc.vendor_err}, 0 when the provider gives none
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
    public int vendorError(int i) {
        return entries.get(JAVA_INT, at(i) + VerbsAbi.WC_VENDOR_ERR);
    }

    /**
     * libibverbs' name of a status ({@code ibv_wc_status_str}), e.g. "remote access error".
     *
     * @param status a status from {@link #status}
     * @return the name; libibverbs' "unknown" for a value it does not know
     */
    public static String statusName(int status) {
        return ((MemorySegment) LibVerbs.Ibv.WC_STATUS_STR.plain(status)).reinterpret(128).getString(0);
    }

    /**
     * Throws a {@link VerbsException} describing entry {@code i} unless it succeeded.
     *
     * @param i the entry, {@code 0 <= i < count()}
     * @throws VerbsException if the entry failed: the message names the request id, queue pair,
     *         status and vendor error
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #count()}
     */
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
        /** A send, with or without immediate, was sent ({@code IBV_WC_SEND}). */
        SEND,
        /** An RDMA write, with or without immediate, was written ({@code IBV_WC_RDMA_WRITE}). */
        RDMA_WRITE,
        /** An RDMA read has landed locally ({@code IBV_WC_RDMA_READ}). */
        RDMA_READ,
        /** A posted receive took a send from the peer ({@code IBV_WC_RECV}). */
        RECV,
        /**
         * A posted receive was consumed by the peer's RDMA write with immediate
         * ({@code IBV_WC_RECV_RDMA_WITH_IMM}); the data is in the written memory, not the receive
         * buffer.
         */
        RECV_RDMA_WITH_IMM,
        /** Any other kind (atomics, memory-window binds...), which this binding does not post. */
        OTHER;

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
