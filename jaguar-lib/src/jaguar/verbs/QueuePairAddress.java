/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.nio.ByteBuffer;

/**
 * What a peer needs to connect its queue pair to this one without rdma_cm: queue pair number,
 * first packet sequence number, LID (InfiniBand) and GID (RoCE, or routed InfiniBand). Exchanged
 * out of band, e.g. over a TCP socket ({@link #writeTo}/{@link #readFrom}). Made by
 * {@link QueuePair#localAddress}, used by {@link QueuePair#connect}.
 *
 * @param queuePairNumber the queue pair's number ({@link QueuePair#number()}), 24 bits
 * @param packetSequenceNumber the first packet sequence number the queue pair sends with (and the
 *                             peer expects), 0 to {@code 0xffffff}; any value, a random one is
 *                             customary
 * @param lid the port's InfiniBand local identifier, 0 to 65535 (0 on RoCE)
 * @param gid the port's GID at the chosen index; not null (all zeros where unused)
 */
public record QueuePairAddress(int queuePairNumber, int packetSequenceNumber, int lid, Gid gid) {
    /** Bytes of {@link #writeTo}: number, sequence number, LID (16 bits) and GID. */
    public static final int BYTES = 4 + 4 + 2 + 16;

    /**
     * Checks the address.
     *
     * @throws IllegalArgumentException if {@code packetSequenceNumber} does not fit in 24 bits
     */
    public QueuePairAddress {
        if ((packetSequenceNumber & ~0xffffff) != 0) {
            throw new IllegalArgumentException("a packet sequence number has 24 bits: " + packetSequenceNumber);
        }
    }

    /**
     * Writes the {@link #BYTES}-byte wire form: queue pair number (4 bytes), packet sequence number
     * (4), LID (2) and GID (16), integers in {@code out}'s byte order (big-endian unless changed).
     *
     * @param out where the bytes go, at its position, which advances by {@link #BYTES}
     * @throws java.nio.BufferOverflowException if {@code out} has fewer than {@link #BYTES} bytes
     *         remaining
     * @throws java.nio.ReadOnlyBufferException if {@code out} is read-only
     */
    public void writeTo(ByteBuffer out) {
        out.putInt(queuePairNumber).putInt(packetSequenceNumber).putShort((short) lid).put(gid.bytes());
    }

    /**
     * Reads the wire form {@link #writeTo} wrote, in {@code in}'s byte order.
     *
     * @param in the bytes, at its position, which advances by {@link #BYTES}
     * @return the address read
     * @throws java.nio.BufferUnderflowException if {@code in} has fewer than {@link #BYTES} bytes
     *         remaining
     * @throws IllegalArgumentException if the packet sequence number read does not fit in 24 bits
     */
    public static QueuePairAddress readFrom(ByteBuffer in) {
        int qpn = in.getInt();
        int psn = in.getInt();
        int lid = in.getShort() & 0xffff;
        byte[] g = new byte[16];
        in.get(g);
        return new QueuePairAddress(qpn, psn, lid, new Gid(g));
    }
}
