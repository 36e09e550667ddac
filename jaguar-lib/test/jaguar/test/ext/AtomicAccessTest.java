/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

class AtomicAccessTest {
    private static final int PER_THREAD = 1_000_000;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldCompareAndSwapAndExchange(BufferKind kind) throws Exception {
        try (BufferKind.Opened o = kind.open(32, dir)) {
            ExternalBuffer b = o.buffer();
            assertTrue(b.compareAndSetInt(0, 0, 5));
            assertFalse(b.compareAndSetInt(0, 0, 6));
            assertEquals(5, b.compareAndExchangeInt(0, 5, 7));
            assertEquals(7, b.compareAndExchangeInt(0, 5, 8));
            assertEquals(7, b.getAndSetInt(0, 9));
            assertEquals(9, b.getAndAddInt(0, -10));
            assertEquals(-1, b.getInt(0));
            assertTrue(b.compareAndSetLong(8, 0, Long.MAX_VALUE));
            assertEquals(Long.MAX_VALUE, b.compareAndExchangeLong(8, 1, 2));
            assertEquals(Long.MAX_VALUE, b.getAndAddLong(8, 1));
            assertEquals(Long.MIN_VALUE, b.getAndSetLong(8, 3));
            assertEquals(3, b.getLong(8));
        }
    }

    @Test
    void shouldAddUpExactlyFromTwoThreads() throws Exception {
        OffHeapBuffer b = OffHeapBuffer.allocateShared(64);
        Runnable adder = () -> {
            for (int i = 0; i < PER_THREAD; i++) {
                b.getAndAddInt(0, 1);
                b.getAndAddLong(8, 3);
                int v;
                do {
                    v = b.getIntVolatile(16);
                } while (!b.compareAndSetInt(16, v, v + 1));
            }
        };
        CompletableFuture<Void> t1 = CompletableFuture.runAsync(adder, r -> new Thread(r).start());
        CompletableFuture<Void> t2 = CompletableFuture.runAsync(adder, r -> new Thread(r).start());
        t1.get();
        t2.get();
        assertEquals(2 * PER_THREAD, b.getInt(0));
        assertEquals(6L * PER_THREAD, b.getLong(8));
        assertEquals(2 * PER_THREAD, b.getInt(16));
        b.close();
    }
}
