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

/**
 * The consumer's end of a TCP reservoir: a reader thread receives each Water's bytes straight
 * into an off-heap buffer from a pool of {@code window} (no copy in Java), and the consumer gets
 * them in order. Credits go back in batches of a quarter window as Waters are processed. A
 * connection that ends before End of River, a protocol error or a silent peer fails the reservoir:
 * the consumer gets the Waters received before, then {@link ReservoirFailedException}.
 */
public final class TcpReceiver extends TcpEnd {
    private final Inbox inbox;
    private final int creditBatch;
    private final Thread reader;
    private volatile boolean endReceived;
    private volatile boolean closed;
    private volatile long received;
    /** Consumer thread only. */
    private int pendingCredits;

    private TcpReceiver(String name, SocketChannel channel, String peer, int window, int waterSize, long deadPeerNanos) {
        super(name, channel, peer, window, waterSize, deadPeerNanos);
        this.inbox = new Inbox(window);
        this.creditBatch = Math.max(1, window / 4);
        this.reader = Thread.ofPlatform().daemon().name("tigris-receive-" + name).start(this::receive);
    }

    @Override
    boolean isFinished() {
        return endReceived;
    }

    @Override
    String peerRole() {
        return "producer";
    }

    /**
     * Accepts the next producer on {@code server} and takes its reservoir if it is named
     * {@code expectedName} (null: any name).
     *
     * @throws IOException naming the peer if it is not a Tigris reservoir end, speaks another
     *         version, asks for an impossible window or water size, or names another reservoir;
     *         the peer is told why
     */
    public static TcpReceiver accept(ServerSocketChannel server, String expectedName, Duration deadPeer) throws IOException {
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
                String refusal = null;
                if (version != TcpProtocol.VERSION) {
                    refusal = "protocol version " + version + ", this end speaks " + TcpProtocol.VERSION;
                } else if (wv[0] < 1 || wv[0] > TcpProtocol.MAX_WINDOW || wv[1] < 1 || wv[1] > TcpProtocol.MAX_WATER) {
                    refusal = "window " + wv[0] + " and water size " + wv[1] + " out of range (1.." + TcpProtocol.MAX_WINDOW + ", 1.."
                                    + TcpProtocol.MAX_WATER + ")";
                } else if (expectedName != null && !expectedName.equals(offered)) {
                    refusal = "this end expects reservoir " + expectedName + ", not " + offered;
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

    /** The producer's credits are at the other end; this end reports what it would grant. */
    @Override
    public int credits() {
        return 0;
    }

    @Override
    public void put(Water w) {
        throw new UnsupportedOperationException("reservoir " + name() + ": this is the consumer's end; the producer's is at " + peer);
    }

    @Override
    public Water poll() {
        Water w = inbox.poll();
        return w == null ? null : takeOver(w);
    }

    @Override
    public boolean isEnded() {
        return inbox.isEnded();
    }

    @Override
    public void endOfRiver() {
        throw new UnsupportedOperationException("reservoir " + name() + ": End of River comes from the producer's end at " + peer);
    }

    @Override
    public void creditBack() {
        if (++pendingCredits < creditBatch || endReceived || closed) {
            return;
        }
        int n = pendingCredits;
        pendingCredits = 0;
        writeLock.lock();
        try {
            writeFrame(TcpProtocol.CREDIT, n);
        } catch (IOException e) {
            // The reader sees the broken connection too and fails the inbox; nothing to add.
        } finally {
            writeLock.unlock();
        }
    }

    /** Waters received so far. */
    public long received() {
        return received;
    }

    @Override
    public void close() {
        closed = true;
        stopWatch();
        closeChannel();
        try {
            reader.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        inbox.drain(w -> takeOver(w).release());
        spring.drain();
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
                TcpProtocol.readFully(channel, h, "a frame");
                lastHeard = System.nanoTime();
                byte type = h.get(0);
                byte kind = h.get(TcpProtocol.FRAME_KIND_OFFSET);
                int value = h.getInt(TcpProtocol.FRAME_VALUE_OFFSET);
                h.clear();
                if (type == TcpProtocol.DATA && !endReceived) {
                    if (value < 0 || value > spring.waterSize()) {
                        failed("protocol error: a Water of " + Integer.toUnsignedString(value) + " bytes, more than the " + spring.waterSize()
                                        + " agreed", null);
                        return;
                    }
                    Water w = spring.createWater(spring.waterSize());
                    ByteBuffer into = w.buffer().asSegment().asSlice(0, value).asByteBuffer();
                    payloadThenHeader[0] = into;
                    while (into.hasRemaining()) {
                        if (channel.read(payloadThenHeader) < 0) {
                            throw new java.io.EOFException("connection closed by the peer while reading Water " + (received + 1));
                        }
                    }
                    payloadThenHeader[0] = null;
                    lastHeard = System.nanoTime();
                    w.setLength(value);
                    w.setKind(kind);
                    handOff(w);
                    if (!inbox.offer(w)) {
                        failed("protocol error: the producer sent more than its window of " + window() + " Waters", null);
                        return;
                    }
                    received++;
                    signalData();
                } else if (type == TcpProtocol.END && !endReceived) {
                    endReceived = true;
                    inbox.end();
                    signalData();
                    stopWatch();
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
                closeChannel();
            }
        }
    }

    @Override
    ReservoirFailedException failed(String what, Throwable cause) {
        ReservoirFailedException e = new ReservoirFailedException("reservoir " + name() + " from " + peer + ": " + what + " after "
                        + received + " Waters" + (cause == null ? "" : ": " + cause), cause);
        if (!endReceived && !closed) {
            inbox.fail(e);
            closeChannel();
            signalData();
        }
        return e;
    }
}
