package tigris;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A channel between modules (the thesis's Reservoir): producers {@link #put} Waters, consumers
 * {@link #get} them, in order. End of River travels as a final marker: after
 * {@link #endOfRiver()} the consumer gets the Waters already put, then null.
 *
 * <p>Flow control is by credits: a reservoir carries at most {@link #window()} Waters that the
 * consumer has not yet processed; {@code put} takes a credit and waits while there is none, and the
 * credit comes back when the consuming ModuleThread has finished the doOperation the Water went
 * to. Distributed Queues read {@link #credits()} to choose among downstream reservoirs.
 *
 * <p>One producer thread and one consumer thread per reservoir; a ModuleThread with several
 * upstream or downstream neighbours has a reservoir to each.
 */
public abstract class Reservoir implements AutoCloseable {
    /** Longest a waiting thread parks before it looks again (wake-ups normally come sooner). */
    private static final long PARK_NANOS = 200_000;

    private final String name;
    private final int window;
    private volatile Thread creditWaiter;
    private volatile Thread dataWaiter;

    protected Reservoir(String name, int window) {
        if (window < 1) {
            throw new IllegalArgumentException("reservoir " + name + ": window must be at least 1, got " + window);
        }
        this.name = name;
        this.window = window;
    }

    public final String name() {
        return name;
    }

    /** Most Waters in flight (put and not yet processed by the consumer). */
    public final int window() {
        return window;
    }

    /** Makes Waters this reservoir carries without a copy. */
    public abstract Spring spring();

    /** Credits left: how many more Waters can be put now without waiting. */
    public abstract int credits();

    /**
     * Hands {@code w} to the consumer, waiting for a credit if there is none. The Water must be
     * the caller's; afterwards it is not (see {@link Water}). A Water this reservoir cannot carry
     * is copied into one of its own and the original released.
     *
     * @throws IllegalStateException if End of River was already put, or the reservoir is broken
     */
    public abstract void put(Water w) throws InterruptedException;

    /**
     * The next Water, waiting for one; null at End of River. This waits on {@link #poll()},
     * woken by {@link #signalData()}.
     */
    public Water get() throws InterruptedException {
        // Registered before the first poll: a signal after it leaves the park permit set.
        watchData(Thread.currentThread());
        while (true) {
            Water w = poll();
            if (w != null || isEnded()) {
                return w;
            }
            pause(PARK_NANOS);
        }
    }

    /**
     * The next Water if one has arrived, else null; {@link #isEnded()} tells End of River from
     * "nothing yet".
     */
    public abstract Water poll();

    /** True once the consumer has seen End of River: no Water will come any more. */
    public abstract boolean isEnded();

    /** Puts End of River: the consumer gets null after the Waters already put. Idempotent. */
    public abstract void endOfRiver() throws InterruptedException;

    /** Called when a Water taken from this reservoir has been processed: one credit back. */
    protected abstract void creditReturned();

    /** Frees what the reservoir holds; Waters still in it are released. */
    @Override
    public abstract void close();

    // ---- for implementations --------------------------------------------------------------------

    /** The producer's side of a put: checks that the caller owns {@code w} and detaches it. */
    protected final void handOff(Water w) {
        w.handOff(name);
    }

    /** The consumer's side of a get: the calling thread owns {@code w} and owes this reservoir a credit. */
    protected final Water takeOver(Water w) {
        w.takeOver(this);
        return w;
    }

    /** {@code w} if it can be handed to another thread as it is, else a copy from {@link #spring()}. */
    protected final Water carriable(Water w) {
        if (w.isShareable()) {
            return w;
        }
        Water copy = w.copyInto(spring());
        w.release();
        return copy;
    }

    /**
     * Copies the bytes of {@code from} (its buffers one after another) into the first buffer of
     * {@code to}, for a reservoir that makes its own copy Water (one that must wait for a buffer).
     */
    protected final void copyBytes(Water from, Water to) {
        from.copyTo(to);
    }

    /**
     * Takes one of {@code credits}, waiting while there is none (woken by {@link #signalCredit()});
     * {@code beforeWait} runs before each wait and may throw to give up (a broken connection).
     */
    protected final void takeCredit(AtomicInteger credits, Runnable beforeWait) throws InterruptedException {
        watchCredit(Thread.currentThread());
        while (true) {
            int c = credits.get();
            if (c > 0) {
                if (credits.compareAndSet(c, c - 1)) {
                    return;
                }
                continue;
            }
            beforeWait.run();
            pause(PARK_NANOS);
        }
    }

    /** Wakes a producer waiting for credit (call after a credit comes back). */
    protected final void signalCredit() {
        Thread t = creditWaiter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Wakes a consumer waiting for data (call after a put or End of River). */
    protected final void signalData() {
        Thread t = dataWaiter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * Registers the calling thread to be woken by {@link #signalCredit()}; a ModuleThread waiting on
     * several reservoirs registers with each, then parks.
     */
    protected final void watchCredit(Thread t) {
        creditWaiter = t;
    }

    protected final void watchData(Thread t) {
        dataWaiter = t;
    }

    /**
     * Parks the caller at most {@code nanos}; wakes early on a signal.
     *
     * @throws InterruptedException if the thread was interrupted or its ModuleThread was stopped
     */
    protected static void pause(long nanos) throws InterruptedException {
        LockSupport.parkNanos(nanos);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (ModuleThread.stopping()) {
            throw new InterruptedException("module thread stopped");
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + ", credits " + credits() + "/" + window + (isEnded() ? ", ended" : "") + "]";
    }
}
