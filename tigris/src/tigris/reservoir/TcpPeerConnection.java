/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one TCP connection between this node and a peer node, carrying every reservoir between them
 * as a channel ({@link TcpSender} out, {@link TcpReceiver} in, both ways on one connection). A
 * producer's thread writes its frame itself when nothing is queued before it (no hand-over to
 * another thread in the common case) and queues what the socket does not take at once, which the
 * connection's I/O thread writes when it can. That thread reads every frame: a Water's bytes go
 * straight into a buffer its channel granted, so one slow consumer never blocks the others. A
 * broken connection or a silent peer fails every channel on it, naming the peer.
 */
final class TcpPeerConnection {
    /** How long the connection may have sent nothing before it sends a heartbeat. */
    static final long HEARTBEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    /** Frames one gathering write takes from the queue at most. */
    private static final int GATHER = 32;
    /** Bytes read ahead: several frames' headers and small Waters per read. */
    private static final int READ_AHEAD = 64 * 1024;

    private enum ReadState { HEADER, DATA, CONTROL, SKIP }

    /** A frame the socket did not take at once, and what to do once it is written (release its Water). */
    private record Outgoing(ByteBuffer[] parts, Runnable done) {
        boolean written() {
            return !parts[parts.length - 1].hasRemaining();
        }
    }

    final SocketChannel channel;
    /** The peer node's name, as its hello or welcome said. */
    final String peerNode;
    private final String peer;
    private final TcpDataPlane plane;
    final TcpIoThread io;
    private final long deadPeerNanos;
    private volatile SelectionKey key;
    /** TLS on this connection, or null (the OPEN and ACCEPT proofs authenticate it either way). */
    private final TcpTls tls;
    /** This node's and the peer's fresh values for the connection: the proofs of OPEN and ACCEPT cover them. */
    final byte[] localNonce;
    final byte[] peerNonce;
    /**
     * True if this node's reservoirs may open channels on it: it dialed the peer at the address an
     * agent gave, or the peer proved a river attempt's key on it. A connection a stranger dialed,
     * naming itself after a node, carries none of this node's Waters.
     */
    private volatile boolean trusted;

    private final ReentrantLock writeLock = new ReentrantLock();
    /** Frames waiting for the socket, in order; written by the I/O thread. Guarded by writeLock. */
    private final ArrayDeque<Outgoing> queue = new ArrayDeque<>();

    /** Channels this node produces into, by their number (this node's, per connection). */
    private final ConcurrentHashMap<Integer, TcpSender> senders = new ConcurrentHashMap<>();
    /** Channels the peer produces into, by the peer's number. */
    private final ConcurrentHashMap<Integer, TcpReceiver> receivers = new ConcurrentHashMap<>();
    private final AtomicInteger nextChannel = new AtomicInteger(1);

    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile String failure;
    volatile long lastSent = System.nanoTime();
    volatile long lastHeard = System.nanoTime();

    // The reader's state: the I/O thread's only.
    private final ByteBuffer in = ByteBuffer.allocateDirect(READ_AHEAD).order(ByteOrder.LITTLE_ENDIAN);
    private ReadState state = ReadState.HEADER;
    private byte type;
    private byte kind;
    private int frameChannel;
    private int value;
    private ByteBuffer target;
    private TcpReceiver targetReceiver;
    private long skip;

    TcpPeerConnection(TcpDataPlane plane, SocketChannel channel, String peerNode, TcpIoThread io, long deadPeerNanos, byte[] localNonce, byte[] peerNonce,
                    boolean dialed, TcpTls tls) throws IOException {
        this.tls = tls;
        if (tls != null) {
            tls.drainPlain(in);   // what the peer sent right after its hello or welcome
        }
        this.plane = plane;
        this.channel = channel;
        this.peerNode = peerNode;
        this.localNonce = localNonce;
        this.peerNonce = peerNonce;
        this.trusted = dialed;
        this.peer = "node " + peerNode + " (" + channel.getRemoteAddress() + ")";
        this.io = io;
        this.deadPeerNanos = deadPeerNanos;
    }

    /** The peer, for messages: "node h2 (/10.79.0.12:40211)". */
    String peer() {
        return peer;
    }

    /** The I/O thread has taken the connection on. */
    void registered(SelectionKey k) {
        writeLock.lock();
        try {
            key = k;
            if (!queue.isEmpty()) {
                k.interestOpsOr(SelectionKey.OP_WRITE);
            }
        } finally {
            writeLock.unlock();
        }
        if (closed.get()) {
            k.cancel();
        }
    }

    boolean isClosed() {
        return closed.get();
    }

    boolean isTrusted() {
        return trusted;
    }

    /** Channels open on this connection, both ways. */
    int channels() {
        return senders.size() + receivers.size();
    }

    // ---- channels -------------------------------------------------------------------------------

    /** Opens a channel for reservoir {@code reservoir} toward the peer, proving {@code key}; its end waits for the peer's answer. */
    TcpSender open(String reservoir, tigris.RiverAttempt attempt, tigris.AttemptKey key, int window, int waterSize, NetworkBufferPool pool)
                    throws IOException {
        int id = nextChannel.getAndIncrement();
        TcpSender s = new TcpSender(reservoir, this, id, window, waterSize, pool, key);
        senders.put(id, s);
        try {
            send(TcpProtocol.open(id, reservoir, attempt, window, waterSize, key, peerNonce, localNonce), null);
        } catch (IOException e) {
            senders.remove(id);
            s.close();
            throw e;
        }
        return s;
    }

    void removeSender(int id) {
        senders.remove(id);
    }

    void removeReceiver(int id) {
        receivers.remove(id);
    }

    // ---- writing --------------------------------------------------------------------------------

    /**
     * Writes a frame (its header and payload {@code parts}) after every frame before it, from the
     * calling thread if nothing is queued, else by the I/O thread. {@code done} (may be null) runs
     * exactly once: when the frame's bytes are no longer needed (written, or encrypted under TLS),
     * on whichever thread that happened, or when the connection failed before, or at once if this
     * throws.
     *
     * @throws IOException naming the peer if the connection is broken
     */
    void send(ByteBuffer[] parts, Runnable done) throws IOException {
        boolean queued = false;
        ByteBuffer[] out = parts;
        Runnable afterWrite = done;
        writeLock.lock();
        try {
            if (closed.get()) {
                throw new IOException("the connection to " + peer + " is broken: " + failure);
            }
            if (tls != null) {
                out = new ByteBuffer[] {tls.wrap(parts)};   // encrypted now, in order: the plaintext is free at once
                afterWrite = null;
            }
            if (!queue.isEmpty() || !writeNow(out)) {
                if (tls != null) {
                    // The encryption buffer is reused by the next frame: what waits is a copy.
                    ByteBuffer copy = ByteBuffer.allocate(out[0].remaining()).put(out[0]).flip();
                    out = new ByteBuffer[] {copy};
                }
                queue.add(new Outgoing(out, afterWrite));
                queued = true;
                SelectionKey k = key;
                if (k != null && queue.size() == 1) {
                    k.interestOpsOr(SelectionKey.OP_WRITE);
                    io.wakeup();
                }
            }
        } catch (IOException e) {
            fail("writing failed", e);
            throw new IOException("the connection to " + peer + " is broken: " + failure, e);
        } finally {
            writeLock.unlock();
            if (done != null && !(queued && afterWrite != null)) {
                done.run();
            }
        }
    }

    /** As {@link #send}, for a frame whose loss the connection's failure already reports (credits, heartbeats, refusals). */
    void sendQuietly(ByteBuffer[] parts) {
        try {
            send(parts, null);
        } catch (IOException e) {
            // The channels on the connection are failed with the reason.
        }
    }

    /** Writes as much of {@code parts} as the socket takes now; true if all of it. The caller holds writeLock. */
    private boolean writeNow(ByteBuffer[] parts) throws IOException {
        ByteBuffer last = parts[parts.length - 1];
        while (true) {
            long n = channel.write(parts);
            if (n > 0) {
                lastSent = System.nanoTime();
            }
            if (!last.hasRemaining()) {
                return true;
            }
            if (n == 0) {
                return false;
            }
        }
    }

    /** The I/O thread: the socket takes more; writes queued frames, several per call. */
    void writable() {
        List<Runnable> done = new ArrayList<>();
        writeLock.lock();
        try {
            while (!queue.isEmpty()) {
                List<ByteBuffer> gather = new ArrayList<>();
                int frames = 0;
                for (Outgoing o : queue) {
                    for (ByteBuffer b : o.parts()) {
                        gather.add(b);
                    }
                    if (++frames == GATHER) {
                        break;
                    }
                }
                long n = channel.write(gather.toArray(ByteBuffer[]::new));
                if (n > 0) {
                    lastSent = System.nanoTime();
                }
                while (!queue.isEmpty() && queue.peek().written()) {
                    Outgoing o = queue.poll();
                    if (o.done() != null) {
                        done.add(o.done());
                    }
                }
                if (n == 0) {
                    break;
                }
            }
            if (queue.isEmpty() && key != null && key.isValid()) {
                key.interestOpsAnd(~SelectionKey.OP_WRITE);
            }
        } catch (IOException e) {
            fail("writing failed", e);
        } finally {
            writeLock.unlock();
        }
        done.forEach(Runnable::run);
    }

    /** True once every frame queued has been written (or the connection is broken). */
    boolean flushed() {
        writeLock.lock();
        try {
            return queue.isEmpty() || closed.get();
        } finally {
            writeLock.unlock();
        }
    }

    // ---- reading --------------------------------------------------------------------------------

    /** The I/O thread: bytes arrived; reads and dispatches every whole frame, a Water's payload straight into its buffer. */
    void readable() {
        if (tls != null) {
            readableTls();
            return;
        }
        try {
            while (!closed.get()) {
                parseBuffered();
                int n;
                if (state == ReadState.DATA && in.position() == 0 && target.remaining() >= READ_AHEAD / 2) {
                    n = channel.read(target);   // a large Water: no copy through the read-ahead buffer
                    if (n > 0 && !target.hasRemaining()) {
                        dataComplete();
                    }
                } else {
                    n = channel.read(in);
                }
                if (n < 0) {
                    throw new EOFException("the peer closed the connection");
                }
                if (n == 0) {
                    return;
                }
                lastHeard = System.nanoTime();
            }
        } catch (IOException e) {
            fail("reading failed", e);
        }
    }

    /** As {@link #readable}, through TLS: every byte is unwrapped into the read-ahead buffer, then parsed. */
    private void readableTls() {
        try {
            while (!closed.get()) {
                parseBuffered();
                int produced = tls.read(channel, in);
                if (produced < 0) {
                    throw new EOFException("the peer closed the connection");
                }
                if (tls.lastRead() > 0) {
                    lastHeard = System.nanoTime();
                }
                if (produced == 0 && tls.lastRead() <= 0) {
                    return;
                }
            }
        } catch (IOException e) {
            fail("reading failed", e);
        }
    }

    /** Consumes the read-ahead buffer's whole frames and payload bytes; leaves a partial header in it. */
    private void parseBuffered() throws IOException {
        in.flip();
        try {
            while (in.hasRemaining() && !closed.get()) {
                switch (state) {
                    case HEADER -> {
                        if (in.remaining() < TcpProtocol.FRAME_HEADER) {
                            return;
                        }
                        int at = in.position();
                        type = in.get(at + TcpWireDescriptor.FRAME_TYPE_OFFSET);
                        kind = in.get(at + TcpWireDescriptor.FRAME_KIND_OFFSET);
                        frameChannel = in.getInt(at + TcpWireDescriptor.FRAME_CHANNEL_OFFSET);
                        value = in.getInt(at + TcpWireDescriptor.FRAME_VALUE_OFFSET);
                        in.position(at + TcpProtocol.FRAME_HEADER);
                        header();
                    }
                    case DATA -> {
                        copy(target);
                        if (!target.hasRemaining()) {
                            dataComplete();
                        }
                    }
                    case CONTROL -> {
                        copy(target);
                        if (!target.hasRemaining()) {
                            state = ReadState.HEADER;
                            control(target.flip());
                        }
                    }
                    case SKIP -> {
                        int k = (int) Math.min(skip, in.remaining());
                        in.position(in.position() + k);
                        skip -= k;
                        if (skip == 0) {
                            state = ReadState.HEADER;
                        }
                    }
                }
            }
        } finally {
            in.compact();
        }
    }

    private void copy(ByteBuffer into) {
        int k = Math.min(into.remaining(), in.remaining());
        into.put(into.position(), in, in.position(), k);
        into.position(into.position() + k);
        in.position(in.position() + k);
    }

    /** A frame's header has been read: acts on it or sets up the read of its payload. */
    private void header() throws IOException {
        switch (type) {
            case TcpWireDescriptor.DATA -> {
                if (value < 0 || value > TcpProtocol.MAX_WATER) {
                    throw protocolError("a Water of " + Integer.toUnsignedString(value) + " bytes");
                }
                TcpReceiver r = receivers.get(frameChannel);
                ByteBuffer into = r == null ? null : r.receiveInto(value);
                if (into == null) {
                    skip(value);   // a channel closed meanwhile, or one that failed on this Water: its bytes go
                } else {
                    targetReceiver = r;
                    target = into;
                    state = ReadState.DATA;
                    if (value == 0) {
                        dataComplete();
                    }
                }
            }
            case TcpWireDescriptor.OPEN, TcpWireDescriptor.ACCEPT, TcpWireDescriptor.REFUSE, TcpWireDescriptor.FAILED, TcpWireDescriptor.CANCEL -> {
                int max = type == TcpWireDescriptor.FAILED ? tigris.ProducerEnd.MAX_CAUSE_BYTES : TcpProtocol.MAX_CONTROL;
                if (value < 0 || value > max) {
                    throw protocolError(TcpProtocol.typeName(type) + " of " + Integer.toUnsignedString(value) + " bytes (at most " + max + ")");
                }
                target = ByteBuffer.allocate(value);
                state = ReadState.CONTROL;
                if (value == 0) {
                    state = ReadState.HEADER;
                    control(target);
                }
            }
            case TcpWireDescriptor.CREDIT -> {
                TcpSender s = senders.get(frameChannel);
                if (s != null) {
                    s.credit(value);
                }
            }
            case TcpWireDescriptor.END -> {
                TcpReceiver r = receivers.get(frameChannel);
                if (r != null) {
                    r.endArrived();
                }
            }
            case TcpWireDescriptor.HEARTBEAT -> {
                // the peer is alive: lastHeard says so
            }
            default -> throw protocolError(TcpProtocol.typeName(type) + " on channel " + frameChannel);
        }
    }

    private void skip(long bytes) {
        skip = bytes;
        state = bytes == 0 ? ReadState.HEADER : ReadState.SKIP;
    }

    private void dataComplete() {
        state = ReadState.HEADER;
        TcpReceiver r = targetReceiver;
        targetReceiver = null;
        target = null;
        r.received(kind, value);
    }

    /** A frame with a payload (not DATA) has been read whole. */
    private void control(ByteBuffer payload) throws IOException {
        switch (type) {
            case TcpWireDescriptor.OPEN -> {
                if (receivers.containsKey(frameChannel)) {
                    sendQuietly(TcpProtocol.textFrame(TcpWireDescriptor.REFUSE, frameChannel,
                                    TcpProtocol.utf8("channel " + frameChannel + " is open already on this connection", TcpProtocol.MAX_CONTROL)));
                    return;
                }
                Object answer;
                try {
                    answer = plane.opened(this, frameChannel, TcpProtocol.readOpen(payload));
                } catch (TcpProtocol.MalformedOpen e) {
                    answer = e.getMessage();
                }
                if (answer instanceof TcpDataPlane.Opened o) {
                    if (o.key() != null) {
                        trusted = true;   // the peer holds a river attempt's key: a node of the cluster
                    }
                    receivers.put(frameChannel, o.receiver());
                    byte[] proof = o.key() == null ? new byte[0]
                                    : TcpProtocol.acceptProof(o.key(), o.receiver().name(), frameChannel, o.receiver().exclusive(), localNonce, peerNonce);
                    sendQuietly(TcpProtocol.accept(frameChannel, o.receiver().exclusive(), proof));
                } else {
                    sendQuietly(TcpProtocol.textFrame(TcpWireDescriptor.REFUSE, frameChannel, TcpProtocol.utf8((String) answer, TcpProtocol.MAX_CONTROL)));
                }
            }
            case TcpWireDescriptor.ACCEPT -> {
                TcpSender s = senders.get(frameChannel);
                if (s != null) {
                    TcpProtocol.Accept a;
                    try {
                        a = TcpProtocol.Accept.read(payload);
                    } catch (TcpProtocol.MalformedOpen e) {
                        throw protocolError(e.getMessage());
                    }
                    s.accepted(a.credits(), a.proof());
                }
            }
            case TcpWireDescriptor.REFUSE -> {
                TcpSender s = senders.remove(frameChannel);
                if (s != null) {
                    s.refused(TcpProtocol.text(payload));
                }
            }
            case TcpWireDescriptor.CANCEL -> {
                TcpSender s = senders.get(frameChannel);
                if (s != null) {
                    s.cancelled(TcpProtocol.text(payload));
                }
            }
            case TcpWireDescriptor.FAILED -> {
                TcpReceiver r = receivers.get(frameChannel);
                if (r != null) {
                    r.producerEnded(TcpProtocol.text(payload));
                }
            }
            default -> throw new IllegalStateException("not a control frame: " + type);
        }
    }

    private IOException protocolError(String what) {
        return new IOException("protocol error: " + what + " from " + peer);
    }

    // ---- the peer's health ------------------------------------------------------------------------

    /** The I/O thread's look at the clocks: a heartbeat when this side has been quiet, a failure when the peer has. */
    void watch(long now) {
        long silent = now - lastHeard;
        if (silent > deadPeerNanos) {
            fail("no word from the peer for " + TimeUnit.NANOSECONDS.toMillis(silent) + " ms", null);
        } else if (now - lastSent >= HEARTBEAT_NANOS && flushed()) {
            sendQuietly(new ByteBuffer[] {TcpProtocol.frame(TcpWireDescriptor.HEARTBEAT, tigris.Water.DATA, 0, 0)});
        }
    }

    /**
     * The connection is broken: closes it, fails every channel on it naming the peer and {@code what},
     * releases the Waters still queued, and tells the data plane to forget it. Idempotent.
     */
    void fail(String what, Throwable cause) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        failure = what + (cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage());
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing
        }
        SelectionKey k = key;
        if (k != null) {
            k.cancel();
        }
        plane.lost(this);
        String message = "connection to " + peer + " lost: " + failure;
        senders.values().forEach(s -> s.connectionLost(message));
        receivers.values().forEach(r -> r.connectionLost(message));
        senders.clear();
        receivers.clear();
        List<Outgoing> dropped;
        writeLock.lock();
        try {
            dropped = new ArrayList<>(queue);
            queue.clear();
        } finally {
            writeLock.unlock();
        }
        for (Outgoing o : dropped) {
            if (o.done() != null) {
                o.done().run();
            }
        }
        if (io.isCurrent()) {
            abandonRead();
        }
    }

    /** The I/O thread, once the connection is broken: the buffer a Water was being read into goes back to its channel. */
    void abandonRead() {
        if (targetReceiver != null) {
            targetReceiver.abandonIncoming();
            targetReceiver = null;
            target = null;
        }
    }

    /** Why it broke, or null. */
    String failure() {
        return failure;
    }

    /** Closes the connection as the node's data plane closes. */
    void close() {
        fail("the node's data plane closed", null);
    }

    @Override
    public String toString() {
        return "connection to " + peer + ", " + channels() + " channels" + (closed.get() ? ", broken: " + failure : "");
    }
}
