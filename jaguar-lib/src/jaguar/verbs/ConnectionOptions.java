/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * How {@link RdmaConnection} builds the verbs side of a connection: the queue pair's shape, the
 * size of the completion queue its sends and receives share, and whether that queue gets a
 * completion channel (for threads that sleep instead of polling).
 *
 * @param queuePair the shape of the connection's queue pair, not null
 * @param completionQueueEntries entries of the one completion queue its sends and receives share:
 *                               at least {@code maxSendRequests + maxReceiveRequests}, so that it
 *                               cannot overflow
 * @param completionChannel whether the completion queue gets a {@link CompletionChannel}
 *                          (reached through {@link CompletionQueue#channel()}), for threads that
 *                          sleep on completions
 */
public record ConnectionOptions(QueuePairConfig queuePair, int completionQueueEntries, boolean completionChannel) {
    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if the completion queue is smaller than the queue pair's
     *         send and receive depths together
     * @throws NullPointerException if {@code queuePair} is null
     */
    public ConnectionOptions {
        if (completionQueueEntries < queuePair.maxSendRequests() + queuePair.maxReceiveRequests()) {
            throw new IllegalArgumentException("a completion queue of " + completionQueueEntries + " entries can overflow: "
                    + queuePair + " may complete " + (queuePair.maxSendRequests() + queuePair.maxReceiveRequests()) + " requests");
        }
    }

    /**
     * The options {@link RdmaConnection#connect} and {@link RdmaListener#accept} are usually given.
     *
     * @return {@link QueuePairConfig#defaults()}, a completion queue of 256 entries (its depths
     *         together), no completion channel
     */
    public static ConnectionOptions defaults() {
        QueuePairConfig qp = QueuePairConfig.defaults();
        return new ConnectionOptions(qp, qp.maxSendRequests() + qp.maxReceiveRequests(), false);
    }

    /**
     * Options for a queue pair of the given shape, with the smallest completion queue that cannot
     * overflow and no completion channel.
     *
     * @param qp the queue pair's shape, not null
     * @return options with {@code qp.maxSendRequests() + qp.maxReceiveRequests()} completion
     *         queue entries and no completion channel
     */
    public static ConnectionOptions of(QueuePairConfig qp) {
        return new ConnectionOptions(qp, qp.maxSendRequests() + qp.maxReceiveRequests(), false);
    }

    /**
     * These options with a completion channel, for a thread that sleeps on its completions
     * ({@link CompletionQueue#requestNotification}, {@link CompletionChannel#awaitEvent}).
     *
     * @return a copy of these options whose completion queue has a channel
     */
    public ConnectionOptions withCompletionChannel() {
        return new ConnectionOptions(queuePair, completionQueueEntries, true);
    }
}
