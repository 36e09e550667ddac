/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.nio.ByteBuffer;

/**
 * What a peer needs to connect its queue pair to this one without rdma_cm: queue pair number,
 * first packet sequence number, LID (InfiniBand) and GID (RoCE, or routed InfiniBand). Exchanged
 * out of band, e.g. over a TCP socket ({@link #writeTo}/{@link #readFrom}).
 */
public record QueuePairAddress(int queuePairNumber, int packetSequenceNumber, int lid, Gid gid) {
    /** Bytes of {@link #writeTo}. */
    public static final int BYTES = 4 + 4 + 2 + 16;

    public QueuePairAddress {
        if ((packetSequenceNumber & ~0xffffff) != 0) {
            throw new IllegalArgumentException("a packet sequence number has 24 bits: " + packetSequenceNumber);
        }
    }

    public void writeTo(ByteBuffer out) {
        out.putInt(queuePairNumber).putInt(packetSequenceNumber).putShort((short) lid).put(gid.bytes());
    }

    public static QueuePairAddress readFrom(ByteBuffer in) {
        int qpn = in.getInt();
        int psn = in.getInt();
        int lid = in.getShort() & 0xffff;
        byte[] g = new byte[16];
        in.get(g);
        return new QueuePairAddress(qpn, psn, lid, new Gid(g));
    }
}
