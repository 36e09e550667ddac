/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * The consumer's end of a reservoir: where a module's thread takes Waters from, in order, then
 * End of River. Taking a Water owes the reservoir a credit, given back with {@link #creditBack()}
 * when the doOperation that got the Water is over (not when the Water was dequeued), so a
 * consumer that falls behind holds its credits and a Distributed Queue upstream sees it. One
 * thread consumes from an end; it {@link #attachConsumer attaches} its {@link Parker} before its
 * first look.
 *
 * <p>Every implementation performs every method: an end never refuses half of its interface.
 */
public interface ConsumerEnd extends AutoCloseable {
    /** {@return the reservoir's name ("a->b"), for reports and errors} */
    String name();

    /**
     * Takes the next Water if one has arrived, without waiting; the calling thread then owns it
     * and owes the end a {@link #creditBack()}.
     *
     * @return the Water, or null if none has arrived; {@link #isEnded()} tells End of River from
     *         "nothing yet"
     * @throws ReservoirFailedException if the Waters before it were taken and the stream ends with
     *         its producer's failure ({@link UpstreamFailedException}) or the reservoir broke; at
     *         this look and every later one
     */
    Water poll();

    /** {@return true once End of River has arrived and every Water before it was taken} */
    boolean isEnded();

    /**
     * Takes the next Water, waiting for one; the calling thread then owns it and owes the end a
     * {@link #creditBack()}.
     *
     * @return the Water, or null at End of River
     * @throws ReservoirFailedException as {@link #poll()} does
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    Water get() throws InterruptedException;

    /**
     * Sleeps until a Water may have arrived, the end ended or {@code nanos} passed, where this end
     * is woken across processes (a shared-memory stream's futex), and says so; an end woken only
     * through its {@link Parker} returns false at once, and its consumer parks instead. The
     * consumer looks again either way.
     *
     * @param nanos the longest sleep, in nanoseconds
     * @return true if this end waits this way (whether it slept or found something at once),
     *         false if it cannot, and the consumer must park instead
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    default boolean awaitData(long nanos) throws InterruptedException {
        return false;
    }

    /**
     * The doOperation that got a Water from this end is over: its credit goes back to the producer.
     * Once per Water taken, oldest first; an end may refuse one that no taken Water awaits (with an
     * {@link IllegalStateException}).
     */
    void creditBack();

    /**
     * Makes {@code p} the consumer's: data signals wake it, and this end's waits park on it.
     * Called once, by the consuming thread, before it first looks at the end; a thread that
     * attaches none waits on a Parker only an interrupt stops.
     *
     * @param p the consuming thread's Parker
     */
    void attachConsumer(Parker p);

    /** Frees what this end holds. */
    @Override
    void close();
}
