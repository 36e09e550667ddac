/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jaguar.ext.ExternalBuffer;

/**
 * Closing a shared buffer while other threads hammer it: they must end with
 * IllegalStateException (or finish their current pass), never with a crash, including after the
 * GC has had every chance to release the memory.
 */
class ConcurrentCloseTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = BufferKind.class, names = {"OFF_HEAP_SHARED", "MAPPED_FILE_SHARED", "SHARED_MEMORY", "DEVICE_REGION_SHARED"})
    void shouldNeverTouchReleasedMemoryWhenClosedUnderLoad(BufferKind kind) throws Exception {
        BufferKind.Opened o = kind.open(1 << 16, dir);
        ExternalBuffer b = o.buffer();
        CountDownLatch running = new CountDownLatch(2);
        Runnable reader = () -> {
            running.countDown();
            long sum = 0;
            while (true) {
                for (long i = 0; i < b.size(); i += 8) {
                    sum += b.getLong(i);
                    b.putLong(i, sum);
                }
                System.gc(); // let a premature release happen if it could
            }
        };
        // Own threads, not the common pool: it may have a single worker.
        CompletableFuture<Void> r1 = CompletableFuture.runAsync(reader, r -> new Thread(r).start());
        CompletableFuture<Void> r2 = CompletableFuture.runAsync(reader, r -> new Thread(r).start());
        assertTrue(running.await(10, TimeUnit.SECONDS));
        Thread.sleep(200);
        o.close();
        for (CompletableFuture<Void> r : java.util.List.of(r1, r2)) {
            Throwable t = r.handle((v, e) -> e).get(30, TimeUnit.SECONDS);
            assertEquals(IllegalStateException.class, t.getCause().getClass(), t.toString());
        }
        System.gc();
    }
}
