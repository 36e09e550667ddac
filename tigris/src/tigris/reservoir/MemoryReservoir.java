/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;


import tigris.AbstractProducerEnd;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;
import tigris.ring.PaddedCounter;

/**
 * Modules in the same JVM: a FIFO of Waters handed from the producer's thread to the consumer's
 * without a copy (the Water itself moves; its buffers are shared off-heap memory). The reservoir
 * is the pair of its ends, {@link #producer()} and {@link #consumer()}, which share the FIFO and
 * the credits. Nothing they share is locked: the FIFO is a single-producer single-consumer ring,
 * the spring's free list a lock-free ring, and the credits two counts each end writes alone (the
 * producer its puts, the consumer its credits given back; credits are the window less their
 * difference), as Agrona's queues keep their indices.
 */
public final class MemoryReservoir implements AutoCloseable {
    private final WaterPool spring;
    private final Producer producer;
    private final Consumer consumer;
    private volatile boolean endPut;

    /**
     * A reservoir whose spring keeps up to {@code window} + 1 Waters of {@code waterSize} bytes for
     * reuse; their buffers are allocated as they are first asked for.
     *
     * @param name the reservoir's name ("a->b"), for reports and errors
     * @param window Waters in flight at most: put and not yet credited back by the consumer (at
     *        least 1)
     * @param waterSize bytes of the Waters its spring makes (at least 1)
     * @throws IllegalArgumentException if {@code window} or {@code waterSize} is below 1
     */
    public MemoryReservoir(String name, int window, int waterSize) {
        this.producer = new Producer(name, window);
        this.spring = new WaterPool(waterSize, window + 1);
        this.consumer = new Consumer(name, window);
    }

    /**
     * The end a producing module puts into.
     *
     * @return the producer's end, the same every call; one thread puts into it
     */
    public Producer producer() {
        return producer;
    }

    /**
     * The end a consuming module's thread takes from.
     *
     * @return the consumer's end, the same every call; one thread takes from it
     */
    public Consumer consumer() {
        return consumer;
    }

    /**
     * The reservoir's name, as both its ends report it.
     *
     * @return the name it was made with
     */
    public String name() {
        return producer.name();
    }

    /** Releases the Waters still in the FIFO and frees the spring's buffers. */
    @Override
    public void close() {
        consumer.releaseQueued();
        spring.drain();
    }

    /**
     * The producer's end: a put takes a credit, waiting while the window is full, and hands the
     * Water itself to the consumer's FIFO (a copy only of one that cannot change threads as it is).
     * One producer thread.
     */
    public final class Producer extends AbstractProducerEnd {
        /** Waters put: written by the producer's thread alone (release), read by the consumer's and by status. */
        private final PaddedCounter puts = new PaddedCounter();
        /** The consumer's credits given back as the producer's thread last read them: read again only when they look used up. */
        private long returnedSeen;
        private final CreditSource credit = this::tryTakeCredit;
        private final Runnable noCheck = () -> { };

        private Producer(String name, int window) {
            super(name, window);
        }

        @Override
        public Spring spring() {
            return spring;
        }

        @Override
        public int credits() {
            return (int) (window() - (puts.get() - consumer.returned.get()));
        }

        /** Counts a put if the window has room (the producer's thread). */
        private boolean tryTakeCredit() {
            long p = puts.plain();
            if (p - returnedSeen >= window()) {
                returnedSeen = consumer.returned.get();
                if (p - returnedSeen >= window()) {
                    return false;
                }
            }
            puts.set(p + 1);
            return true;
        }

        @Override
        public void put(Water w) throws InterruptedException {
            if (endPut) {
                throw new IllegalStateException("reservoir " + name() + ": put after End of River");
            }
            recordPut(w);
            Water carried = carriable(w);
            takeCredit(credit, noCheck);
            handOff(carried);
            consumer.arrived(carried);
        }

        @Override
        public void endOfRiver() {
            if (!endPut) {
                endPut = true;
                consumer.ended();
            }
        }

        @Override
        public void endWithFailure(String cause) {
            if (!endPut) {
                endPut = true;
                consumer.producerFailedWith(new String(causeBytes(cause), java.nio.charset.StandardCharsets.UTF_8));   // cut as other transports cut it
            }
        }

        void creditArrived() {
            signalCredit();
        }

        @Override
        public void close() {
            MemoryReservoir.this.close();
        }
    }

    /**
     * The consumer's end: it takes the Waters from the FIFO in the order they were put, and each
     * {@link #creditBack()} gives the producer a credit back. One consumer thread.
     */
    public final class Consumer extends InboxConsumerEnd {
        /** Credits given back: written by the consumer's thread alone (release), read by the producer's. */
        private final PaddedCounter returned = new PaddedCounter();

        private Consumer(String name, int window) {
            super(name, window);
        }

        @Override
        public void creditBack() {
            returned.set(returned.plain() + 1);
            producer.creditArrived();
        }

        @Override
        public void close() {
            MemoryReservoir.this.close();
        }
    }
}
