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

    public ReceiveRequest() {
        memory = Arena.ofAuto().allocate(WR + SGE + ADDRESS.byteSize(), 8);
        wrAddress = memory.address();
        badAddress = wrAddress + WR + SGE;
        memory.set(ADDRESS, VerbsAbi.RWR_SG_LIST, MemorySegment.ofAddress(wrAddress + WR));
    }

    /** Receive into {@code length} bytes at {@code offset} of {@code region} (0 bytes: immediate data only). */
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
