package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import jaguar.ext.SharedMemoryBuffer;
import tigris.Water;
import tigris.reservoir.ShmProducer;
import tigris.reservoir.ShmReservoir;
import tigris.reservoir.ShmRingDescriptor;

/** The shared-memory ring's layout: what ShmRingDescriptor says is what a ring's bytes hold. */
class ShmRingDescriptorTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

    @Test
    void offsetsAreLineAlignedAndTheStrideHoldsTheSlotHeader() {
        long producerLine = ShmRingDescriptor.TAIL_OFFSET / ShmRingDescriptor.LINE;
        long consumerLine = ShmRingDescriptor.HEAD_OFFSET / ShmRingDescriptor.LINE;
        assertNotEquals(producerLine, consumerLine, "producer and consumer write different lines");
        assertEquals(producerLine, ShmRingDescriptor.PRODUCER_PID_OFFSET / ShmRingDescriptor.LINE);
        assertEquals(consumerLine, ShmRingDescriptor.CONSUMER_PID_OFFSET / ShmRingDescriptor.LINE);
        assertEquals(0, ShmRingDescriptor.FIRST_SLOT_OFFSET % ShmRingDescriptor.LINE);
        for (int size : new int[] {1, 55, 56, 57, 4096, 1 << 20}) {
            long stride = ShmRingDescriptor.stride(size);
            assertEquals(0, stride % ShmRingDescriptor.LINE, "stride of " + size);
            assertTrue(stride >= ShmRingDescriptor.SLOT_HEADER + size && stride < ShmRingDescriptor.SLOT_HEADER + size + ShmRingDescriptor.LINE,
                    "stride of " + size + " is " + stride);
        }
    }

    @Test
    void producerAndConsumerLinesAreTwoCacheLinesApart() {
        long producerLine = ShmRingDescriptor.TAIL_OFFSET / ShmRingDescriptor.LINE;
        long consumerLine = ShmRingDescriptor.HEAD_OFFSET / ShmRingDescriptor.LINE;
        long firstSlotLine = ShmRingDescriptor.FIRST_SLOT_OFFSET / ShmRingDescriptor.LINE;
        // Adjacent-line prefetch pairs lines 2k and 2k+1: no pair may hold two writers' lines.
        assertTrue(producerLine >= 2 && consumerLine - producerLine >= 2 && firstSlotLine - consumerLine >= 2,
                        "header line 0, producer " + producerLine + ", consumer " + consumerLine + ", slots from " + firstSlotLine);
    }

    @Test
    void aVersion1RingIsRefusedWithBothVersionsNamed() throws Exception {
        String name = "tigris-test-v1-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        ShmProducer producer = ShmReservoir.create(name, 2, 64, Duration.ofSeconds(10));
        try (producer; SharedMemoryBuffer seg = SharedMemoryBuffer.open(name)) {
            seg.putInt(ShmRingDescriptor.VERSION_OFFSET, 1, LE);
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                            () -> ShmReservoir.attach(name, Duration.ofSeconds(10)));
            assertEquals("shared memory segment " + name + " is a ring of version 1; this end knows " + ShmRingDescriptor.VERSION, e.getMessage());
            seg.unlink();
        }
    }

    @Test
    void aRingsBytesAreWhereTheDescriptorSays() throws Exception {
        String name = "tigris-test-descriptor-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        int slots = 3, slotSize = 100;
        try (ShmProducer out = ShmReservoir.create(name, slots, slotSize, Duration.ofSeconds(10));
                SharedMemoryBuffer seg = SharedMemoryBuffer.open(name)) {
            seg.unlink();
            assertEquals(ShmRingDescriptor.segmentBytes(slots, slotSize), seg.size());
            assertEquals(ShmRingDescriptor.MAGIC, seg.getInt(ShmRingDescriptor.MAGIC_OFFSET, LE));
            assertEquals(ShmRingDescriptor.VERSION, seg.getInt(ShmRingDescriptor.VERSION_OFFSET, LE));
            assertEquals(slots, seg.getInt(ShmRingDescriptor.SLOTS_OFFSET, LE));
            assertEquals(slotSize, seg.getInt(ShmRingDescriptor.SLOT_SIZE_OFFSET, LE));
            assertEquals(ProcessHandle.current().pid(), seg.getLong(ShmRingDescriptor.PRODUCER_PID_OFFSET, LE));
            Water w = out.spring().createWater(8);
            w.buffer().putLong(0, 0x1122334455667788L);
            w.setLength(8);
            w.setKind((byte) 0xA7);
            out.put(w);
            long slot = ShmRingDescriptor.slotOffset(0, slotSize);
            assertEquals(8, seg.getInt(slot + ShmRingDescriptor.SLOT_LENGTH_OFFSET, LE));
            assertEquals(ShmRingDescriptor.DATA, seg.getByte(slot + ShmRingDescriptor.SLOT_STATE_OFFSET));
            assertEquals((byte) 0xA7, seg.getByte(slot + ShmRingDescriptor.SLOT_KIND_OFFSET));
            assertEquals(0, seg.getShort(slot + ShmRingDescriptor.SLOT_KIND_OFFSET + 1, LE), "reserved");
            assertEquals(0x1122334455667788L, seg.getLong(slot + ShmRingDescriptor.SLOT_HEADER));
            assertEquals(1, seg.getLong(ShmRingDescriptor.TAIL_OFFSET, LE), "one slot published");
        }
    }
}
