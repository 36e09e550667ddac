/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * A 16-byte global identifier of a port (an IPv6 address; RoCE v2 maps IPv4 into it as
 * ::ffff:a.b.c.d). Immutable: it keeps a copy of its bytes.
 */
public final class Gid {
    private final byte[] bytes;

    /**
     * A GID of these bytes.
     *
     * @param bytes the 16 bytes in network order, as {@code ibv_query_gid} gives them; copied
     * @throws IllegalArgumentException if there are not exactly 16
     * @throws NullPointerException if {@code bytes} is null
     */
    public Gid(byte[] bytes) {
        if (bytes.length != 16) {
            throw new IllegalArgumentException("a GID has 16 bytes, not " + bytes.length);
        }
        this.bytes = bytes.clone();
    }

    /**
     * The GID's bytes.
     *
     * @return a new array of the 16 bytes in network order
     */
    public byte[] bytes() {
        return bytes.clone();
    }

    /**
     * The IPv4 address of an IPv4-mapped GID (RoCE v2 over IPv4).
     *
     * @return the address in the last four bytes if the GID is {@code ::ffff:a.b.c.d}, else null
     */
    public Inet4Address ipv4() {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return null;
            }
        }
        if (bytes[10] != (byte) 0xff || bytes[11] != (byte) 0xff) {
            return null;
        }
        try {
            return (Inet4Address) InetAddress.getByAddress(Arrays.copyOfRange(bytes, 12, 16));
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Whether every byte is 0: an empty GID table entry, or the GID of an InfiniBand peer
     * addressed by LID only.
     *
     * @return true if all 16 bytes are 0
     */
    public boolean isZero() {
        for (byte b : bytes) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Compares by bytes.
     *
     * @param o the object to compare with, may be null
     * @return true if {@code o} is a GID with the same 16 bytes
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Gid g && Arrays.equals(bytes, g.bytes);
    }

    /**
     * A hash of the bytes, consistent with {@link #equals}.
     *
     * @return {@code Arrays.hashCode} of the 16 bytes
     */
    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /**
     * The GID in IPv6 notation.
     *
     * @return {@code ::ffff:a.b.c.d} for an IPv4-mapped GID, else eight groups of four hex digits
     *         separated by colons, uncompressed ({@code fe80:0000:...})
     */
    @Override
    public String toString() {
        Inet4Address v4 = ipv4();
        if (v4 != null) {
            return "::ffff:" + v4.getHostAddress();
        }
        String hex = HexFormat.of().formatHex(bytes);
        StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 32; i += 4) {
            sb.append(i == 0 ? "" : ":").append(hex, i, i + 4);
        }
        return sb.toString();
    }
}
