/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import jaguar.ext.Futex;
import jaguar.ext.OffHeapBuffer;
import jaguar.ext.SharedMemoryBuffer;

/** Futex waits and wakes on External Objects: the word checked as any access is, a sleeper woken by a change and a wake. */
class FutexTest {
    @Test
    void aSleeperIsWokenByAnotherThreadsChangeAndWake() throws Exception {
        String name = "jaguar-test-futex-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        try (SharedMemoryBuffer b = SharedMemoryBuffer.create(name, 4096)) {
            b.unlink();
            AtomicBoolean woken = new AtomicBoolean();
            Thread sleeper = Thread.ofPlatform().start(() -> {
                while (b.getIntVolatile(64) == 0) {
                    Futex.await(b, 64, 0, TimeUnit.SECONDS.toNanos(60));
                }
                woken.set(true);
            });
            Thread.sleep(200);
            assertFalse(woken.get(), "asleep while the word holds 0");
            b.putIntVolatile(64, 1);
            int n = 0;
            for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10); n == 0 && System.nanoTime() < end;) {
                n = Futex.wake(b, 64, 1);
            }
            sleeper.join(30_000);
            assertTrue(woken.get(), "woken by the wake, not by the minute running out");
            assertEquals(1, n, "one sleeper was woken");
        }
    }

    @Test
    void aWaitOnAChangedWordReturnsAtOnceAndATimeoutSaysSo() throws Exception {
        try (OffHeapBuffer b = OffHeapBuffer.allocate(64)) {
            b.putIntVolatile(0, 7);
            assertTrue(Futex.await(b, 0, 6, TimeUnit.SECONDS.toNanos(60)), "the word does not hold 6: no sleep");
            assertFalse(Futex.await(b, 0, 7, TimeUnit.MILLISECONDS.toNanos(20)), "the time ran out");
            assertEquals(0, Futex.wake(b, 0, 1), "nobody sleeps");
        }
    }

    @Test
    void wordsOutsideTheBufferUnalignedOrOfAClosedOneAreRefused() {
        OffHeapBuffer b = OffHeapBuffer.allocate(64);
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class, () -> Futex.wake(b, 62, 1));
        assertTrue(outside.getMessage().contains("futex word at 62 is outside"), outside.getMessage());
        IllegalArgumentException aligned = assertThrows(IllegalArgumentException.class, () -> Futex.await(b, 2, 0, 1000));
        assertTrue(aligned.getMessage().contains("is not aligned to 4 bytes"), aligned.getMessage());
        b.close();
        assertThrows(IllegalStateException.class, () -> Futex.wake(b, 0, 1));
    }
}
