/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * What consumer's ends share: the name, the Parker of the consuming thread, the taking over of a
 * Water (the consumer owns it now) and the wait for one.
 */
public abstract class AbstractConsumerEnd implements ConsumerEnd {
    /** Longest a waiting consumer parks before it looks again (wake-ups normally come sooner). */
    private static final long PARK_NANOS = 200_000;

    private final String name;
    private final WaitingThread consumer = new WaitingThread();

    /**
     * Makes an end with no consumer attached yet.
     *
     * @param name the reservoir's name ("a->b"), for reports, errors and the Waters' whereabouts
     */
    protected AbstractConsumerEnd(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final void attachConsumer(Parker p) {
        consumer.attach(p);
    }

    /** Waits on {@link #poll()}, woken by {@link #signalData()}. */
    @Override
    public Water get() throws InterruptedException {
        // Attached before the first poll: a signal after it leaves the park permit set.
        Parker p = consumer.current();
        while (true) {
            Water w = poll();
            if (w != null || isEnded()) {
                return w;
            }
            p.prepare();
            try {
                w = poll();
            } catch (RuntimeException e) {
                p.cancel();
                throw e;
            }
            if (w != null || isEnded()) {
                p.cancel();
                return w;
            }
            p.park(PARK_NANOS);
        }
    }

    /**
     * The consumer's side of a poll: the calling thread owns {@code w} and owes this end a credit.
     *
     * @param w the Water about to be returned by {@link #poll()}, owned by no thread
     * @return {@code w}, now the calling thread's
     */
    protected final Water takeOver(Water w) {
        w.takeOver(name);
        return w;
    }

    /**
     * The filling side of an end whose own thread receives Waters (a socket's or a file's reader):
     * {@code w} stops being that thread's, to be {@link #takeOver taken over} by the consumer.
     *
     * @param w a Water the calling (receiving) thread made and filled
     * @throws IllegalStateException if the calling thread does not own {@code w}
     */
    protected final void detach(Water w) {
        w.handOff(name);
    }

    /**
     * What the consumer gets after the Waters its producer put before it failed ({@link ProducerEnd#endWithFailure}).
     *
     * @param cause the producer's cause, as it came through the reservoir
     * @return the exception, naming this reservoir, for the end to throw at this look and (through
     *         {@link ReservoirFailedException#again()}) every later one
     */
    protected final UpstreamFailedException producerFailed(String cause) {
        return new UpstreamFailedException(name, cause);
    }

    /** Wakes the consumer if it waits for data (call after a Water or End of River arrives). */
    protected final void signalData() {
        consumer.signal();
    }

    /**
     * Parks the consumer at most {@code nanos}, for a wait no signal ends.
     *
     * @param nanos the longest park in nanoseconds; 0 only looks at the interrupt and the stop check
     *
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    protected final void pause(long nanos) throws InterruptedException {
        consumer.current().park(nanos);
    }

    /** {@return the end's class and reservoir name, and whether it has ended} */
    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + (isEnded() ? ", ended" : "") + "]";
    }
}
