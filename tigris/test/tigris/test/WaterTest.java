/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jaguar.ext.OffHeapBuffer;
import tigris.Water;
import tigris.WaterPool;
import tigris.reservoir.MemoryReservoir;

/** A Water has one owner; reservoirs hand it off, copy what they cannot carry, recycle buffers. */
class WaterTest {
    @Test
    void aWaterPutIntoAReservoirIsNoLongerTheSenders() throws Exception {
        try (var r = new MemoryReservoir("r", 2, 256)) {
            Water w = r.producer().spring().createWater(256);
            Record rec = w.container().allocate(Record.class);
            rec.key = 99;
            w.container().setRoot(rec);
            r.producer().put(w);
            IllegalStateException e = assertThrows(IllegalStateException.class, w::buffer);
            assertEquals("this Water is not the calling thread's: it was put into reservoir r", e.getMessage());
            assertThrows(IllegalStateException.class, () -> r.producer().put(w), "a Water cannot be put twice");
            // Another thread takes it and owns it; the PSO it carries is read where it lies.
            long key = CompletableFuture.supplyAsync(() -> {
                Water got = r.consumer().poll();
                return got.container().root(Record.class).key;
            }).get();
            assertEquals(99, key);
            assertThrows(IllegalStateException.class, w::length, "still not this thread's: another took it");
        }
    }

    @Test
    void aReleasedWaterSaysItWasReleasedNotWhereItCameFrom() throws Exception {
        try (var r = new MemoryReservoir("source->filter", 2, 256)) {
            r.producer().put(r.producer().spring().createWater(256));
            Water w = r.consumer().poll();
            w.release();
            IllegalStateException e = assertThrows(IllegalStateException.class, w::buffer);
            assertEquals("this Water is not the calling thread's: it was released", e.getMessage());
        }
    }

    /** Puts Waters of kinds 0, 1, 127, -128 (and a copied one of kind 5), then End of River; the consumer sees the same kinds in order. */
    private static void kindsCross(TransportEnds e) throws Exception {
        byte[] kinds = {Water.DATA, 1, 127, -128};
        for (byte k : kinds) {
            Water w = e.producer().spring().createWater(64);
            w.buffer().putByte(0, k);
            w.setLength(1);
            if (k != Water.DATA) {
                w.setKind(k);
            }
            e.producer().put(w);
        }
        try (OffHeapBuffer confined = OffHeapBuffer.allocate(64)) {
            Water copied = new Water(null, confined);
            copied.setLength(1);
            copied.setKind((byte) 5);
            e.producer().put(copied);
        }
        e.producer().endOfRiver();
        for (byte k : kinds) {
            Water got = e.consumer().get();
            assertEquals(k, got.kind(), "kind of the Water that carries byte " + k);
            assertEquals(k, got.buffer().getByte(0));
            got.release();
            e.consumer().creditBack();
        }
        Water got = e.consumer().get();
        assertEquals(5, got.kind(), "a Water copied into the reservoir keeps its kind");
        got.release();
        e.consumer().creditBack();
        assertEquals(null, e.consumer().get());
    }

    @Test
    void aWatersKindCrossesEveryTransport(@TempDir Path dir) throws Exception {
        for (String transport : TransportEnds.TRANSPORTS) {
            try (TransportEnds e = TransportEnds.open(transport, 8, 64, dir)) {
                kindsCross(e);
            }
        }
    }

    @Test
    void aConfinedWaterIsCopiedIntoOneTheReservoirCanCarry() throws Exception {
        try (var r = new MemoryReservoir("r", 2, 128); OffHeapBuffer confined = OffHeapBuffer.allocate(64)) {
            Water w = new Water(null, confined);
            confined.putLong(0, 0x1122334455667788L);
            w.setLength(8);
            r.producer().put(w);
            assertFalse(w.isOwned(), "the original was released");
            // Another thread can use the copy: its buffer is shared, and it holds the bytes.
            long[] seen = CompletableFuture.supplyAsync(() -> {
                Water got = r.consumer().poll();
                assertNotSame(w, got);
                assertFalse(got.buffer().isConfined());
                return new long[] {got.length(), got.buffer().getLong(0)};
            }).get();
            assertEquals(8, seen[0]);
            assertEquals(0x1122334455667788L, seen[1]);
        }
    }

    @Test
    void releasedBuffersAreReused() {
        WaterPool pool = new WaterPool(1024, 4);
        Water a = pool.createWater(1000);
        var buffer = a.buffer();
        a.release();
        Water b = pool.createWater(10);
        assertEquals(buffer, b.buffer(), "the released buffer came back");
        assertThrows(IllegalArgumentException.class, () -> pool.createWater(1025));
        assertThrows(IllegalArgumentException.class, () -> pool.createWater(0));
        b.release();
        pool.drain();
        assertFalse(buffer.isAlive(), "drain frees the kept buffers");
    }

    @Test
    void lengthsAreBoundedByTheBuffer() {
        WaterPool pool = new WaterPool(64, 1);
        Water w = pool.createWater(64);
        w.setLength(64);
        assertThrows(IndexOutOfBoundsException.class, () -> w.setLength(65));
        assertThrows(IndexOutOfBoundsException.class, () -> w.setLength(-1));
        w.release();
        Water p = pool.createWater(64);
        p.setLength(0);
        long used = p.container().used();
        assertEquals(used, p.length(), "a container's used bytes are the Water's length");
        assertThrows(IllegalStateException.class, () -> p.setLength(3), "and cannot be set apart from it");
    }
}
