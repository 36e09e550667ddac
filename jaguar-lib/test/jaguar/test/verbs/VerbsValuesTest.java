/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import java.nio.ByteBuffer;

import jaguar.verbs.ConnectionOptions;
import jaguar.verbs.Gid;
import jaguar.verbs.QueuePairAddress;
import jaguar.verbs.QueuePairConfig;
import jaguar.verbs.RemoteBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The binding's plain values, which need no device: what peers exchange, and what is refused up front. */
class VerbsValuesTest {
    private static Gid gid(int... tail) {
        byte[] b = new byte[16];
        for (int i = 0; i < tail.length; i++) {
            b[16 - tail.length + i] = (byte) tail[i];
        }
        return new Gid(b);
    }

    @Test
    void ipv4MappedGidsReadAsTheirAddress() {
        Gid v4 = gid(0xff, 0xff, 10, 50, 0, 1);
        assertEquals("10.50.0.1", v4.ipv4().getHostAddress());
        assertEquals("::ffff:10.50.0.1", v4.toString());
        Gid linkLocal = new Gid(new byte[] {(byte) 0xfe, (byte) 0x80, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1});
        assertNull(linkLocal.ipv4());
        assertEquals("fe80:0000:0000:0000:0200:0000:0000:0001", linkLocal.toString());
        assertTrue(new Gid(new byte[16]).isZero());
        assertThrows(IllegalArgumentException.class, () -> new Gid(new byte[15]));
    }

    @Test
    void addressesAndRemoteBuffersCrossTheWireIntact() {
        QueuePairAddress a = new QueuePairAddress(0x1234, 0xabcdef, 7, gid(0xff, 0xff, 10, 0, 0, 2));
        ByteBuffer wire = ByteBuffer.allocate(QueuePairAddress.BYTES);
        a.writeTo(wire);
        assertEquals(QueuePairAddress.BYTES, wire.position());
        assertEquals(a, QueuePairAddress.readFrom(wire.flip()));
        assertThrows(IllegalArgumentException.class, () -> new QueuePairAddress(1, 1 << 24, 0, gid()), "PSNs have 24 bits");

        RemoteBuffer r = new RemoteBuffer(0x7f00_0000_1000L, 1 << 20, 0xbeef);
        ByteBuffer rb = ByteBuffer.allocate(RemoteBuffer.BYTES);
        r.writeTo(rb);
        assertEquals(r, RemoteBuffer.readFrom(rb.flip()));
        assertThrows(IllegalArgumentException.class, () -> new RemoteBuffer(0, -1, 0));
    }

    @Test
    void impossibleQueueShapesAreRefusedBeforeAnyDeviceSeesThem() {
        assertThrows(IllegalArgumentException.class, () -> new QueuePairConfig(0, 1, 1, 1, 0, 1, false));
        assertThrows(IllegalArgumentException.class, () -> new QueuePairConfig(1, 1, 1, 1, -1, 1, false));
        assertThrows(IllegalArgumentException.class, () -> new QueuePairConfig(1, 1, 1, 1, 0, 256, false), "reads in flight fit a byte");
        QueuePairConfig qp = QueuePairConfig.defaults().withDepth(64, 32);
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> new ConnectionOptions(qp, 95, false));
        assertTrue(small.getMessage().contains("can overflow"), small.getMessage());
        assertEquals(96, ConnectionOptions.of(qp).completionQueueEntries());
    }
}
