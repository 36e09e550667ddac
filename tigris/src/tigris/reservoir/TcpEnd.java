package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import tigris.Reservoir;
import tigris.ReservoirFailedException;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * What both ends of a TCP reservoir share: the connection, framed writes under one lock, the
 * Water pool, and the peer watch (heartbeats out, silence detection in).
 */
abstract sealed class TcpEnd extends Reservoir permits TcpSender, TcpReceiver {
    final SocketChannel channel;
    final String peer;
    final WaterPool spring;
    final ReentrantLock writeLock = new ReentrantLock();
    private final ByteBuffer header = TcpProtocol.header();
    private final ScheduledFuture<?> watch;
    volatile long lastSent = System.nanoTime();
    volatile long lastHeard = System.nanoTime();

    TcpEnd(String name, SocketChannel channel, String peer, int window, int waterSize, long deadPeerNanos) {
        super(name, window);
        this.channel = channel;
        this.peer = peer;
        this.spring = new WaterPool(waterSize, window + 1);
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
                if (!isFinished() && writeLock.tryLock()) {
                    try {
                        writeFrame(TcpProtocol.HEARTBEAT, 0);
                    } catch (IOException e) {
                        failed("heartbeat failed", e);
                    } finally {
                        writeLock.unlock();
                    }
                }
            }

            @Override
            public void silent(long silentNanos) {
                if (!isFinished()) {
                    failed("no word from the " + peerRole() + " for " + TimeUnit.NANOSECONDS.toMillis(silentNanos) + " ms", null);
                }
            }
        }, deadPeerNanos);
    }

    /** True once End of River has passed this end: silence is then expected. */
    abstract boolean isFinished();

    /** "producer" or "consumer": what the peer is, for messages. */
    abstract String peerRole();

    /** The connection is broken: record why, close it, wake the waiting thread; returns the failure. */
    abstract ReservoirFailedException failed(String what, Throwable cause);

    /** Writes one frame; the caller holds {@link #writeLock}. */
    final void writeFrame(byte type, int value) throws IOException {
        TcpProtocol.putFrame(header, type, Water.DATA, value);
        TcpProtocol.writeFully(channel, header);
        lastSent = System.nanoTime();
    }

    /** Reads the next frame header into {@code h} (the peer is alive); returns its type, value at 4. */
    final byte readFrame(ByteBuffer h) throws IOException {
        h.clear();
        TcpProtocol.readFully(channel, h, "a frame");
        lastHeard = System.nanoTime();
        return h.get(0);
    }

    /** The frame header, for a write that sends a payload behind it; the caller holds the lock. */
    final ByteBuffer header(byte type, byte kind, int value) {
        TcpProtocol.putFrame(header, type, kind, value);
        return header;
    }

    final void stopWatch() {
        watch.cancel(false);
    }

    final void closeChannel() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing: nothing left to tell the peer
        }
    }

    @Override
    public Spring spring() {
        return spring;
    }
}
