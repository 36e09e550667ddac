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
    /** The reservoir's name ("a->b"), for reports and errors. */
    String name();

    /** The next Water if one has arrived, else null; {@link #isEnded()} tells End of River from "nothing yet". */
    Water poll();

    /** True once End of River has arrived and every Water before it was taken. */
    boolean isEnded();

    /** The next Water, waiting for one; null at End of River. */
    Water get() throws InterruptedException;

    /**
     * Sleeps until a Water may have arrived, the end ended or {@code nanos} passed, where this end
     * is woken across processes (a shared-memory stream's futex), and says so; an end woken only
     * through its {@link Parker} returns false at once, and its consumer parks instead. The
     * consumer looks again either way.
     *
     * @throws InterruptedException if the thread was interrupted or its stop check says stop
     */
    default boolean awaitData(long nanos) throws InterruptedException {
        return false;
    }

    /** The doOperation that got a Water from this end is over: its credit goes back to the producer. */
    void creditBack();

    /** Makes {@code p} the consumer's: data signals wake it, and this end's waits park on it. */
    void attachConsumer(Parker p);

    /** Frees what this end holds. */
    @Override
    void close();
}
