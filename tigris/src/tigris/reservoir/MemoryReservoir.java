package tigris.reservoir;

import java.util.concurrent.atomic.AtomicInteger;

import tigris.AbstractProducerEnd;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * Modules in the same JVM: a FIFO of Waters handed from the producer's thread to the consumer's
 * without a copy (the Water itself moves; its buffers are shared off-heap memory). The reservoir
 * is the pair of its ends, {@link #producer()} and {@link #consumer()}, which share the FIFO and
 * the credits.
 */
public final class MemoryReservoir implements AutoCloseable {
    private final AtomicInteger credits;
    private final WaterPool spring;
    private final Producer producer;
    private final Consumer consumer;
    private volatile boolean endPut;

    /**
     * @param window Waters in flight at most
     * @param waterSize bytes of the Waters its spring makes
     */
    public MemoryReservoir(String name, int window, int waterSize) {
        this.producer = new Producer(name, window);
        this.credits = new AtomicInteger(window);
        this.spring = new WaterPool(waterSize, window + 1);
        this.consumer = new Consumer(name, window);
    }

    /** The end a producing module puts into. */
    public Producer producer() {
        return producer;
    }

    /** The end a consuming module's thread takes from. */
    public Consumer consumer() {
        return consumer;
    }

    /** The reservoir's name. */
    public String name() {
        return producer.name();
    }

    /** Releases the Waters still in the FIFO and frees the spring's buffers. */
    @Override
    public void close() {
        consumer.releaseQueued();
        spring.drain();
    }

    /** The producer's end. */
    public final class Producer extends AbstractProducerEnd {
        private Producer(String name, int window) {
            super(name, window);
        }

        @Override
        public Spring spring() {
            return spring;
        }

        @Override
        public int credits() {
            return credits.get();
        }

        @Override
        public void put(Water w) throws InterruptedException {
            if (endPut) {
                throw new IllegalStateException("reservoir " + name() + ": put after End of River");
            }
            recordPut(w);
            Water carried = carriable(w);
            takeCredit(credits, () -> { });
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

    /** The consumer's end. */
    public final class Consumer extends InboxConsumerEnd {
        private Consumer(String name, int window) {
            super(name, window);
        }

        @Override
        public void creditBack() {
            credits.incrementAndGet();
            producer.creditArrived();
        }

        @Override
        public void close() {
            MemoryReservoir.this.close();
        }
    }
}
