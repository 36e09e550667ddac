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
 * A reusable send-queue work request ({@code struct ibv_send_wr} with one scatter/gather entry),
 * kept in native memory: set it up once, change what changes, post it as often as needed; no
 * allocation per post. Local ranges are checked against their {@link MemoryRegion}, remote ones
 * against the {@link RemoteBuffer} the peer published. Signalled by default. Not thread-safe.
 */
public final class SendRequest {
    private static final long WR = VerbsAbi.IBV_SEND_WR.byteSize();
    private static final long SGE = VerbsAbi.IBV_SGE.byteSize();

    private final MemorySegment memory;
    final long wrAddress;
    final long badAddress;
    private MemoryRegion region;
    // The request as Java values too, for direct queue access (RxeSendQueue), which writes them
    // straight into the ring instead of handing the native ibv_send_wr to the provider.
    int flags = VerbsAbi.IBV_SEND_SIGNALED;
    int opcode;
    long workRequestId;
    long localAddress;
    int length;
    int lkey;
    /** The immediate value as stored (big-endian __be32). */
    int immediateData;
    long remoteAddress;
    int remoteKey;

    public SendRequest() {
        memory = Arena.ofAuto().allocate(WR + SGE + ADDRESS.byteSize(), 8);
        wrAddress = memory.address();
        badAddress = wrAddress + WR + SGE;
        memory.set(ADDRESS, VerbsAbi.SWR_SG_LIST, MemorySegment.ofAddress(wrAddress + WR));
        memory.set(JAVA_INT, VerbsAbi.SWR_SEND_FLAGS, flags);
    }

    /** A send of {@code length} bytes at {@code offset} of {@code region}, into the peer's next posted receive. */
    public SendRequest send(MemoryRegion region, long offset, int length) {
        return local(VerbsAbi.IBV_WR_SEND, region, offset, length);
    }

    /** A send that also hands the receiver a 32-bit immediate value in its completion. */
    public SendRequest sendWithImmediate(MemoryRegion region, long offset, int length, int immediate) {
        local(VerbsAbi.IBV_WR_SEND_WITH_IMM, region, offset, length);
        immediate(immediate);
        return this;
    }

    /** An RDMA write of local bytes into the peer's memory; the peer's CPU takes no part. */
    public SendRequest write(MemoryRegion region, long offset, int length, RemoteBuffer remote, long remoteOffset) {
        long raddr = remote.addressOf(remoteOffset, length);
        local(VerbsAbi.IBV_WR_RDMA_WRITE, region, offset, length);
        remote(raddr, remote.remoteKey());
        return this;
    }

    /**
     * An RDMA write that also consumes one of the peer's posted receives, completing it with
     * {@code immediate}: the peer learns that the data has landed.
     */
    public SendRequest writeWithImmediate(MemoryRegion region, long offset, int length, RemoteBuffer remote,
                                          long remoteOffset, int immediate) {
        write(region, offset, length, remote, remoteOffset);
        opcode = VerbsAbi.IBV_WR_RDMA_WRITE_WITH_IMM;
        memory.set(JAVA_INT, VerbsAbi.SWR_OPCODE, opcode);
        immediate(immediate);
        return this;
    }

    /** An RDMA read of the peer's memory into local bytes. */
    public SendRequest read(MemoryRegion region, long offset, int length, RemoteBuffer remote, long remoteOffset) {
        long raddr = remote.addressOf(remoteOffset, length);
        local(VerbsAbi.IBV_WR_RDMA_READ, region, offset, length);
        remote(raddr, remote.remoteKey());
        return this;
    }

    /** The id the completion of this request will carry. */
    public SendRequest id(long workRequestId) {
        this.workRequestId = workRequestId;
        memory.set(JAVA_LONG, VerbsAbi.SWR_WR_ID, workRequestId);
        return this;
    }

    /** Whether this request produces a completion (always, if the queue pair signals all). */
    public SendRequest signaled(boolean signaled) {
        return flag(VerbsAbi.IBV_SEND_SIGNALED, signaled);
    }

    /**
     * Whether the device copies the bytes at post time (small sends, up to the queue pair's
     * inline size): lower latency, and the region may be reused at once.
     */
    public SendRequest inline(boolean inline) {
        return flag(VerbsAbi.IBV_SEND_INLINE, inline);
    }

    /** Whether the request waits for earlier RDMA reads of this queue pair to complete. */
    public SendRequest fence(boolean fence) {
        return flag(VerbsAbi.IBV_SEND_FENCE, fence);
    }

    /** Whether the receiver's completion is solicited (wakes a queue armed for solicited events only). */
    public SendRequest solicited(boolean solicited) {
        return flag(VerbsAbi.IBV_SEND_SOLICITED, solicited);
    }

    private SendRequest flag(int bit, boolean on) {
        flags = on ? flags | bit : flags & ~bit;
        memory.set(JAVA_INT, VerbsAbi.SWR_SEND_FLAGS, flags);
        return this;
    }

    private SendRequest local(int opcode, MemoryRegion region, long offset, int length) {
        long addr = region.addressOf(offset, length);
        this.region = region;
        this.opcode = opcode;
        this.localAddress = addr;
        this.length = length;
        this.lkey = region.lkey;
        memory.set(JAVA_INT, VerbsAbi.SWR_OPCODE, opcode);
        memory.set(JAVA_INT, VerbsAbi.SWR_NUM_SGE, length == 0 ? 0 : 1);
        memory.set(JAVA_LONG, WR + VerbsAbi.SGE_ADDR, addr);
        memory.set(JAVA_INT, WR + VerbsAbi.SGE_LENGTH, length);
        memory.set(JAVA_INT, WR + VerbsAbi.SGE_LKEY, region.lkey);
        return this;
    }

    private void immediate(int immediate) {
        immediateData = Integer.reverseBytes(immediate);   // __be32
        memory.set(JAVA_INT, VerbsAbi.SWR_IMM_DATA, immediateData);
    }

    private void remote(long address, int rkey) {
        remoteAddress = address;
        remoteKey = rkey;
        memory.set(JAVA_LONG, VerbsAbi.SWR_RDMA_REMOTE_ADDR, address);
        memory.set(JAVA_INT, VerbsAbi.SWR_RDMA_RKEY, rkey);
    }

    void checkPostable() {
        MemoryRegion r = region;
        if (r == null) {
            throw new IllegalStateException("send request has no operation yet (send, write or read)");
        }
        r.checkOpen();
    }
}
