/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOIntArray;

/** Builds a linked list of Packets in a container and writes the container's bytes to a socket. */
public class PSOSender {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int count = Integer.parseInt(args[1]);
        try (OffHeapBuffer buffer = OffHeapBuffer.allocate(1 << 20); SocketChannel ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
            PSOContainer c = PSOContainer.format(buffer);
            Packet prev = null;
            for (int k = 0; k < count; k++) {
                Packet p = c.allocate(Packet.class);
                p.b0 = (byte) k;
                p.b3 = (byte) -k;
                p.i0 = k;
                p.i3 = k * k;
                p.payload = PSOIntArray.allocate(c, k % 5);
                for (int j = 0; j < p.payload.length(); j++) {
                    p.payload.set(j, k + j);
                }
                if (prev == null) {
                    c.setRoot(p);
                } else {
                    prev.next = p;
                }
                prev = p;
            }
            // Sending a PSO is sending its container's used bytes: no serialization step.
            var bytes = c.bytes().asSegment().asByteBuffer();
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            System.out.println("sent " + c.used() + " bytes");
        }
    }
}
