package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import jaguar.ext.OffHeapBuffer;
import tigris.Water;
import tigris.WaterPool;
import tigris.reservoir.MemoryReservoir;

/** A Water has one owner; reservoirs hand it off, copy what they cannot carry, recycle buffers. */
class WaterTest {
    @Test
    void aWaterPutIntoAReservoirIsNoLongerTheSenders() throws Exception {
        try (var r = new MemoryReservoir("r", 2, 256)) {
            Water w = r.spring().createWater(256);
            Record rec = w.container().allocate(Record.class);
            rec.key = 99;
            w.container().setRoot(rec);
            r.put(w);
            IllegalStateException e = assertThrows(IllegalStateException.class, w::buffer);
            assertEquals("this Water is not the calling thread's: it was put into reservoir r", e.getMessage());
            assertThrows(IllegalStateException.class, () -> r.put(w), "a Water cannot be put twice");
            // Another thread takes it and owns it; the PSO it carries is read where it lies.
            long key = CompletableFuture.supplyAsync(() -> {
                Water got = r.poll();
                return got.container().root(Record.class).key;
            }).get();
            assertEquals(99, key);
            assertThrows(IllegalStateException.class, w::length, "still not this thread's: another took it");
        }
    }

    @Test
    void aConfinedWaterIsCopiedIntoOneTheReservoirCanCarry() throws Exception {
        try (var r = new MemoryReservoir("r", 2, 128); OffHeapBuffer confined = OffHeapBuffer.allocate(64)) {
            Water w = new Water(null, confined);
            confined.putLong(0, 0x1122334455667788L);
            w.setLength(8);
            r.put(w);
            assertFalse(w.isOwned(), "the original was released");
            // Another thread can use the copy: its buffer is shared, and it holds the bytes.
            long[] seen = CompletableFuture.supplyAsync(() -> {
                Water got = r.poll();
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
