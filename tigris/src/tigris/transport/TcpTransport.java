/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;

import tigris.ProducerEnd;
import tigris.reservoir.TcpDataPlane;
import tigris.reservoir.TcpReceiver;
import tigris.reservoir.TcpSender;

/**
 * Nodes anywhere: a TCP reservoir ({@link TcpSender}, {@link TcpReceiver}), a channel on the one
 * connection between its two nodes' data planes ({@link TcpDataPlane}).
 */
public final class TcpTransport implements Transport {
    /**
     * Where a TCP reservoir's consumer is: its node, and the address that node's data plane listens at.
     *
     * @param node the consumer's node's name: the producer's data plane keeps one connection per
     *        peer node and refuses a peer that is not this one; neither null nor blank
     * @param host the address the consumer's node is listed at and its data plane listens on;
     *        neither null nor blank
     * @param port the data plane's port, 1 to 65535
     */
    public record At(String node, String host, int port) implements Endpoint {
        /**
         * Checks the components, when built and when deserialized.
         *
         * @throws IllegalArgumentException if {@code node} or {@code host} is null or blank, or
         *         {@code port} is not in 1 to 65535
         */
        public At {
            if (node == null || node.isBlank() || host == null || host.isBlank() || port < 1 || port > 65535) {
                throw new IllegalArgumentException("TCP endpoint " + node + " at " + host + ":" + port + " is not a node, an address and a port");
            }
        }

        @Override
        public String transport() {
            return "tcp";
        }
    }

    /** Made by {@link Transports}; find it with {@code Transports.byId("tcp")}. */
    public TcpTransport() {
    }

    @Override
    public String id() {
        return "tcp";
    }

    @Override
    public String label() {
        return "TCP";
    }

    @Override
    public boolean canJoin(Site a, Site b) {
        return true;
    }

    @Override
    public String joinRule() {
        return "TCP joins any nodes";
    }

    @Override
    public PendingConsumer openConsumer(ReservoirPlan plan, TransportContext context) throws IOException {
        TcpDataPlane plane = context.tcp();
        TcpDataPlane.Expected e = plane.expect(plan.name(), context.attempt(), context.key(), plan.window(), plan.waterSize());
        At at = new At(plane.node(), context.host(), plane.address().getPort());
        return Accepted.pending(at, e.joined(), "TCP reservoir " + plan.name() + " expected by node " + plane.node() + " at " + context.host() + ":"
                        + at.port(), e::cancel);
    }

    @Override
    public ProducerEnd openProducer(ReservoirPlan plan, Endpoint at, TransportContext context) throws IOException {
        At a = (At) at;
        try {
            return context.tcp().open(a.node(), new InetSocketAddress(a.host(), a.port()), plan.name(), context.attempt(), context.key(), plan.window(),
                            plan.waterSize());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("reservoir " + plan.name() + ": interrupted while opening it");
        }
    }

    @Override
    public Class<At> endpointType() {
        return At.class;
    }
}
