/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.flow;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import tigris.ConsumerEnd;
import tigris.Parker;
import tigris.ReservoirFailedException;
import tigris.Water;

/**
 * A reservoir's consumer's end as a {@link Flow.Publisher} of Waters, for code written against
 * {@code java.util.concurrent.Flow}: demand is credit. A thread of its own holds at most one Water
 * taken from the end, hands it to {@code onNext} once the subscriber has asked for one (the
 * subscriber owns it for the call, as a module owns its input for a doOperation; the Water is
 * released after the call unless the subscriber passed it on), then gives the end its credit
 * back. End of River is {@code onComplete}; a failed reservoir is {@code onError}: both reach the
 * subscriber whether or not it has asked for anything (rule 1.4), which is why one Water is taken
 * ahead. One subscriber: a consumer's end has one consumer. The subscription is a
 * {@link BoundedSubscription}.
 */
public final class ConsumerEndPublisher implements Flow.Publisher<Water> {
    private static final long PARK_NANOS = 200_000;

    private final ConsumerEnd end;
    private final AtomicBoolean subscribed = new AtomicBoolean();

    /**
     * A publisher of the Waters of {@code end}. Nothing is taken from the end until a subscriber
     * subscribes: then a daemon thread, {@code tigris-publisher-}<i>reservoir</i>, attaches to the
     * end as its consumer and delivers.
     *
     * @param end the consumer's end of the reservoir to publish; not null, and consumed by no one
     *            else
     * @throws NullPointerException if {@code end} is null
     */
    public ConsumerEndPublisher(ConsumerEnd end) {
        this.end = Objects.requireNonNull(end, "end");
    }

    /**
     * Starts delivering the end's Waters to {@code subscriber} on a thread of its own. Only the
     * first subscriber is served: a later one gets a subscription that does nothing, then
     * {@code onError} with an {@link IllegalStateException} (a consumer's end has one consumer).
     *
     * @param subscriber the consumer of the Waters; not null (rule 1.9)
     * @throws NullPointerException if {@code subscriber} is null
     */
    @Override
    public void subscribe(Flow.Subscriber<? super Water> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");   // rule 1.9
        if (!subscribed.compareAndSet(false, true)) {
            subscriber.onSubscribe(new Flow.Subscription() {
                public void request(long n) {
                }

                public void cancel() {
                }
            });
            subscriber.onError(new IllegalStateException("reservoir " + end.name() + " has one consumer, and it is subscribed already"));
            return;
        }
        new Delivery(subscriber).start();
    }

    /** The delivering thread and the subscription it serves. */
    private final class Delivery implements BoundedSubscription {
        /** Dropped when delivery ends (rule 3.13: a cancelled publisher lets go of its subscriber). */
        private volatile Flow.Subscriber<? super Water> subscriber;
        private final AtomicLong demand = new AtomicLong();
        /** Demand given up at this nanoTime (0: none pending expiry); set by a bounded request. */
        private final AtomicLong expiresAt = new AtomicLong();
        private volatile boolean cancelled;
        private volatile IllegalArgumentException badRequest;
        private volatile Thread thread;

        Delivery(Flow.Subscriber<? super Water> subscriber) {
            this.subscriber = subscriber;
        }

        void start() {
            thread = Thread.ofPlatform().daemon().name("tigris-publisher-" + end.name()).unstarted(this::run);
            thread.start();
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                badRequest = new IllegalArgumentException("rule 3.9: request(" + n + ") is not positive");
            } else {
                demand.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);   // rule 3.17: at most Long.MAX_VALUE
            }
            wake();
        }

        @Override
        public void request(long n, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            request(n);
            expiresAt.set(deadline == 0 ? 1 : deadline);
            wake();
        }

        @Override
        public void cancel() {
            cancelled = true;
            wake();
        }

        private void wake() {
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }

        private void run() {
            try {
                deliver();
            } finally {
                subscriber = null;
            }
        }

        private void deliver() {
            Flow.Subscriber<? super Water> subscriber = this.subscriber;
            Parker parker = new Parker(Thread.currentThread(), () -> cancelled);
            end.attachConsumer(parker);
            subscriber.onSubscribe(this);
            Water ahead = null;
            boolean prepared = false;
            try {
                while (!cancelled) {
                    if (badRequest != null) {
                        cancelled = true;
                        subscriber.onError(badRequest);
                        return;
                    }
                    long expiry = expiresAt.get();
                    if (expiry != 0 && System.nanoTime() - expiry >= 0) {
                        expiresAt.compareAndSet(expiry, 0);
                        demand.set(0);   // the bounded wait is over: what arrived was delivered
                    }
                    if (ahead == null) {
                        try {
                            ahead = end.poll();
                        } catch (ReservoirFailedException e) {
                            cancelled = true;
                            subscriber.onError(e);
                            return;
                        }
                        if (ahead == null) {
                            if (end.isEnded()) {
                                cancelled = true;
                                subscriber.onComplete();
                                return;
                            }
                            if (!prepared) {
                                parker.prepare();   // then one more look: a Water from now on unparks this thread
                                prepared = true;
                                continue;
                            }
                            try {
                                parker.park(PARK_NANOS);
                            } catch (InterruptedException e) {
                                return;
                            }
                            prepared = false;
                            continue;
                        }
                        if (prepared) {
                            parker.cancel();
                            prepared = false;
                        }
                    }
                    if (demand.get() == 0) {
                        LockSupport.parkNanos(PARK_NANOS);
                        continue;
                    }
                    Water w = ahead;
                    ahead = null;
                    demand.decrementAndGet();
                    try {
                        subscriber.onNext(w);
                    } finally {
                        if (w.isOwned()) {
                            w.release();
                        }
                        end.creditBack();
                    }
                }
            } catch (RuntimeException e) {
                // rule 2.13: a subscriber that throws is cancelled; its exception is not ours to signal
                cancelled = true;
            } finally {
                if (ahead != null) {
                    ahead.release();   // taken ahead and never asked for: the end gets its credit back
                    end.creditBack();
                }
            }
        }
    }
}
