/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import tigris.AttemptKey;
import tigris.RiverAttempt;

/**
 * A node's TCP data plane, as Flink's network stack: one connection per pair of nodes carrying
 * every TCP reservoir between them as a channel with its own credits ({@link TcpPeerConnection}),
 * buffers from one {@link NetworkBufferPool} with the budget the user set, and a few I/O threads
 * ({@link TcpIoThread}) however many reservoirs there are. It listens on the node's address from
 * the start, so a producer's end needs only that address and the reservoir's name: a consumer's
 * end is {@link #expect expected} (its exclusive buffers reserved), and the producer's node
 * {@link #open opens} a channel to it over the connection to the consumer's node, dialing it
 * first if there is none. A connection that does not say a Tigris hello is closed and fails
 * nothing; an OPEN is refused, saying why, unless it names a reservoir this node expects, of the
 * same river attempt, window and Water size, and proves the attempt's key ({@link AttemptKey}):
 * a refused OPEN leaves the expected end waiting for its own producer.
 */
public final class TcpDataPlane implements AutoCloseable {
    /**
     * What the user sets: the network memory budget in bytes, the number of I/O threads, how long a
     * peer may stay silent before its connection fails, how long dialing, a hello and an opening
     * may take, and TLS for the connections (the node's identity, trusting nodes; null: none, the OPEN and
     * ACCEPT proofs authenticate them and the data crosses in the clear).
     *
     * @param networkMemory the budget of the node's {@link NetworkBufferPool}, in bytes (positive):
     *        every TCP reservoir's buffers, both ways ({@code tigris node --network-memory})
     * @param ioThreads the I/O threads that serve every connection, 1 to 64
     * @param deadPeer how long a connection may hear nothing from its peer (heartbeats included)
     *        before it fails, with every reservoir on it
     * @param connect how long dialing a peer, its hello or welcome, and the answer to an OPEN may
     *        each take
     * @param tls the TLS context of the node's certificate, which trusts the cluster's nodes;
     *        null: no TLS
     */
    public record Settings(long networkMemory, int ioThreads, Duration deadPeer, Duration connect, javax.net.ssl.SSLContext tls) {
        /**
         * Checks the sizes; the durations and the context are taken as they are.
         *
         * @throws IllegalArgumentException if {@code networkMemory} is not positive or
         *         {@code ioThreads} is not in 1..64
         */
        public Settings {
            if (networkMemory < 1 || ioThreads < 1 || ioThreads > 64) {
                throw new IllegalArgumentException("network memory must be positive and I/O threads in 1..64; got " + networkMemory + ", " + ioThreads);
            }
        }

        /**
         * 256 MiB, I/O threads for half the cores (one or two), a dead peer after 5 s, 30 s to connect.
         *
         * @return those settings, without TLS
         */
        public static Settings defaults() {
            return new Settings(256L << 20, Math.clamp(Runtime.getRuntime().availableProcessors() / 2, 1, 2), Duration.ofSeconds(5), Duration.ofSeconds(30),
                            null);
        }

        /**
         * These settings with another dead peer time.
         *
         * @param d how long a connection may hear nothing from its peer before it fails
         * @return a copy with {@code d} as its {@link #deadPeer()}
         */
        public Settings withDeadPeer(Duration d) {
            return new Settings(networkMemory, ioThreads, d, connect, tls);
        }

        /**
         * These settings with TLS on every connection.
         *
         * @param context the node's certificate and the cluster's trust; null: no TLS
         * @return a copy with {@code context} as its {@link #tls()}
         */
        public Settings withTls(javax.net.ssl.SSLContext context) {
            return new Settings(networkMemory, ioThreads, deadPeer, connect, context);
        }
    }

    /** A consumer's end expected here: the producer's OPEN completes it. */
    public final class Expected {
        private final String reservoir;
        private final RiverAttempt attempt;
        private final int window;
        private final int waterSize;
        private final int exclusive;
        private final AttemptKey key;
        private final CompletableFuture<TcpReceiver> joined = new CompletableFuture<>();
        private boolean done;

        private Expected(String reservoir, RiverAttempt attempt, AttemptKey key, int window, int waterSize) {
            this.reservoir = reservoir;
            this.attempt = attempt;
            this.key = key;
            this.window = window;
            this.waterSize = waterSize;
            this.exclusive = TcpReceiver.exclusiveFor(window);
        }

        /**
         * The consumer's end, once its producer has opened the channel.
         *
         * @return a future completed with the end when a matching OPEN arrives, or exceptionally
         *         with an {@link IOException} if the expectation is cancelled first
         *         ({@link #cancel()}, as the data plane's close does)
         */
        public CompletableFuture<TcpReceiver> joined() {
            return joined;
        }

        /** Gives up waiting (its reservation goes back); an end already joined is closed. */
        public void cancel() {
            if (take()) {
                pool.unreserve((long) exclusive * waterSize);
                joined.completeExceptionally(new IOException("reservoir " + reservoir + ": given up before its producer came"));
            }
            joined.thenAccept(TcpReceiver::close);
        }

        /** Takes this expectation, once: false if it was joined or cancelled already. */
        private boolean take() {
            synchronized (TcpDataPlane.this) {
                if (done) {
                    return false;
                }
                done = true;
                expected.remove(key(attempt, reservoir), this);
                return true;
            }
        }
    }

    private final String node;
    private final Settings settings;
    private final ServerSocketChannel server;
    private final InetSocketAddress address;
    private final NetworkBufferPool pool;
    private final TcpIoThread[] io;
    private final AtomicInteger nextIo = new AtomicInteger();
    /** Live connections by peer node (two at most, if both nodes dialed at once). */
    private final Map<String, List<TcpPeerConnection>> connections = new ConcurrentHashMap<>();
    private final Map<String, Object> dialing = new ConcurrentHashMap<>();
    /** Consumer's ends waiting for their producers, by river and reservoir. */
    private final Map<String, Expected> expected = new ConcurrentHashMap<>();
    private final Thread acceptor;
    private volatile boolean closed;

    /**
     * Starts the data plane of node {@code node}, listening on {@code bind} at {@code port} (0: a free one).
     * Its acceptor thread and I/O threads run from now until {@link #close()}.
     *
     * @param node this node's name, which its hello and welcome say and peers check
     * @param bind the local address to listen on
     * @param port the port to listen on, 0 for any free one ({@link #address()} says which)
     * @param settings the budget, threads, times and TLS
     * @throws IOException if it cannot listen there, saying why
     */
    public TcpDataPlane(String node, InetAddress bind, int port, Settings settings) throws IOException {
        this.node = node;
        this.settings = settings;
        this.pool = new NetworkBufferPool(settings.networkMemory());
        try {
            this.server = ServerSocketChannel.open().bind(new InetSocketAddress(bind, port));
        } catch (IOException e) {
            throw new IOException("node " + node + ": its data plane cannot listen on " + bind.getHostAddress() + ":" + port + ": " + e.getMessage(), e);
        }
        this.address = (InetSocketAddress) server.getLocalAddress();
        this.io = new TcpIoThread[settings.ioThreads()];
        for (int i = 0; i < io.length; i++) {
            io[i] = new TcpIoThread("tigris-io-" + node + "-" + i);
        }
        this.acceptor = Thread.ofPlatform().daemon().name("tigris-data-accept-" + node).start(this::acceptLoop);
    }

    /**
     * The node this data plane serves.
     *
     * @return its name, as it was started with
     */
    public String node() {
        return node;
    }

    /**
     * Where its connections are accepted.
     *
     * @return the address and port it listens on: the actual port if it was started with 0
     */
    public InetSocketAddress address() {
        return address;
    }

    /**
     * The memory its reservoirs receive into and send from.
     *
     * @return its pool, whose budget is {@link Settings#networkMemory()}
     */
    public NetworkBufferPool buffers() {
        return pool;
    }

    /**
     * What the user set.
     *
     * @return the settings it was started with
     */
    public Settings settings() {
        return settings;
    }

    /**
     * Live connections to other nodes, dialed or accepted.
     *
     * @return how many there are now: one per peer node as a rule, two while both dialed at once
     */
    public int connections() {
        return connections.values().stream().mapToInt(List::size).sum();
    }

    private static String key(RiverAttempt attempt, String reservoir) {
        return (attempt == null ? "" : attempt.river()) + "\u0000" + reservoir;
    }

    // ---- the consumer's side ----------------------------------------------------------------------

    /**
     * Expects the producer of reservoir {@code reservoir} of river attempt {@code attempt}, which
     * must prove the attempt's key {@code key} (both null: an end outside any river, which any
     * producer of none may open), reserving its exclusive buffers.
     *
     * @param reservoir the reservoir's name, which the producer's OPEN must name
     * @param attempt the river attempt the end belongs to; null: none
     * @param key the attempt's key, which the producer must prove; null exactly when
     *        {@code attempt} is
     * @param window Waters in flight at most, 1 to 65536; the producer must ask for the same
     * @param waterSize the largest Water in bytes, 1 to 1 GiB; the producer must ask for the same
     * @return the expectation, whose {@link Expected#joined()} completes with the consumer's end
     * @throws IOException if the node's network memory has no room for them, naming the budget
     * @throws IllegalArgumentException for a window or Water size out of range, a reservoir this node expects already, or an attempt without its key
     */
    public Expected expect(String reservoir, RiverAttempt attempt, AttemptKey key, int window, int waterSize) throws IOException {
        checkSizes(reservoir, window, waterSize);
        checkKey(reservoir, attempt, key);
        Expected e = new Expected(reservoir, attempt, key, window, waterSize);
        long bytes = (long) e.exclusive * waterSize;
        synchronized (this) {
            Expected old = expected.get(key(attempt, reservoir));
            if (old != null && (attempt == null || old.attempt.epoch() >= attempt.epoch())) {
                throw new IllegalArgumentException("reservoir " + reservoir + (attempt == null ? "" : " of river " + attempt)
                                + " is expected on node " + node + " already");
            }
            if (!pool.tryReserve(bytes)) {
                throw new IOException("reservoir " + reservoir + ": node " + node + "'s network memory (" + (pool.budget() >> 20)
                                + " MiB, tigris node --network-memory) has no room for its " + e.exclusive + " buffers of " + waterSize + " bytes: "
                                + (pool.reserved() >> 20) + " MiB are reserved by its other reservoirs");
            }
            expected.put(key(attempt, reservoir), e);   // an older attempt's expectation is superseded: its OPEN will be refused as stale
        }
        return e;
    }

    private static void checkKey(String reservoir, RiverAttempt attempt, AttemptKey key) {
        if ((attempt == null) != (key == null)) {
            throw new IllegalArgumentException("reservoir " + reservoir + ": an end of a river attempt has the attempt's key, an end outside any river none");
        }
    }

    private static void checkSizes(String reservoir, int window, int waterSize) {
        if (window < 1 || window > TcpProtocol.MAX_WINDOW || waterSize < 1 || waterSize > TcpProtocol.MAX_WATER) {
            throw new IllegalArgumentException("reservoir " + reservoir + ": window must be in 1.." + TcpProtocol.MAX_WINDOW + " and water size in 1.."
                            + TcpProtocol.MAX_WATER + "; got " + window + ", " + waterSize);
        }
    }

    /** A channel a producer opened: its consumer's end here, and the key the producer proved (null: none, an end outside any river). */
    record Opened(TcpReceiver receiver, AttemptKey key) {
    }

    /** The I/O thread: a producer opened channel {@code id} on {@code c}; its end here ({@link Opened}), or why it is refused. */
    Object opened(TcpPeerConnection c, int id, TcpProtocol.Open o) {
        if (o.window() < 1 || o.window() > TcpProtocol.MAX_WINDOW || o.waterSize() < 1 || o.waterSize() > TcpProtocol.MAX_WATER) {
            return "window " + o.window() + " and water size " + o.waterSize() + " out of range (1.." + TcpProtocol.MAX_WINDOW + ", 1.." + TcpProtocol.MAX_WATER
                            + ")";
        }
        Expected e;
        synchronized (this) {
            e = expected.get(key(o.attempt(), o.reservoir()));
            String refusal = refusal(e, o);
            if (refusal != null) {
                return refusal;
            }
            if (e.key != null && !MessageDigest.isEqual(o.proof(), TcpProtocol.openProof(e.key, o.signed(), id, c.localNonce, c.peerNonce))) {
                // The end stays expected: its own producer may still come.
                System.err.println("node " + node + ": refused an open of reservoir " + o.reservoir() + " of river " + o.attempt() + " from " + c.peer()
                                + ": it does not prove the attempt's key");
                return "the open does not prove the river attempt's key: this node takes it only from a node of the attempt";
            }
            e.done = true;
            expected.remove(key(o.attempt(), o.reservoir()), e);
        }
        TcpReceiver r = new TcpReceiver(o.reservoir(), c, id, o.window(), o.waterSize(), e.exclusive, pool);
        e.joined.complete(r);
        return new Opened(r, e.key);
    }

    /**
     * Why an OPEN does not match what this node expects ({@code e}, the expectation of that
     * reservoir in the OPEN's river, or null), or null; another attempt is refused as every
     * transport refuses it ({@link RiverAttempt#refusal(RiverAttempt, RiverAttempt)}).
     */
    private String refusal(Expected e, TcpProtocol.Open o) {
        if (e == null) {
            for (Expected other : expected.values()) {
                if (other.reservoir.equals(o.reservoir())) {
                    return RiverAttempt.refusal(other.attempt, o.attempt());
                }
            }
            return "node " + node + " expects no reservoir " + o.reservoir() + (o.attempt() == null ? "" : " of river " + o.attempt());
        }
        String other = RiverAttempt.refusal(e.attempt, o.attempt());
        if (other != null) {
            return other;
        }
        if (e.window != o.window() || e.waterSize != o.waterSize()) {
            return "this end expects window " + e.window + " and Waters of " + e.waterSize + " bytes, not " + o.window() + " and " + o.waterSize();
        }
        return null;
    }

    // ---- the producer's side ----------------------------------------------------------------------

    /**
     * Opens the producer's end of reservoir {@code reservoir} of river attempt {@code attempt}
     * toward node {@code peerNode}, whose data plane listens at {@code at}: over a connection to it
     * this node trusts (one it dialed, or on which the peer proved an attempt's key; dialed if
     * there is none), once its node accepts the channel and proves the attempt's key {@code key}.
     *
     * @param peerNode the consumer's node, which the peer's welcome (and certificate, under TLS)
     *        must name
     * @param at where that node's data plane listens
     * @param reservoir the reservoir's name, which the consumer's node must expect
     * @param attempt the river attempt the end belongs to; null: none
     * @param key the attempt's key, which both ends prove; null exactly when {@code attempt} is
     * @param window Waters in flight at most, 1 to 65536, as the consumer's end expects
     * @param waterSize the largest Water in bytes, 1 to 1 GiB, as the consumer's end expects
     * @return the producer's end, its channel accepted and its first credits granted
     * @throws IOException naming the peer if it cannot be reached, is not node {@code peerNode}, or refuses the reservoir (saying why);
     *         also if this node's network memory has no room for the channel's own buffer, or the data plane is closed
     * @throws IllegalArgumentException for a window or Water size out of range, or an attempt without its key
     * @throws InterruptedException if the thread is interrupted while it waits for the answer
     */
    public TcpSender open(String peerNode, InetSocketAddress at, String reservoir, RiverAttempt attempt, AttemptKey key, int window, int waterSize)
                    throws IOException, InterruptedException {
        checkSizes(reservoir, window, waterSize);
        checkKey(reservoir, attempt, key);
        TcpPeerConnection c = connectionTo(peerNode, at);
        TcpSender s = c.open(reservoir, attempt, key, window, waterSize, pool);
        s.awaitOpened(settings.connect());
        return s;
    }

    private TcpPeerConnection live(String peerNode) {
        List<TcpPeerConnection> l = connections.get(peerNode);
        if (l != null) {
            synchronized (l) {
                for (TcpPeerConnection c : l) {
                    if (!c.isClosed() && c.isTrusted()) {
                        return c;
                    }
                }
            }
        }
        return null;
    }

    private TcpPeerConnection connectionTo(String peerNode, InetSocketAddress at) throws IOException {
        if (closed) {
            throw new IOException("node " + node + "'s data plane is closed");
        }
        TcpPeerConnection c = live(peerNode);
        if (c != null) {
            return c;
        }
        synchronized (dialing.computeIfAbsent(peerNode, n -> new Object())) {
            c = live(peerNode);
            return c != null ? c : dial(peerNode, at);
        }
    }

    private TcpPeerConnection dial(String peerNode, InetSocketAddress at) throws IOException {
        String where = "node " + peerNode + "'s data plane at " + at;
        SocketChannel ch = SocketChannel.open();
        try {
            int timeout = (int) Math.min(Integer.MAX_VALUE, settings.connect().toMillis());
            ch.socket().connect(at, timeout);
            ch.socket().setTcpNoDelay(true);
            ch.socket().setSoTimeout(timeout);
            byte[] mine = AttemptKey.nonce(TcpProtocol.NONCE);
            TcpTls tls = settings.tls() == null ? null : TcpTls.client(settings.tls());
            InputStream in = ch.socket().getInputStream();
            if (tls != null) {
                tls.handshake(in, ch.socket().getOutputStream());
                tls.write(TcpProtocol.hello(node, mine), ch.socket().getOutputStream());
                in = tls.plainStream(in);
            } else {
                TcpProtocol.write(ch.socket().getOutputStream(), TcpProtocol.hello(node, mine));
            }
            int[] w = TcpProtocol.readOpening(in);
            if (w[0] != TcpProtocol.MAGIC) {
                throw new IOException(where + " is not a Tigris data plane (magic 0x" + Integer.toHexString(w[0]) + ")");
            }
            String text = TcpProtocol.readString(in, TcpProtocol.MAX_CONTROL, "the welcome");
            if (w[1] != 0) {
                throw new IOException(where + " refused the connection: " + text);
            }
            if (!text.equals(peerNode)) {
                throw new IOException(where + " answers as node " + text);
            }
            if (tls != null && !tls.peerName().equals(peerNode)) {
                throw new IOException(where + " holds the certificate of " + tls.peerName() + ", not " + peerNode + "'s");
            }
            return connected(ch, peerNode, mine, TcpProtocol.readNonce(in), true, tls);
        } catch (SocketTimeoutException e) {
            ch.close();
            throw new IOException("cannot connect to " + where + ": no answer within " + settings.connect().toSeconds() + " s", e);
        } catch (IOException | RuntimeException e) {
            ch.close();
            if (e.getMessage() != null && e.getMessage().startsWith(where)) {
                throw e;
            }
            throw new IOException("cannot connect to " + where + ": " + e, e);
        }
    }

    /** A handshaken socket becomes a connection, served by the next I/O thread. */
    private TcpPeerConnection connected(SocketChannel ch, String peerNode, byte[] localNonce, byte[] peerNonce, boolean dialed, TcpTls tls)
                    throws IOException {
        ch.configureBlocking(false);
        TcpIoThread t = io[Math.floorMod(nextIo.getAndIncrement(), io.length)];
        TcpPeerConnection c = new TcpPeerConnection(this, ch, peerNode, t, settings.deadPeer().toNanos(), localNonce, peerNonce, dialed, tls);
        List<TcpPeerConnection> l = connections.computeIfAbsent(peerNode, n -> new ArrayList<>());
        synchronized (l) {
            l.add(c);
        }
        t.register(c);
        if (closed) {
            c.close();
        }
        return c;
    }

    /** A connection broke: it is forgotten (the next reservoir to that node dials again). */
    void lost(TcpPeerConnection c) {
        List<TcpPeerConnection> l = connections.get(c.peerNode);
        if (l != null) {
            synchronized (l) {
                l.remove(c);
            }
        }
    }

    // ---- accepting ------------------------------------------------------------------------------

    private void acceptLoop() {
        while (!closed) {
            SocketChannel ch;
            try {
                ch = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("node " + node + ": its data plane stopped accepting: " + e);
                }
                return;
            }
            // Each hello on a thread of its own: a peer that connects and says nothing holds up no one.
            Thread.ofVirtual().name("tigris-data-hello-" + node).start(() -> hello(ch));
        }
    }

    /** Reads a dialer's hello: a Tigris node of this version becomes a connection; anything else is closed, failing nothing. */
    private void hello(SocketChannel ch) {
        String from = "?";
        try {
            from = String.valueOf(ch.getRemoteAddress());
            ch.socket().setTcpNoDelay(true);
            ch.socket().setSoTimeout((int) Math.min(Integer.MAX_VALUE, settings.connect().toMillis()));
            InputStream in = ch.socket().getInputStream();
            java.io.OutputStream out = ch.socket().getOutputStream();
            TcpTls tls = settings.tls() == null ? null : TcpTls.server(settings.tls());
            if (tls != null) {
                // Only a holder of a node's certificate completes this: a stranger is turned away here, unread.
                tls.handshake(in, out);
                in = tls.plainStream(in);
            }
            TcpTls t = tls;
            java.util.function.Consumer<byte[]> answer = b -> {
                try {
                    if (t != null) {
                        t.write(b, out);
                    } else {
                        TcpProtocol.write(out, b);
                    }
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            };
            int[] h = TcpProtocol.readOpening(in);
            if (h[0] != TcpProtocol.MAGIC) {
                throw new IOException("not a Tigris data plane (magic 0x" + Integer.toHexString(h[0]) + ")");
            }
            if (h[1] != TcpProtocol.VERSION) {
                // The rest of another version's hello is not this version's to read.
                String why = "protocol version " + h[1] + ", this node speaks " + TcpProtocol.VERSION;
                answer.accept(TcpProtocol.refusal(why));
                throw new IOException(why);
            }
            String peerNode = TcpProtocol.readString(in, TcpProtocol.MAX_NODE, "the node's name");
            byte[] theirs = TcpProtocol.readNonce(in);
            if (peerNode.isBlank()) {
                answer.accept(TcpProtocol.refusal("the hello names no node"));
                throw new IOException("the hello names no node");
            }
            if (t != null && !t.peerName().equals(peerNode)) {
                // Under TLS a node is its certificate: a hello in another node's name is refused.
                String why = "the hello says node " + peerNode + ", but its certificate is " + t.peerName() + "'s";
                answer.accept(TcpProtocol.refusal(why));
                throw new IOException(why);
            }
            byte[] mine = AttemptKey.nonce(TcpProtocol.NONCE);
            answer.accept(TcpProtocol.welcome(node, mine));
            connected(ch, peerNode, mine, theirs, false, tls);
        } catch (IOException | RuntimeException e) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // closing
            }
            if (!closed) {
                System.err.println("node " + node + ": a data connection from " + from + " was refused: "
                                + (e instanceof SocketTimeoutException ? "no hello within " + settings.connect().toSeconds() + " s" : e.getMessage()));
            }
        }
    }

    /** Stops accepting, gives queued frames up to five seconds to go out, and closes every connection; expected ends are cancelled. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
        List<TcpPeerConnection> all = new ArrayList<>();
        connections.values().forEach(l -> {
            synchronized (l) {
                all.addAll(l);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (TcpPeerConnection c : all) {
            while (!c.flushed() && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            c.close();
        }
        new ArrayList<>(expected.values()).forEach(Expected::cancel);
        for (TcpIoThread t : io) {
            t.close();
        }
        try {
            acceptor.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        pool.close();
    }

    @Override
    public String toString() {
        return "data plane of node " + node + " at " + address + ": " + connections() + " connections, " + pool;
    }
}
