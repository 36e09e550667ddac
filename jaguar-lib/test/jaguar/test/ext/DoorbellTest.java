/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jaguar.ext.MappingMode;
import jaguar.ext.Doorbell;
import jaguar.ext.MappedFileBuffer;
import jaguar.ext.OffHeapBuffer;

class DoorbellTest {
    private static final int RINGS = 200_000;

    @TempDir
    Path dir;

    @Test
    void shouldLayOutTheTwoWordsAndClear() {
        try (OffHeapBuffer b = OffHeapBuffer.allocate(32)) {
            Doorbell d = Doorbell.at(b, 8);
            assertFalse(d.isBusy());
            d.ring(0x1234, 0xABCD);
            assertTrue(d.isBusy());
            assertEquals(0x1234, b.getInt(8), "word 0: the value");
            assertEquals(0xABCD, b.getInt(12), "word 1: the handle");
            assertEquals(0x1234, d.value());
            assertEquals(0xABCD, d.handle());
            d.clear();
            assertFalse(d.isBusy());
            assertEquals(0xABCD, d.handle(), "clear leaves the handle");
            assertEquals(0, b.getLong(0) | b.getLong(16), "nothing outside the doorbell is written");
        }
    }

    @Test
    void shouldRejectBadPlacesAndValues() throws Exception {
        OffHeapBuffer b = OffHeapBuffer.allocate(16);
        {
            assertThrows(IndexOutOfBoundsException.class, () -> Doorbell.at(b, 12));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> Doorbell.at(b, 2)).getMessage().startsWith("offset=2 misaligned"));
            Doorbell d = Doorbell.at(b, 0);
            assertEquals("value=0 cannot ring a doorbell (0 means idle)", assertThrows(IllegalArgumentException.class, () -> d.ring(0, 1)).getMessage());
            b.close();
            assertThrows(IllegalStateException.class, d::isBusy);
            assertThrows(IllegalStateException.class, () -> d.ring(1, 1));
            assertThrows(IllegalStateException.class, d::clear);
        }
        Path file = dir.resolve("ro");
        Files.write(file, new byte[8]);
        try (MappedFileBuffer ro = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, 8)) {
            assertThrows(ReadOnlyBufferException.class, () -> Doorbell.at(ro, 0));
        }
    }

    @Test
    void shouldDeliverEveryRingInOrderToAPollingThread() throws Exception {
        OffHeapBuffer b = OffHeapBuffer.allocateShared(64);
        Doorbell bell = Doorbell.at(b, 0);
        CompletableFuture<Integer> device = CompletableFuture.supplyAsync(() -> {
            int seen = 0;
            while (seen < RINGS) {
                int v = bell.value();
                if (v != 0) {
                    if (v != seen + 1 || bell.handle() != handleFor(v)) {
                        throw new AssertionError("ring " + (seen + 1) + ": value=" + v + " handle=" + bell.handle());
                    }
                    seen++;
                    bell.clear();
                }
            }
            return seen;
        }, r -> new Thread(r).start());
        for (int i = 1; i <= RINGS; i++) {
            while (bell.isBusy()) {
                Thread.onSpinWait();
            }
            bell.ring(i, handleFor(i));
        }
        assertEquals(RINGS, device.get(60, TimeUnit.SECONDS));
        assertFalse(bell.isBusy());
        assertEquals(handleFor(RINGS), b.getInt(4, ByteOrder.nativeOrder()));
        b.close();
    }

    /** Differs for consecutive values, so a handle paired with the wrong value shows. */
    private static int handleFor(int value) {
        return value * 0x9E3779B9;
    }
}
