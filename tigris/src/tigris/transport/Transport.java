/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.IOException;

import tigris.ProducerEnd;

/**
 * One way to join a reservoir's two ends: memory, shared memory, TCP, verbs, a file. The consumer's
 * node opens its end first ({@link #openConsumer}) and the control agent carries its
 * {@link Endpoint} to the producer's node, which opens the producer's end
 * ({@link #openProducer}); neither the agent nor the node's RMI interface knows which transport
 * it is. A new transport implements this interface, has an {@link Endpoint} record, and is
 * registered as a service ({@code provides tigris.transport.Transport with ...}); doc/tigris-transport.md.
 */
public interface Transport {
    /**
     * The id a river file's {@code transport=} and {@code tigris sort --transport} name.
     *
     * @return the id, unique among the JVM's transports ({@link Transports}): "tcp"
     */
    String id();

    /**
     * How reports count its reservoirs.
     *
     * @return a short name for people: "TCP", "shared-memory"
     */
    String label();

    /**
     * Whether it can join an end at {@code a} to one at {@code b}. The agent asks it of every
     * producer/consumer pair before anything is grown.
     *
     * @param a the site of one end
     * @param b the site of the other
     * @return true if it can join them; false refuses the river with {@link #joinRule}
     */
    boolean canJoin(Site a, Site b);

    /**
     * Why it cannot join ends that {@link #canJoin} refuses, for the error.
     *
     * @return the rule, a clause: "shared memory joins nodes on one host"
     */
    String joinRule();

    /**
     * Opens the consumer's end of {@code plan} on this node: what the producer needs to find
     * (a listener, a name, a file, an expectation), without waiting for the producer.
     *
     * @param plan the reservoir
     * @param context the node that opens it, and the river attempt it belongs to
     * @return the end being opened: its endpoint now, the end once the producer has come
     * @throws IOException naming the reservoir if what the producer needs cannot be opened
     */
    PendingConsumer openConsumer(ReservoirPlan plan, TransportContext context) throws IOException;

    /**
     * Opens the producer's end of {@code plan} on this node, joined to the consumer's end at {@code at}.
     *
     * @param plan the reservoir, as its consumer's end was told it
     * @param at where the consumer's end is: its {@link PendingConsumer#endpoint}, of
     *        {@link #endpointType}
     * @param context the node that opens it, and the river attempt it belongs to
     * @return the producer's end; the caller owns it
     * @throws IOException naming the reservoir if the consumer's end cannot be reached or joined,
     *         or refuses this end
     */
    ProducerEnd openProducer(ReservoirPlan plan, Endpoint at, TransportContext context) throws IOException;

    /**
     * The class of its endpoints, which the node's deserialization filter admits.
     *
     * @return the {@link Endpoint} record class its {@link #openConsumer} makes
     */
    Class<? extends Endpoint> endpointType();
}
