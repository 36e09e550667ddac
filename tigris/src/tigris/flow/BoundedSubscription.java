/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.flow;

import java.time.Duration;
import java.util.concurrent.Flow;

/**
 * A subscription with seed 003's bounded wait: {@link #request(long, Duration)} asks for up to
 * {@code n} Waters and takes what has arrived when the time runs out.
 */
public interface BoundedSubscription extends Flow.Subscription {
    /**
     * Asks for up to {@code n} more Waters, delivered as they arrive; what is still owed when
     * {@code timeout} has passed is given up (the subscriber asks again when it wants more).
     * Non-positive {@code n} is an error signalled to the subscriber (rule 3.9). A later bounded
     * request replaces the deadline of an earlier one.
     *
     * @param n how many more Waters the subscriber will take; added to what is still owed, the sum
     *          capped at {@code Long.MAX_VALUE} (rule 3.17)
     * @param timeout how long the demand stands, from this call; not null
     */
    void request(long n, Duration timeout);
}
