/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.memory.NativeMemory;

import static jaguar.verbs.VerbsAbi.*;

/**
 * The raw stores of direct rxe queue access, as code mappings: a send or receive work queue entry
 * written in place in the ring the kernel reads; the JIT inlines each as a run of plain stores,
 * the Java bodies do the same through NativeMemory. Addresses are absolute and unchecked:
 * {@link RxeSendQueue} and {@link RxeReceiveQueue} check everything first. The rings' ordered
 * index accesses are NativeMemory's acquire/release mappings, the send doorbell is
 * {@link jaguar.memory.Syscalls#write} (FFM, native thread state).
 */
final class RxeQueueOps {
    static {
        CodeMappings.register(RxeQueueOps.class);
    }

    private RxeQueueOps() {
    }

    /**
     * Fills a send work queue entry (one scatter/gather entry; opcode, flags and immediate as the
     * kernel ABI has them, which are verbs' values). The entry's rxe_send_wr must be zero already.
     */
    @CodeMapping("store.i64 [$0 + " + RXE_SWQE_WR_ID + "], $1\n"
            + "store.i32 [$0 + " + RXE_SWQE_OPCODE + "], $2\n"
            + "store.i32 [$0 + " + RXE_SWQE_SEND_FLAGS + "], $3\n"
            + "store.i32 [$0 + " + RXE_SWQE_IMM_DATA + "], $4\n"
            + "store.i64 [$0 + " + RXE_SWQE_REMOTE_ADDR + "], $5\n"
            + "store.i32 [$0 + " + RXE_SWQE_RKEY + "], $6\n"
            + "store.i32 [$0 + " + RXE_SWQE_STATUS + "], 0\n"
            + "store.i32 [$0 + " + RXE_SWQE_STATE + "], 0\n"
            + "store.i64 [$0 + " + RXE_SWQE_IOVA + "], $5\n"
            + "store.i32 [$0 + " + RXE_SWQE_SSN + "], $7\n"
            + "store.i32 [$0 + " + RXE_SWQE_DMA_LENGTH + "], $8\n"
            + "store.i32 [$0 + " + RXE_SWQE_DMA_RESID + "], $8\n"
            + "store.i32 [$0 + " + RXE_SWQE_DMA_CUR_SGE + "], 0\n"
            + "store.i32 [$0 + " + RXE_SWQE_DMA_NUM_SGE + "], $9\n"
            + "store.i32 [$0 + " + RXE_SWQE_DMA_SGE_OFFSET + "], 0\n"
            + "store.i64 [$0 + " + RXE_SWQE_SGE_ADDR + "], $10\n"
            + "store.i32 [$0 + " + RXE_SWQE_SGE_LENGTH + "], $8\n"
            + "store.i32 [$0 + " + RXE_SWQE_SGE_LKEY + "], $11\n")
    static void writeSendEntry(long wqe, long wrId, int opcode, int flags, int immediate, long remoteAddress, int rkey,
                               int ssn, int length, int numSge, long address, int lkey) {
        CodeMappings.enterJavaBody("RxeQueueOps.writeSendEntry");
        NativeMemory.putLong(wqe + RXE_SWQE_WR_ID, wrId);
        NativeMemory.putInt(wqe + RXE_SWQE_OPCODE, opcode);
        NativeMemory.putInt(wqe + RXE_SWQE_SEND_FLAGS, flags);
        NativeMemory.putInt(wqe + RXE_SWQE_IMM_DATA, immediate);
        NativeMemory.putLong(wqe + RXE_SWQE_REMOTE_ADDR, remoteAddress);
        NativeMemory.putInt(wqe + RXE_SWQE_RKEY, rkey);
        NativeMemory.putInt(wqe + RXE_SWQE_STATUS, 0);
        NativeMemory.putInt(wqe + RXE_SWQE_STATE, 0);
        NativeMemory.putLong(wqe + RXE_SWQE_IOVA, remoteAddress);
        NativeMemory.putInt(wqe + RXE_SWQE_SSN, ssn);
        NativeMemory.putInt(wqe + RXE_SWQE_DMA_LENGTH, length);
        NativeMemory.putInt(wqe + RXE_SWQE_DMA_RESID, length);
        NativeMemory.putInt(wqe + RXE_SWQE_DMA_CUR_SGE, 0);
        NativeMemory.putInt(wqe + RXE_SWQE_DMA_NUM_SGE, numSge);
        NativeMemory.putInt(wqe + RXE_SWQE_DMA_SGE_OFFSET, 0);
        NativeMemory.putLong(wqe + RXE_SWQE_SGE_ADDR, address);
        NativeMemory.putInt(wqe + RXE_SWQE_SGE_LENGTH, length);
        NativeMemory.putInt(wqe + RXE_SWQE_SGE_LKEY, lkey);
    }

    /** Fills a receive work queue entry with one scatter/gather entry. */
    @CodeMapping("store.i64 [$0 + " + RXE_RWQE_WR_ID + "], $1\n"
            + "store.i32 [$0 + " + RXE_RWQE_DMA_LENGTH + "], $2\n"
            + "store.i32 [$0 + " + RXE_RWQE_DMA_RESID + "], $2\n"
            + "store.i32 [$0 + " + RXE_RWQE_DMA_CUR_SGE + "], 0\n"
            + "store.i32 [$0 + " + RXE_RWQE_DMA_NUM_SGE + "], $3\n"
            + "store.i32 [$0 + " + RXE_RWQE_DMA_SGE_OFFSET + "], 0\n"
            + "store.i64 [$0 + " + RXE_RWQE_SGE_ADDR + "], $4\n"
            + "store.i32 [$0 + " + RXE_RWQE_SGE_LENGTH + "], $2\n"
            + "store.i32 [$0 + " + RXE_RWQE_SGE_LKEY + "], $5\n")
    static void writeReceiveEntry(long wqe, long wrId, int length, int numSge, long address, int lkey) {
        CodeMappings.enterJavaBody("RxeQueueOps.writeReceiveEntry");
        NativeMemory.putLong(wqe + RXE_RWQE_WR_ID, wrId);
        NativeMemory.putInt(wqe + RXE_RWQE_DMA_LENGTH, length);
        NativeMemory.putInt(wqe + RXE_RWQE_DMA_RESID, length);
        NativeMemory.putInt(wqe + RXE_RWQE_DMA_CUR_SGE, 0);
        NativeMemory.putInt(wqe + RXE_RWQE_DMA_NUM_SGE, numSge);
        NativeMemory.putInt(wqe + RXE_RWQE_DMA_SGE_OFFSET, 0);
        NativeMemory.putLong(wqe + RXE_RWQE_SGE_ADDR, address);
        NativeMemory.putInt(wqe + RXE_RWQE_SGE_LENGTH, length);
        NativeMemory.putInt(wqe + RXE_RWQE_SGE_LKEY, lkey);
    }
}
