/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.IOException;
import java.time.Duration;

import tigris.ConsumerEnd;

/**
 * A consumer's end being opened: its endpoint, to hand to the producer, and the end itself once the
 * producer has come.
 */
public interface PendingConsumer {
    /**
     * Where the producer finds this end; available at once, before the producer comes.
     *
     * @return the endpoint, of its transport's {@link Transport#endpointType}, for the control
     *         agent to carry to the producer's node
     */
    Endpoint endpoint();

    /**
     * The consumer's end, once the producer's end has joined it; waits for it at most
     * {@code timeout}. Called once, when the river starts.
     *
     * @param timeout how long to wait for the producer's end to join
     * @return the consumer's end, joined to its producer's; the caller owns it
     * @throws IOException naming the reservoir if the producer did not come within {@code timeout} or was refused
     * @throws InterruptedException if the thread is interrupted while it waits
     */
    ConsumerEnd await(Duration timeout) throws IOException, InterruptedException;

    /** Gives up: frees what was opened (a listener, a registration); an end already made is closed. */
    void cancel();
}
