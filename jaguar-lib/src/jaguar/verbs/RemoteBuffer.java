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
 */
public record RemoteBuffer(long address, long length, int remoteKey) {
    /** Bytes of {@link #writeTo}. */
    public static final int BYTES = 20;

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

    /** The 20-byte wire form (address, length, rkey; big-endian), for exchanging over a connection. */
    public void writeTo(ByteBuffer out) {
        out.putLong(address).putLong(length).putInt(remoteKey);
    }

    public static RemoteBuffer readFrom(ByteBuffer in) {
        return new RemoteBuffer(in.getLong(), in.getLong(), in.getInt());
    }
}
