/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import jaguar.ext.ExternalBuffer;
import tigris.Water;
import tigris.reservoir.MemoryReservoir;

/**
 * A memory reservoir's ends share no lock: a ring of Waters, a pool's free list taken from and
 * given back to by different threads, and credits kept as two counts each end writes alone. Under
 * many hand-offs between two threads nothing is lost, doubled or reordered, the credits come
 * back whole, and no buffer is ever handed to two live Waters (200,000 hand-offs per case).
 */
class MemoryReservoirTest {
    private static final int WATERS = 200_000;

    @Test
    void watersCrossInOrderAndTheCreditsComeBackWhole() throws Exception {
        for (int window : new int[] {1, 8, 64}) {
            // A window of one parks a side at every Water: fewer of them.
            int waters = window == 1 ? WATERS / 20 : WATERS;
            long t0 = System.nanoTime();
            try (MemoryReservoir r = new MemoryReservoir("order-" + window, window, 64)) {
                CompletableFuture<Long> taken = CompletableFuture.supplyAsync(() -> {
                    long expected = 0;
                    try {
                        for (Water w; (w = r.consumer().get()) != null; expected++) {
                            long v = w.buffer().getLong(0);
                            if (v != expected) {
                                throw new AssertionError("Water " + expected + " carried " + v);
                            }
                            w.release();
                            r.consumer().creditBack();
                        }
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return expected;
                });
                for (long i = 0; i < waters; i++) {
                    Water w = r.producer().spring().createWater(8);
                    w.buffer().putLong(0, i);
                    w.setLength(8);
                    r.producer().put(w);
                }
                r.producer().endOfRiver();
                assertEquals(waters, taken.get(120, TimeUnit.SECONDS), "window " + window);
                assertEquals(window, r.producer().credits(), "every credit came back (window " + window + ")");
                assertEquals(waters, r.producer().status().waters());
            }
            System.out.println("window " + window + ": " + waters + " Waters in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        }
    }

    /**
     * The spring's free list is taken from by the producer's thread and given back to by the
     * consumer's (Waters it releases) and the producer's (Waters it makes and drops): a buffer is
     * never in two live Waters at once.
     */
    @Test
    void theSpringNeverHandsOneBufferToTwoLiveWaters() throws Exception {
        ConcurrentHashMap<ExternalBuffer, Boolean> live = new ConcurrentHashMap<>();
        AtomicLong doubled = new AtomicLong();
        try (MemoryReservoir r = new MemoryReservoir("pool", 8, 64)) {
            CompletableFuture<Void> consumer = CompletableFuture.runAsync(() -> {
                try {
                    for (Water w; (w = r.consumer().get()) != null;) {
                        live.remove(w.buffer());   // before the release: the buffer may be made into a Water at once
                        w.release();
                        r.consumer().creditBack();
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            for (int i = 0; i < WATERS; i++) {
                Water w = r.producer().spring().createWater(64);
                if (live.putIfAbsent(w.buffer(), Boolean.TRUE) != null) {
                    doubled.incrementAndGet();
                }
                if (i % 3 == 0) {
                    live.remove(w.buffer());
                    w.release();   // made and dropped by the producer: given back from this thread
                    continue;
                }
                w.setLength(64);
                r.producer().put(w);
            }
            r.producer().endOfRiver();
            consumer.get(120, TimeUnit.SECONDS);
            assertEquals(0, doubled.get(), "buffers handed to two live Waters at once");
            assertTrue(live.isEmpty(), live.size() + " buffers never came back");
            assertNull(r.consumer().poll());
        }
    }
}
