package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

import tigris.Water;

/**
 * What both ends of a TCP reservoir ({@link TcpSender}, {@link TcpReceiver}) hold: the
 * connection, framed writes under one lock, and the peer watch (heartbeats out, silence
 * detection in).
 */
final class TcpConnection {
    /** How an end hears that its connection broke: it records why, closes it, wakes its thread. */
    interface Failure {
        void failed(String what, Throwable cause);
    }

    final SocketChannel channel;
    final String peer;
    final ReentrantLock writeLock = new ReentrantLock();
    private final ByteBuffer header = TcpProtocol.header();
    private final ScheduledFuture<?> watch;
    volatile long lastSent = System.nanoTime();
    volatile long lastHeard = System.nanoTime();

    /**
     * @param peerRole "producer" or "consumer": what the peer is, for messages
     * @param finished true once End of River has passed this end: silence is then expected
     */
    TcpConnection(SocketChannel channel, String peer, long deadPeerNanos, String peerRole, BooleanSupplier finished, Failure failure) {
        this.channel = channel;
        this.peer = peer;
        this.watch = PeerWatch.watch(new PeerWatch.End() {
            @Override
            public long lastSent() {
                return lastSent;
            }

            @Override
            public long lastHeard() {
                return lastHeard;
            }

            @Override
            public void heartbeat() {
                if (!finished.getAsBoolean() && writeLock.tryLock()) {
                    try {
                        if (finished.getAsBoolean()) {
                            return;   // End of River or a failure went out while this waited: the output is shut
                        }
                        writeFrame(TcpProtocol.HEARTBEAT, 0);
                    } catch (IOException e) {
                        failure.failed("heartbeat failed", e);
                    } finally {
                        writeLock.unlock();
                    }
                }
            }

            @Override
            public void silent(long silentNanos) {
                if (!finished.getAsBoolean()) {
                    failure.failed("no word from the " + peerRole + " for " + TimeUnit.NANOSECONDS.toMillis(silentNanos) + " ms", null);
                }
            }
        }, deadPeerNanos);
    }

    /** Writes one frame; the caller holds {@link #writeLock}. */
    void writeFrame(byte type, int value) throws IOException {
        TcpProtocol.putFrame(header, type, Water.DATA, value);
        TcpProtocol.writeFully(channel, header);
        lastSent = System.nanoTime();
    }

    /** Reads the next frame header into {@code h} (the peer is alive); returns its type. */
    byte readFrame(ByteBuffer h) throws IOException {
        h.clear();
        TcpProtocol.readFully(channel, h, "a frame");
        lastHeard = System.nanoTime();
        return h.get(TcpWireDescriptor.FRAME_TYPE_OFFSET);
    }

    /** The frame header, for a write that sends a payload behind it; the caller holds the lock. */
    ByteBuffer header(byte type, byte kind, int value) {
        TcpProtocol.putFrame(header, type, kind, value);
        return header;
    }

    void stopWatch() {
        watch.cancel(false);
    }

    void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing: nothing left to tell the peer
        }
    }
}
