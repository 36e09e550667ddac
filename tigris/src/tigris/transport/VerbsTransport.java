/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

import jaguar.verbs.RdmaListener;
import jaguar.verbs.VerbsException;
import tigris.ProducerEnd;
import tigris.reservoir.VerbsReceiver;
import tigris.reservoir.VerbsSender;

/**
 * Nodes with RDMA devices: a verbs reservoir ({@link VerbsSender}, {@link VerbsReceiver}), its
 * consumer listening through rdma_cm on its node's address, which must be its device's.
 */
public final class VerbsTransport implements Transport {
    /**
     * Where a verbs reservoir's consumer listens (an address of its RDMA device), and its fresh
     * value, which the producer's hello proves the attempt's key over: only the agent and the
     * attempt's nodes see it. Its {@link #toString} leaves the value out.
     *
     * @param host the address the consumer's node is listed at, which must be its RDMA device's;
     *        neither null nor blank
     * @param port the rdma_cm port the consumer listens on, 1 to 65535
     * @param nonce the consumer's fresh value, 16 bytes; copied in, and out by {@link #nonce()}
     */
    public record At(String host, int port, byte[] nonce) implements Endpoint {
        /**
         * Checks the components, when built and when deserialized, and copies {@code nonce}.
         *
         * @throws IllegalArgumentException if {@code host} is null or blank, {@code port} is not
         *         in 1 to 65535, or {@code nonce} is not 16 bytes
         */
        public At {
            if (host == null || host.isBlank() || port < 1 || port > 65535 || nonce == null || nonce.length != 16) {
                throw new IllegalArgumentException("verbs endpoint " + host + ":" + port + " is not an address, a port and a 16-byte fresh value");
            }
            nonce = nonce.clone();
        }

        /**
         * The consumer's fresh value, which the producer's hello proves the attempt's key over.
         *
         * @return a copy of the 16 bytes: changing it changes nothing here
         */
        @Override
        public byte[] nonce() {
            return nonce.clone();
        }

        @Override
        public String toString() {
            return "verbs endpoint " + host + ":" + port;
        }

        @Override
        public String transport() {
            return "verbs";
        }
    }

    /** Made by {@link Transports}; find it with {@code Transports.byId("verbs")}. */
    public VerbsTransport() {
    }

    @Override
    public String id() {
        return "verbs";
    }

    @Override
    public String label() {
        return "verbs";
    }

    @Override
    public boolean canJoin(Site a, Site b) {
        return true;
    }

    @Override
    public String joinRule() {
        return "verbs joins nodes listed at addresses of their RDMA devices";
    }

    @Override
    public PendingConsumer openConsumer(ReservoirPlan plan, TransportContext context) throws IOException {
        RdmaListener listener;
        try {
            listener = RdmaListener.bind(new InetSocketAddress(context.bind(), 0), 1);
        } catch (VerbsException e) {
            throw new IOException("verbs reservoir " + plan.name() + ": cannot listen on " + context.host()
                            + " (transport=verbs needs an RDMA device with the address this node is listed at): " + e.getMessage(), e);
        }
        At at = new At(context.host(), listener.address().getPort(), tigris.AttemptKey.nonce(16));
        var cancelled = new java.util.concurrent.atomic.AtomicBoolean();
        // The accepting thread owns the listener: an rdma_cm channel must not be closed under a
        // thread waiting on it, so a cancel leaves the accept to end by its deadline.
        CompletableFuture<VerbsReceiver> accepted = CompletableFuture.supplyAsync(() -> {
            try (listener) {
                VerbsReceiver in = VerbsReceiver.accept(listener, plan.name(), context.attempt(), context.key(), at.nonce(), plan.window(), context.connect());
                if (cancelled.get()) {
                    in.close();
                    throw new CancellationException("verbs reservoir " + plan.name() + " was given up");
                }
                return in;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, task -> Thread.ofPlatform().daemon().name("tigris-accept-" + plan.name()).start(task));
        return Accepted.pending(at, accepted, "verbs reservoir " + plan.name() + " listening at " + at.host() + ":" + at.port(),
                        () -> cancelled.set(true));
    }

    @Override
    public ProducerEnd openProducer(ReservoirPlan plan, Endpoint at, TransportContext context) throws IOException {
        At a = (At) at;
        try {
            return VerbsSender.connect(plan.name(), new InetSocketAddress(a.host(), a.port()), plan.window(), plan.waterSize(), context.attempt(),
                            context.key(), a.nonce(), context.connect());
        } catch (VerbsException e) {
            throw new IOException("verbs reservoir " + plan.name() + " to " + a.host() + ":" + a.port() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Class<At> endpointType() {
        return At.class;
    }
}
