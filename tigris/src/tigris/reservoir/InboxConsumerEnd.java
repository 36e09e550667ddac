/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import tigris.AbstractConsumerEnd;
import tigris.Water;

/**
 * A consumer's end whose Waters arrive in an {@link Inbox}: from the producer's thread (memory)
 * or from the end's own reader thread (file, socket). The consumer polls the inbox; a failure put
 * into it reaches the consumer after the Waters before it.
 */
abstract class InboxConsumerEnd extends AbstractConsumerEnd {
    final Inbox inbox;

    InboxConsumerEnd(String name, int window) {
        super(name);
        this.inbox = new Inbox(window);
    }

    @Override
    public final Water poll() {
        Water w = inbox.poll();
        return w == null ? null : takeOver(w);
    }

    @Override
    public final boolean isEnded() {
        return inbox.isEnded();
    }

    /**
     * Queues a Water the filling thread has {@link #detach detached} and wakes the consumer; false
     * if the inbox is full (credits keep at most window Waters in it: a producer that ignored its
     * credit).
     */
    final boolean arrived(Water w) {
        boolean room = inbox.offer(w);
        signalData();
        return room;
    }

    /** Queues End of River and wakes the consumer. */
    final void ended() {
        inbox.end();
        signalData();
    }

    /** Queues a failure after the Waters already in and wakes the consumer. */
    final void failed(tigris.ReservoirFailedException e) {
        inbox.fail(e);
        signalData();
    }

    /** Queues the failure of the producer ({@link tigris.ProducerEnd#endWithFailure}) after the Waters already in. */
    final void producerFailedWith(String cause) {
        failed(producerFailed(cause));
    }

    /** Releases the Waters still queued (a close). */
    final void releaseQueued() {
        inbox.drain(w -> takeOver(w).release());
    }
}
