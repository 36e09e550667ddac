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

/** A 16-byte global identifier of a port (an IPv6 address; RoCE v2 maps IPv4 into it as ::ffff:a.b.c.d). */
public final class Gid {
    private final byte[] bytes;

    public Gid(byte[] bytes) {
        if (bytes.length != 16) {
            throw new IllegalArgumentException("a GID has 16 bytes, not " + bytes.length);
        }
        this.bytes = bytes.clone();
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    /** The IPv4 address of an IPv4-mapped GID, else null. */
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

    public boolean isZero() {
        for (byte b : bytes) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Gid g && Arrays.equals(bytes, g.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

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
