/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import tigris.Parker;
import tigris.Water;
import tigris.reservoir.MemoryReservoir;

/**
 * A reservoir's waits end when the waiting thread's stop check says so: the stop is a parameter
 * of the wait (a Parker), not something reservoirs learn from ModuleThread.
 */
class ParkerTest {
    /** Runs {@code wait} on a thread of its own with a Parker whose stop flag the test sets; returns what ended it. */
    private static Throwable stopWhileWaiting(java.util.function.Function<Parker, Object> wait, AtomicBoolean stop) throws Exception {
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        CompletableFuture<Parker> started = new CompletableFuture<>();
        Thread t = Thread.ofPlatform().start(() -> {
            Parker p = new Parker(Thread.currentThread(), stop::get);
            started.complete(p);
            try {
                wait.apply(p);
                ended.complete(null);
            } catch (Throwable e) {
                ended.complete(e instanceof java.util.concurrent.CompletionException c ? c.getCause() : e);
            }
        });
        Parker p = started.get(10, TimeUnit.SECONDS);
        Thread.sleep(50);
        assertFalse(ended.isDone(), "still waiting before the stop");
        stop.set(true);
        p.unpark();
        Throwable e = ended.get(10, TimeUnit.SECONDS);
        assertFalse(t.isInterrupted(), "stopped without an interrupt");
        return e;
    }

    @Test
    void aProducerWaitingForCreditGivesUpWhenItsStopCheckSaysStop() throws Exception {
        try (MemoryReservoir r = new MemoryReservoir("full", 1, 64)) {
            Water first = r.producer().spring().createWater(64);
            r.producer().put(first);   // the one credit is gone: the next put waits
            AtomicBoolean stop = new AtomicBoolean();
            Throwable e = stopWhileWaiting(p -> {
                r.producer().attachProducer(p);
                try {
                    r.producer().put(r.producer().spring().createWater(64));
                } catch (InterruptedException x) {
                    throw new java.util.concurrent.CompletionException(x);
                }
                return null;
            }, stop);
            assertTrue(e instanceof InterruptedException, String.valueOf(e));
            assertEquals("module thread stopped", e.getMessage());
        }
    }

    @Test
    void aConsumerWaitingForDataGivesUpWhenItsStopCheckSaysStop() throws Exception {
        try (MemoryReservoir r = new MemoryReservoir("empty", 2, 64)) {
            AtomicBoolean stop = new AtomicBoolean();
            Throwable e = stopWhileWaiting(p -> {
                r.consumer().attachConsumer(p);
                try {
                    return r.consumer().get();
                } catch (InterruptedException x) {
                    throw new java.util.concurrent.CompletionException(x);
                }
            }, stop);
            assertTrue(e instanceof InterruptedException, String.valueOf(e));
        }
    }

    @Test
    void aParkerIsItsOwnersOnly() throws Exception {
        Parker mine = Parker.forCurrentThread();
        Throwable e = CompletableFuture.supplyAsync(() -> {
            try {
                mine.park(1);
                return null;
            } catch (Throwable x) {
                return x;
            }
        }).get(10, TimeUnit.SECONDS);
        assertTrue(e instanceof IllegalStateException && e.getMessage().startsWith("parker of " + Thread.currentThread().getName()), String.valueOf(e));
    }
}
