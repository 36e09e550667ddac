/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import tigris.ConsumerEnd;
import tigris.ProducerEnd;
import tigris.reservoir.MemoryReservoir;

/** Modules of one node: a {@link MemoryReservoir}, found by the producer's end under the key its consumer's end registered. */
public final class MemoryTransport implements Transport {
    /**
     * The consumer's end of a memory reservoir: its key in this JVM.
     *
     * @param key the key the consumer's end is registered under in this JVM until its producer's
     *        end takes it: the node's name, a slash and a random UUID; neither null nor blank
     */
    public record At(String key) implements Endpoint {
        /**
         * Checks the key, when built and when deserialized.
         *
         * @throws IllegalArgumentException if {@code key} is null or blank
         */
        public At {
            if (key == null || key.isBlank()) {
                throw new IllegalArgumentException("a memory reservoir endpoint needs its key");
            }
        }

        @Override
        public String transport() {
            return "memory";
        }
    }

    /** Reservoirs whose consumer's end is open and whose producer's end has not come yet. */
    private static final Map<String, MemoryReservoir> OPEN = new ConcurrentHashMap<>();

    /** Made by {@link Transports}; find it with {@code Transports.byId("memory")}. */
    public MemoryTransport() {
    }

    @Override
    public String id() {
        return "memory";
    }

    @Override
    public String label() {
        return "memory";
    }

    @Override
    public boolean canJoin(Site a, Site b) {
        return a.node().equals(b.node());
    }

    @Override
    public String joinRule() {
        return "a memory reservoir joins modules of one node";
    }

    @Override
    public PendingConsumer openConsumer(ReservoirPlan plan, TransportContext context) {
        MemoryReservoir r = new MemoryReservoir(plan.name(), plan.window(), plan.waterSize());
        At at = new At(context.node() + "/" + UUID.randomUUID());
        OPEN.put(at.key(), r);
        return new PendingConsumer() {
            @Override
            public Endpoint endpoint() {
                return at;
            }

            @Override
            public ConsumerEnd await(Duration timeout) {
                return r.consumer();
            }

            @Override
            public void cancel() {
                OPEN.remove(at.key());
                r.close();
            }
        };
    }

    @Override
    public ProducerEnd openProducer(ReservoirPlan plan, Endpoint at, TransportContext context) throws IOException {
        MemoryReservoir r = OPEN.remove(((At) at).key());
        if (r == null) {
            throw new IOException("memory reservoir " + plan.name() + ": no consumer's end is open under " + ((At) at).key() + " in this node");
        }
        return r.producer();
    }

    @Override
    public Class<At> endpointType() {
        return At.class;
    }
}
