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

    /**
     * A subscriber that puts what it is given into {@code end}.
     *
     * @param end the producer's end of the reservoir to fill; not null, and put into by no one else
     * @throws NullPointerException if {@code end} is null
     */
    public ProducerEndSubscriber(ProducerEnd end) {
        this.end = Objects.requireNonNull(end, "end");
    }

    /**
     * Takes the subscription and asks for as many Waters as the end has credits (at least one). A
     * second subscription is cancelled at once (rule 2.5).
     *
     * @param s the publisher's subscription; not null
     * @throws NullPointerException if {@code s} is null
     */
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

    /**
     * Puts {@code w} into the end, waiting for credit, then asks for one more. A put that fails (or
     * is interrupted) cancels the subscription and ends the river with a failure instead.
     *
     * @param w the Water; adopted by this thread if it is owned by none; the end's afterwards
     * @throws NullPointerException if {@code w} is null
     */
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

    /**
     * Ends the river with the publisher's failure, kept for {@link #failure()}.
     *
     * @param t what the publisher signalled; not null
     * @throws NullPointerException if {@code t} is null
     */
    @Override
    public void onError(Throwable t) {
        failure = Objects.requireNonNull(t, "error");
        end.endWithFailure("the publisher signalled an error: " + t);
    }

    /**
     * Puts End of River into the end: the consumer gets what was put, then the end. Returns
     * normally whatever happens (rule 2.13): if the end cannot be sent (the reservoir is broken, or
     * the wait to send it was interrupted, whose status is set again), that is kept for
     * {@link #failure()} and the river is ended with a failure where the reservoir can still carry one.
     */
    @Override
    public void onComplete() {
        try {
            end.endOfRiver();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = e;
            end.endWithFailure("End of River could not be sent: " + e);
        } catch (RuntimeException e) {
            failure = e;
            end.endWithFailure("End of River could not be sent: " + e);
        }
    }

    /**
     * Why the stream into the reservoir is not whole.
     *
     * @return what the publisher signalled with {@code onError}, or the exception of a put or of
     *         the End of River that failed; null if none happened (so far: it is set on the
     *         delivering thread)
     */
    public Throwable failure() {
        return failure;
    }
}
