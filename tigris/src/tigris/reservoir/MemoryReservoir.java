package tigris.reservoir;

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

    private final Inbox inbox;
    private final AtomicInteger credits;
    private final WaterPool spring;
    private volatile boolean endPut;

    /**
     * @param window Waters in flight at most
     * @param waterSize bytes of the Waters its spring makes
     */
    public MemoryReservoir(String name, int window, int waterSize) {
        super(name, window);
        this.inbox = new Inbox(window);
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
        takeCredit(credits, () -> { });
        handOff(carried);
        inbox.offer(carried);   // credits keep at most window Waters in it
        signalData();
    }

    @Override
    public Water poll() {
        Water w = inbox.poll();
        return w == null ? null : takeOver(w);
    }

    @Override
    public boolean isEnded() {
        return inbox.isEnded();
    }

    @Override
    public void endOfRiver() {
        if (!endPut) {
            endPut = true;
            inbox.end();
            signalData();
        }
    }

    @Override
    public void creditBack() {
        credits.incrementAndGet();
        signalCredit();
    }

    @Override
    public void close() {
        inbox.drain(w -> takeOver(w).release());
        spring.drain();
    }
}
