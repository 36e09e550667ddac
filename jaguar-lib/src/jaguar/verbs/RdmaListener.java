/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Accepts rdma_cm connections on an IPv4 address and port ({@code 0.0.0.0}: every RDMA device).
 * Each accepted connection gets its own event channel, so closing the listener leaves it open.
 */
public final class RdmaListener implements AutoCloseable {
    private final CmEventChannel events;
    private final MemorySegment id;
    private final InetSocketAddress address;
    private boolean closed;

    private RdmaListener(CmEventChannel events, MemorySegment id, InetSocketAddress address) {
        this.events = events;
        this.id = id;
        this.address = address;
    }

    /**
     * Binds and listens.
     *
     * @param address a resolved IPv4 address of an RDMA device's network interface, or
     *                {@code 0.0.0.0} for all; port 0 picks a free one ({@link #address()} tells)
     * @param backlog how many connection requests may wait for {@link #accept}
     * @return the listener; close it to stop listening
     * @throws IllegalArgumentException if {@code address} is unresolved or not IPv4
     * @throws VerbsException with EADDRINUSE if the port is taken, EADDRNOTAVAIL if no RDMA device
     *         has that address
     * @throws NoRdmaDeviceException if librdmacm or libibverbs is not installed (the message
     *         names the package to install)
     */
    public static RdmaListener bind(InetSocketAddress address, int backlog) {
        String what = "listen on " + address;
        CmEventChannel events = new CmEventChannel();
        MemorySegment id = null;
        try (Arena arena = Arena.ofConfined()) {
            id = RdmaConnection.createId(events, what);
            LibVerbs.Cm.BIND_ADDR.status(what, id, RdmaConnection.sockaddr(arena, address));
            LibVerbs.Cm.LISTEN.status(what, id, backlog);
            int port = Short.toUnsignedInt(Short.reverseBytes((short) LibVerbs.Cm.GET_LOCAL_PORT.plain(id)));
            return new RdmaListener(events, id, new InetSocketAddress(address.getAddress(), port));
        } catch (RuntimeException e) {
            if (id != null) {
                LibVerbs.Cm.DESTROY_ID.plain(id);
            }
            events.close();
            throw e;
        }
    }

    /**
     * Where the listener listens, for peers' {@link RdmaConnection#connect}.
     *
     * @return the bound address, with the port chosen if 0 was asked
     */
    public InetSocketAddress address() {
        return address;
    }

    /**
     * Waits for a connection request, builds its verbs side and accepts it. Blocks the calling
     * thread; one thread at a time should accept.
     *
     * @param options the shape of the queue pair and completion queue to build, not null
     * @param timeout how long to wait for a request, and then again for the connection to be
     *                established; rounded down to milliseconds
     * @return the established connection, independent of this listener
     * @throws IllegalStateException if the listener is closed
     * @throws VerbsException with ETIMEDOUT if no request comes within {@code timeout}, or naming
     *         the step that failed
     * @throws UnsupportedOperationException if {@link QueueAccess#DIRECT} was asked for and is not
     *         possible on the device
     */
    public RdmaConnection accept(ConnectionOptions options, Duration timeout) {
        if (closed) {
            throw new IllegalStateException("listener on " + address + " is closed");
        }
        String what = "accept on " + address;
        CmEventChannel.Event request = events.await(VerbsAbi.RDMA_CM_EVENT_CONNECT_REQUEST, timeout, what);
        MemorySegment child = request.id().reinterpret(VerbsAbi.RDMA_CM_ID.byteSize());
        CmEventChannel own = new CmEventChannel();
        try {
            LibVerbs.Cm.MIGRATE_ID.status(what, child, own.channel);
        } catch (RuntimeException e) {
            own.close();
            LibVerbs.Cm.REJECT.plain(child, MemorySegment.NULL, (byte) 0);
            LibVerbs.Cm.DESTROY_ID.plain(child);
            throw e;
        }
        RdmaConnection c = RdmaConnection.build(own, child, options, peerOf(child), what);
        try (Arena arena = Arena.ofConfined()) {
            LibVerbs.Cm.ACCEPT.status(what, child, RdmaConnection.connParam(arena, options));
            // rdma_accept has taken the queue pair to RTS: shorten the delay before the peer's first send can find it
            c.queuePair().useMinRnrTimer(what);
            own.await(VerbsAbi.RDMA_CM_EVENT_ESTABLISHED, timeout, what);
            return c;
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private static InetSocketAddress peerOf(MemorySegment id) {
        // rdma_get_peer_addr is static inline: the route's destination sockaddr inside the id.
        return RdmaConnection.socketAddress(id.asSlice(VerbsAbi.CMID_DST_SIN, VerbsAbi.SOCKADDR_IN.byteSize()));
    }

    /**
     * Stops listening. Connections accepted before stay open. Closing twice does nothing.
     *
     * @throws VerbsException if {@code rdma_destroy_id} fails
     */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            LibVerbs.Cm.DESTROY_ID.status("listener on " + address, id);
            events.close();
        }
    }

    /**
     * The listener for messages.
     *
     * @return its address and whether closed
     */
    @Override
    public String toString() {
        return "RdmaListener[" + address + (closed ? " closed" : "") + "]";
    }
}
