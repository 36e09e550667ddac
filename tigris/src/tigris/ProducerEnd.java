/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * The producer's end of a reservoir: what a module puts Waters into. It makes the Waters it
 * carries without a copy ({@link #spring()}), grants credits (flow control: at most
 * {@link #window()} Waters put and not yet processed downstream), takes Waters and, once, End of
 * River. One thread produces into an end; it {@link #attachProducer attaches} its {@link Parker}
 * before its first look, so that credit signals wake it and a stop ends its waits.
 *
 * <p>Every implementation performs every method: an end never refuses half of its interface.
 */
public interface ProducerEnd extends AutoCloseable {
    /** {@return the reservoir's name ("a->b"), for reports and errors} */
    String name();

    /** {@return the most Waters in flight, put and not yet processed by the consumer: at least 1} */
    int window();

    /**
     * The spring that makes Waters this end carries without a copy: a module writes its output
     * into them so the put copies nothing. It is the producer's thread's to use.
     *
     * @return the end's spring, the same on every call
     */
    Spring spring();

    /**
     * The credits left: how many more Waters can be put now without waiting. A snapshot, which a
     * credit coming back may raise at once.
     *
     * @return the credits, from 0 to {@link #window()}
     */
    int credits();

    /**
     * Hands {@code w} to the consumer, waiting for a credit if there is none. The Water must be
     * the caller's; afterwards it is not (see {@link Water}). A Water this end cannot carry is
     * copied into one of its own and the original released.
     *
     * @param w the Water, owned by the calling thread; its bytes in use are what is sent
     * @throws IllegalStateException if End of River (or a failure) was already put, or the caller
     *         does not own {@code w}
     * @throws IllegalArgumentException if {@code w} holds more bytes than the reservoir carries
     * @throws ReservoirFailedException if the reservoir is broken (its consumer or the connection
     *         to it is gone)
     * @throws InterruptedException if the wait for a credit gave up: the thread was interrupted or
     *         its stop check says stop
     */
    void put(Water w) throws InterruptedException;

    /**
     * Makes sure the consumer will wake for every Water put so far: an end that wakes a sleeping
     * consumer only every few Waters (a shared-memory stream, to spare a context switch per Water)
     * wakes it now. A ModuleThread flushes its downstream ends before it waits for input; a producer
     * outside one flushes when it stops putting for a while. An end that wakes at every put does
     * nothing.
     */
    default void flush() {
    }

    /**
     * Ends the river through this reservoir: the consumer gets what was put, then the end.
     * Idempotent, and does nothing after {@link #endWithFailure}. Needs no credit.
     *
     * @throws ReservoirFailedException if the reservoir is broken and the end cannot be sent
     * @throws InterruptedException if an end that waits to send it gave up: the thread was
     *         interrupted or its stop check says stop (Tigris's own ends send it without waiting)
     */
    void endOfRiver() throws InterruptedException;

    /**
     * Ends the river through this reservoir because its producer failed: the consumer gets what was
     * put, then an {@link UpstreamFailedException} naming this reservoir and {@code cause} (at most
     * {@link #MAX_CAUSE_BYTES} of it in UTF-8, and at most a Water's size over shared memory and
     * verbs), where End of River would tell it the stream is whole. Does
     * nothing after End of River or once the reservoir is broken; idempotent. Needs no credit: a
     * producer that failed holding none still ends its stream.
     *
     * @param cause what failed, in words, for the consumer's exception ("module m failed: ...")
     */
    void endWithFailure(String cause);

    /** Bytes of a failure's cause (UTF-8) a reservoir carries; a longer one is cut. */
    int MAX_CAUSE_BYTES = 1024;

    /**
     * What has gone through this end so far and the credits it has now, for the river's status (a
     * live view, a report).
     *
     * @return the status now; safe to ask from any thread, its counts possibly a put behind
     */
    EndStatus status();

    /**
     * Makes {@code p} the producer's: credit signals wake it, and this end's waits park on it.
     * Called once, by the producing thread, before it first looks at the end; a thread that
     * attaches none waits on a Parker only an interrupt stops.
     *
     * @param p the producing thread's Parker
     */
    void attachProducer(Parker p);

    /** Frees what this end holds; puts afterwards fail. */
    @Override
    void close();
}
