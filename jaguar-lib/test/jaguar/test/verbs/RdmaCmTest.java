/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import jaguar.ext.OffHeapBuffer;
import jaguar.verbs.Access;
import jaguar.verbs.ConnectionOptions;
import jaguar.verbs.MemoryRegion;
import jaguar.verbs.QueuePair;
import jaguar.verbs.RdmaConnection;
import jaguar.verbs.RdmaListener;
import jaguar.verbs.ReceiveRequest;
import jaguar.verbs.SendRequest;
import jaguar.verbs.VerbsException;
import jaguar.verbs.WorkCompletions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connections through rdma_cm on the test device: in one process, across two processes, and the
 * failures (nobody listening, no device for the address, port taken, accept timeout, peer gone).
 */
@Tag("rdma-device")
class RdmaCmTest {
    static final String HOST = System.getProperty("jaguar.verbs.address", "10.50.0.1");
    static final Duration T = Duration.ofSeconds(30);
    /** Where the test classes are, for the server process (the JUnit launcher's class path is its own jar). */
    static final String TEST_CLASSES = System.getProperty("jaguar.test.classes", System.getProperty("java.class.path"));

    static InetSocketAddress at(int port) throws Exception {
        return new InetSocketAddress(InetAddress.getByName(HOST), port);
    }

    @Test
    void connectExchangeAndDisconnectInOneProcess() throws Exception {
        try (RdmaListener l = RdmaListener.bind(at(0), 4)) {
            assertTrue(l.address().getPort() > 0);
            CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> {
                try (RdmaConnection c = l.accept(ConnectionOptions.defaults(), T)) {
                    return Echo.serve(c);
                }
            });
            try (RdmaConnection c = RdmaConnection.connect(l.address(), ConnectionOptions.defaults(), T)) {
                assertEquals(HOST, c.peer().getAddress().getHostAddress());
                assertEquals(10, exchange(c, 10));
            }
            assertEquals(10, server.get(60, TimeUnit.SECONDS));
        }
    }

    /** Sends {@code n} messages of growing size, checks each echo, then the goodbye; returns echoes checked. */
    static int exchange(RdmaConnection c, int n) {
        try (OffHeapBuffer buf = OffHeapBuffer.allocateShared(2 * Echo.SLOT)) {
            MemoryRegion mr = c.protectionDomain().register(buf, Access.LOCAL_WRITE);
            try {
                SendRequest sr = new SendRequest();
                ReceiveRequest rr = new ReceiveRequest().into(mr, Echo.SLOT, Echo.SLOT);
                WorkCompletions wc = new WorkCompletions(1);
                int ok = 0;
                for (int m = 0; m < n; m++) {
                    int len = 1 + m * 397 % Echo.SLOT;
                    for (int k = 0; k < len; k++) {
                        buf.putByte(k, (byte) (k ^ m));
                    }
                    c.queuePair().postReceive(rr.id(m));
                    c.queuePair().postSend(sr.send(mr, 0, len).id(m));
                    boolean sent = false, got = false;
                    while (!sent || !got) {
                        c.completionQueue().pollBlocking(wc);
                        wc.checkSuccess(0);
                        if (wc.opcode(0) == WorkCompletions.Opcode.SEND) {
                            sent = true;
                        } else {
                            assertEquals(len, wc.byteLength(0));
                            got = true;
                        }
                    }
                    for (int k = 0; k < len; k++) {
                        assertEquals((byte) ((k ^ m) + 1), buf.getByte(Echo.SLOT + k), "message " + m + " byte " + k);
                    }
                    ok++;
                }
                c.queuePair().postSend(sr.send(mr, 0, 0).id(-2));   // goodbye
                c.completionQueue().pollBlocking(wc);
                wc.checkSuccess(0);
                return ok;
            } finally {
                mr.close();
            }
        }
    }

    @Test
    void connectAcrossTwoProcesses() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process server = new ProcessBuilder(List.of(java.toString(), "-cp", TEST_CLASSES,
                EchoServerMain.class.getName(), HOST)).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream()))) {
            String first = out.readLine();
            assertTrue(first != null && first.startsWith("PORT "), "server said: " + first);
            int port = Integer.parseInt(first.substring(5));
            try (RdmaConnection c = RdmaConnection.connect(at(port), ConnectionOptions.defaults(), T)) {
                assertEquals(25, exchange(c, 25));
            }
            assertEquals("ECHOED 25", out.readLine());
            assertTrue(server.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, server.exitValue());
        } finally {
            server.destroyForcibly();
        }
    }

    @Test
    void nobodyListeningIsRejected() throws Exception {
        int port;
        try (RdmaListener l = RdmaListener.bind(at(0), 1)) {
            port = l.address().getPort();
        }
        // Again and again, as a client retrying a peer that is still starting: each failed attempt
        // releases its cm id once (a double rdma_destroy_id on this path crashed VerbsPerf's client).
        for (int attempt = 0; attempt < 30; attempt++) {
            VerbsException e = assertThrows(VerbsException.class,
                    () -> RdmaConnection.connect(at(port), ConnectionOptions.defaults(), T));
            assertTrue(e.getMessage().contains("rejected") || e.getMessage().contains("unreachable"), e.getMessage());
        }
    }

    @Test
    void addressWithoutAnRdmaDeviceIsNamed() {
        VerbsException e = assertThrows(VerbsException.class, () -> RdmaConnection.connect(
                new InetSocketAddress(InetAddress.getByName("10.99.0.1"), 7471), ConnectionOptions.defaults(), Duration.ofSeconds(5)));
        assertTrue(e.getMessage().contains("10.99.0.1"), e.getMessage());
    }

    @Test
    void portInUseAndAcceptTimeout() throws Exception {
        try (RdmaListener l = RdmaListener.bind(at(0), 1)) {
            VerbsException inUse = assertThrows(VerbsException.class, () -> RdmaListener.bind(l.address(), 1));
            assertTrue(inUse.getMessage().contains("EADDRINUSE"), inUse.getMessage());
            VerbsException timeout = assertThrows(VerbsException.class,
                    () -> l.accept(ConnectionOptions.defaults(), Duration.ofMillis(300)));
            assertTrue(timeout.getMessage().contains("ETIMEDOUT"), timeout.getMessage());
        }
    }

    @Test
    void peerCloseIsSeenAsDisconnected() throws Exception {
        try (RdmaListener l = RdmaListener.bind(at(0), 1)) {
            CompletableFuture<RdmaConnection> server = CompletableFuture.supplyAsync(() -> l.accept(ConnectionOptions.defaults(), T));
            RdmaConnection client = RdmaConnection.connect(l.address(), ConnectionOptions.defaults(), T);
            try (RdmaConnection s = server.get(60, TimeUnit.SECONDS)) {
                assertTrue(s.isConnected());
                client.close();
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (s.isConnected() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertFalse(s.isConnected(), "DISCONNECTED event within 10 s: " + s);
            }
        }
    }

    /**
     * rdma_cm leaves a connected queue pair's receiver-not-ready timer at 0, the IB code for 655 ms:
     * a receiver a moment behind would stall its sender for two thirds of a second per NAK. Both
     * ends of a connection ask for 0.64 ms instead, as hand-connected queue pairs do, and a send
     * that finds no receive posted is retried until one is, then arrives whole.
     */
    @Test
    void connectionsRetryReceiverNotReadyQuickly() throws Exception {
        try (RdmaListener l = RdmaListener.bind(at(0), 1)) {
            CompletableFuture<RdmaConnection> accepted = CompletableFuture.supplyAsync(() -> l.accept(ConnectionOptions.defaults(), T));
            try (RdmaConnection client = RdmaConnection.connect(l.address(), ConnectionOptions.defaults(), T);
                 RdmaConnection server = accepted.get(60, TimeUnit.SECONDS);
                 OffHeapBuffer out = OffHeapBuffer.allocateShared(4096);
                 OffHeapBuffer in = OffHeapBuffer.allocateShared(4096)) {
                assertEquals(QueuePair.MIN_RNR_TIMER, client.queuePair().minRnrTimer(), "client");
                assertEquals(QueuePair.MIN_RNR_TIMER, server.queuePair().minRnrTimer(), "server");
                MemoryRegion send = client.protectionDomain().register(out, Access.LOCAL_WRITE);
                MemoryRegion receive = server.protectionDomain().register(in, Access.LOCAL_WRITE);
                for (int i = 0; i < 64; i++) {
                    out.putByte(i, (byte) (3 * i + 1));
                }
                // No receive posted yet: the server's side answers receiver-not-ready until it posts one.
                client.queuePair().postSend(new SendRequest().send(send, 0, 64).id(7));
                Thread.sleep(200);
                server.queuePair().postReceive(new ReceiveRequest().into(receive, 0, 4096).id(8));
                WorkCompletions wc = new WorkCompletions(1);
                server.completionQueue().pollBlocking(wc);
                wc.checkSuccess(0);
                assertEquals(64, wc.byteLength(0));
                client.completionQueue().pollBlocking(wc);
                wc.checkSuccess(0);
                assertEquals(7, wc.workRequestId(0));
                for (int i = 0; i < 64; i++) {
                    assertEquals((byte) (3 * i + 1), in.getByte(i), "byte " + i);
                }
                send.close();
                receive.close();
            }
        }
    }
}
