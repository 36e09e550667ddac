package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tigris.ModuleConfig;
import tigris.ModuleThread;
import tigris.RiverAttempt;
import tigris.ReservoirFailedException;
import tigris.Water;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.TcpReceiver;
import tigris.reservoir.TcpSender;
import tigris.reservoir.TcpWireDescriptor;

/** TCP reservoirs over real sockets (loopback), and peers that die, go silent or speak nonsense. */
class TcpReservoirTest {
    private static final Duration DEAD_PEER = Duration.ofSeconds(10);
    private ServerSocketChannel server;
    private InetSocketAddress address;

    @BeforeEach
    void listen() throws IOException {
        server = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        address = (InetSocketAddress) server.getLocalAddress();
    }

    @AfterEach
    void stopListening() throws IOException {
        server.close();
    }

    /** Puts a hello of this version into {@code b}, as a producer of no river writes it ({@link TcpWireDescriptor}); returns {@code b}. */
    static ByteBuffer hello(ByteBuffer b, String reservoir, int window, int waterSize) {
        byte[] name = reservoir.getBytes(StandardCharsets.UTF_8);
        return b.putInt(TcpWireDescriptor.MAGIC).putInt(TcpWireDescriptor.VERSION).putInt(window).putInt(waterSize).putShort((short) name.length).put(name)
                        .putShort((short) 0).putInt(0);
    }

    private CompletableFuture<TcpReceiver> acceptAsync(String name, Duration deadPeer) {
        return acceptAsync(name, null, deadPeer);
    }

    /** The consumer's end of reservoir {@code name} of river attempt {@code attempt} (null: none), accepted on another thread. */
    private CompletableFuture<TcpReceiver> acceptAsync(String name, RiverAttempt attempt, Duration deadPeer) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return TcpReceiver.accept(server, name, attempt, deadPeer);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void aRiverCrossesATcpConnectionWithCreditFlowControl() throws Exception {
        var accepted = acceptAsync("link", DEAD_PEER);
        var source = new TestModules.Source(500, 20);
        var sink = new TestModules.Sink();
        try (TcpSender out = TcpSender.connect("link", address, 4, 4096, DEAD_PEER); TcpReceiver in = accepted.get(30, TimeUnit.SECONDS)) {
            assertEquals("link", in.name());
            TestModules.riverAcross(source, out, in, sink, 500, 20);
            assertEquals(500, out.sent());
            assertEquals(500, in.received());
        }
    }

    @Test
    void stoppingAProducerSendsEndOfRiverOverTheConnection() throws Exception {
        var accepted = acceptAsync("stopped", DEAD_PEER);
        var endless = new TestModules.Source(Integer.MAX_VALUE, 1);
        var sink = new TestModules.Sink();
        try (TcpSender out = TcpSender.connect("stopped", address, 4, 4096, DEAD_PEER); TcpReceiver in = accepted.get(30, TimeUnit.SECONDS)) {
            ModuleThread a = new RoundRobinModuleThread(endless, ModuleConfig.of("endless", Map.of())).addDownstream(out);
            ModuleThread b = new RoundRobinModuleThread(sink, ModuleConfig.of("sink", Map.of())).addUpstream(in);
            a.start();
            b.start();
            while (sink.waters.get() < 200) {
                Thread.sleep(1);
            }
            // The producer is mostly waiting for credit or writing: a stop must not close the
            // socket under it (an interrupt would), or the consumer would see a lost connection.
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
    void aConsumerEndRefusesAReservoirItDoesNotExpect() throws Exception {
        var accepted = acceptAsync("wanted", DEAD_PEER);
        IOException e = assertThrows(IOException.class, () -> TcpSender.connect("other", address, 4, 256, DEAD_PEER));
        assertTrue(e.getMessage().contains("refused it: this end expects reservoir wanted, not other"), e.getMessage());
        var x = assertThrows(java.util.concurrent.ExecutionException.class, () -> accepted.get(30, TimeUnit.SECONDS));
        assertTrue(x.getCause().getMessage().contains("refused reservoir other from"), x.getCause().getMessage());
    }

    /**
     * The hello carries the river attempt: a consumer's end of attempt 2 refuses a producer of
     * attempt 1 (a node that was given up, paused or cut off, and came back) and one of another
     * river, telling each why, and takes its own.
     */
    @Test
    void aConsumerEndRefusesAProducerOfAStaleAttemptOrAnotherRiver() throws Exception {
        RiverAttempt second = new RiverAttempt("job", 2);
        for (RiverAttempt stranger : List.of(RiverAttempt.first("job"), new RiverAttempt("other", 2))) {
            var accepted = acceptAsync("r", second, DEAD_PEER);
            IOException e = assertThrows(IOException.class, () -> TcpSender.connect("r", address, 4, 256, stranger, DEAD_PEER));
            String why = stranger.epoch() == 1 ? "refused it: attempt 1 of river job is stale: this end belongs to attempt 2"
                            : "refused it: this end belongs to river job (attempt 2), not other (attempt 2)";
            assertTrue(e.getMessage().contains(why), e.getMessage());
            var x = assertThrows(java.util.concurrent.ExecutionException.class, () -> accepted.get(30, TimeUnit.SECONDS));
            assertTrue(x.getCause().getMessage().contains(why.substring("refused it: ".length())), x.getCause().getMessage());
        }
        var accepted = acceptAsync("r", second, DEAD_PEER);
        IOException none = assertThrows(IOException.class, () -> TcpSender.connect("r", address, 4, 256, DEAD_PEER));
        assertTrue(none.getMessage().contains("this end belongs to river job (attempt 2); the peer names no river"), none.getMessage());
        assertThrows(java.util.concurrent.ExecutionException.class, () -> accepted.get(30, TimeUnit.SECONDS));
        var mine = acceptAsync("r", second, DEAD_PEER);
        try (TcpSender out = TcpSender.connect("r", address, 4, 256, second, DEAD_PEER); TcpReceiver in = mine.get(30, TimeUnit.SECONDS)) {
            assertEquals("r", in.name());
            assertEquals(4, out.credits(), "its own attempt's producer is taken");
        }
    }

    /** A hello whose river attempt is malformed (epoch 0 with a river) is refused, and the producer is told why. */
    @Test
    void aHelloNamingNoRiverAttemptIsRefusedWithTheReason() throws Exception {
        var accepted = acceptAsync("r", new RiverAttempt("job", 1), DEAD_PEER);
        try (SocketChannel producer = SocketChannel.open(address)) {
            byte[] name = "r".getBytes(StandardCharsets.UTF_8);
            byte[] river = "job".getBytes(StandardCharsets.UTF_8);
            ByteBuffer hello = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
            hello.putInt(TcpWireDescriptor.MAGIC).putInt(TcpWireDescriptor.VERSION).putInt(4).putInt(256).putShort((short) name.length).put(name)
                            .putShort((short) river.length).put(river).putInt(0).flip();
            producer.write(hello);
            var x = assertThrows(java.util.concurrent.ExecutionException.class, () -> accepted.get(30, TimeUnit.SECONDS));
            assertTrue(x.getCause().getMessage().contains("the hello names no river attempt: river job: epoch 0 is not positive"), x.getCause().getMessage());
            ByteBuffer welcome = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
            while (producer.read(welcome) >= 0) {
                // the refusal, until the consumer closes
            }
            welcome.flip();
            assertEquals(1, welcome.getInt(4), "status: refused");
            String why = new String(welcome.array(), TcpWireDescriptor.WELCOME_FIXED, welcome.limit() - TcpWireDescriptor.WELCOME_FIXED, StandardCharsets.UTF_8);
            assertTrue(why.contains("epoch 0 is not positive"), "the producer is told why: " + why);
        }
    }

    @Test
    void aVersion1ProducerIsRefusedWithBothVersionsNamed() throws Exception {
        var accepted = acceptAsync("old", DEAD_PEER);
        try (SocketChannel old = SocketChannel.open(address)) {
            byte[] name = "old".getBytes(StandardCharsets.UTF_8);
            ByteBuffer hello = ByteBuffer.allocate(TcpWireDescriptor.HELLO_FIXED + name.length).order(ByteOrder.LITTLE_ENDIAN);
            hello.putInt(TcpWireDescriptor.MAGIC).putInt(1).putInt(4).putInt(256).putShort((short) name.length).put(name).flip();
            old.write(hello);
            var x = assertThrows(java.util.concurrent.ExecutionException.class, () -> accepted.get(30, TimeUnit.SECONDS));
            assertTrue(x.getCause().getMessage().contains("refused reservoir old from") && x.getCause().getMessage()
                            .contains("protocol version 1, this end speaks " + TcpWireDescriptor.VERSION), x.getCause().getMessage());
            ByteBuffer welcome = ByteBuffer.allocate(TcpWireDescriptor.WELCOME_FIXED).order(ByteOrder.LITTLE_ENDIAN);
            while (welcome.hasRemaining() && old.read(welcome) >= 0) {
                // the refusal, as an old producer reads it
            }
            assertEquals(1, welcome.getInt(4), "status: refused");
        }
    }

    @Test
    void aConnectionThatIsNotTigrisIsNamedAndRefused() throws Exception {
        var accepted = acceptAsync(null, DEAD_PEER);
        try (SocketChannel junk = SocketChannel.open(address)) {
            junk.write(ByteBuffer.wrap("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
            var x = assertThrows(java.util.concurrent.ExecutionException.class, () -> accepted.get(30, TimeUnit.SECONDS));
            assertTrue(x.getCause().getMessage().contains("is not a Tigris reservoir"), x.getCause().getMessage());
        }
    }

    @Test
    void nothingListeningIsAClearError() throws Exception {
        server.close();
        IOException e = assertThrows(IOException.class, () -> TcpSender.connect("r", address, 4, 256, Duration.ofSeconds(5)));
        assertTrue(e.getMessage().startsWith("reservoir r: cannot connect to " + address), e.getMessage());
    }

    @Test
    void aProducerProcessThatDiesFailsTheReservoirAfterWhatItSent() throws Exception {
        var accepted = acceptAsync("crash", DEAD_PEER);
        Process child = TestModules.startProcess(TcpProducerMain.class, address.getHostString(), Integer.toString(address.getPort()), "5");
        try (TcpReceiver in = accepted.get(60, TimeUnit.SECONDS)) {
            TestModules.recordsThenFailure(in, 5, "connection lost before End of River", child);
        }
    }

    @Test
    void aSilentProducerFailsTheReservoirAfterTheTimeout() throws Exception {
        var accepted = acceptAsync("quiet", Duration.ofSeconds(1));
        try (SocketChannel quiet = SocketChannel.open(address)) {
            quiet.write(hello(ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN), "quiet", 4, 256).flip());
            try (TcpReceiver in = accepted.get(30, TimeUnit.SECONDS)) {
                // It sends nothing more, not even heartbeats, and does not close: a cut link.
                long start = System.nanoTime();
                ReservoirFailedException e = assertThrows(ReservoirFailedException.class, in::get);
                assertTrue(e.getMessage().contains("no word from the producer for"), e.getMessage());
                assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30));
            }
        }
    }

    @Test
    void aConsumerThatGoesAwayFailsTheProducersPut() throws Exception {
        var accepted = acceptAsync("gone", DEAD_PEER);
        try (TcpSender out = TcpSender.connect("gone", address, 2, 256, DEAD_PEER)) {
            accepted.get(30, TimeUnit.SECONDS).close();
            ReservoirFailedException e = assertThrows(ReservoirFailedException.class, () -> {
                for (int i = 0; i < 1000; i++) {
                    out.put(out.spring().createWater(64));
                }
            });
            assertTrue(e.getMessage().startsWith("reservoir gone to "), e.getMessage());
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
        var accepted = acceptAsync("ends", DEAD_PEER);
        try (TcpSender out = TcpSender.connect("ends", address, 2, 256, DEAD_PEER); TcpReceiver in = accepted.get(30, TimeUnit.SECONDS)) {
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
    /**
     * The receiver reads each Water's bytes with the next frame's header in one read: frames that
     * arrive in 3-byte pieces (a header split across reads, or finished by a Water's read) and an
     * empty Water still come out whole, in order, then End of River.
     */
    @Test
    void framesSplitAnywhereInTheStreamArriveWhole() throws Exception {
        var accepted = acceptAsync("pieces", DEAD_PEER);
        byte[][] waters = {"first Water".getBytes(StandardCharsets.UTF_8), new byte[0], new byte[200], "last".getBytes(StandardCharsets.UTF_8)};
        for (int i = 0; i < 200; i++) {
            waters[2][i] = (byte) (i * 7);
        }
        try (SocketChannel producer = SocketChannel.open(address)) {
            producer.socket().setTcpNoDelay(true);
            ByteBuffer stream = hello(ByteBuffer.allocate(1024).order(ByteOrder.LITTLE_ENDIAN), "pieces", 8, 256);
            producer.write(stream.flip());
            stream.clear();
            for (int k = 0; k < waters.length; k++) {
                stream.put(TcpWireDescriptor.DATA).put((byte) (10 + k)).putShort((short) 0).putInt(waters[k].length).put(waters[k]);
            }
            stream.put(TcpWireDescriptor.END).put((byte) 0).putShort((short) 0).putInt(0).flip();
            try (TcpReceiver in = accepted.get(30, TimeUnit.SECONDS)) {
                while (stream.hasRemaining()) {
                    producer.write(stream.slice().limit(Math.min(3, stream.remaining())));
                    stream.position(Math.min(stream.limit(), stream.position() + 3));
                    Thread.sleep(1);
                }
                for (int k = 0; k < waters.length; k++) {
                    byte[] expected = waters[k];
                    Water w = in.get();
                    assertEquals(10 + k, w.kind(), "the kind in the frame header");
                    byte[] got = new byte[w.length()];
                    for (int i = 0; i < got.length; i++) {
                        got[i] = w.buffer().getByte(i);
                    }
                    assertEquals(new String(expected, StandardCharsets.ISO_8859_1), new String(got, StandardCharsets.ISO_8859_1));
                    w.release();
                }
                assertNull(in.get());
                assertTrue(in.isEnded());
                assertEquals(4, in.received());
            }
        }
    }

    /** A FAILED frame whose cause is longer than a producer may send is a protocol error, not an allocation of what it claims. */
    @Test
    void anOversizedFailureIsAProtocolError() throws Exception {
        var accepted = acceptAsync("hostile", DEAD_PEER);
        try (SocketChannel producer = SocketChannel.open(address)) {
            ByteBuffer stream = hello(ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN), "hostile", 8, 256);
            stream.put(TcpWireDescriptor.FAILED).put((byte) 0).putShort((short) 0).putInt(Integer.MAX_VALUE).flip();
            producer.write(stream);
            try (TcpReceiver in = accepted.get(30, TimeUnit.SECONDS)) {
                tigris.ReservoirFailedException e = assertThrows(tigris.ReservoirFailedException.class, in::get);
                assertFalse(e instanceof tigris.UpstreamFailedException, "not the producer's failure: " + e);
                assertTrue(e.getMessage().contains("protocol error: a failure's cause of 2147483647 bytes, more than 1024"), e.getMessage());
            }
        }
    }
}
