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
 * A reusable receive work request ({@code struct ibv_recv_wr} with one scatter/gather entry) in
 * native memory: where the next incoming send lands. No allocation per post; not thread-safe.
 */
public final class ReceiveRequest {
    private static final long WR = VerbsAbi.IBV_RECV_WR.byteSize();
    private static final long SGE = VerbsAbi.IBV_SGE.byteSize();

    private final MemorySegment memory;
    final long wrAddress;
    final long badAddress;
    private MemoryRegion region;
    // As Java values too, for direct queue access (RxeReceiveQueue).
    long workRequestId;
    long localAddress;
    int length;
    int lkey;

    /**
     * An empty request: give it a buffer with {@link #into} before posting. Its native memory is
     * freed when the request is unreachable.
     */
    public ReceiveRequest() {
        memory = Arena.ofAuto().allocate(WR + SGE + ADDRESS.byteSize(), 8);
        wrAddress = memory.address();
        badAddress = wrAddress + WR + SGE;
        memory.set(ADDRESS, VerbsAbi.RWR_SG_LIST, MemorySegment.ofAddress(wrAddress + WR));
    }

    /**
     * Receive into {@code length} bytes at {@code offset} of {@code region} (0 bytes: immediate
     * data only). A send longer than {@code length} completes with an error on both sides.
     *
     * @param region an open region registered with {@link Access#LOCAL_WRITE}, in the protection
     *               domain of the queue pair it will be posted to
     * @param offset byte offset in the region where the message lands, non-negative
     * @param length bytes available for the message, non-negative, within the region
     * @return this request
     * @throws IndexOutOfBoundsException if the range is not inside the region
     * @throws IllegalStateException if the region is closed
     */
    public ReceiveRequest into(MemoryRegion region, long offset, int length) {
        long addr = region.addressOf(offset, length);
        this.region = region;
        this.localAddress = addr;
        this.length = length;
        this.lkey = region.lkey;
        memory.set(JAVA_INT, VerbsAbi.RWR_NUM_SGE, length == 0 ? 0 : 1);
        memory.set(JAVA_LONG, WR + VerbsAbi.SGE_ADDR, addr);
        memory.set(JAVA_INT, WR + VerbsAbi.SGE_LENGTH, length);
        memory.set(JAVA_INT, WR + VerbsAbi.SGE_LKEY, region.lkey);
        return this;
    }

    /**
     * Sets the id the completion of this receive will carry ({@link WorkCompletions#workRequestId}).
     *
     * @param workRequestId any value the caller chooses to match completions with requests; 0
     *                      until set
     * @return this request
     */
    public ReceiveRequest id(long workRequestId) {
        this.workRequestId = workRequestId;
        memory.set(JAVA_LONG, VerbsAbi.RWR_WR_ID, workRequestId);
        return this;
    }

    void checkPostable() {
        MemoryRegion r = region;
        if (r == null) {
            throw new IllegalStateException("receive request has no buffer yet (into)");
        }
        r.checkOpen();
    }
}
