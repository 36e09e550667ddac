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
    /** The id a river file's {@code transport=} and {@code tigris sort --transport} name: "tcp". */
    String id();

    /** How reports count its reservoirs: "TCP", "shared-memory". */
    String label();

    /** True if it can join an end at {@code a} to one at {@code b}. */
    boolean canJoin(Site a, Site b);

    /** Why it cannot join ends that {@link #canJoin} refuses, for the error: "shared memory joins nodes on one host". */
    String joinRule();

    /** Opens the consumer's end of {@code plan} on this node. */
    PendingConsumer openConsumer(ReservoirPlan plan, TransportContext context) throws IOException;

    /** Opens the producer's end of {@code plan} on this node, joined to the consumer's end at {@code at}. */
    ProducerEnd openProducer(ReservoirPlan plan, Endpoint at, TransportContext context) throws IOException;

    /** The class of its endpoints: the node's deserialization filter admits it. */
    Class<? extends Endpoint> endpointType();
}
