/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.util.concurrent.TimeUnit;

/**
 * A node's lease on one river attempt, granted by the agent that began it and renewed by each of
 * its calls (its heartbeats). A node whose lease ran out can no longer tell whether its agent
 * gave the attempt up, so it fences itself: it stops the attempt and commits nothing of it. Time is
 * the monotonic clock, which runs on while the process is paused (SIGSTOP), so a paused node sees
 * its lease expired the moment it runs again.
 */
final class RiverLease {
    /** Shortest and longest lease an agent may ask for. */
    static final long MIN_MILLIS = 100;
    static final long MAX_MILLIS = TimeUnit.HOURS.toMillis(1);

    private final long leaseNanos;
    private volatile long renewedNanos;

    RiverLease(long leaseMillis) {
        if (leaseMillis < MIN_MILLIS || leaseMillis > MAX_MILLIS) {
            throw new IllegalArgumentException("a lease of " + leaseMillis + " ms is outside " + MIN_MILLIS + " ms .. 1 hour");
        }
        this.leaseNanos = TimeUnit.MILLISECONDS.toNanos(leaseMillis);
        this.renewedNanos = System.nanoTime();
    }

    void renew() {
        renewedNanos = System.nanoTime();
    }

    long millis() {
        return TimeUnit.NANOSECONDS.toMillis(leaseNanos);
    }

    /** How long it has gone unrenewed if that is longer than the lease, else 0. */
    long expiredNanos(long now) {
        long silent = now - renewedNanos;
        return silent > leaseNanos ? silent : 0;
    }
}
