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

    /**
     * An empty, signalled request: give it an operation ({@link #send}, {@link #write},
     * {@link #read} or their variants) before posting. Its native memory is freed when the
     * request is unreachable.
     */
    public SendRequest() {
        memory = Arena.ofAuto().allocate(WR + SGE + ADDRESS.byteSize(), 8);
        wrAddress = memory.address();
        badAddress = wrAddress + WR + SGE;
        memory.set(ADDRESS, VerbsAbi.SWR_SG_LIST, MemorySegment.ofAddress(wrAddress + WR));
        memory.set(JAVA_INT, VerbsAbi.SWR_SEND_FLAGS, flags);
    }

    /**
     * A send of {@code length} bytes at {@code offset} of {@code region}, into the peer's next
     * posted receive.
     *
     * @param region an open region in the protection domain of the queue pair it will be posted
     *               to
     * @param offset byte offset in the region of the first byte sent
     * @param length bytes to send, non-negative, within the region; 0 sends an empty message
     * @return this request
     * @throws IndexOutOfBoundsException if the range is not inside the region
     * @throws IllegalStateException if the region is closed
     */
    public SendRequest send(MemoryRegion region, long offset, int length) {
        return local(VerbsAbi.IBV_WR_SEND, region, offset, length);
    }

    /**
     * A send that also hands the receiver a 32-bit immediate value in its completion.
     *
     * @param region an open region in the protection domain of the queue pair it will be posted
     *               to
     * @param offset byte offset in the region of the first byte sent
     * @param length bytes to send, non-negative, within the region; 0 sends the immediate value alone
     * @param immediate a 32-bit value the receiver's completion carries
     *                  ({@link WorkCompletions#immediate}), as given here
     * @return this request
     * @throws IndexOutOfBoundsException if the range is not inside the region
     * @throws IllegalStateException if the region is closed
     */
    public SendRequest sendWithImmediate(MemoryRegion region, long offset, int length, int immediate) {
        local(VerbsAbi.IBV_WR_SEND_WITH_IMM, region, offset, length);
        immediate(immediate);
        return this;
    }

    /**
     * An RDMA write of local bytes into the peer's memory; the peer's CPU takes no part and gets
     * no completion.
     *
     * @param region an open region in the protection domain of the queue pair it will be posted
     *               to
     * @param offset byte offset in the region of the first byte written
     * @param length bytes to write, non-negative, within the region
     * @param remote the peer's buffer, as it published it ({@link MemoryRegion#remote()}),
     *               registered there with {@link Access#REMOTE_WRITE}
     * @param remoteOffset byte offset in the peer's buffer of the first byte written
     * @return this request
     * @throws IndexOutOfBoundsException if the local range is not inside the region, or the remote
     *         one not inside {@code remote}
     * @throws IllegalStateException if the region is closed
     */
    public SendRequest write(MemoryRegion region, long offset, int length, RemoteBuffer remote, long remoteOffset) {
        long raddr = remote.addressOf(remoteOffset, length);
        local(VerbsAbi.IBV_WR_RDMA_WRITE, region, offset, length);
        remote(raddr, remote.remoteKey());
        return this;
    }

    /**
     * An RDMA write that also consumes one of the peer's posted receives, completing it with
     * {@code immediate}: the peer learns that the data has landed.
     *
     * @param region an open region in the protection domain of the queue pair it will be posted
     *               to
     * @param offset byte offset in the region of the first byte written
     * @param length bytes to write, non-negative, within the region
     * @param remote the peer's buffer, as it published it ({@link MemoryRegion#remote()}),
     *               registered there with {@link Access#REMOTE_WRITE}
     * @param remoteOffset byte offset in the peer's buffer of the first byte written
     * @param immediate a 32-bit value the receiver's completion carries
     *                  ({@link WorkCompletions#immediate}), as given here
     * @return this request
     * @throws IndexOutOfBoundsException if the local range is not inside the region, or the remote
     *         one not inside {@code remote}
     * @throws IllegalStateException if the region is closed
     */
    public SendRequest writeWithImmediate(MemoryRegion region, long offset, int length, RemoteBuffer remote,
                                          long remoteOffset, int immediate) {
        write(region, offset, length, remote, remoteOffset);
        opcode = VerbsAbi.IBV_WR_RDMA_WRITE_WITH_IMM;
        memory.set(JAVA_INT, VerbsAbi.SWR_OPCODE, opcode);
        immediate(immediate);
        return this;
    }

    /**
     * An RDMA read of the peer's memory into local bytes; the peer's CPU takes no part. At most
     * {@link QueuePairConfig#readsInFlight()} reads are outstanding at once; the device queues
     * the rest.
     *
     * @param region an open region in the protection domain of the queue pair it will be posted
     *               to, registered with {@link Access#LOCAL_WRITE}
     * @param offset byte offset in the region where the first byte read lands
     * @param length bytes to read, non-negative, within the region and within {@code remote}
     * @param remote the peer's buffer, as it published it ({@link MemoryRegion#remote()}),
     *               registered there with {@link Access#REMOTE_READ}
     * @param remoteOffset byte offset in the peer's buffer of the first byte read
     * @return this request
     * @throws IndexOutOfBoundsException if the local range is not inside the region, or the remote
     *         one not inside {@code remote}
     * @throws IllegalStateException if the region is closed
     */
    public SendRequest read(MemoryRegion region, long offset, int length, RemoteBuffer remote, long remoteOffset) {
        long raddr = remote.addressOf(remoteOffset, length);
        local(VerbsAbi.IBV_WR_RDMA_READ, region, offset, length);
        remote(raddr, remote.remoteKey());
        return this;
    }

    /**
     * Sets the id the completion of this request will carry ({@link WorkCompletions#workRequestId}).
     *
     * @param workRequestId any value the caller chooses to match completions with requests; 0
     *                      until set
     * @return this request
     */
    public SendRequest id(long workRequestId) {
        this.workRequestId = workRequestId;
        memory.set(JAVA_LONG, VerbsAbi.SWR_WR_ID, workRequestId);
        return this;
    }

    /**
     * Whether this request produces a completion (always, if the queue pair signals all). An
     * unsignalled request's slot in the send queue is freed by the next signalled completion, so
     * signal at least one request in every send-queue depth.
     *
     * @param signaled true (the default) for a completion, false for none on success (errors
     *                 always complete)
     * @return this request
     */
    public SendRequest signaled(boolean signaled) {
        return flag(VerbsAbi.IBV_SEND_SIGNALED, signaled);
    }

    /**
     * Whether the device copies the bytes at post time (small sends, up to the queue pair's
     * inline size): lower latency, and the region may be reused at once.
     *
     * @param inline true to send inline (the bytes must fit in
     *               {@link QueuePairConfig#maxInlineData()}, or the post fails with EINVAL); false
     *               (the default) for the device to read the region
     * @return this request
     */
    public SendRequest inline(boolean inline) {
        return flag(VerbsAbi.IBV_SEND_INLINE, inline);
    }

    /**
     * Whether the request waits for earlier RDMA reads of this queue pair to complete.
     *
     * @param fence true to wait (a read-then-write in order), false (the default) not to
     * @return this request
     */
    public SendRequest fence(boolean fence) {
        return flag(VerbsAbi.IBV_SEND_FENCE, fence);
    }

    /**
     * Whether the receiver's completion is solicited (wakes a queue armed for solicited events
     * only). Meaningful for sends and writes with immediate.
     *
     * @param solicited true to set the solicited-event bit, false (the default) not to
     * @return this request
     */
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
