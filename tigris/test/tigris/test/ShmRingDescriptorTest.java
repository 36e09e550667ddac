/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import jaguar.ext.SharedMemoryBuffer;
import tigris.Water;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;
import tigris.reservoir.ShmRingDescriptor;

/** The shared-memory stream's layout: what ShmRingDescriptor says is what a stream's bytes hold. */
class ShmRingDescriptorTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

    @Test
    void eachWritersLineIsTwoCacheLinesFromAnotherAndTheDataBeginsAtAPage() {
        long producer = ShmRingDescriptor.TAIL_OFFSET / ShmRingDescriptor.LINE;
        long producerWait = ShmRingDescriptor.RELEASES_OFFSET / ShmRingDescriptor.LINE;
        assertEquals(producer, ShmRingDescriptor.PRODUCER_PID_OFFSET / ShmRingDescriptor.LINE);
        assertEquals(producer, ShmRingDescriptor.READERS_ASLEEP_OFFSET / ShmRingDescriptor.LINE);
        assertEquals(producerWait, ShmRingDescriptor.PRODUCER_ASLEEP_OFFSET / ShmRingDescriptor.LINE);
        // Adjacent-line prefetch pairs lines 2k and 2k+1: no pair may hold two writers' lines.
        long previous = producerWait;
        assertTrue(producer >= 2 && producerWait - producer >= 2);
        for (int r = 0; r < 4; r++) {
            long reader = ShmRingDescriptor.headOffset(r) / ShmRingDescriptor.LINE;
            assertEquals(reader, ShmRingDescriptor.readerPidOffset(r) / ShmRingDescriptor.LINE);
            assertTrue(reader - previous >= 2, "reader " + r + " at line " + reader + ", the line before at " + previous);
            previous = reader;
        }
        assertTrue(ShmRingDescriptor.descriptorsOffset(4) / ShmRingDescriptor.LINE - previous >= 2);
        for (int entries : new int[] {1, 8, 255, 4096}) {
            long data = ShmRingDescriptor.dataOffset(entries, 3);
            assertEquals(0, data % ShmRingDescriptor.PAGE);
            assertTrue(data >= ShmRingDescriptor.entryOffset(3, entries), "data after the descriptors");
        }
        assertEquals(64, ShmRingDescriptor.lines(1));
        assertEquals(64, ShmRingDescriptor.lines(64));
        assertEquals(128, ShmRingDescriptor.lines(65));
        assertEquals(0, ShmRingDescriptor.lines(0));
    }

    @Test
    void aStreamOfAnotherVersionIsRefusedWithBothVersionsNamed() throws Exception {
        String name = "tigris-test-v1-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        ShmProducer producer = ShmReservoir.create(name, 2, 64, Duration.ofSeconds(10));
        try (producer; SharedMemoryBuffer seg = SharedMemoryBuffer.open(name)) {
            seg.putInt(ShmRingDescriptor.VERSION_OFFSET, 4, LE);
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                            () -> ShmReservoir.attach(name, Duration.ofSeconds(10)));
            assertEquals("shared memory segment " + name + " is a stream of version 4; this end knows " + ShmRingDescriptor.VERSION, e.getMessage());
            seg.unlink();
        }
    }

    @Test
    void aStreamsBytesAreWhereTheDescriptorSaysAndSmallWatersPack() throws Exception {
        String name = "tigris-test-descriptor-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        int entries = 3, maxWater = 100;
        long dataBytes = 1024;
        try (ShmProducer out = ShmReservoir.create(name, entries, maxWater, dataBytes, 1, null, Duration.ofSeconds(10));
                SharedMemoryBuffer seg = SharedMemoryBuffer.open(name)) {
            seg.unlink();
            assertEquals(ShmRingDescriptor.segmentBytes(4, dataBytes, 1), seg.size());
            assertEquals(ShmRingDescriptor.MAGIC, seg.getInt(ShmRingDescriptor.MAGIC_OFFSET, LE));
            assertEquals(ShmRingDescriptor.VERSION, seg.getInt(ShmRingDescriptor.VERSION_OFFSET, LE));
            assertEquals(4, seg.getInt(ShmRingDescriptor.ENTRIES_OFFSET, LE), "a window of 3 in a ring of the next power of two");
            assertEquals(maxWater, seg.getInt(ShmRingDescriptor.MAX_WATER_OFFSET, LE));
            assertEquals(dataBytes, seg.getLong(ShmRingDescriptor.DATA_BYTES_OFFSET, LE));
            assertEquals(1, seg.getInt(ShmRingDescriptor.READERS_OFFSET, LE));
            assertEquals(ProcessHandle.current().pid(), seg.getLong(ShmRingDescriptor.PRODUCER_PID_OFFSET, LE));
            long data = ShmRingDescriptor.dataOffset(entries, 1);
            for (int i = 0; i < 3; i++) {
                Water w = out.spring().createWater(100);
                w.buffer().putLong(0, 0x1122334455667700L + i);
                w.setLength(8 + i);
                w.setKind((byte) (0xA7 + i));
                out.put(w);
                long e = ShmRingDescriptor.entryOffset(1, i);
                assertEquals(64L * i, seg.getLong(e + ShmRingDescriptor.ENTRY_POSITION_OFFSET, LE), "Water " + i + " takes the next line");
                assertEquals(8 + i, seg.getInt(e + ShmRingDescriptor.ENTRY_LENGTH_OFFSET, LE));
                assertEquals(ShmRingDescriptor.DATA, seg.getByte(e + ShmRingDescriptor.ENTRY_STATE_OFFSET));
                assertEquals((byte) (0xA7 + i), seg.getByte(e + ShmRingDescriptor.ENTRY_STATE_OFFSET + 1));
                assertEquals(0, seg.getShort(e + ShmRingDescriptor.ENTRY_STATE_OFFSET + 2, LE), "reserved");
                assertEquals(0x1122334455667700L + i, seg.getLong(data + 64L * i, LE));
                assertEquals(i + 1, seg.getLong(ShmRingDescriptor.TAIL_OFFSET, LE));
            }
        }
    }
}
