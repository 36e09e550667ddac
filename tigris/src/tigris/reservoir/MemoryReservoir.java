package tigris.reservoir;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

import tigris.Reservoir;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * Modules in the same JVM: a FIFO of Waters handed from the producer's thread to the consumer's
 * without a copy (the Water itself moves; its buffers are shared off-heap memory).
 */
public final class MemoryReservoir extends Reservoir {
    private static final long PARK_NANOS = 100_000;

    private final ArrayBlockingQueue<Object> queue;
    private final AtomicInteger credits;
    private final WaterPool spring;
    private volatile boolean endPut;
    private boolean ended;

    /**
     * @param window Waters in flight at most
     * @param waterSize bytes of the Waters its spring makes
     */
    public MemoryReservoir(String name, int window, int waterSize) {
        super(name, window);
        this.queue = new ArrayBlockingQueue<>(window + 1);
        this.credits = new AtomicInteger(window);
        this.spring = new WaterPool(waterSize, window + 1);
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
        Water carried = carriable(w);
        while (true) {
            int c = credits.get();
            if (c > 0) {
                if (credits.compareAndSet(c, c - 1)) {
                    break;
                }
                continue;
            }
            watchCredit(Thread.currentThread());
            if (credits.get() == 0) {
                pause(PARK_NANOS);
            }
        }
        handOff(carried);
        queue.add(carried);
        signalData();
    }

    @Override
    public Water get() throws InterruptedException {
        while (true) {
            Water w = poll();
            if (w != null || ended) {
                return w;
            }
            watchData(Thread.currentThread());
            if (queue.isEmpty()) {
                pause(PARK_NANOS);
            }
        }
    }

    @Override
    public Water poll() {
        if (ended) {
            return null;
        }
        Object o = queue.poll();
        if (o == null) {
            return null;
        }
        if (o == EndMarker.INSTANCE) {
            ended = true;
            return null;
        }
        return takeOver((Water) o);
    }

    @Override
    public boolean isEnded() {
        return ended;
    }

    @Override
    public void endOfRiver() {
        if (!endPut) {
            endPut = true;
            queue.add(EndMarker.INSTANCE);
            signalData();
        }
    }

    @Override
    protected void creditReturned() {
        credits.incrementAndGet();
        signalCredit();
    }

    @Override
    public void close() {
        Object o;
        while ((o = queue.poll()) != null) {
            if (o instanceof Water w) {
                takeOver(w).release();
            }
        }
        spring.drain();
    }

    private enum EndMarker {
        INSTANCE
    }
}
