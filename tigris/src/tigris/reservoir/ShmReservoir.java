package tigris.reservoir;

import java.io.IOException;
import java.time.Duration;

import jaguar.ext.SharedMemoryBuffer;

/**
 * Modules in two JVMs on one host: a ring of Water slots in a named shared-memory segment. The
 * producer's spring hands out Waters whose buffer is a slot, so a module writes its output (PSOs
 * included) straight into memory the consumer maps: nothing is copied on either side. One
 * producer process and one consumer process; {@link #create} makes the producer's end
 * ({@link ShmProducer}), {@link #attach} the consumer's ({@link ShmConsumer}).
 *
 * <p>Layout ({@link ShmRingDescriptor}): a header line, the producer's line ({@code tail}, the
 * slots it published), the consumer's line ({@code head}, the slots it freed), then the slots,
 * each a header (length, state: data or skipped, the Water's kind) and its payload. The producer
 * publishes with a release store of {@code tail}, the consumer frees with one of {@code head}; each reads the other's with an
 * acquire load (External Objects' ordered accessors, which the JIT maps to plain x86 moves).
 *
 * <p>Slots are published in order: a slot Water put after a later one waits for it, and one
 * released without a put is marked skipped. A slot is freed when the consumer's Water is released,
 * wherever that happens, and its operation is over (credited back), so credits here are free slots. A Water that is not a slot of this ring
 * (or comes when no slot is free) is copied into the next free slot. Waiting sides poll, and check
 * that the other process is alive; a dead peer fails the reservoir.
 */
public final class ShmReservoir {
    private ShmReservoir() {
    }

    /** The producer's end of a ring outside any river ({@link #create(String, int, int, tigris.RiverAttempt, Duration)}). */
    public static ShmProducer create(String name, int slots, int slotSize, Duration deadPeer) throws IOException {
        return create(name, slots, slotSize, null, deadPeer);
    }

    /**
     * Creates the segment {@code name} with {@code slots} slots of {@code slotSize} bytes, of river
     * attempt {@code attempt} (null: none): the producer's end. A consumer of another attempt does
     * not attach to it.
     */
    public static ShmProducer create(String name, int slots, int slotSize, tigris.RiverAttempt attempt, Duration deadPeer) throws IOException {
        if (slots < 1 || slots > TcpProtocol.MAX_WINDOW || slotSize < 1 || slotSize > TcpProtocol.MAX_WATER) {
            throw new IllegalArgumentException("reservoir " + name + ": slots must be in 1.." + TcpProtocol.MAX_WINDOW + " and slot size in 1.."
                            + TcpProtocol.MAX_WATER + "; got " + slots + ", " + slotSize);
        }
        SharedMemoryBuffer seg = SharedMemoryBuffer.create(name, ShmRingDescriptor.segmentBytes(slots, slotSize));
        seg.putInt(ShmRingDescriptor.VERSION_OFFSET, ShmRingDescriptor.VERSION, ShmRing.LE);
        seg.putInt(ShmRingDescriptor.SLOTS_OFFSET, slots, ShmRing.LE);
        seg.putInt(ShmRingDescriptor.SLOT_SIZE_OFFSET, slotSize, ShmRing.LE);
        byte[] river = attempt == null ? new byte[0] : attempt.river().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        seg.putInt(ShmRingDescriptor.EPOCH_OFFSET, attempt == null ? 0 : attempt.epoch(), ShmRing.LE);
        seg.putShort(ShmRingDescriptor.RIVER_LENGTH_OFFSET, (short) river.length, ShmRing.LE);
        for (int i = 0; i < river.length; i++) {
            seg.putByte(ShmRingDescriptor.RIVER_OFFSET + i, river[i]);
        }
        seg.putLong(ShmRingDescriptor.PRODUCER_PID_OFFSET, ProcessHandle.current().pid(), ShmRing.LE);
        seg.putIntRelease(ShmRingDescriptor.MAGIC_OFFSET, ShmRingDescriptor.MAGIC);   // last: an attaching consumer sees a complete header
        return new ShmProducer(new ShmRing(name, seg, slots, slotSize, deadPeer.toNanos()));
    }

    /** The consumer's end of a ring outside any river ({@link #attach(String, tigris.RiverAttempt, Duration)}). */
    public static ShmConsumer attach(String name, Duration deadPeer) throws IOException {
        return attach(name, null, deadPeer);
    }

    /**
     * Maps the segment {@code name} made by a producer of river attempt {@code attempt} (null:
     * none): the consumer's end.
     *
     * @throws IOException naming the segment if there is none, it is not a Tigris ring, or its
     *         producer belongs to another river or attempt (a stale one above all)
     */
    public static ShmConsumer attach(String name, tigris.RiverAttempt attempt, Duration deadPeer) throws IOException {
        SharedMemoryBuffer seg = SharedMemoryBuffer.open(name);
        try {
            if (seg.size() < ShmRingDescriptor.FIRST_SLOT_OFFSET || seg.getIntAcquire(ShmRingDescriptor.MAGIC_OFFSET) != ShmRingDescriptor.MAGIC) {
                throw new IOException("shared memory segment " + name + " is not a Tigris reservoir ring");
            }
            int version = seg.getInt(ShmRingDescriptor.VERSION_OFFSET, ShmRing.LE);
            int slots = seg.getInt(ShmRingDescriptor.SLOTS_OFFSET, ShmRing.LE);
            int slotSize = seg.getInt(ShmRingDescriptor.SLOT_SIZE_OFFSET, ShmRing.LE);
            if (version != ShmRingDescriptor.VERSION) {
                throw new IOException("shared memory segment " + name + " is a ring of version " + version + "; this end knows " + ShmRingDescriptor.VERSION);
            }
            if (slots < 1 || slotSize < 1 || seg.size() < ShmRingDescriptor.segmentBytes(slots, slotSize)) {
                throw new IOException("shared memory segment " + name + ": " + slots + " slots of " + slotSize + " bytes do not fit its "
                                + seg.size() + " bytes");
            }
            String refusal = tigris.RiverAttempt.refusal(attempt, attemptOf(seg, name));
            if (refusal != null) {
                throw new IOException("shared memory segment " + name + ": " + refusal);
            }
            if (seg.getLongVolatile(ShmRingDescriptor.CONSUMER_PID_OFFSET) != 0) {
                throw new IOException("shared memory segment " + name + " already has a consumer (pid " + seg.getLongVolatile(ShmRingDescriptor.CONSUMER_PID_OFFSET) + ")");
            }
            seg.putLongVolatile(ShmRingDescriptor.CONSUMER_PID_OFFSET, ProcessHandle.current().pid());
            seg.unlink();   // both ends have it mapped: the name has served its purpose
            return new ShmConsumer(new ShmRing(name, seg, slots, slotSize, deadPeer.toNanos()));
        } catch (IOException | RuntimeException e) {
            seg.close();
            throw e;
        }
    }

    /** The river attempt a ring's header names, or null for none. */
    private static tigris.RiverAttempt attemptOf(SharedMemoryBuffer seg, String name) throws IOException {
        int epoch = seg.getInt(ShmRingDescriptor.EPOCH_OFFSET, ShmRing.LE);
        int n = Short.toUnsignedInt(seg.getShort(ShmRingDescriptor.RIVER_LENGTH_OFFSET, ShmRing.LE));
        if (n == 0 && epoch == 0) {
            return null;
        }
        if (n > ShmRingDescriptor.MAX_RIVER) {
            throw new IOException("shared memory segment " + name + ": its river name of " + n + " bytes is longer than the header holds");
        }
        byte[] river = new byte[n];
        for (int i = 0; i < n; i++) {
            river[i] = seg.getByte(ShmRingDescriptor.RIVER_OFFSET + i);
        }
        try {
            return new tigris.RiverAttempt(new String(river, java.nio.charset.StandardCharsets.UTF_8), epoch);
        } catch (IllegalArgumentException e) {
            throw new IOException("shared memory segment " + name + " names no river attempt: " + e.getMessage());
        }
    }

}
