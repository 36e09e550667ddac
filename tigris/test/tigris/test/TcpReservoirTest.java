/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tigris.AttemptKey;
import tigris.ModuleConfig;
import tigris.ModuleThread;
import tigris.ReservoirFailedException;
import tigris.RiverAttempt;
import tigris.Water;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.TcpDataPlane;
import tigris.reservoir.TcpReceiver;
import tigris.reservoir.TcpSender;
import tigris.reservoir.TcpWireDescriptor;

/**
 * TCP reservoirs as channels on one connection per pair of nodes, between two data planes in this
 * JVM over loopback, and peers that die, go silent, break the protocol or are not Tigris at all.
 */
class TcpReservoirTest {
    private static final Duration DEAD_PEER = Duration.ofSeconds(10);
    private TcpDataPlane consumers;
    private TcpDataPlane producers;

    @BeforeEach
    void start() throws IOException {
        consumers = DataPlanes.start("in", TcpDataPlane.Settings.defaults().withDeadPeer(DEAD_PEER));
        producers = DataPlanes.start("out", TcpDataPlane.Settings.defaults().withDeadPeer(DEAD_PEER));
    }

    @AfterEach
    void stop() {
        producers.close();
        consumers.close();
    }

    /** The key of every river attempt in these tests but the forgers'. */
    private static final AttemptKey KEY = AttemptKey.random();

    private TcpSender open(String name, RiverAttempt attempt, int window, int waterSize) throws Exception {
        return producers.open(consumers.node(), consumers.address(), name, attempt, attempt == null ? null : KEY, window, waterSize);
    }

    private TcpDataPlane.Expected expect(String name, RiverAttempt attempt, int window, int waterSize) throws IOException {
        return consumers.expect(name, attempt, attempt == null ? null : KEY, window, waterSize);
    }

    private static TcpReceiver joined(TcpDataPlane.Expected e) throws Exception {
        return e.joined().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aRiverCrossesATcpConnectionWithCreditFlowControl() throws Exception {
        var expected = expect("link", null, 4, 4096);
        var source = new TestModules.Source(500, 20);
        var sink = new TestModules.Sink();
        try (TcpSender out = open("link", null, 4, 4096); TcpReceiver in = joined(expected)) {
            assertEquals("link", in.name());
            TestModules.riverAcross(source, out, in, sink, 500, 20);
            assertEquals(500, out.sent());
            assertEquals(500, in.received());
        }
    }

    /**
     * Twenty reservoirs each way between two nodes: one connection carries them all (the second
     * node reuses the one the first dialed), and every stream arrives whole and in order.
     */
    @Test
    void everyReservoirBetweenTwoNodesSharesOneConnection() throws Exception {
        List<TcpSender> outs = new ArrayList<>();
        List<TcpReceiver> ins = new ArrayList<>();
        RiverAttempt pairs = RiverAttempt.first("pairs");
        for (int i = 0; i < 20; i++) {
            var there = expect("east-" + i, pairs, 4, 512);
            outs.add(open("east-" + i, pairs, 4, 512));
            ins.add(joined(there));
            // The way back finds the connection the producers' node dialed: that node proved the attempt's key on it.
            var back = producers.expect("west-" + i, pairs, KEY, 4, 512);
            outs.add(consumers.open(producers.node(), producers.address(), "west-" + i, pairs, KEY, 4, 512));
            ins.add(joined(back));
        }
        assertEquals(1, consumers.connections(), "one connection on the consumers' node");
        assertEquals(1, producers.connections(), "one connection on the producers' node");
        List<Thread> senders = new ArrayList<>();
        for (TcpSender out : outs) {
            senders.add(Thread.ofPlatform().start(() -> {
                try {
                    for (long i = 0; i < 300; i++) {
                        Water w = out.spring().createWater(8);
                        w.buffer().putLong(0, i);
                        w.setLength(8);
                        out.put(w);
                    }
                    out.endOfRiver();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (TcpReceiver in : ins) {
            long next = 0;
            for (Water w; (w = in.get()) != null;) {
                assertEquals(next++, w.buffer().getLong(0), in.name() + ": Waters in order");
                w.release();
            }
            assertEquals(300, next, in.name());
        }
        for (Thread t : senders) {
            t.join(30_000);
        }
        outs.forEach(TcpSender::close);
        ins.forEach(TcpReceiver::close);
    }

    /**
     * Credits are per channel: a consumer that takes nothing holds only its own reservoir's
     * producer; another reservoir on the same connection goes on at full speed.
     */
    @Test
    void aStalledConsumerHoldsUpOnlyItsOwnReservoir() throws Exception {
        var stalled = expect("stalled", null, 4, 256);
        var flowing = expect("flowing", null, 4, 256);
        try (TcpSender blocked = open("stalled", null, 4, 256); TcpSender free = open("flowing", null, 4, 256);
                        TcpReceiver never = joined(stalled); TcpReceiver taken = joined(flowing)) {
            Thread stuck = Thread.ofPlatform().daemon().start(() -> {
                try {
                    TestModules.putRecords(blocked, 1000, 256);
                } catch (InterruptedException | ReservoirFailedException e) {
                    // stopped at the end of the test
                }
            });
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    TestModules.putRecords(free, 2000, 256);
                    free.endOfRiver();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            int n = 0;
            for (Water w; (w = taken.get()) != null; n++) {
                w.release();
            }
            assertEquals(2000, n, "the other reservoir flowed to its end");
            assertTrue(stuck.isAlive(), "the stalled reservoir's producer waits for credits");
            assertEquals(0, blocked.credits());
            assertEquals(4, blocked.sent(), "its window of Waters went, no more");
        }
    }

    @Test
    void stoppingAProducerSendsEndOfRiverOverTheConnection() throws Exception {
        var expected = expect("stopped", null, 4, 4096);
        var endless = new TestModules.Source(Integer.MAX_VALUE, 1);
        var sink = new TestModules.Sink();
        try (TcpSender out = open("stopped", null, 4, 4096); TcpReceiver in = joined(expected)) {
            ModuleThread a = new RoundRobinModuleThread(endless, ModuleConfig.of("endless", Map.of())).addDownstream(out);
            ModuleThread b = new RoundRobinModuleThread(sink, ModuleConfig.of("sink", Map.of())).addUpstream(in);
            a.start();
            b.start();
            while (sink.waters.get() < 200) {
                Thread.sleep(1);
            }
            // The producer is mostly waiting for credit or writing: a stop must not break the
            // connection under it (an interrupt would), or the consumer would see it lost.
            a.stop();
            for (ModuleThread t : List.of(a, b)) {
                assertTrue(t.await(60, TimeUnit.SECONDS), t + " did not end");
            }
            assertEquals(ModuleThread.State.STOPPED, a.state(), String.valueOf(a.failure()));
            assertEquals(ModuleThread.State.ENDED, b.state(), String.valueOf(b.failure()));
            assertTrue(sink.sawEnd);
        }
    }

    @Test
    void aNodeRefusesAReservoirItDoesNotExpect() throws Exception {
        var expected = expect("wanted", null, 4, 256);
        IOException e = assertThrows(IOException.class, () -> open("other", null, 4, 256));
        assertTrue(e.getMessage().contains("refused it: node in expects no reservoir other"), e.getMessage());
        IOException size = assertThrows(IOException.class, () -> open("wanted", null, 8, 256));
        assertTrue(size.getMessage().contains("this end expects window 4 and Waters of 256 bytes, not 8 and 256"), size.getMessage());
        try (TcpSender out = open("wanted", null, 4, 256); TcpReceiver in = joined(expected)) {
            assertEquals(2, out.credits(), "refusals cost the expected end nothing: its two exclusive buffers are its first credits");
            IOException twice = assertThrows(IOException.class, () -> open("wanted", null, 4, 256));
            assertTrue(twice.getMessage().contains("node in expects no reservoir wanted"), twice.getMessage());
            assertEquals("wanted", in.name());
        }
    }

    /**
     * The OPEN carries the river attempt: an end of attempt 2 refuses a producer of attempt 1 (a
     * node that was given up, paused or cut off, and came back), one of another river and one of
     * none, telling each why, and takes its own.
     */
    @Test
    void aNodeRefusesAProducerOfAStaleAttemptOrAnotherRiver() throws Exception {
        RiverAttempt second = new RiverAttempt("job", 2);
        var expected = expect("r", second, 4, 256);
        IOException stale = assertThrows(IOException.class, () -> open("r", RiverAttempt.first("job"), 4, 256));
        assertTrue(stale.getMessage().contains("refused it: attempt 1 of river job is stale: this end belongs to attempt 2"), stale.getMessage());
        IOException other = assertThrows(IOException.class, () -> open("r", new RiverAttempt("other", 2), 4, 256));
        assertTrue(other.getMessage().contains("refused it: this end belongs to river job (attempt 2), not other (attempt 2)"), other.getMessage());
        IOException none = assertThrows(IOException.class, () -> open("r", null, 4, 256));
        assertTrue(none.getMessage().contains("refused it: this end belongs to river job (attempt 2); the peer names no river"), none.getMessage());
        try (TcpSender out = open("r", second, 4, 256); TcpReceiver in = joined(expected)) {
            assertEquals("r", in.name());
            assertEquals(2, out.credits(), "its own attempt's producer is taken");
        }
    }

    /** The node expecting nothing on a river, a port that does not listen: clear errors naming the peer. */
    @Test
    void nothingListeningIsAClearError() throws Exception {
        InetSocketAddress at = consumers.address();
        consumers.close();
        IOException e = assertThrows(IOException.class, () -> producers.open("in", at, "r", null, null, 4, 256));
        assertTrue(e.getMessage().startsWith("cannot connect to node in's data plane at " + at), e.getMessage());
        IOException wrong = assertThrows(IOException.class, () -> producers.open("elsewhere", producers.address(), "r", null, null, 4, 256));
        assertTrue(wrong.getMessage().contains("node elsewhere's data plane at " + producers.address() + " answers as node out"), wrong.getMessage());
    }

    @Test
    void theNodesNetworkMemoryBoundsItsReservoirs() throws Exception {
        try (TcpDataPlane small = DataPlanes.start("small", new TcpDataPlane.Settings(1 << 20, 1, DEAD_PEER, Duration.ofSeconds(10), null))) {
            small.expect("a", null, null, 8, 256 << 10);   // two exclusive buffers: half the budget
            small.expect("b", null, null, 8, 256 << 10);
            IOException e = assertThrows(IOException.class, () -> small.expect("c", null, null, 8, 256 << 10));
            assertTrue(e.getMessage().contains("node small's network memory (1 MiB, tigris node --network-memory) has no room for its 2 buffers of 262144 bytes"),
                            e.getMessage());
            assertEquals(1 << 20, small.buffers().reserved());
        }
    }

    @Test
    void aProducerProcessThatDiesFailsTheReservoirAfterWhatItSent() throws Exception {
        var expected = expect("crash", null, 8, 256);
        Process child = TestModules.startProcess(TcpProducerMain.class, "in", consumers.address().getHostString(),
                        Integer.toString(consumers.address().getPort()), "5");
        try (TcpReceiver in = expected.joined().get(60, TimeUnit.SECONDS)) {
            TestModules.recordsThenFailure(in, 5, "connection to node crasher", child);   // closed or reset, as the kernel tells it
        }
    }

    @Test
    void aConsumerThatGoesAwayFailsTheProducersPut() throws Exception {
        var expected = expect("gone", null, 2, 256);
        try (TcpSender out = open("gone", null, 2, 256)) {
            joined(expected).close();
            ReservoirFailedException e = assertThrows(ReservoirFailedException.class, () -> {
                for (int i = 0; i < 1000; i++) {
                    out.put(out.spring().createWater(64));
                }
            });
            assertTrue(e.getMessage().startsWith("reservoir gone to node in ") && e.getMessage().contains("the consumer's end of gone was closed"),
                            e.getMessage());
        }
    }

    @Test
    void theEndsOfferOnlyTheirOwnOperations() throws Exception {
        // Each end has only its own half: what a sender cannot do is not there to be refused.
        for (var m : TcpSender.class.getMethods()) {
            assertFalse(java.util.Set.of("poll", "get", "isEnded", "creditBack").contains(m.getName()), "sender has " + m);
        }
        for (var m : TcpReceiver.class.getMethods()) {
            assertFalse(java.util.Set.of("put", "endOfRiver", "spring", "credits").contains(m.getName()), "receiver has " + m);
        }
        var expected = expect("ends", null, 2, 256);
        try (TcpSender out = open("ends", null, 2, 256); TcpReceiver in = joined(expected)) {
            assertThrows(IllegalArgumentException.class, () -> {
                Water big = new Water(null, jaguar.ext.OffHeapBuffer.allocateShared(512));
                big.setLength(512);
                out.put(big);
            }, "a Water larger than the agreed size");
            out.endOfRiver();
            assertNull(in.get());
            assertTrue(in.isEnded());
        }
    }

    // ---- peers speaking the wire by hand ------------------------------------------------------------

    /** A peer speaking the wire by hand: its socket, its fresh value and the node's, from the hello and welcome. */
    private record RawPeer(SocketChannel socket, byte[] mine, byte[] theirs) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            socket.close();
        }

        /**
         * An OPEN frame as a producer writes it ({@link TcpWireDescriptor}), proving {@code key}
         * (null: no proof); {@code river} "" and epoch 0: none.
         */
        ByteBuffer open(ByteBuffer b, int channel, String reservoir, String river, int epoch, int window, int waterSize, AttemptKey key) {
            byte[] n = reservoir.getBytes(StandardCharsets.UTF_8);
            byte[] r = river.getBytes(StandardCharsets.UTF_8);
            ByteBuffer signed = ByteBuffer.allocate(TcpWireDescriptor.OPEN_FIXED + n.length + r.length).order(ByteOrder.LITTLE_ENDIAN).putInt(window)
                            .putInt(waterSize).putInt(epoch).putShort((short) n.length).put(n).putShort((short) r.length).put(r);
            byte[] channelBytes = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(channel).array();
            byte[] proof = key == null ? new byte[0] : key.prove("tigris-tcp-open", signed.array(), channelBytes, theirs, mine);
            frame(b, TcpWireDescriptor.OPEN, 0, channel, signed.capacity() + 1 + proof.length);
            return b.put(signed.array()).put((byte) proof.length).put(proof);
        }
    }

    /** A peer that said a Tigris hello as node {@code node} to {@code plane}; the welcome is read. */
    private static RawPeer hello(TcpDataPlane plane, String node) throws IOException {
        SocketChannel s = SocketChannel.open(plane.address());
        s.socket().setTcpNoDelay(true);
        byte[] n = node.getBytes(StandardCharsets.UTF_8);
        byte[] mine = AttemptKey.nonce(TcpWireDescriptor.NONCE);
        s.write(ByteBuffer.allocate(TcpWireDescriptor.HELLO_FIXED + n.length + mine.length).order(ByteOrder.LITTLE_ENDIAN).putInt(TcpWireDescriptor.MAGIC)
                        .putInt(TcpWireDescriptor.VERSION).putShort((short) n.length).put(n).put(mine).flip());
        ByteBuffer w = read(s, TcpWireDescriptor.WELCOME_FIXED);
        assertEquals(0, w.getInt(4), "welcomed");
        read(s, Short.toUnsignedInt(w.getShort(8)));
        return new RawPeer(s, mine, read(s, TcpWireDescriptor.NONCE).array());
    }

    private RawPeer hello(String node) throws IOException {
        return hello(consumers, node);
    }

    private static ByteBuffer read(SocketChannel s, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (s.read(b) < 0) {
                throw new java.io.EOFException("closed after " + b.position() + " of " + n + " bytes");
            }
        }
        return b.flip();
    }

    private static ByteBuffer frame(ByteBuffer b, byte type, int kind, int channel, int value) {
        return b.put(type).put((byte) kind).putShort((short) 0).putInt(channel).putInt(value);
    }

    /** The next frame the node sends on {@code s}, skipping heartbeats: its type, channel, value and payload as text. */
    private static String nextFrame(SocketChannel s) throws IOException {
        while (true) {
            ByteBuffer h = read(s, TcpWireDescriptor.FRAME_HEADER);
            byte type = h.get(0);
            if (type == TcpWireDescriptor.HEARTBEAT) {
                continue;
            }
            int value = h.getInt(TcpWireDescriptor.FRAME_VALUE_OFFSET);
            if (type == TcpWireDescriptor.ACCEPT) {
                ByteBuffer p = read(s, value);
                value = p.getInt();   // the first credits, then the node's proof
            }
            String payload = type == TcpWireDescriptor.REFUSE || type == TcpWireDescriptor.CANCEL ? StandardCharsets.UTF_8.decode(read(s, value)).toString() : "";
            return type + " " + h.getInt(TcpWireDescriptor.FRAME_CHANNEL_OFFSET) + " " + value + (payload.isEmpty() ? "" : " " + payload);
        }
    }

    /**
     * Port scans and strangers during set-up: a connection that says nothing, one that speaks
     * HTTP, one of another protocol version are closed (the last told why), and fail nothing: the
     * expected end is joined by its producer afterwards.
     */
    @Test
    void strangersOnTheDataPortAreClosedAndFailNothing() throws Exception {
        var expected = expect("r", null, 4, 256);
        try (SocketChannel silent = SocketChannel.open(consumers.address()); SocketChannel http = SocketChannel.open(consumers.address());
                        SocketChannel old = SocketChannel.open(consumers.address())) {
            http.write(ByteBuffer.wrap("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
            assertClosedWithoutAWord(http);
            old.write(ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN).putInt(TcpWireDescriptor.MAGIC).putInt(4).putInt(4).putInt(256).flip());
            ByteBuffer w = read(old, TcpWireDescriptor.WELCOME_FIXED);
            assertEquals(1, w.getInt(4), "status: refused");
            String why = StandardCharsets.UTF_8.decode(read(old, Short.toUnsignedInt(w.getShort(8)))).toString();
            assertEquals("protocol version 4, this node speaks " + TcpWireDescriptor.VERSION, why);
            try (TcpSender out = open("r", null, 4, 256); TcpReceiver in = joined(expected)) {
                TestModules.putRecords(out, 3, 256);
                for (int i = 0; i < 3; i++) {
                    in.get().release();
                }
            }
        }
    }

    /** The peer closed {@code s} (reset it, having left the stranger's bytes unread) without a byte. */
    private static void assertClosedWithoutAWord(SocketChannel s) {
        try {
            assertEquals(-1, s.read(ByteBuffer.allocate(64)), "closed without a word");
        } catch (IOException reset) {
            assertTrue(String.valueOf(reset.getMessage()).contains("reset"), reset.toString());
        }
    }

    /** An OPEN naming no river attempt is refused with the reason; the connection stays for others. */
    @Test
    void anOpenNamingNoRiverAttemptIsRefusedWithTheReason() throws Exception {
        expect("r", new RiverAttempt("job", 1), 4, 256);
        try (RawPeer peer = hello("hand")) {
            ByteBuffer b = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
            peer.socket().write(peer.open(b, 7, "r", "job", 0, 4, 256, KEY).flip());
            String refusal = nextFrame(peer.socket());
            assertTrue(refusal.startsWith(TcpWireDescriptor.REFUSE + " 7 ") && refusal.contains("the open names no river attempt"), refusal);
            b.clear();
            peer.socket().write(peer.open(b, 8, "r", "job", 1, 4, 256, KEY).flip());
            assertEquals(TcpWireDescriptor.ACCEPT + " 8 2", nextFrame(peer.socket()), "the same connection opens the right one: two exclusive credits");
        }
    }

    /**
     * The reader takes frames however the stream is cut: OPEN, Waters (one empty) and End of
     * River written 3 bytes at a time come out whole and in order.
     */
    @Test
    void framesSplitAnywhereInTheStreamArriveWhole() throws Exception {
        var expected = expect("pieces", null, 8, 256);
        byte[][] waters = {"first Water".getBytes(StandardCharsets.UTF_8), new byte[0], new byte[200], "last".getBytes(StandardCharsets.UTF_8)};
        for (int i = 0; i < 200; i++) {
            waters[2][i] = (byte) (i * 7);
        }
        try (RawPeer peer = hello("splitter")) {
            SocketChannel producer = peer.socket();
            ByteBuffer stream = peer.open(ByteBuffer.allocate(1024).order(ByteOrder.LITTLE_ENDIAN), 1, "pieces", "", 0, 8, 256, null);
            for (int k = 0; k < waters.length; k++) {
                frame(stream, TcpWireDescriptor.DATA, 10 + k, 1, waters[k].length).put(waters[k]);
            }
            frame(stream, TcpWireDescriptor.END, 0, 1, 0).flip();
            while (stream.hasRemaining()) {
                producer.write(stream.slice().limit(Math.min(3, stream.remaining())));
                stream.position(Math.min(stream.limit(), stream.position() + 3));
                Thread.sleep(1);
            }
            try (TcpReceiver in = joined(expected)) {
                for (int k = 0; k < waters.length; k++) {
                    Water w = in.get();
                    assertEquals(10 + k, w.kind(), "the kind in the frame header");
                    byte[] got = new byte[w.length()];
                    for (int i = 0; i < got.length; i++) {
                        got[i] = w.buffer().getByte(i);
                    }
                    assertEquals(new String(waters[k], StandardCharsets.ISO_8859_1), new String(got, StandardCharsets.ISO_8859_1));
                    w.release();
                }
                assertNull(in.get());
                assertTrue(in.isEnded());
                assertEquals(4, in.received());
            }
        }
    }

    /**
     * A producer that sends beyond its credits breaks the protocol on its channel: that reservoir
     * fails and the producer is told why; the connection and its other channels go on.
     */
    @Test
    void aProducerIgnoringItsCreditsFailsItsOwnReservoirOnly() throws Exception {
        var greedy = expect("greedy", null, 2, 64);
        var polite = expect("polite", null, 2, 64);
        try (RawPeer peer = hello("rogue")) {
            SocketChannel producer = peer.socket();
            ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
            peer.open(b, 1, "greedy", "", 0, 2, 64, null);
            peer.open(b, 2, "polite", "", 0, 2, 64, null);
            for (int i = 0; i < 3; i++) {
                frame(b, TcpWireDescriptor.DATA, 0, 1, 8).putLong(i);
            }
            frame(b, TcpWireDescriptor.DATA, 0, 2, 8).putLong(42);
            producer.write(b.flip());
            try (TcpReceiver in = joined(greedy); TcpReceiver other = joined(polite)) {
                // Held, not released: a released Water's buffer would be a credit, and the third Water within it.
                Water first = in.get();
                Water second = in.get();
                ReservoirFailedException e = assertThrows(ReservoirFailedException.class, in::get);
                assertTrue(e.getMessage().contains("protocol error: a Water beyond the producer's credits (window 2)"), e.getMessage());
                first.release();
                second.release();
                Water w = other.get();
                assertEquals(42, w.buffer().getLong(0), "the other channel's Water arrived");
                w.release();
                List<String> frames = new ArrayList<>();
                for (int i = 0; i < 4 && frames.stream().noneMatch(f -> f.startsWith(TcpWireDescriptor.CANCEL + " 1")); i++) {
                    frames.add(nextFrame(producer));
                }
                assertTrue(frames.stream().anyMatch(f -> f.startsWith(TcpWireDescriptor.CANCEL + " 1") && f.contains("beyond the producer's credits")),
                                "the producer is told: " + frames);
            }
        }
    }

    /** A FAILED frame whose cause is longer than a producer may send breaks the stream: the connection fails, not an allocation of what it claims. */
    @Test
    void anOversizedFailureIsAProtocolError() throws Exception {
        var expected = expect("hostile", null, 8, 256);
        try (RawPeer peer = hello("hostile")) {
            SocketChannel producer = peer.socket();
            ByteBuffer b = peer.open(ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN), 1, "hostile", "", 0, 8, 256, null);
            producer.write(b.flip());
            try (TcpReceiver in = joined(expected)) {
                b.clear();
                producer.write(frame(b, TcpWireDescriptor.FAILED, 0, 1, Integer.MAX_VALUE).flip());
                ReservoirFailedException e = assertThrows(ReservoirFailedException.class, in::get);
                assertFalse(e instanceof tigris.UpstreamFailedException, "not the producer's failure: " + e);
                assertTrue(e.getMessage().contains("protocol error: FAILED of 2147483647 bytes (at most 1024) from node hostile"), e.getMessage());
            }
        }
    }

    /** A peer that goes silent (no heartbeats, no close: a cut link) fails its channels after the dead-peer timeout. */
    @Test
    void aSilentPeerFailsItsReservoirsAfterTheTimeout() throws Exception {
        try (TcpDataPlane quick = DataPlanes.start("quick", TcpDataPlane.Settings.defaults().withDeadPeer(Duration.ofSeconds(1)))) {
            var expected = quick.expect("quiet", null, null, 4, 256);
            try (RawPeer quiet = hello(quick, "mute")) {
                // It opens its channel, then sends nothing more, not even heartbeats, and does not close: a cut link.
                quiet.socket().write(quiet.open(ByteBuffer.allocate(512).order(ByteOrder.LITTLE_ENDIAN), 1, "quiet", "", 0, 4, 256, null).flip());
                try (TcpReceiver in = expected.joined().get(30, TimeUnit.SECONDS)) {
                    long start = System.nanoTime();
                    ReservoirFailedException e = assertThrows(ReservoirFailedException.class, in::get);
                    assertTrue(e.getMessage().contains("connection to node mute") && e.getMessage().contains("no word from the peer for"), e.getMessage());
                    assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30));
                }
            }
        }
    }

    @Test
    void aCancelledExpectationGivesItsMemoryBack() throws Exception {
        long before = consumers.buffers().reserved();
        var e = expect("never", null, 4, 1 << 20);
        assertEquals(before + (2L << 20), consumers.buffers().reserved());
        e.cancel();
        assertEquals(before, consumers.buffers().reserved());
        ExecutionException x = assertThrows(ExecutionException.class, () -> e.joined().get(1, TimeUnit.SECONDS));
        assertTrue(x.getCause().getMessage().contains("given up before its producer came"), x.getCause().getMessage());
    }

    // ---- the attempt's key ----------------------------------------------------------------------------

    /**
     * A producer that does not hold the attempt's key (a stranger who guessed the river and the
     * reservoir's name, or a node of another attempt's key) is refused, and the expected end
     * stays for its own producer, which then joins.
     */
    @Test
    void anOpenWithoutTheAttemptsKeyIsRefusedAndTheRealProducerStillJoins() throws Exception {
        RiverAttempt job = RiverAttempt.first("job");
        var expected = expect("r", job, 4, 256);
        IOException forged = assertThrows(IOException.class,
                        () -> producers.open(consumers.node(), consumers.address(), "r", job, AttemptKey.random(), 4, 256));
        assertTrue(forged.getMessage().contains("refused it: the open does not prove the river attempt's key"), forged.getMessage());
        try (RawPeer stranger = hello("stranger")) {
            stranger.socket().write(stranger.open(ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN), 1, "r", "job", 1, 4, 256, null).flip());
            String refusal = nextFrame(stranger.socket());
            assertTrue(refusal.startsWith(TcpWireDescriptor.REFUSE + " 1 ") && refusal.contains("does not prove the river attempt's key"), refusal);
        }
        assertFalse(expected.joined().isDone(), "the expected end still waits for its producer");
        try (TcpSender out = open("r", job, 4, 256); TcpReceiver in = joined(expected)) {
            TestModules.putRecords(out, 2, 256);
            in.get().release();
            in.get().release();
        }
    }

    /** An OPEN that proved the key on one connection, played again on another, is refused: the proof covers both sides' fresh values. */
    @Test
    void anOpenReplayedOnAnotherConnectionIsRefused() throws Exception {
        RiverAttempt job = RiverAttempt.first("replay");
        expect("first", job, 4, 256);
        expect("second", job, 4, 256);
        ByteBuffer seen;
        try (RawPeer peer = hello("honest")) {
            seen = peer.open(ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN), 1, "second", "replay", 1, 4, 256, KEY).flip();
            ByteBuffer b = peer.open(ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN), 2, "first", "replay", 1, 4, 256, KEY).flip();
            peer.socket().write(b);
            assertEquals(TcpWireDescriptor.ACCEPT + " 2 2", nextFrame(peer.socket()), "its own OPEN is taken");
        }
        try (RawPeer replayer = hello("eavesdropper")) {
            replayer.socket().write(seen);
            String refusal = nextFrame(replayer.socket());
            assertTrue(refusal.startsWith(TcpWireDescriptor.REFUSE + " 1 ") && refusal.contains("does not prove the river attempt's key"), refusal);
        }
    }

    /**
     * The producer checks the consumer's node too: a listener that answers as the node the agent
     * named but cannot prove the attempt's key (it accepts with a proof of its own making) gets
     * no Water: the open fails, naming it.
     */
    @Test
    void aConsumerNodeThatCannotProveTheKeyGetsNoWater() throws Exception {
        try (java.nio.channels.ServerSocketChannel impostor = java.nio.channels.ServerSocketChannel.open()
                        .bind(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0))) {
            Thread fake = Thread.ofPlatform().daemon().start(() -> {
                try (SocketChannel s = impostor.accept()) {
                    ByteBuffer h = read(s, TcpWireDescriptor.HELLO_FIXED);
                    read(s, Short.toUnsignedInt(h.getShort(8)) + TcpWireDescriptor.NONCE);
                    byte[] n = "in".getBytes(StandardCharsets.UTF_8);
                    s.write(ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN).putInt(TcpWireDescriptor.MAGIC).putInt(0).putShort((short) n.length)
                                    .put(n).put(new byte[TcpWireDescriptor.NONCE]).flip());
                    ByteBuffer open = read(s, TcpWireDescriptor.FRAME_HEADER);
                    read(s, open.getInt(TcpWireDescriptor.FRAME_VALUE_OFFSET));
                    byte[] proof = AttemptKey.random().prove("tigris-tcp-accept");
                    ByteBuffer accept = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
                    frame(accept, TcpWireDescriptor.ACCEPT, 0, open.getInt(TcpWireDescriptor.FRAME_CHANNEL_OFFSET), 5 + proof.length).putInt(2)
                                    .put((byte) proof.length).put(proof);
                    s.write(accept.flip());
                    s.read(ByteBuffer.allocate(1024));   // until the producer's node gives up
                } catch (IOException e) {
                    // the test's end
                }
            });
            IOException e = assertThrows(IOException.class, () -> producers.open("in", (InetSocketAddress) impostor.getLocalAddress(), "r",
                            RiverAttempt.first("job"), KEY, 4, 256));
            assertTrue(e.getMessage().contains("its acceptance does not prove the river attempt's key"), e.getMessage());
            fake.interrupt();
        }
    }

    /**
     * A stranger that dials a node naming itself after another node gets none of its Waters: the
     * node opens its reservoirs to that node only on a connection it dialed or on which the peer
     * proved an attempt's key.
     */
    @Test
    void aConnectionDialedInTheNameOfANodeCarriesNothingUntilItProvesAKey() throws Exception {
        try (RawPeer pretender = hello(producers, "in")) {
            var expected = expect("r", RiverAttempt.first("job"), 4, 256);
            try (TcpSender out = open("r", RiverAttempt.first("job"), 4, 256); TcpReceiver in = joined(expected)) {
                assertEquals(2, producers.connections(), "the pretender's connection and the one the node dialed");
                TestModules.putRecords(out, 1, 256);
                in.get().release();
            }
            pretender.socket().configureBlocking(false);
            ByteBuffer got = ByteBuffer.allocate(1024).order(ByteOrder.LITTLE_ENDIAN);
            Thread.sleep(200);
            pretender.socket().read(got);
            for (int at = 0; at + TcpWireDescriptor.FRAME_HEADER <= got.position(); at += TcpWireDescriptor.FRAME_HEADER) {
                assertEquals(TcpWireDescriptor.HEARTBEAT, got.get(at), "the pretender hears heartbeats at most");
            }
        }
    }

    // ---- TLS ------------------------------------------------------------------------------------------

    @org.junit.jupiter.api.io.TempDir
    static java.nio.file.Path keys;

    /** The data plane's TLS as node {@code name} of the tests' cluster holds it (tigris node --data-tls yes). */
    private static javax.net.ssl.SSLContext nodeTls(Identities.Identity node) throws Exception {
        return node.load().tlsContext(tigris.Role.NODE);
    }

    /**
     * With TLS (tigris node --data-tls yes) the same protocol runs inside TLS 1.3: Waters of every
     * size (a large one read through several records) cross whole and in order, the attempt's
     * proofs still hold, a plain dialer, a node of another cluster and an agent of this one are
     * turned away before a byte of Tigris is read, a node whose hello names another node than its
     * certificate is refused, and none fails the expected end.
     */
    @Test
    void overTlsWatersCrossWholeAndStrangersAreTurnedAway() throws Exception {
        Identities cluster = Identities.shared();
        var settings = TcpDataPlane.Settings.defaults().withDeadPeer(DEAD_PEER);
        javax.net.ssl.SSLContext asOut = nodeTls(cluster.node("tls-out"));
        try (TcpDataPlane in = DataPlanes.start("tls-in", settings.withTls(nodeTls(cluster.node("tls-in"))));
                        TcpDataPlane out = DataPlanes.start("tls-out", settings.withTls(asOut));
                        TcpDataPlane plain = DataPlanes.start("plain", TcpDataPlane.Settings.defaults());
                        TcpDataPlane foreign = DataPlanes.start("foreign", settings.withTls(nodeTls(Identities.in(keys).node("theirs"))));
                        TcpDataPlane agent = DataPlanes.start("agent", settings.withTls(cluster.agent().load().tlsContext(tigris.Role.NODE)));
                        TcpDataPlane impostor = DataPlanes.start("tls-other", settings.withTls(asOut))) {
            RiverAttempt job = RiverAttempt.first("secret");
            var expected = in.expect("r", job, KEY, 4, 1 << 20);
            IOException clear = assertThrows(IOException.class, () -> plain.open("tls-in", in.address(), "r", job, KEY, 4, 1 << 20));
            assertTrue(clear.getMessage().contains("cannot connect to node tls-in's data plane"), clear.getMessage());
            IOException other = assertThrows(IOException.class, () -> foreign.open("tls-in", in.address(), "r", job, KEY, 4, 1 << 20));
            assertTrue(other.getMessage().contains("cannot connect to node tls-in's data plane"), other.getMessage());
            IOException notANode = assertThrows(IOException.class, () -> agent.open("tls-in", in.address(), "r", job, KEY, 4, 1 << 20));
            assertTrue(notANode.getMessage().contains("cannot connect to node tls-in's data plane"), notANode.getMessage());
            // Under TLS a node is its certificate: tls-out's certificate cannot say another node's hello.
            IOException impersonated = assertThrows(IOException.class, () -> impostor.open("tls-in", in.address(), "r", job, KEY, 4, 1 << 20));
            assertTrue(impersonated.getMessage().contains("the hello says node tls-other, but its certificate is tls-out's"), impersonated.getMessage());
            try (TcpSender o = out.open("tls-in", in.address(), "r", job, KEY, 4, 1 << 20); TcpReceiver i = expected.joined().get(30, TimeUnit.SECONDS)) {
                int[] sizes = {1, 100, 16384, 16385, 200_000, 1 << 20, 7};
                Thread.ofPlatform().start(() -> {
                    try {
                        for (int k = 0; k < 60; k++) {
                            int n = sizes[k % sizes.length];
                            Water w = o.spring().createWater(n);
                            for (int b = 0; b < n; b += 4096) {
                                w.buffer().putByte(b, (byte) (k + b / 4096));
                            }
                            w.buffer().putByte(n - 1, (byte) k);
                            w.setLength(n);
                            o.put(w);
                        }
                        o.endOfRiver();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                int k = 0;
                for (Water w; (w = i.get()) != null; k++) {
                    int n = sizes[k % sizes.length];
                    assertEquals(n, w.length(), "Water " + k);
                    for (int b = 0; b < n - 1; b += 4096) {
                        assertEquals((byte) (k + b / 4096), w.buffer().getByte(b), "Water " + k + " byte " + b);
                    }
                    assertEquals((byte) k, w.buffer().getByte(n - 1));
                    w.release();
                }
                assertEquals(60, k);
            }
        }
    }
}
