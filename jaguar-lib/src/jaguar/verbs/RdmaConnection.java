/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.time.Duration;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * A reliable connection made with rdma_cm ({@link #connect}, or {@link RdmaListener#accept}):
 * rdma_cm resolves the peer's IP address to a device and path, and this class builds the verbs
 * side on that device: a protection domain for registering buffers, one completion queue for sends
 * and receives, and the connected queue pair. Closing disconnects and frees all of it,
 * deregistering the memory regions still registered in {@link #protectionDomain()}.
 */
public final class RdmaConnection implements AutoCloseable {
    private final CmEventChannel events;
    private final MemorySegment id;
    private final VerbsContext context;
    private final ProtectionDomain pd;
    private final CompletionChannel completionChannel;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final InetSocketAddress peer;
    private boolean closed;
    /** The last event seen after the connection was established, for toString. */
    private String lastEvent = "ESTABLISHED";
    private boolean disconnected;

    private RdmaConnection(CmEventChannel events, MemorySegment id, VerbsContext context, ProtectionDomain pd,
                           CompletionChannel completionChannel, CompletionQueue cq, QueuePair qp, InetSocketAddress peer) {
        this.events = events;
        this.id = id;
        this.context = context;
        this.pd = pd;
        this.completionChannel = completionChannel;
        this.cq = cq;
        this.qp = qp;
        this.peer = peer;
    }

    /**
     * Connects to an {@link RdmaListener} at {@code peer} (an IPv4 address of the peer's RDMA
     * interface): resolves the address and route, builds the verbs side on the device that
     * reaches the peer, connects, and waits until the connection is established. Blocks the
     * calling thread.
     *
     * @param peer the listener's resolved IPv4 address and port
     * @param options the shape of the queue pair and completion queue to build, not null
     * @param timeout how long each step may take (resolving the address, resolving the route,
     *                establishing the connection), so the whole call may take up to three times
     *                as long; rounded down to milliseconds
     * @return the established connection; close it to disconnect
     * @throws IllegalArgumentException if {@code peer} is unresolved or not IPv4
     * @throws VerbsException naming the step that failed: no device for the address, no route,
     *         rejected (nobody listening), timeout (ETIMEDOUT)
     * @throws NoRdmaDeviceException if librdmacm or libibverbs is not installed (the message
     *         names the package to install)
     * @throws UnsupportedOperationException if {@link QueueAccess#DIRECT} was asked for and is not
     *         possible on the device
     */
    public static RdmaConnection connect(InetSocketAddress peer, ConnectionOptions options, Duration timeout) {
        String what = "connect to " + peer;
        int ms = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        CmEventChannel events = new CmEventChannel();
        MemorySegment id = null;
        try (Arena arena = Arena.ofConfined()) {
            id = createId(events, what);
            LibVerbs.Cm.RESOLVE_ADDR.status(what, id, MemorySegment.NULL, sockaddr(arena, peer), ms);
            events.await(VerbsAbi.RDMA_CM_EVENT_ADDR_RESOLVED, timeout, what + " (resolving the address)");
            LibVerbs.Cm.RESOLVE_ROUTE.status(what, id, ms);
            events.await(VerbsAbi.RDMA_CM_EVENT_ROUTE_RESOLVED, timeout, what + " (resolving the route)");
            RdmaConnection c = build(events, id, options, peer, what);
            MemorySegment connecting = id;
            id = null;   // the connection owns the id and channel now: c.close() releases them, once
            try {
                LibVerbs.Cm.CONNECT.status(what, connecting, connParam(arena, options));
                events.await(VerbsAbi.RDMA_CM_EVENT_ESTABLISHED, timeout, what);
                c.qp.useMinRnrTimer(what);
                return c;
            } catch (RuntimeException e) {
                c.closeQuietly();
                throw e;
            }
        } catch (RuntimeException e) {
            if (id != null && !isOwnedByConnection(e)) {   // failed before the connection took them
                LibVerbs.Cm.DESTROY_ID.plain(id);
                events.close();
            }
            throw e;
        }
    }

    /** Marker: build() failures have already released the id and channel. */
    private static boolean isOwnedByConnection(RuntimeException e) {
        return e instanceof BuildFailure;
    }

    private static final class BuildFailure extends VerbsException {
        private static final long serialVersionUID = 1L;

        BuildFailure(VerbsException cause) {
            super(cause.call(), cause.getMessage());
            initCause(cause);
        }
    }

    static MemorySegment createId(CmEventChannel events, String what) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            LibVerbs.Cm.CREATE_ID.status(what, events.channel, out, MemorySegment.NULL, VerbsAbi.RDMA_PS_TCP);
            return out.get(ADDRESS, 0).reinterpret(VerbsAbi.RDMA_CM_ID.byteSize());
        }
    }

    /** The verbs side of a connection on the device rdma_cm chose for {@code id}. */
    static RdmaConnection build(CmEventChannel events, MemorySegment id, ConnectionOptions options, InetSocketAddress peer,
                                String what) {
        id = id.reinterpret(VerbsAbi.RDMA_CM_ID.byteSize());
        MemorySegment verbs = id.get(ADDRESS, VerbsAbi.CMID_VERBS);
        if (verbs.equals(MemorySegment.NULL)) {
            throw new VerbsException("rdma_cm", what + ": no RDMA device bound to the connection");
        }
        VerbsContext ctx = VerbsContext.ofCm(verbs);
        ProtectionDomain pd = null;
        CompletionChannel ch = null;
        CompletionQueue cq = null;
        try (Arena arena = Arena.ofConfined()) {
            pd = ctx.allocateProtectionDomain();
            ch = options.completionChannel() ? ctx.createCompletionChannel() : null;
            cq = ctx.createCompletionQueue(options.completionQueueEntries(), ch, options.queuePair().queueAccess());
            MemorySegment ia = options.queuePair().initAttributes(arena, cq, cq);
            LibVerbs.Cm.CREATE_QP.status(what, id, pd.pd, ia);
            QueuePair qp = new QueuePair(pd, id.get(ADDRESS, VerbsAbi.CMID_QP), cq, cq, options.queuePair(), id);
            pd.adopt(qp);
            return new RdmaConnection(events, id, ctx, pd, ch, cq, qp, peer);
        } catch (VerbsException | UnsupportedOperationException e) {
            if (cq != null) cq.close();
            if (ch != null) ch.close();
            if (pd != null) pd.close();
            LibVerbs.Cm.DESTROY_ID.plain(id);
            events.close();
            if (e instanceof VerbsException v) {
                throw new BuildFailure(v);
            }
            throw e;
        }
    }

    static MemorySegment connParam(Arena arena, ConnectionOptions options) {
        MemorySegment p = arena.allocate(VerbsAbi.RDMA_CONN_PARAM);
        byte reads = (byte) options.queuePair().readsInFlight();
        p.set(JAVA_BYTE, VerbsAbi.CONN_RESPONDER_RESOURCES, reads);
        p.set(JAVA_BYTE, VerbsAbi.CONN_INITIATOR_DEPTH, reads);
        p.set(JAVA_BYTE, VerbsAbi.CONN_RETRY_COUNT, (byte) 7);
        p.set(JAVA_BYTE, VerbsAbi.CONN_RNR_RETRY_COUNT, (byte) 7);   // retry for ever while the peer has no receive posted
        return p;
    }

    static MemorySegment sockaddr(Arena arena, InetSocketAddress address) {
        if (address.isUnresolved() || !(address.getAddress() instanceof Inet4Address v4)) {
            throw new IllegalArgumentException("rdma_cm needs a resolved IPv4 address, not " + address);
        }
        MemorySegment sa = arena.allocate(VerbsAbi.SOCKADDR_IN);
        sa.set(JAVA_SHORT, VerbsAbi.SIN_FAMILY, (short) VerbsAbi.AF_INET);
        sa.set(JAVA_SHORT, VerbsAbi.SIN_PORT, Short.reverseBytes((short) address.getPort()));
        byte[] b = v4.getAddress();
        sa.set(JAVA_INT, VerbsAbi.SIN_ADDR, (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 24);
        return sa;
    }

    static InetSocketAddress socketAddress(MemorySegment sin) {
        int a = sin.get(JAVA_INT, VerbsAbi.SIN_ADDR);
        byte[] b = {(byte) a, (byte) (a >>> 8), (byte) (a >>> 16), (byte) (a >>> 24)};
        int port = Short.toUnsignedInt(Short.reverseBytes(sin.get(JAVA_SHORT, VerbsAbi.SIN_PORT)));
        try {
            return new InetSocketAddress(java.net.InetAddress.getByAddress(b), port);
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * The device rdma_cm chose for the connection.
     *
     * @return the connection's device context, owned by rdma_cm: closing it closes nothing
     */
    public VerbsContext context() {
        return context;
    }

    /**
     * Where to register buffers to use them with this connection's queue pair.
     *
     * @return the connection's protection domain, closed (with its regions) by {@link #close()}
     */
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    /**
     * The connected queue pair, for posting sends and receives.
     *
     * @return the connection's reliable-connected queue pair, already in RTS
     */
    public QueuePair queuePair() {
        return qp;
    }

    /**
     * The completion queue of both sends and receives.
     *
     * @return the connection's completion queue, with a channel if
     *         {@link ConnectionOptions#completionChannel()} asked for one
     */
    public CompletionQueue completionQueue() {
        return cq;
    }

    /**
     * The other end.
     *
     * @return the address given to {@link #connect}, or for an accepted connection the address
     *         the peer connected from
     */
    public InetSocketAddress peer() {
        return peer;
    }

    /**
     * Whether the connection is still up, from the rdma_cm events received so far; does not
     * block.
     *
     * @return false once this side closed it, the peer disconnected or the device went away
     * @throws VerbsException if reading a pending rdma_cm event fails
     */
    public synchronized boolean isConnected() {
        if (closed || disconnected) {
            return false;
        }
        while (events.ready()) {
            CmEventChannel.Event e = events.next(Duration.ZERO, "connection to " + peer);
            lastEvent = e.typeName();
            if (e.type() == VerbsAbi.RDMA_CM_EVENT_DISCONNECTED || e.type() == VerbsAbi.RDMA_CM_EVENT_DEVICE_REMOVAL) {
                disconnected = true;
                return false;
            }
        }
        return true;
    }

    private void closeQuietly() {
        try {
            close();
        } catch (RuntimeException ignored) {
            // the original failure is what the caller needs to see
        }
    }

    /**
     * Disconnects and frees the queue pair, completion queue, the memory regions still registered
     * in the protection domain (their buffers stay open), the domain and the cm id. The peer sees
     * a disconnect. Closing twice does nothing.
     *
     * @throws VerbsException if freeing one of them fails (e.g. EBUSY); the rest may stay
     *         allocated
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        LibVerbs.Cm.DISCONNECT.plain(id);   // fails harmlessly if never established or already down
        qp.close();
        pd.close();
        cq.close();
        if (completionChannel != null) {
            completionChannel.close();
        }
        LibVerbs.Cm.DESTROY_ID.status("connection to " + peer, id);
        events.close();
    }

    /**
     * The connection for messages.
     *
     * @return the peer, the queue pair, the last rdma_cm event seen and whether closed
     */
    @Override
    public String toString() {
        return "RdmaConnection[" + peer + " " + qp + " last event " + lastEvent + (closed ? " closed" : "") + "]";
    }
}
