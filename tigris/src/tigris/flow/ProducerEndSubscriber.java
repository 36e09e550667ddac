/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.flow;

import java.util.Objects;
import java.util.concurrent.Flow;

import tigris.ProducerEnd;
import tigris.Water;

/**
 * A reservoir's producer's end as a {@link Flow.Subscriber} of Waters: it asks its publisher for
 * as many Waters as the end has credits, puts each one (a hand-off: the Water is the end's
 * afterwards), and asks for one more as each put completes, so a publisher never gets ahead of
 * the reservoir's window. {@code onComplete} is End of River; {@code onError} ends the river with
 * the publisher's failure ({@link ProducerEnd#endWithFailure}: the consumer learns the stream is not
 * whole), and the error is kept for {@link #failure()}; a put that fails
 * cancels the subscription and ends the river the same way. A Water may come on any thread, made on
 * another (a {@link java.util.concurrent.SubmissionPublisher} delivers on its executor's): the
 * delivering thread adopts it ({@link Water#adopt}) and puts it.
 */
public final class ProducerEndSubscriber implements Flow.Subscriber<Water> {
    private final ProducerEnd end;
    private Flow.Subscription subscription;
    private volatile Throwable failure;

    public ProducerEndSubscriber(ProducerEnd end) {
        this.end = Objects.requireNonNull(end, "end");
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        Objects.requireNonNull(s, "subscription");
        if (subscription != null) {
            s.cancel();   // rule 2.5: one subscription at a time
            return;
        }
        subscription = s;
        s.request(Math.max(1, end.credits()));
    }

    @Override
    public void onNext(Water w) {
        Objects.requireNonNull(w, "Water");
        try {
            if (!w.isOwned()) {
                w.adopt();
            }
            end.put(w);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            giveUp(e);
            return;
        } catch (RuntimeException e) {
            giveUp(e);
            return;
        }
        subscription.request(1);
    }

    /** A put failed: no more Waters from the publisher, and the consumer learns the stream is not whole. */
    private void giveUp(Throwable e) {
        subscription.cancel();
        failure = e;
        end.endWithFailure("a Water from the publisher could not be put: " + e);
    }

    @Override
    public void onError(Throwable t) {
        failure = Objects.requireNonNull(t, "error");
        end.endWithFailure("the publisher signalled an error: " + t);
    }

    @Override
    public void onComplete() {
        endRiver();
    }

    private void endRiver() {
        try {
            end.endOfRiver();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What the publisher signalled with onError, or a put that failed; null if neither happened. */
    public Throwable failure() {
        return failure;
    }
}
