/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.nio.ByteBuffer;

/**
 * A peer's registered memory, as that peer published it ({@link MemoryRegion#remote()}): the
 * target of RDMA reads and writes. Requests check their range against {@link #length()} before
 * posting, so a bad offset is an exception here, not a remote access error later.
 *
 * @param address the region's first byte as the peer's device addresses it (the buffer's virtual
 *                address in the peer's process)
 * @param length the region's size in bytes, non-negative
 * @param remoteKey the region's rkey ({@link MemoryRegion#remoteKey()}), which the peer's device
 *                  checks on every access
 */
public record RemoteBuffer(long address, long length, int remoteKey) {
    /** Bytes of {@link #writeTo}: address (8), length (8) and rkey (4). */
    public static final int BYTES = 20;

    /**
     * Checks the description.
     *
     * @throws IllegalArgumentException if {@code length} is negative
     */
    public RemoteBuffer {
        if (length < 0) {
            throw new IllegalArgumentException("negative length " + length);
        }
    }

    long addressOf(long offset, long len) {
        if (offset < 0 || len < 0 || offset > length - len) {
            throw new IndexOutOfBoundsException("remote offset=" + offset + " length=" + len
                    + " out of bounds for remote buffer of " + length + " bytes");
        }
        return address + offset;
    }

    /**
     * Writes the 20-byte wire form (address, length, rkey), for exchanging over a connection, in
     * {@code out}'s byte order (big-endian unless changed).
     *
     * @param out where the bytes go, at its position, which advances by {@link #BYTES}
     * @throws java.nio.BufferOverflowException if {@code out} has fewer than {@link #BYTES} bytes
     *         remaining
     * @throws java.nio.ReadOnlyBufferException if {@code out} is read-only
     */
    public void writeTo(ByteBuffer out) {
        out.putLong(address).putLong(length).putInt(remoteKey);
    }

    /**
     * Reads the wire form {@link #writeTo} wrote, in {@code in}'s byte order.
     *
     * @param in the bytes, at its position, which advances by {@link #BYTES}
     * @return the peer's buffer
     * @throws java.nio.BufferUnderflowException if {@code in} has fewer than {@link #BYTES} bytes
     *         remaining
     * @throws IllegalArgumentException if the length read is negative
     */
    public static RemoteBuffer readFrom(ByteBuffer in) {
        return new RemoteBuffer(in.getLong(), in.getLong(), in.getInt());
    }
}
