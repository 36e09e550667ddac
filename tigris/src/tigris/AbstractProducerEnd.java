/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.util.concurrent.atomic.AtomicInteger;

import tigris.events.ReservoirWaitEvent;
import tigris.events.WaterHandOffEvent;

/**
 * What producer's ends share: the name and window, the Parker of the producing thread, the
 * hand-off of a Water (it stops being the producer's), the copy of a Water the end cannot carry,
 * and the wait for a credit.
 */
public abstract class AbstractProducerEnd implements ProducerEnd {
    /** Longest a waiting producer parks before it looks again (wake-ups normally come sooner). */
    private static final long PARK_NANOS = 200_000;

    private final String name;
    private final int window;
    private final WaitingThread producer = new WaitingThread();
    /**
     * Waters and bytes put so far: written by the producer's thread only, read by status (a stale
     * count is fine). Opaque stores: whole values, and no fence on the put's path.
     */
    private long watersPut;
    private long bytesPut;
    private static final java.lang.invoke.VarHandle WATERS_PUT;
    private static final java.lang.invoke.VarHandle BYTES_PUT;

    static {
        try {
            java.lang.invoke.MethodHandles.Lookup l = java.lang.invoke.MethodHandles.lookup();
            WATERS_PUT = l.findVarHandle(AbstractProducerEnd.class, "watersPut", long.class);
            BYTES_PUT = l.findVarHandle(AbstractProducerEnd.class, "bytesPut", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Makes an end with no producer attached yet.
     *
     * @param name the reservoir's name ("a->b"), for reports, errors and the Waters' whereabouts
     * @param window the most Waters in flight, at least 1
     * @throws IllegalArgumentException if {@code window} is below 1
     */
    protected AbstractProducerEnd(String name, int window) {
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

    @Override
    public final int window() {
        return window;
    }

    @Override
    public final void attachProducer(Parker p) {
        producer.attach(p);
    }

    /**
     * The producer's side of a put: checks that the caller owns {@code w} and detaches it.
     *
     * @param w the Water being put; from now on no thread owns it until the consumer takes it
     * @throws IllegalStateException if the calling thread does not own {@code w}
     */
    protected final void handOff(Water w) {
        w.handOff(name);
    }

    /**
     * Takes back a Water this end handed off and still holds (a send in flight that completed), so
     * the producer's thread may release it.
     *
     * @param w a Water this end handed off
     * @return {@code w}, now the calling thread's
     */
    protected final Water reclaim(Water w) {
        w.takeOver(name);
        return w;
    }

    /**
     * {@code w} if it can be handed to another thread as it is, else a copy from {@link #spring()},
     * {@code w} then released.
     *
     * @param w the Water being put, owned by the calling thread
     * @return the Water to hand off: {@code w}, or the copy (its bytes and kind)
     * @throws IllegalStateException if the calling thread does not own {@code w}
     */
    protected final Water carriable(Water w) {
        if (w.isShareable()) {
            return w;
        }
        Water copy = w.copyInto(spring());
        w.release();
        return copy;
    }

    /**
     * Copies the bytes (and kind) of {@code from}, its buffers one after another, into the first
     * buffer of {@code to}, for an end that makes its own copy Water (one that must wait for a buffer).
     *
     * @param from the Water copied, owned by the calling thread; left as it is
     * @param to the copy, owned by the calling thread, whose first buffer has room for all of
     *        {@code from}'s bytes; its length and kind are set
     */
    protected final void copyBytes(Water from, Water to) {
        from.copyTo(to);
    }

    /**
     * Takes one of {@code credits}, waiting while there is none (woken by {@link #signalCredit()});
     * {@code beforeWait} runs before each wait and may throw to give up (a broken connection).
     *
     * @param credits the end's credits, taken one at a time by compare-and-set
     * @param beforeWait run on the producer's thread before each park; what it throws is thrown
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    protected final void takeCredit(AtomicInteger credits, Runnable beforeWait) throws InterruptedException {
        if (tryTake(credits)) {
            return;   // the put's usual path: no wait, nothing made
        }
        takeCredit(() -> tryTake(credits), beforeWait);
    }

    private static boolean tryTake(AtomicInteger credits) {
        for (int c; (c = credits.get()) > 0;) {
            if (credits.compareAndSet(c, c - 1)) {
                return true;
            }
        }
        return false;
    }

    /** Where an end's credits are: one is taken per put. */
    @FunctionalInterface
    protected interface CreditSource {
        /**
         * Takes a credit if there is one, without waiting; called on the producer's thread.
         *
         * @return true if it took one
         */
        boolean tryTake();
    }

    /**
     * {@link #takeCredit(AtomicInteger, Runnable)} for credits kept elsewhere.
     *
     * @param credits where a credit is taken from
     * @param beforeWait run on the producer's thread before each park; what it throws is thrown
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    protected final void takeCredit(CreditSource credits, Runnable beforeWait) throws InterruptedException {
        Parker p = producer.current();
        ReservoirWaitEvent wait = null;
        boolean prepared = false;
        while (true) {
            if (credits.tryTake()) {
                if (prepared) {
                    p.cancel();
                }
                if (wait != null && wait.shouldCommit()) {
                    wait.module = Thread.currentThread().getName();
                    wait.reservoir = name;
                    wait.waitingFor = "credit";
                    wait.commit();
                }
                return;
            }
            if (!prepared) {
                p.prepare();   // then one more look: a credit back from now on unparks this thread
                prepared = true;
                continue;
            }
            if (wait == null) {
                wait = new ReservoirWaitEvent();
                wait.begin();
            }
            try {
                beforeWait.run();
            } catch (RuntimeException e) {
                p.cancel();
                throw e;
            }
            p.park(PARK_NANOS);
            prepared = false;
        }
    }

    /**
     * Records the put of {@code w}, still the caller's: the end's counts, and an event (off by default: one per Water).
     *
     * @param w the Water being put, owned by the calling thread; its bytes in use are counted
     */
    protected final void recordPut(Water w) {
        long bytes = 0;
        for (int i = 0; i < w.bufferCount(); i++) {
            bytes += w.length(i);
        }
        recordPut(bytes, w.kind());
    }

    /**
     * Records the put of a Water of {@code bytes} bytes of {@code kind} that an end wrote without a Water object.
     * The producer's thread only.
     *
     * @param bytes the Water's bytes in use
     * @param kind the Water's kind ({@link Water#kind()})
     */
    protected final void recordPut(long bytes, byte kind) {
        // One writer: its own plain read, an opaque store, so a reader sees whole counts.
        WATERS_PUT.setOpaque(this, watersPut + 1);
        BYTES_PUT.setOpaque(this, bytesPut + bytes);
        if (!WaterHandOffEvent.TYPE.isEnabled()) {
            return;
        }
        WaterHandOffEvent e = new WaterHandOffEvent();
        if (e.shouldCommit()) {
            e.reservoir = name;
            e.bytes = bytes;
            e.kind = kind;
            e.credits = credits();
            e.commit();
        }
    }

    @Override
    public final EndStatus status() {
        return new EndStatus(name, (long) WATERS_PUT.getOpaque(this), (long) BYTES_PUT.getOpaque(this), credits(), window);
    }

    /** Wakes the producer if it waits for credit (call after a credit comes back). */
    protected final void signalCredit() {
        producer.signal();
    }

    /**
     * Parks the producer at most {@code nanos}, for a wait no signal ends (a ring's free slot,
     * polled across processes).
     *
     * @param nanos the longest park in nanoseconds
     *
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    protected final void pause(long nanos) throws InterruptedException {
        producer.current().park(nanos);
    }

    /**
     * {@code cause} in UTF-8, cut to at most {@link #MAX_CAUSE_BYTES} bytes on a character's boundary.
     *
     * @param cause a failure's cause; null becomes {@code "null"}
     * @return the bytes, a new array
     */
    protected static byte[] causeBytes(String cause) {
        return causeBytes(cause, MAX_CAUSE_BYTES);
    }

    /**
     * {@code cause} in UTF-8, cut to at most {@code max} bytes (and {@link #MAX_CAUSE_BYTES}) on a character's boundary.
     *
     * @param cause a failure's cause; null becomes {@code "null"}
     * @param max the most bytes the end can carry (a Water's size), at least 0
     * @return the bytes, a new array unless none was cut
     */
    protected static byte[] causeBytes(String cause, int max) {
        byte[] b = String.valueOf(cause).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int n = Math.min(max, MAX_CAUSE_BYTES);
        if (b.length <= n) {
            return b;
        }
        while (n > 0 && (b[n] & 0xC0) == 0x80) {
            n--;   // b[n] continues a character: cut before the character it belongs to
        }
        return java.util.Arrays.copyOf(b, n);
    }

    /** {@return the end's class, reservoir name, and credits over window now} */
    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + ", credits " + credits() + "/" + window + "]";
    }
}
