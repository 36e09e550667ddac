package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import tigris.ReservoirFailedException;
import tigris.Water;
import tigris.WaterPool;

/**
 * The consumer's end of a TCP reservoir: a reader thread receives each Water's bytes straight
 * into an off-heap buffer from a pool of {@code window} (no copy in Java), and the consumer gets
 * them in order. Credits go back in batches of a quarter window as Waters are processed. A
 * connection that ends before End of River, a protocol error or a silent peer fails the reservoir:
 * the consumer gets the Waters received before, then {@link ReservoirFailedException}.
 */
public final class TcpReceiver extends InboxConsumerEnd {
    private final TcpConnection connection;
    private final String peer;
    private final int window;
    /** The buffers Waters are received into. */
    private final WaterPool pool;
    private final int creditBatch;
    private final Thread reader;
    private volatile boolean endReceived;
    private volatile boolean closed;
    private volatile long received;
    /** Consumer thread only. */
    private int pendingCredits;

    private TcpReceiver(String name, SocketChannel channel, String peer, int window, int waterSize, long deadPeerNanos) {
        super(name, window);
        this.peer = peer;
        this.window = window;
        this.pool = new WaterPool(waterSize, window + 1);
        this.creditBatch = Math.max(1, window / 4);
        this.connection = new TcpConnection(channel, peer, deadPeerNanos, "producer", () -> endReceived, this::failed);
        this.reader = Thread.ofPlatform().daemon().name("tigris-receive-" + name).start(this::receive);
    }

    /** Accepts the next producer on {@code server}, an end outside any river ({@link #accept(ServerSocketChannel, String, tigris.RiverAttempt, Duration)}). */
    public static TcpReceiver accept(ServerSocketChannel server, String expectedName, Duration deadPeer) throws IOException {
        return accept(server, expectedName, null, deadPeer);
    }

    /**
     * Accepts the next producer on {@code server} and takes its reservoir if it is named
     * {@code expectedName} (null: any name) and belongs to river attempt {@code attempt} (null:
     * an end outside any river, which takes a producer of none).
     *
     * @throws IOException naming the peer if it is not a Tigris reservoir end, speaks another
     *         version, asks for an impossible window or water size, names another reservoir, or
     *         belongs to another attempt (a stale one above all); the peer is told why
     */
    public static TcpReceiver accept(ServerSocketChannel server, String expectedName, tigris.RiverAttempt attempt, Duration deadPeer) throws IOException {
        SocketChannel ch = server.accept();
        String peer = String.valueOf(ch.getRemoteAddress());
        try {
            ch.socket().setTcpNoDelay(true);
            int[] wv = new int[2];
            String name = PeerWatch.within(ch, deadPeer, "the producer at " + peer, () -> {
                ByteBuffer h = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
                TcpProtocol.readFully(ch, h, "the hello of " + peer);
                h.flip();
                int magic = h.getInt();
                int version = h.getInt();
                wv[0] = h.getInt();
                wv[1] = h.getInt();
                if (magic != TcpProtocol.MAGIC) {
                    throw new IOException("a connection from " + peer + " is not a Tigris reservoir (magic 0x" + Integer.toHexString(magic) + ")");
                }
                String offered = TcpProtocol.readString(ch, "the hello of " + peer);
                String refusal;
                if (version != TcpProtocol.VERSION) {
                    // The rest of another version's hello is not this version's to read.
                    refusal = "protocol version " + version + ", this end speaks " + TcpProtocol.VERSION;
                } else {
                    try {
                        refusal = refusal(attempt, TcpProtocol.readAttempt(ch, "the hello of " + peer), expectedName, offered, wv[0], wv[1]);
                    } catch (TcpProtocol.MalformedAttempt m) {
                        refusal = m.getMessage();
                    }
                }
                TcpProtocol.writeFully(ch, TcpProtocol.welcome(refusal == null ? 0 : 1, refusal == null ? "" : refusal));
                if (refusal != null) {
                    throw new IOException("refused reservoir " + offered + " from " + peer + ": " + refusal);
                }
                return offered;
            });
            return new TcpReceiver(name, ch, peer, wv[0], wv[1], deadPeer.toNanos());
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Why this end refuses a hello of this version, or null. */
    private static String refusal(tigris.RiverAttempt attempt, tigris.RiverAttempt offeredAttempt, String expectedName, String offered, int window,
                    int waterSize) {
        String other = tigris.RiverAttempt.refusal(attempt, offeredAttempt);
        if (other != null) {
            return other;
        }
        if (window < 1 || window > TcpProtocol.MAX_WINDOW || waterSize < 1 || waterSize > TcpProtocol.MAX_WATER) {
            return "window " + window + " and water size " + waterSize + " out of range (1.." + TcpProtocol.MAX_WINDOW + ", 1.." + TcpProtocol.MAX_WATER + ")";
        }
        if (expectedName != null && !expectedName.equals(offered)) {
            return "this end expects reservoir " + expectedName + ", not " + offered;
        }
        return null;
    }

    @Override
    public void creditBack() {
        if (++pendingCredits < creditBatch || endReceived || closed) {
            return;
        }
        int n = pendingCredits;
        pendingCredits = 0;
        connection.writeLock.lock();
        try {
            connection.writeFrame(TcpProtocol.CREDIT, n);
        } catch (IOException e) {
            // The reader sees the broken connection too and fails the inbox; nothing to add.
        } finally {
            connection.writeLock.unlock();
        }
    }

    /** Waters received so far. */
    public long received() {
        return received;
    }

    @Override
    public void close() {
        closed = true;
        connection.stopWatch();
        connection.close();
        try {
            reader.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        releaseQueued();
        pool.drain();
    }

    /**
     * The reader thread: Waters into the inbox until End of River, then the peer's close. A
     * Water's bytes are read together with the next frame's header (one scattering read, not two
     * reads per Water when the producer streams), so a header may arrive partly or wholly read.
     */
    private void receive() {
        ByteBuffer h = TcpProtocol.header();
        ByteBuffer[] payloadThenHeader = {null, h};
        h.clear();
        try {
            while (true) {
                TcpProtocol.readFully(connection.channel, h, "a frame");
                connection.lastHeard = System.nanoTime();
                byte type = h.get(TcpWireDescriptor.FRAME_TYPE_OFFSET);
                byte kind = h.get(TcpProtocol.FRAME_KIND_OFFSET);
                int value = h.getInt(TcpProtocol.FRAME_VALUE_OFFSET);
                h.clear();
                if (type == TcpProtocol.DATA && !endReceived) {
                    if (value < 0 || value > pool.waterSize()) {
                        failed("protocol error: a Water of " + Integer.toUnsignedString(value) + " bytes, more than the " + pool.waterSize()
                                        + " agreed", null);
                        return;
                    }
                    Water w = pool.createWater(pool.waterSize());
                    ByteBuffer into = w.buffer().asSegment().asSlice(0, value).asByteBuffer();
                    payloadThenHeader[0] = into;
                    while (into.hasRemaining()) {
                        if (connection.channel.read(payloadThenHeader) < 0) {
                            throw new java.io.EOFException("connection closed by the peer while reading Water " + (received + 1));
                        }
                    }
                    payloadThenHeader[0] = null;
                    connection.lastHeard = System.nanoTime();
                    w.setLength(value);
                    w.setKind(kind);
                    detach(w);
                    if (!arrived(w)) {
                        failed("protocol error: the producer sent more than its window of " + window + " Waters", null);
                        return;
                    }
                    received++;
                } else if (type == TcpProtocol.END && !endReceived) {
                    endReceived = true;
                    ended();
                    connection.stopWatch();
                } else if (type == TcpProtocol.FAILED && !endReceived) {
                    if (value < 0 || value > tigris.ProducerEnd.MAX_CAUSE_BYTES) {
                        failed("protocol error: a failure's cause of " + Integer.toUnsignedString(value) + " bytes, more than "
                                        + tigris.ProducerEnd.MAX_CAUSE_BYTES, null);
                        return;
                    }
                    ByteBuffer why = ByteBuffer.allocate(value);
                    TcpProtocol.readFully(connection.channel, why, "the producer's failure");
                    endReceived = true;
                    producerFailedWith(new String(why.array(), java.nio.charset.StandardCharsets.UTF_8));
                    connection.stopWatch();
                } else if (type != TcpProtocol.HEARTBEAT) {
                    failed("protocol error: " + TcpProtocol.typeName(type) + " " + value + " from the producer", null);
                    return;
                }
            }
        } catch (IOException e) {
            if (!endReceived && !closed) {
                failed("connection lost before End of River", e);
            }
        } finally {
            if (endReceived) {
                connection.close();
            }
        }
    }

    /** The connection is broken: the consumer gets the Waters received, then this failure. */
    private ReservoirFailedException failed(String what, Throwable cause) {
        ReservoirFailedException e = new ReservoirFailedException("reservoir " + name() + " from " + peer + ": " + what + " after "
                        + received + " Waters" + (cause == null ? "" : ": " + cause), cause);
        if (!endReceived && !closed) {
            failed(e);   // first: the reader then fails on the closed socket, and the first failure is the one kept
            connection.close();
        }
        return e;
    }
}
