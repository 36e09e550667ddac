/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A linked list of PSOs built in one JVM crosses a real TCP socket as its container's
 *          bytes; the receiving JVM maps the received bytes and walks the list, reading fields
 *          and arrays, with nothing deserialized.
 * @library /lib
 * @build jaguar.test.ChildJvm Packet PSOSender
 * @run main/othervm/timeout=300 PSOSocketTest
 */

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;
import jaguar.test.ChildJvm;

public class PSOSocketTest {
    static final int COUNT = 1000;

    public static void main(String[] args) throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
                        OffHeapBuffer received = OffHeapBuffer.allocate(1 << 20)) {
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            var sender = CompletableFuture.supplyAsync(() -> {
                try {
                    return ChildJvm.run(List.of(), "PSOSender", List.of(Integer.toString(port), Integer.toString(COUNT)), 120);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            long n = 0;
            try (SocketChannel ch = server.accept()) {
                ByteBuffer into = received.asSegment().asByteBuffer();
                int r;
                while ((r = ch.read(into)) >= 0) {
                    n += r;
                }
            }
            sender.join().shouldSucceed("sender");
            PSOContainer c = PSOContainer.open(received, 0, n);
            int k = 0;
            for (Packet p = c.root(Packet.class); p != null; p = p.next, k++) {
                check(p.b0 == (byte) k && p.b3 == (byte) -k && p.i0 == k && p.i3 == k * k && p.b1 == 0, "fields of packet " + k + ": " + p);
                check(p.payload.length() == k % 5, "payload length of packet " + k);
                for (int j = 0; j < p.payload.length(); j++) {
                    check(p.payload.get(j) == k + j, "payload[" + j + "] of packet " + k);
                }
            }
            check(k == COUNT, "walked " + k + " packets, sent " + COUNT);
            System.out.println("PASSED: received " + n + " bytes, walked " + k + " packets");
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
