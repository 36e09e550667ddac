/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import tigris.ReservoirFailedException;
import tigris.Water;
import tigris.ring.SpscRing;

/**
 * The consumer's side of a reservoir: a bounded FIFO of Waters (already handed off by the
 * producer's thread), then End of River or a failure. One thread fills it (the producer's, or the
 * end's own reader or I/O thread) and one consumer thread takes from it, through a lock-free ring
 * ({@link SpscRing}); a failure may be set from any thread.
 */
final class Inbox {
    private enum Marker { END }

    private final SpscRing<Object> queue;
    /** Set by the producer's side; the consumer gets it once the queue is empty. */
    private volatile ReservoirFailedException failure;
    /** Consumer thread only. */
    private boolean ended;

    /** Room for {@code window} Waters and the final marker. */
    Inbox(int window) {
        this.queue = new SpscRing<>(window + 1);
    }

    /** False if the inbox is full (a producer that ignored its credit). */
    boolean offer(Water w) {
        return queue.offer(w);
    }

    void end() {
        if (!queue.offer(Marker.END)) {
            throw new IllegalStateException("the inbox is full: its filler put more Waters than its window");
        }
    }

    /** Ends the inbox with a failure the consumer gets after the Waters already in it. */
    void fail(ReservoirFailedException e) {
        if (failure == null) {
            failure = e;
        }
    }

    /** True if a poll would find nothing to return or throw. */
    boolean isEmpty() {
        return queue.isEmpty() && failure == null;
    }

    /**
     * The next Water (still to be taken over), or null if there is none now or the inbox has
     * ended ({@link #isEnded()}).
     *
     * @throws ReservoirFailedException once the Waters before a failure have been taken
     */
    Water poll() {
        if (ended) {
            return null;
        }
        // The failure before the queue: the producer's side sets it after offering the Waters
        // before it, so once it is seen here an empty queue means every one of them was taken.
        ReservoirFailedException f = failure;
        Object o = queue.poll();
        if (o == null) {
            if (f != null) {
                throw f.again();   // every later call fails too
            }
            return null;
        }
        if (o == Marker.END) {
            ended = true;
            return null;
        }
        return (Water) o;
    }

    boolean isEnded() {
        return ended;
    }

    /** Hands every Water still queued to {@code release} (a reservoir's close()); markers are dropped. */
    void drain(java.util.function.Consumer<Water> release) {
        Object o;
        while ((o = queue.poll()) != null) {
            if (o instanceof Water w) {
                release.accept(w);
            }
        }
    }
}
