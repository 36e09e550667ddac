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
    Endpoint endpoint();

    /**
     * The consumer's end, once the producer's end has joined it.
     *
     * @throws IOException naming the reservoir if the producer did not come within {@code timeout} or was refused
     */
    ConsumerEnd await(Duration timeout) throws IOException, InterruptedException;

    /** Gives up: frees what was opened (a listener, a registration); an end already made is closed. */
    void cancel();
}
