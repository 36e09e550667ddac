/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import tigris.ConsumerEnd;

/** The wait for a consumer's end that a listener accepts on a thread of its own (TCP, verbs). */
final class Accepted {
    private Accepted() {
    }

    /**
     * The pending consumer's end of a listener that accepts on a thread of its own: its endpoint
     * {@code at}, the end {@code accepted} makes, and what a cancel does besides closing an end
     * already made ({@code giveUp}: close the listener, or mark the accept given up).
     */
    static <E extends ConsumerEnd> PendingConsumer pending(Endpoint at, CompletableFuture<E> accepted, String what, Runnable giveUp) {
        return new PendingConsumer() {
            @Override
            public Endpoint endpoint() {
                return at;
            }

            @Override
            public ConsumerEnd await(Duration timeout) throws IOException, InterruptedException {
                return Accepted.await(accepted, timeout, what);
            }

            @Override
            public void cancel() {
                giveUp.run();
                accepted.thenAccept(ConsumerEnd::close);
            }
        };
    }

    /** The end {@code accepted} makes, within {@code timeout}; its failure as an IOException naming {@code what}. */
    static <E extends ConsumerEnd> E await(CompletableFuture<E> accepted, Duration timeout, String what) throws IOException, InterruptedException {
        try {
            return accepted.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException(what + ": its producer did not connect within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            Throwable c = e.getCause() instanceof UncheckedIOException u ? u.getCause() : e.getCause();
            throw new IOException(what + ": " + c.getMessage(), c);
        }
    }
}
