/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import tigris.ConsumerEnd;
import tigris.ProducerEnd;
import tigris.reservoir.ShmConsumer;
import tigris.reservoir.ShmReservoir;

/**
 * Nodes of one host: a shared-memory ring ({@link ShmReservoir}). The consumer's end names the
 * segment; the producer's end creates it; the consumer maps it when it awaits its end.
 */
public final class ShmTransport implements Transport {
    /**
     * The segment a ring's producer creates and its consumer maps, on {@code host}.
     *
     * @param host the address the consumer's node is listed at: the producer's node must be on the
     *        same host (see {@link ShmTransport#canJoin}); never null
     * @param segment the shared-memory segment's name, unique to the consumer's end: 1 to 200
     *        characters of {@code [A-Za-z0-9._-]}
     */
    public record At(String host, String segment) implements Endpoint {
        /**
         * Checks the components, when built and when deserialized.
         *
         * @throws IllegalArgumentException if {@code host} is null or {@code segment} is not a
         *         segment name as above
         */
        public At {
            if (host == null || segment == null || !segment.matches("[A-Za-z0-9._-]{1,200}")) {
                throw new IllegalArgumentException("shared-memory endpoint " + host + " " + segment + " is not a host and a segment name");
            }
        }

        @Override
        public String transport() {
            return "shm";
        }
    }

    private static final AtomicLong SEGMENTS = new AtomicLong();

    /** Made by {@link Transports}; find it with {@code Transports.byId("shm")}. */
    public ShmTransport() {
    }

    @Override
    public String id() {
        return "shm";
    }

    @Override
    public String label() {
        return "shared-memory";
    }

    @Override
    public boolean canJoin(Site a, Site b) {
        return a.host().equals(b.host());
    }

    @Override
    public String joinRule() {
        return "shared memory joins nodes on one host, listed at the same address";
    }

    @Override
    public PendingConsumer openConsumer(ReservoirPlan plan, TransportContext context) {
        // Named per consumer end, so two rivers (or two starts of one) never meet.
        At at = new At(context.host(), "tigris-" + Long.toHexString(ProcessHandle.current().pid()) + "-" + Long.toHexString(System.nanoTime()) + "-"
                        + SEGMENTS.incrementAndGet());
        return new PendingConsumer() {
            private ShmConsumer end;

            @Override
            public Endpoint endpoint() {
                return at;
            }

            @Override
            public synchronized ConsumerEnd await(Duration timeout) throws IOException, InterruptedException {
                long deadline = System.nanoTime() + timeout.toNanos();
                while (true) {
                    try {
                        end = ShmReservoir.attach(at.segment(), context.attempt(), context.deadPeer());
                        return end;
                    } catch (NoSuchFileException e) {
                        if (System.nanoTime() > deadline) {
                            throw new IOException("shared-memory reservoir " + plan.name() + ": segment " + at.segment() + " never appeared within "
                                            + timeout.toSeconds() + " s (is its producer's node on this host?)");
                        }
                        Thread.sleep(10);
                    }
                }
            }

            @Override
            public synchronized void cancel() {
                if (end != null) {
                    end.close();
                }
            }
        };
    }

    @Override
    public ProducerEnd openProducer(ReservoirPlan plan, Endpoint at, TransportContext context) throws IOException {
        return ShmReservoir.create(((At) at).segment(), plan.window(), plan.waterSize(), context.attempt(), context.deadPeer());
    }

    @Override
    public Class<At> endpointType() {
        return At.class;
    }
}
