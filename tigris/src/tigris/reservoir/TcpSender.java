/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import jaguar.ext.ExternalBuffer;
import tigris.AbstractProducerEnd;
import tigris.ReservoirFailedException;
import tigris.Spring;
import tigris.Water;

/**
 * The producer's end of a TCP reservoir: a channel on the connection between its node and the
 * consumer's ({@link TcpPeerConnection}). A Water put here is written to the socket straight from
 * its off-heap buffer (no copy in Java), by the producer's own thread when nothing is queued on
 * the connection, and released once written; each spends a credit, and credits come back as the
 * consumer's end frees buffers. Its spring draws buffers from the node's {@link NetworkBufferPool}:
 * one of its own, reserved when the channel opens, and more while the budget has room.
 */
public final class TcpSender extends AbstractProducerEnd {
    private final TcpPeerConnection connection;
    private final int id;
    private final ChannelSpring spring;
    private final AtomicInteger credits = new AtomicInteger();
    private final CompletableFuture<Void> opened = new CompletableFuture<>();
    /** The river attempt's key the consumer's node must prove (null: an end outside any river). */
    private final tigris.AttemptKey key;
    private volatile ReservoirFailedException failure;
    private volatile boolean endPut;
    private long sent;

    TcpSender(String name, TcpPeerConnection connection, int id, int window, int waterSize, NetworkBufferPool pool, tigris.AttemptKey key)
                    throws IOException {
        super(name, window);
        this.connection = connection;
        this.id = id;
        this.key = key;
        this.spring = new ChannelSpring(pool, waterSize);
    }

    /** Waits for the consumer's node to accept the channel. */
    void awaitOpened(Duration timeout) throws IOException, InterruptedException {
        try {
            opened.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            close();
            throw new IOException("reservoir " + name() + ": " + connection.peer() + " did not answer its opening within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            close();
            throw new IOException(e.getCause().getMessage(), e.getCause());
        }
    }

    /**
     * The node the consumer is on, as its connection names it.
     *
     * @return the node's name and the connection's remote address, for messages
     *         ({@code node h2 (/10.79.0.12:40211)})
     */
    public String peer() {
        return connection.peer();
    }

    @Override
    public Spring spring() {
        return spring;
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
        if (length > spring.waterSize) {
            throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + spring.waterSize + " bytes; this one has " + length);
        }
        recordPut(w);
        Water out = carriable(w);
        takeCredit(credits, this::checkFailed);
        ByteBuffer[] parts = new ByteBuffer[n + 1];
        parts[0] = TcpProtocol.frame(TcpWireDescriptor.DATA, out.kind(), id, length);
        for (int i = 0; i < n; i++) {
            parts[i + 1] = out.buffer(i).asSegment().asSlice(0, out.length(i)).asByteBuffer();
        }
        handOff(out);
        try {
            connection.send(parts, () -> reclaim(out).release());   // released once its bytes are gone, whatever happens
        } catch (IOException e) {
            throw failed("sending Water " + (sent + 1) + " failed: " + e.getMessage());
        }
        sent++;
    }

    /** Sends End of River after every Water put. */
    @Override
    public void endOfRiver() {
        if (endPut || failure != null) {
            return;
        }
        endPut = true;
        try {
            connection.send(new ByteBuffer[] {TcpProtocol.frame(TcpWireDescriptor.END, Water.DATA, id, 0)}, null);
        } catch (IOException e) {
            throw failed("sending End of River failed: " + e.getMessage());
        }
    }

    /** Sends the producer's failure in place of End of River. */
    @Override
    public void endWithFailure(String cause) {
        if (endPut || failure != null) {
            return;
        }
        endPut = true;
        connection.sendQuietly(TcpProtocol.textFrame(TcpWireDescriptor.FAILED, id, causeBytes(cause)));
    }

    /**
     * Waters sent so far: put and handed to the connection, written to the socket or queued for it.
     *
     * @return the count; the producer's thread's own, so another thread may see an older one
     */
    public long sent() {
        return sent;
    }

    /** Closes the channel (the connection stays, for the node's other reservoirs); puts afterwards fail. */
    @Override
    public void close() {
        if (failure == null) {
            failure = new ReservoirFailedException("reservoir " + name() + ": its producer's end is closed", null);
        }
        connection.removeSender(id);
        spring.close();
        signalCredit();
    }

    // ---- the connection's I/O thread -----------------------------------------------------------------

    /** The consumer's node accepted the channel with {@code first} credits, proving the attempt's key by {@code proof}. */
    void accepted(int first, byte[] proof) {
        if (key != null && !java.security.MessageDigest.isEqual(proof, TcpProtocol.acceptProof(key, name(), id, first, connection.peerNonce, connection.localNonce))) {
            refused("its acceptance does not prove the river attempt's key: it is not a node of the attempt");
            return;
        }
        if (first < 1 || first > window()) {
            refused("protocol error: " + first + " first credits (window " + window() + ")");
            return;
        }
        credits.addAndGet(first);
        opened.complete(null);
        signalCredit();
    }

    void refused(String why) {
        connection.removeSender(id);
        IOException e = new IOException("reservoir " + name() + ": " + connection.peer() + " refused it: " + why);
        opened.completeExceptionally(e);
        failed("refused: " + why);
    }

    void credit(int n) {
        if (n <= 0 || credits.get() + n > window()) {
            failed("protocol error: " + n + " credits back with " + credits.get() + " in hand (window " + window() + ")");
            return;
        }
        credits.addAndGet(n);
        signalCredit();
    }

    void cancelled(String why) {
        failed(why);
    }

    void connectionLost(String message) {
        opened.completeExceptionally(new IOException("reservoir " + name() + ": " + message));
        if (!endPut) {
            failed(message);
        }
    }

    private void checkFailed() {
        ReservoirFailedException f = failure;
        if (f != null) {
            throw f.again();
        }
    }

    /** The channel is broken: records why and wakes the producer; returns the failure. */
    private ReservoirFailedException failed(String what) {
        ReservoirFailedException e = new ReservoirFailedException("reservoir " + name() + " to " + connection.peer() + ": " + what + " after " + sent
                        + " Waters", null);
        if (failure == null) {
            failure = e;
        }
        signalCredit();
        return failure;
    }

    /**
     * The Waters a producer fills for this channel: one buffer of its own (reserved when the channel
     * opened, so a producer that fills one Water at a time for each of its reservoirs always
     * proceeds), more from the node's pool while the budget has room, given back once written.
     */
    private final class ChannelSpring implements Spring {
        private final NetworkBufferPool pool;
        final int waterSize;
        private final ArrayBlockingQueue<ExternalBuffer> own = new ArrayBlockingQueue<>(1);
        private volatile boolean closed;

        ChannelSpring(NetworkBufferPool pool, int waterSize) throws IOException {
            this.pool = pool;
            this.waterSize = waterSize;
            ExternalBuffer b = pool.take(waterSize);
            if (b == null) {
                throw new IOException("reservoir " + name() + ": the node's network memory (" + (pool.budget() >> 20)
                                + " MiB, tigris node --network-memory) has no room for a buffer of " + waterSize + " bytes: " + (pool.reserved() >> 20)
                                + " MiB are reserved by its other reservoirs");
            }
            own.add(b);
        }

        @Override
        public Water createWater(int size) {
            if (size < 1 || size > waterSize) {
                throw new IllegalArgumentException("this spring makes Waters of up to " + waterSize + " bytes; asked for " + size);
            }
            long deadline = 0;
            while (true) {
                checkFailed();
                ExternalBuffer b = own.poll();
                if (b == null) {
                    b = pool.take(waterSize);
                }
                if (b != null) {
                    return new Water(this, b);
                }
                // The budget is spent: buffers come back as connections write them.
                long now = System.nanoTime();
                if (deadline == 0) {
                    deadline = now + TimeUnit.SECONDS.toNanos(60);
                } else if (now > deadline) {
                    throw failed("the node's network memory (" + (pool.budget() >> 20) + " MiB) stayed spent for 60 s; raise tigris node --network-memory");
                }
                LockSupport.parkNanos(200_000);
            }
        }

        @Override
        public void recycle(ExternalBuffer[] buffers) {
            for (ExternalBuffer b : buffers) {
                if (closed || !b.isAlive() || b.size() != waterSize || !own.offer(b)) {
                    pool.give(b);
                }
            }
        }

        void close() {
            closed = true;
            ExternalBuffer b;
            while ((b = own.poll()) != null) {
                pool.give(b);
            }
        }
    }

    @Override
    public String toString() {
        return "TcpSender[" + name() + " to " + connection.peer() + ", channel " + id + ", credits " + credits() + "/" + window() + "]";
    }
}
