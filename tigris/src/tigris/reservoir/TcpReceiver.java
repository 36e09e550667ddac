/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

import jaguar.ext.ExternalBuffer;
import tigris.Recycler;
import tigris.ReservoirFailedException;
import tigris.Water;

/**
 * The consumer's end of a TCP reservoir: a channel on the connection between its node and the
 * producer's ({@link TcpPeerConnection}). Credits are buffers, as in Flink's network stack: the
 * channel holds {@link #exclusive()} buffers of its own, granted to the producer when it opens, and
 * takes floating ones from its node's {@link NetworkBufferPool} when the producer has spent every
 * credit it holds (up to the reservoir's window; kept until End of River, so a busy reservoir
 * does not trade buffers with the pool per Water); the connection's I/O thread receives each
 * Water's bytes straight into a granted buffer (no copy in Java), and a buffer is granted again
 * when the Water in it is released. So a consumer that falls behind, or passes its Waters on to a slow one,
 * holds its credits, and a Distributed Queue upstream sees it. A broken connection, a protocol
 * error or a silent peer fails the reservoir: the consumer gets the Waters received before, then
 * {@link ReservoirFailedException}.
 */
public final class TcpReceiver extends InboxConsumerEnd implements Recycler {
    /** Buffers a channel holds whatever its traffic: its first credits. */
    static final int EXCLUSIVE_BUFFERS = 2;

    private final TcpPeerConnection connection;
    private final int id;
    private final NetworkBufferPool pool;
    private final int window;
    private final int waterSize;
    private final int exclusive;
    private final int creditBatch;

    // Guarded by this: buffers free to receive into, granted = credits the producer holds, the rest not yet announced.
    private final ArrayDeque<ExternalBuffer> free = new ArrayDeque<>();
    private int granted;
    private int unannounced;
    /** Buffers this channel has reserved from the pool: free, granted, in the inbox or the consumer's. */
    private int held;

    /** The buffer a Water is being read into: the I/O thread's only. */
    private ExternalBuffer incoming;
    private volatile boolean endReceived;
    private volatile boolean closed;
    private volatile long received;

    /** Made by the data plane when the producer's OPEN matches an expected end; {@code exclusive} buffers are reserved already. */
    TcpReceiver(String name, TcpPeerConnection connection, int id, int window, int waterSize, int exclusive, NetworkBufferPool pool) {
        super(name, window);
        this.connection = connection;
        this.id = id;
        this.pool = pool;
        this.window = window;
        this.waterSize = waterSize;
        this.exclusive = exclusive;
        this.creditBatch = Math.max(1, window / 4);
        for (int i = 0; i < exclusive; i++) {
            free.add(pool.allocate(waterSize));
        }
        held = exclusive;
        granted = exclusive;
    }

    /** How many buffers of its own a reservoir of {@code window} gets: its first credits. */
    static int exclusiveFor(int window) {
        return Math.min(window, EXCLUSIVE_BUFFERS);
    }

    int exclusive() {
        return exclusive;
    }

    /**
     * The node the producer is on, as its connection names it.
     *
     * @return the node's name and the connection's remote address, for messages
     *         ({@code node h2 (/10.79.0.12:40211)})
     */
    public String peer() {
        return connection.peer();
    }

    /**
     * Waters received so far: read from the socket and queued for the consumer, taken or not.
     *
     * @return the count, as the I/O thread last stored it; any thread may read it
     */
    public long received() {
        return received;
    }

    /** The data plane has accepted the channel: nothing to do yet; credits went with the ACCEPT. */
    void joined() {
    }

    // ---- the I/O thread ---------------------------------------------------------------------------

    /** Where a Water of {@code length} bytes is to be read, or null if this channel takes none (its bytes are skipped). */
    ByteBuffer receiveInto(int length) {
        if (closed) {
            return null;
        }
        if (endReceived) {
            protocolError("a Water after End of River");
            return null;
        }
        if (length > waterSize) {
            protocolError("a Water of " + length + " bytes, more than the " + waterSize + " agreed");
            return null;
        }
        synchronized (this) {
            if (granted == 0) {
                protocolError("a Water beyond the producer's credits (window " + window + ")");
                return null;
            }
            granted--;
            incoming = free.pop();
        }
        return incoming.asSegment().asSlice(0, length).asByteBuffer();
    }

    /** The Water {@link #receiveInto} asked for has arrived whole. */
    void received(byte kind, int length) {
        ExternalBuffer b = incoming;
        incoming = null;
        if (closed) {
            recycle(new ExternalBuffer[] {b});
            return;
        }
        Water w = new Water(this, b);
        w.setLength(length);
        w.setKind(kind);
        detach(w);
        if (!arrived(w)) {
            protocolError("more Waters than the window of " + window);
            return;
        }
        received++;
        int announce;
        synchronized (this) {
            if (granted == 0 && held < window) {
                // The producer has spent every credit: it likely has more to send. Floating buffers, if the node has room.
                for (int want = window - held; want > 0; want--) {
                    ExternalBuffer f = pool.take(waterSize);
                    if (f == null) {
                        break;
                    }
                    free.add(f);
                    held++;
                    unannounced++;
                }
            }
            announce = takeAnnouncement();
        }
        announce(announce);
    }

    /** The connection broke while a Water was being read: its buffer goes back. */
    void abandonIncoming() {
        ExternalBuffer b = incoming;
        incoming = null;
        if (b != null) {
            synchronized (this) {
                held--;
            }
            pool.give(b);
        }
    }

    void endArrived() {
        if (!endReceived && !closed) {
            endReceived = true;
            ended();
            freeBuffers();
        }
    }

    void producerEnded(String cause) {
        if (!endReceived && !closed) {
            endReceived = true;
            producerFailedWith(cause);
            freeBuffers();
        }
    }

    /** Gives the free buffers back to the node's pool: nothing more will arrive. */
    private void freeBuffers() {
        synchronized (this) {
            ExternalBuffer b;
            while ((b = free.poll()) != null) {
                held--;
                pool.give(b);
            }
            granted = 0;
            unannounced = 0;
        }
    }

    void connectionLost(String message) {
        failed(message);
    }

    // ---- credits ----------------------------------------------------------------------------------

    /** A released Water's buffer comes back: granted again, or, once the stream has ended, back to the node's pool. */
    @Override
    public void recycle(ExternalBuffer[] buffers) {
        int announce;
        synchronized (this) {
            for (ExternalBuffer b : buffers) {
                if (closed || endReceived || !b.isAlive() || b.size() != waterSize) {
                    held--;
                    pool.give(b);
                } else {
                    free.add(b);
                    unannounced++;
                }
            }
            announce = takeAnnouncement();
        }
        announce(announce);
    }

    /** Credits to send now: every unannounced one, once a batch is ready or the producer runs low. The caller holds the lock. */
    private int takeAnnouncement() {
        if (unannounced == 0 || endReceived || closed || (granted >= creditBatch && unannounced < creditBatch)) {
            return 0;
        }
        int n = unannounced;
        granted += n;
        unannounced = 0;
        return n;
    }

    private void announce(int credits) {
        if (credits > 0) {
            connection.sendQuietly(new ByteBuffer[] {TcpProtocol.frame(TcpWireDescriptor.CREDIT, Water.DATA, id, credits)});
        }
    }

    /** Credits follow the Waters' buffers ({@link #recycle}): there is nothing more to give back when an operation ends. */
    @Override
    public void creditBack() {
    }

    // ---- failure and close --------------------------------------------------------------------------

    /** The producer broke the protocol on this channel: the reservoir fails and the producer is told why. */
    private void protocolError(String what) {
        String why = "protocol error: " + what;
        failed(why);
        connection.removeReceiver(id);
        connection.sendQuietly(TcpProtocol.textFrame(TcpWireDescriptor.CANCEL, id, TcpProtocol.utf8("the consumer's end refused it: " + why,
                        TcpProtocol.MAX_CONTROL)));
    }

    private void failed(String what) {
        if (!endReceived && !closed) {
            failed(new ReservoirFailedException("reservoir " + name() + " from " + connection.peer() + ": " + what + " after " + received + " Waters", null));
        }
    }

    /** Frees the channel's buffers; a producer still sending is told the consumer's end went away. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        boolean cancel = !endReceived && !connection.isClosed();
        closed = true;
        connection.removeReceiver(id);
        if (cancel) {
            connection.sendQuietly(TcpProtocol.textFrame(TcpWireDescriptor.CANCEL, id, TcpProtocol.utf8("the consumer's end of " + name() + " was closed",
                            TcpProtocol.MAX_CONTROL)));
        }
        releaseQueued();
        freeBuffers();
    }

    @Override
    public String toString() {
        return "TcpReceiver[" + name() + " from " + connection.peer() + ", channel " + id + "]";
    }
}
