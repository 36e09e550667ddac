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

    private TcpSender open(String name, RiverAttempt attempt, int window, int waterSize) throws Exception {
        return producers.open(consumers.node(), consumers.address(), name, attempt, window, waterSize);
    }

    private static TcpReceiver joined(TcpDataPlane.Expected e) throws Exception {
        return e.joined().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aRiverCrossesATcpConnectionWithCreditFlowControl() throws Exception {
        var expected = consumers.expect("link", null, 4, 4096);
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
        for (int i = 0; i < 20; i++) {
            var there = consumers.expect("east-" + i, null, 4, 512);
            outs.add(open("east-" + i, null, 4, 512));
            ins.add(joined(there));
            var back = producers.expect("west-" + i, null, 4, 512);
            outs.add(consumers.open(producers.node(), producers.address(), "west-" + i, null, 4, 512));
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
        var stalled = consumers.expect("stalled", null, 4, 256);
        var flowing = consumers.expect("flowing", null, 4, 256);
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
        var expected = consumers.expect("stopped", null, 4, 4096);
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
        var expected = consumers.expect("wanted", null, 4, 256);
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
        var expected = consumers.expect("r", second, 4, 256);
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
        IOException e = assertThrows(IOException.class, () -> producers.open("in", at, "r", null, 4, 256));
        assertTrue(e.getMessage().startsWith("cannot connect to node in's data plane at " + at), e.getMessage());
        IOException wrong = assertThrows(IOException.class, () -> producers.open("elsewhere", producers.address(), "r", null, 4, 256));
        assertTrue(wrong.getMessage().contains("node elsewhere's data plane at " + producers.address() + " answers as node out"), wrong.getMessage());
    }

    @Test
    void theNodesNetworkMemoryBoundsItsReservoirs() throws Exception {
        try (TcpDataPlane small = DataPlanes.start("small", new TcpDataPlane.Settings(1 << 20, 1, DEAD_PEER, Duration.ofSeconds(10)))) {
            small.expect("a", null, 8, 256 << 10);   // two exclusive buffers: half the budget
            small.expect("b", null, 8, 256 << 10);
            IOException e = assertThrows(IOException.class, () -> small.expect("c", null, 8, 256 << 10));
            assertTrue(e.getMessage().contains("node small's network memory (1 MiB, tigris node --network-memory) has no room for its 2 buffers of 262144 bytes"),
                            e.getMessage());
            assertEquals(1 << 20, small.buffers().reserved());
        }
    }

    @Test
    void aProducerProcessThatDiesFailsTheReservoirAfterWhatItSent() throws Exception {
        var expected = consumers.expect("crash", null, 8, 256);
        Process child = TestModules.startProcess(TcpProducerMain.class, "in", consumers.address().getHostString(),
                        Integer.toString(consumers.address().getPort()), "5");
        try (TcpReceiver in = expected.joined().get(60, TimeUnit.SECONDS)) {
            TestModules.recordsThenFailure(in, 5, "connection to node crasher", child);   // closed or reset, as the kernel tells it
        }
    }

    @Test
    void aConsumerThatGoesAwayFailsTheProducersPut() throws Exception {
        var expected = consumers.expect("gone", null, 2, 256);
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
        var expected = consumers.expect("ends", null, 2, 256);
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

    /** A socket that said a Tigris hello as node {@code node}; the welcome is read. */
    private SocketChannel hello(String node) throws IOException {
        SocketChannel s = SocketChannel.open(consumers.address());
        s.socket().setTcpNoDelay(true);
        byte[] n = node.getBytes(StandardCharsets.UTF_8);
        s.write(ByteBuffer.allocate(TcpWireDescriptor.HELLO_FIXED + n.length).order(ByteOrder.LITTLE_ENDIAN).putInt(TcpWireDescriptor.MAGIC)
                        .putInt(TcpWireDescriptor.VERSION).putShort((short) n.length).put(n).flip());
        ByteBuffer w = read(s, TcpWireDescriptor.WELCOME_FIXED);
        assertEquals(0, w.getInt(4), "welcomed");
        read(s, Short.toUnsignedInt(w.getShort(8)));
        return s;
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

    /** An OPEN frame as a producer writes it ({@link TcpWireDescriptor}); {@code river} "" and epoch 0: none. */
    private static ByteBuffer open(ByteBuffer b, int channel, String reservoir, String river, int epoch, int window, int waterSize) {
        byte[] n = reservoir.getBytes(StandardCharsets.UTF_8);
        byte[] r = river.getBytes(StandardCharsets.UTF_8);
        frame(b, TcpWireDescriptor.OPEN, 0, channel, TcpWireDescriptor.OPEN_FIXED + n.length + r.length);
        return b.putInt(window).putInt(waterSize).putInt(epoch).putShort((short) n.length).put(n).putShort((short) r.length).put(r);
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
        var expected = consumers.expect("r", null, 4, 256);
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
        consumers.expect("r", new RiverAttempt("job", 1), 4, 256);
        try (SocketChannel peer = hello("forger")) {
            ByteBuffer b = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
            peer.write(open(b, 7, "r", "job", 0, 4, 256).flip());
            assertEquals(TcpWireDescriptor.REFUSE + " 7 ", nextFrame(peer).substring(0, 4));
            b.clear();
            peer.write(open(b, 8, "r", "job", 1, 4, 256).flip());
            assertEquals(TcpWireDescriptor.ACCEPT + " 8 2", nextFrame(peer), "the same connection opens the right one: two exclusive credits");
        }
    }

    /**
     * The reader takes frames however the stream is cut: OPEN, Waters (one empty) and End of
     * River written 3 bytes at a time come out whole and in order.
     */
    @Test
    void framesSplitAnywhereInTheStreamArriveWhole() throws Exception {
        var expected = consumers.expect("pieces", null, 8, 256);
        byte[][] waters = {"first Water".getBytes(StandardCharsets.UTF_8), new byte[0], new byte[200], "last".getBytes(StandardCharsets.UTF_8)};
        for (int i = 0; i < 200; i++) {
            waters[2][i] = (byte) (i * 7);
        }
        try (SocketChannel producer = hello("splitter")) {
            ByteBuffer stream = open(ByteBuffer.allocate(1024).order(ByteOrder.LITTLE_ENDIAN), 1, "pieces", "", 0, 8, 256);
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
        var greedy = consumers.expect("greedy", null, 2, 64);
        var polite = consumers.expect("polite", null, 2, 64);
        try (SocketChannel producer = hello("rogue")) {
            ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
            open(b, 1, "greedy", "", 0, 2, 64);
            open(b, 2, "polite", "", 0, 2, 64);
            for (int i = 0; i < 3; i++) {
                frame(b, TcpWireDescriptor.DATA, 0, 1, 8).putLong(i);
            }
            frame(b, TcpWireDescriptor.DATA, 0, 2, 8).putLong(42);
            producer.write(b.flip());
            try (TcpReceiver in = joined(greedy); TcpReceiver other = joined(polite)) {
                in.get().release();
                in.get().release();
                ReservoirFailedException e = assertThrows(ReservoirFailedException.class, in::get);
                assertTrue(e.getMessage().contains("protocol error: a Water beyond the producer's credits (window 2)"), e.getMessage());
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
        var expected = consumers.expect("hostile", null, 8, 256);
        try (SocketChannel producer = hello("hostile")) {
            ByteBuffer b = open(ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN), 1, "hostile", "", 0, 8, 256);
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
            var expected = quick.expect("quiet", null, 4, 256);
            try (SocketChannel quiet = SocketChannel.open(quick.address())) {
                byte[] n = "mute".getBytes(StandardCharsets.UTF_8);
                ByteBuffer b = ByteBuffer.allocate(512).order(ByteOrder.LITTLE_ENDIAN).putInt(TcpWireDescriptor.MAGIC).putInt(TcpWireDescriptor.VERSION)
                                .putShort((short) n.length).put(n);
                quiet.write(open(b, 1, "quiet", "", 0, 4, 256).flip());
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
        var e = consumers.expect("never", null, 4, 1 << 20);
        assertEquals(before + (2L << 20), consumers.buffers().reserved());
        e.cancel();
        assertEquals(before, consumers.buffers().reserved());
        ExecutionException x = assertThrows(ExecutionException.class, () -> e.joined().get(1, TimeUnit.SECONDS));
        assertTrue(x.getCause().getMessage().contains("given up before its producer came"), x.getCause().getMessage());
    }
}
