/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.MemorySegment;

import jaguar.ext.BufferPin;
import jaguar.ext.ExternalBuffer;

/**
 * An External Object registered with an RDMA device ({@code struct ibv_mr}): the device reads
 * and writes the buffer's memory directly. Work requests name a range of a region by offset and
 * length, checked against the region here; peers name it by {@link #remote()}.
 */
public final class MemoryRegion implements AutoCloseable {
    final ProtectionDomain pd;
    private final MemorySegment mr;
    private final ExternalBuffer buffer;
    private final BufferPin pin;
    final long address;
    final long length;
    final int lkey;
    private final int rkey;
    private final int access;
    /** Plain on purpose, like BufferScope.access: read on every post, written once. */
    boolean closed;

    MemoryRegion(ProtectionDomain pd, MemorySegment mr, ExternalBuffer buffer, BufferPin pin, long address, long length,
                 int lkey, int rkey, int access) {
        this.pd = pd;
        this.mr = mr;
        this.buffer = buffer;
        this.pin = pin;
        this.address = address;
        this.length = length;
        this.lkey = lkey;
        this.rkey = rkey;
        this.access = access;
    }

    /**
     * The registered buffer, pinned while the region is open.
     *
     * @return the buffer given to {@link ProtectionDomain#register}; offsets in work requests are
     *         offsets in it
     */
    public ExternalBuffer buffer() {
        return buffer;
    }

    /**
     * The region's size, which work requests' ranges must lie within.
     *
     * @return the registered bytes: the buffer's whole size
     */
    public long length() {
        return length;
    }

    /**
     * The region's local key ({@code ibv_mr.lkey}), which this side's work requests carry.
     *
     * @return the lkey the device assigned
     */
    public int localKey() {
        return lkey;
    }

    /**
     * The region's remote key ({@code ibv_mr.rkey}), with which peers address it; meaningful only
     * when the region was registered with remote access. {@link #remote()} packs it with the
     * address and length.
     *
     * @return the rkey the device assigned
     */
    public int remoteKey() {
        return rkey;
    }

    /**
     * What a peer needs to RDMA-read or -write this region: send it over the connection
     * ({@link RemoteBuffer#writeTo}).
     *
     * @return the region's address, length and rkey
     * @throws IllegalStateException if the region is closed, or was registered without
     *         {@link Access#REMOTE_READ} or {@link Access#REMOTE_WRITE}
     */
    public RemoteBuffer remote() {
        checkOpen();
        if ((access & (VerbsAbi.IBV_ACCESS_REMOTE_READ | VerbsAbi.IBV_ACCESS_REMOTE_WRITE)) == 0) {
            throw new IllegalStateException("memory region was registered without remote access: " + this);
        }
        return new RemoteBuffer(address, length, rkey);
    }

    /** The device address of {@code length} bytes at {@code offset}, checked against the region. */
    long addressOf(long offset, long length) {
        if (closed) {
            throw new IllegalStateException("memory region is closed (deregistered): " + this);
        }
        if (offset < 0 || length < 0 || offset > this.length - length) {
            throw new IndexOutOfBoundsException("offset=" + offset + " length=" + length
                    + " out of bounds for memory region of " + this.length + " bytes");
        }
        return address + offset;
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("memory region is closed (deregistered): " + this);
        }
    }

    /**
     * Deregisters the region and unpins the buffer. Pending work requests on it must have
     * completed. Closing twice does nothing; closing the protection domain closes it too.
     *
     * @throws VerbsException if {@code ibv_dereg_mr} fails (the region stays open and pinned)
     */
    @Override
    public synchronized void close() {
        if (!closed) {
            LibVerbs.Ibv.DEREG_MR.status(toString(), mr);
            closed = true;
            pin.close();
            pd.closed(this);
        }
    }

    /**
     * The region for messages.
     *
     * @return its length, address, keys, device and whether closed
     */
    @Override
    public String toString() {
        return "MemoryRegion[" + length + " bytes at 0x" + Long.toHexString(address) + " lkey=0x" + Integer.toHexString(lkey)
                + " rkey=0x" + Integer.toHexString(rkey) + " on " + pd.context.deviceName() + (closed ? " closed" : "") + "]";
    }
}
