/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * How {@link RdmaConnection} builds the verbs side of a connection: the queue pair's shape, the
 * size of the completion queue its sends and receives share, and whether that queue gets a
 * completion channel (for threads that sleep instead of polling).
 */
public record ConnectionOptions(QueuePairConfig queuePair, int completionQueueEntries, boolean completionChannel) {
    public ConnectionOptions {
        if (completionQueueEntries < queuePair.maxSendRequests() + queuePair.maxReceiveRequests()) {
            throw new IllegalArgumentException("a completion queue of " + completionQueueEntries + " entries can overflow: "
                    + queuePair + " may complete " + (queuePair.maxSendRequests() + queuePair.maxReceiveRequests()) + " requests");
        }
    }

    public static ConnectionOptions defaults() {
        QueuePairConfig qp = QueuePairConfig.defaults();
        return new ConnectionOptions(qp, qp.maxSendRequests() + qp.maxReceiveRequests(), false);
    }

    public static ConnectionOptions of(QueuePairConfig qp) {
        return new ConnectionOptions(qp, qp.maxSendRequests() + qp.maxReceiveRequests(), false);
    }

    public ConnectionOptions withCompletionChannel() {
        return new ConnectionOptions(queuePair, completionQueueEntries, true);
    }
}
