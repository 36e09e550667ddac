package tigris.reservoir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import tigris.AbstractProducerEnd;
import tigris.ReservoirFailedException;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * The producer's end of a TCP reservoir: Waters put here are written to the socket straight from
 * their off-heap buffers (no copy in Java) and released; the consumer's end returns credits in
 * batches, which a reader thread takes in.
 */
public final class TcpSender extends AbstractProducerEnd {
    private final TcpConnection connection;
    private final String peer;
    private final WaterPool spring;
    private final AtomicInteger credits;
    private final ByteBuffer[] gather = new ByteBuffer[2];
    private final Thread reader;
    private volatile ReservoirFailedException failure;
    private volatile boolean endPut;
    private long sent;

    private TcpSender(String name, SocketChannel channel, String peer, int window, int waterSize, long deadPeerNanos) {
        super(name, window);
        this.peer = peer;
        this.spring = new WaterPool(waterSize, window + 1);
        this.credits = new AtomicInteger(window);
        this.connection = new TcpConnection(channel, peer, deadPeerNanos, "consumer", () -> endPut, this::failed);
        this.reader = Thread.ofPlatform().daemon().name("tigris-credits-" + name).start(this::readCredits);
    }

    @Override
    public Spring spring() {
        return spring;
    }

    /** Connects an end outside any river ({@link #connect(String, InetSocketAddress, int, int, tigris.RiverAttempt, Duration)}). */
    public static TcpSender connect(String name, InetSocketAddress to, int window, int waterSize, Duration deadPeer) throws IOException {
        return connect(name, to, window, waterSize, null, deadPeer);
    }

    /**
     * Connects to the consumer's end listening at {@code to} and introduces this reservoir, of river
     * attempt {@code attempt} (null: none): the consumer refuses a producer of another attempt.
     *
     * @param window Waters in flight at most (the consumer keeps that many buffers)
     * @param waterSize largest Water in bytes
     * @param deadPeer how long the consumer may stay silent before the reservoir fails
     * @throws IOException naming the peer if it cannot be reached or refuses the reservoir
     */
    public static TcpSender connect(String name, InetSocketAddress to, int window, int waterSize, tigris.RiverAttempt attempt, Duration deadPeer)
                    throws IOException {
        if (window < 1 || window > TcpProtocol.MAX_WINDOW || waterSize < 1 || waterSize > TcpProtocol.MAX_WATER) {
            throw new IllegalArgumentException("reservoir " + name + ": window must be in 1.." + TcpProtocol.MAX_WINDOW + " and water size in 1.."
                            + TcpProtocol.MAX_WATER + "; got " + window + ", " + waterSize);
        }
        SocketChannel ch = SocketChannel.open();
        String peer = to.toString();
        try {
            ch.socket().connect(to, (int) Math.min(Integer.MAX_VALUE, deadPeer.toMillis()));
            ch.socket().setTcpNoDelay(true);
            PeerWatch.within(ch, deadPeer, "the consumer at " + peer, () -> {
                TcpProtocol.writeFully(ch, TcpProtocol.hello(name, window, waterSize, attempt));
                ByteBuffer w = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
                TcpProtocol.readFully(ch, w, "the welcome of " + peer);
                int magic = w.flip().getInt();
                int status = w.getInt();
                if (magic != TcpProtocol.MAGIC) {
                    throw new IOException("reservoir " + name + ": " + peer + " is not a Tigris reservoir end (magic 0x"
                                    + Integer.toHexString(magic) + ")");
                }
                String message = TcpProtocol.readString(ch, "the welcome of " + peer);
                if (status != 0) {
                    throw new IOException("reservoir " + name + ": " + peer + " refused it: " + message);
                }
                return null;
            });
            return new TcpSender(name, ch, peer, window, waterSize, deadPeer.toNanos());
        } catch (IOException | RuntimeException e) {
            ch.close();
            if (e instanceof IOException io && (io.getMessage() == null || !io.getMessage().startsWith("reservoir "))) {
                throw new IOException("reservoir " + name + ": cannot connect to " + peer + ": " + e, e);
            }
            throw e;
        }
    }

    @Override
    public int credits() {
        return credits.get();
    }

    @Override
    public void put(Water w) throws InterruptedException {
        checkFailed();
        if (endPut) {
            throw new IllegalStateException("reservoir " + name() + ": put after End of River");
        }
        int length = 0;
        int n = w.bufferCount();
        for (int i = 0; i < n; i++) {
            length = Math.addExact(length, w.length(i));
        }
        if (length > spring.waterSize()) {
            throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + spring.waterSize() + " bytes; this one has " + length);
        }
        recordPut(w);
        takeCredit(credits, this::checkFailed);
        connection.writeLock.lock();
        try {
            ByteBuffer[] parts = n == 1 ? gather : new ByteBuffer[n + 1];
            parts[0] = connection.header(TcpProtocol.DATA, w.kind(), length);
            for (int i = 0; i < n; i++) {
                parts[i + 1] = w.buffer(i).asSegment().asSlice(0, w.length(i)).asByteBuffer();
            }
            long total = TcpProtocol.FRAME_HEADER + (long) length;
            for (long done = 0; done < total;) {
                done += connection.channel.write(parts);
            }
            parts[1] = null;
            connection.lastSent = System.nanoTime();
            sent++;
        } catch (IOException e) {
            throw failed("sending Water " + (sent + 1) + " failed", e);
        } finally {
            connection.writeLock.unlock();
        }
        w.release();
    }

    /** Sends End of River and shuts the output down; the consumer closes the connection. */
    @Override
    public void endOfRiver() {
        if (endPut || failure != null) {
            return;
        }
        connection.writeLock.lock();
        try {
            endPut = true;
            connection.writeFrame(TcpProtocol.END, 0);
            connection.channel.shutdownOutput();
        } catch (IOException e) {
            throw failed("sending End of River failed", e);
        } finally {
            connection.writeLock.unlock();
        }
    }

    /** Sends the producer's failure in place of End of River and shuts the output down. */
    @Override
    public void endWithFailure(String cause) {
        if (endPut || failure != null) {
            return;
        }
        connection.writeLock.lock();
        try {
            endPut = true;
            byte[] why = causeBytes(cause);
            connection.writeFrame(TcpProtocol.FAILED, why.length);
            TcpProtocol.writeFully(connection.channel, java.nio.ByteBuffer.wrap(why));
            connection.channel.shutdownOutput();
        } catch (IOException e) {
            failed("sending the producer's failure failed", e);   // the consumer then sees the connection lost
        } finally {
            connection.writeLock.unlock();
        }
    }

    /** Waters sent so far. */
    public long sent() {
        return sent;
    }

    /** Closes the connection: at once, or, after End of River, once the consumer has closed its side. */
    @Override
    public void close() {
        if (endPut && failure == null) {
            try {
                reader.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        connection.stopWatch();
        connection.close();
        spring.drain();
    }

    /** The reader thread: credits and heartbeats from the consumer, until it closes. */
    private void readCredits() {
        ByteBuffer h = TcpProtocol.header();
        try {
            while (true) {
                byte type = connection.readFrame(h);
                int value = h.getInt(TcpProtocol.FRAME_VALUE_OFFSET);
                if (type == TcpProtocol.CREDIT && value > 0 && value <= window()) {
                    credits.addAndGet(value);
                    signalCredit();
                } else if (type != TcpProtocol.HEARTBEAT) {
                    failed("protocol error: " + TcpProtocol.typeName(type) + " " + value + " from the consumer", null);
                    return;
                }
            }
        } catch (IOException e) {
            if (!endPut) {
                failed("connection lost", e);
            }
        }
    }

    private void checkFailed() {
        ReservoirFailedException f = failure;
        if (f != null) {
            throw f.again();
        }
    }

    /** The connection is broken: records why, closes it, wakes the producer; returns the failure. */
    private ReservoirFailedException failed(String what, Throwable cause) {
        ReservoirFailedException e = new ReservoirFailedException("reservoir " + name() + " to " + peer + ": " + what + " after " + sent
                        + " Waters" + (cause == null ? "" : ": " + cause), cause);
        if (failure == null) {
            failure = e;
        }
        connection.close();
        signalCredit();
        return failure;
    }
}
