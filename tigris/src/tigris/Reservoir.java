package tigris;

import java.util.concurrent.atomic.AtomicInteger;

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
public abstract class Reservoir implements ProducerEnd, ConsumerEnd {
    /** Longest a waiting thread parks before it looks again (wake-ups normally come sooner). */
    private static final long PARK_NANOS = 200_000;

    private final String name;
    private final int window;
    /** Who waits for credit (the producer), and for data (the consumer); attached before their first look. */
    private volatile Parker producer;
    private volatile Parker consumer;

    protected Reservoir(String name, int window) {
        if (window < 1) {
            throw new IllegalArgumentException("reservoir " + name + ": window must be at least 1, got " + window);
        }
        this.name = name;
        this.window = window;
    }

    @Override
    public final String name() {
        return name;
    }

    /** Most Waters in flight (put and not yet processed by the consumer). */
    @Override
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
        // Attached before the first poll: a signal after it leaves the park permit set.
        Parker p = consumerParker();
        while (true) {
            Water w = poll();
            if (w != null || isEnded()) {
                return w;
            }
            p.park(PARK_NANOS);
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
    public abstract void creditBack();

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
        w.takeOver(name);
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
        Parker p = producerParker();
        while (true) {
            int c = credits.get();
            if (c > 0) {
                if (credits.compareAndSet(c, c - 1)) {
                    return;
                }
                continue;
            }
            beforeWait.run();
            p.park(PARK_NANOS);
        }
    }

    /** Wakes a producer waiting for credit (call after a credit comes back). */
    protected final void signalCredit() {
        Parker p = producer;
        if (p != null) {
            p.unpark();
        }
    }

    /** Wakes a consumer waiting for data (call after a put or End of River). */
    protected final void signalData() {
        Parker p = consumer;
        if (p != null) {
            p.unpark();
        }
    }

    /**
     * Makes {@code p} the producer's: credit signals wake it, and the producer's waits inside this
     * reservoir park on it (and end when it says stop). A ModuleThread attaches its Parker to every
     * downstream reservoir before it first looks at them.
     */
    public final void attachProducer(Parker p) {
        producer = p;
    }

    /** Makes {@code p} the consumer's: data signals wake it, and the consumer's waits park on it. */
    public final void attachConsumer(Parker p) {
        consumer = p;
    }

    /** The producer's Parker; a thread that attached none (a test, a tool) gets one that only an interrupt stops. */
    private Parker producerParker() {
        Parker p = producer;
        if (p == null || p.owner() != Thread.currentThread()) {
            producer = p = Parker.forCurrentThread();
        }
        return p;
    }

    private Parker consumerParker() {
        Parker p = consumer;
        if (p == null || p.owner() != Thread.currentThread()) {
            consumer = p = Parker.forCurrentThread();
        }
        return p;
    }

    /**
     * Parks the producer at most {@code nanos} (a wait of the producer's end with no signal, such
     * as a ring's free slot polled across processes).
     *
     * @throws InterruptedException if the thread was interrupted or its ModuleThread was stopped
     */
    protected final void pauseProducer(long nanos) throws InterruptedException {
        producerParker().park(nanos);
    }

    /** As {@link #pauseProducer} for the consumer's end. */
    protected final void pauseConsumer(long nanos) throws InterruptedException {
        consumerParker().park(nanos);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + ", credits " + credits() + "/" + window + (isEnded() ? ", ended" : "") + "]";
    }
}
