package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.SharedMemoryBuffer;
import tigris.Reservoir;
import tigris.ReservoirFailedException;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * Modules in two JVMs on one host: a ring of Water slots in a named shared-memory segment. The
 * producer's spring hands out Waters whose buffer is a slot, so a module writes its output (PSOs
 * included) straight into memory the consumer maps: nothing is copied on either side. One
 * producer process and one consumer process; {@link #create} makes the producer's end,
 * {@link #attach} the consumer's.
 *
 * <p>Layout ({@link ShmRingDescriptor}): a header line, the producer's line ({@code tail}, the
 * slots it published), the consumer's line ({@code head}, the slots it freed), then the slots,
 * each a header (length, state: data or skipped, the Water's kind) and its payload. The producer publishes with a release store of
 * {@code tail}, the consumer frees with one of {@code head}; each reads the other's with an
 * acquire load (External Objects' ordered accessors, which the JIT maps to plain x86 moves).
 *
 * <p>Slots are published in order: a slot Water put after a later one waits for it, and one
 * released without a put is marked skipped. A slot is freed when the consumer's Water is released,
 * wherever that happens, so credits here are free slots. A Water that is not a slot of this ring
 * (or comes when no slot is free) is copied into the next free slot. Waiting sides poll, and check
 * that the other process is alive; a dead peer fails the reservoir.
 */
public final class ShmReservoir extends Reservoir {
    private static final int MAGIC = ShmRingDescriptor.MAGIC;
    private static final int VERSION = ShmRingDescriptor.VERSION;
    private static final long TAIL = ShmRingDescriptor.TAIL_OFFSET;
    private static final long ENDED = ShmRingDescriptor.ENDED_OFFSET;
    private static final long PRODUCER_PID = ShmRingDescriptor.PRODUCER_PID_OFFSET;
    private static final long HEAD = ShmRingDescriptor.HEAD_OFFSET;
    private static final long CONSUMER_PID = ShmRingDescriptor.CONSUMER_PID_OFFSET;
    private static final long SLOTS = ShmRingDescriptor.FIRST_SLOT_OFFSET;
    private static final int SLOT_HEADER = ShmRingDescriptor.SLOT_HEADER;
    private static final int STATE = ShmRingDescriptor.SLOT_STATE_OFFSET;
    private static final int DATA = ShmRingDescriptor.DATA;
    private static final int SKIPPED = ShmRingDescriptor.SKIPPED;
    private static final long PARK_NANOS = 50_000;
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

    private final SharedMemoryBuffer segment;
    private final boolean producer;
    private final int slots;
    private final int slotSize;
    private final long slotStride;
    /** Each slot's payload as a buffer of its own (a slice of the segment). */
    private final ExternalBuffer[] payloads;
    private final long deadPeerNanos;
    /** Consumer: when polling began to find the ring empty (0 while it finds Waters), for the liveness check. */
    private long idleSince;
    private final SlotSpring spring = new SlotSpring();
    /** For Waters that find no free slot: copied in at put. */
    private final WaterPool overflow;

    // Producer state (producer thread only, except where noted).
    private long allocated;
    private long published;
    private final boolean[] ready;
    private boolean endPut;

    // Consumer state: consumed by the consumer thread; freeing from any thread, under the lock.
    private volatile long consumed;
    private long freedUpTo;
    private final boolean[] freed;
    private boolean ended;
    private final AtomicInteger outstanding = new AtomicInteger();

    private ShmReservoir(String name, SharedMemoryBuffer segment, boolean producer, int slots, int slotSize, long deadPeerNanos) {
        super(name, slots);
        this.segment = segment;
        this.producer = producer;
        this.slots = slots;
        this.slotSize = slotSize;
        this.slotStride = stride(slotSize);
        this.deadPeerNanos = deadPeerNanos;
        this.payloads = new ExternalBuffer[slots];
        for (int i = 0; i < slots; i++) {
            payloads[i] = segment.slice(SLOTS + i * slotStride + SLOT_HEADER, slotSize);
        }
        this.ready = new boolean[slots];
        this.freed = new boolean[slots];
        this.overflow = new WaterPool(slotSize, 2);
    }

    private static long stride(int slotSize) {
        return ShmRingDescriptor.stride(slotSize);
    }

    /**
     * Creates the segment {@code name} with {@code slots} slots of {@code slotSize} bytes: the
     * producer's end.
     */
    public static ShmReservoir create(String name, int slots, int slotSize, Duration deadPeer) throws IOException {
        if (slots < 1 || slots > TcpProtocol.MAX_WINDOW || slotSize < 1 || slotSize > TcpProtocol.MAX_WATER) {
            throw new IllegalArgumentException("reservoir " + name + ": slots must be in 1.." + TcpProtocol.MAX_WINDOW + " and slot size in 1.."
                            + TcpProtocol.MAX_WATER + "; got " + slots + ", " + slotSize);
        }
        SharedMemoryBuffer seg = SharedMemoryBuffer.create(name, ShmRingDescriptor.segmentBytes(slots, slotSize));
        seg.putInt(ShmRingDescriptor.VERSION_OFFSET, VERSION, LE);
        seg.putInt(ShmRingDescriptor.SLOTS_OFFSET, slots, LE);
        seg.putInt(ShmRingDescriptor.SLOT_SIZE_OFFSET, slotSize, LE);
        seg.putLong(PRODUCER_PID, ProcessHandle.current().pid(), LE);
        seg.putIntRelease(ShmRingDescriptor.MAGIC_OFFSET, MAGIC);   // last: an attaching consumer sees a complete header
        return new ShmReservoir(name, seg, true, slots, slotSize, deadPeer.toNanos());
    }

    /**
     * Maps the segment {@code name} made by a producer: the consumer's end.
     *
     * @throws IOException naming the segment if there is none, or it is not a Tigris ring
     */
    public static ShmReservoir attach(String name, Duration deadPeer) throws IOException {
        SharedMemoryBuffer seg = SharedMemoryBuffer.open(name);
        try {
            if (seg.size() < SLOTS || seg.getIntAcquire(ShmRingDescriptor.MAGIC_OFFSET) != MAGIC) {
                throw new IOException("shared memory segment " + name + " is not a Tigris reservoir ring");
            }
            int version = seg.getInt(ShmRingDescriptor.VERSION_OFFSET, LE);
            int slots = seg.getInt(ShmRingDescriptor.SLOTS_OFFSET, LE);
            int slotSize = seg.getInt(ShmRingDescriptor.SLOT_SIZE_OFFSET, LE);
            if (version != VERSION) {
                throw new IOException("shared memory segment " + name + " is a ring of version " + version + "; this end knows " + VERSION);
            }
            if (slots < 1 || slotSize < 1 || seg.size() < ShmRingDescriptor.segmentBytes(slots, slotSize)) {
                throw new IOException("shared memory segment " + name + ": " + slots + " slots of " + slotSize + " bytes do not fit its "
                                + seg.size() + " bytes");
            }
            if (seg.getLongVolatile(CONSUMER_PID) != 0) {
                throw new IOException("shared memory segment " + name + " already has a consumer (pid " + seg.getLongVolatile(CONSUMER_PID) + ")");
            }
            seg.putLongVolatile(CONSUMER_PID, ProcessHandle.current().pid());
            seg.unlink();   // both ends have it mapped: the name has served its purpose
            return new ShmReservoir(name, seg, false, slots, slotSize, deadPeer.toNanos());
        } catch (IOException | RuntimeException e) {
            seg.close();
            throw e;
        }
    }

    private long slotHeader(long n) {
        return SLOTS + (n % slots) * slotStride;
    }

    @Override
    public Spring spring() {
        return spring;
    }

    /** Free slots the producer may still fill. */
    @Override
    public int credits() {
        return producer ? (int) (slots - (allocated - segment.getLongAcquire(HEAD))) : 0;
    }

    // ---- producer -------------------------------------------------------------------------------

    /** Hands out the next slot as a Water if one is free, else an ordinary one (copied at put). */
    private final class SlotSpring implements Spring {
        @Override
        public Water createWater(int size) {
            if (!producer) {
                throw new UnsupportedOperationException("reservoir " + name() + ": Waters for the ring are made at the producer's end");
            }
            if (size < 1 || size > slotSize) {
                throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + slotSize + " bytes; asked for " + size);
            }
            if (allocated - segment.getLongAcquire(HEAD) >= slots) {
                return overflow.createWater(size);
            }
            return new Water(this, payloads[(int) (allocated++ % slots)]);
        }

        /** A slot Water released without a put: skipped, so the ring moves on. */
        @Override
        public void recycle(ExternalBuffer[] buffers) {
            int i = slotOf(buffers);
            if (i >= 0) {
                segment.putInt(SLOTS + i * slotStride + STATE, ShmRingDescriptor.stateWord(SKIPPED, Water.DATA), LE);
                markReady(i);
            }
        }
    }

    private int slotOf(ExternalBuffer[] buffers) {
        if (buffers.length == 1) {
            for (int i = 0; i < slots; i++) {
                if (payloads[i] == buffers[0]) {
                    return i;
                }
            }
        }
        return -1;
    }

    @Override
    public void put(Water w) throws InterruptedException {
        if (!producer) {
            throw new UnsupportedOperationException("reservoir " + name() + ": this is the consumer's end of the ring");
        }
        if (endPut) {
            throw new IllegalStateException("reservoir " + name() + ": put after End of River");
        }
        int length = w.length();
        byte kind = w.kind();
        int i = w.bufferCount() == 1 ? slotOf(new ExternalBuffer[] {w.buffer()}) : -1;
        if (i < 0) {
            // Not one of our slots: copy it into the next free one.
            int total = 0;
            for (int k = 0; k < w.bufferCount(); k++) {
                total = Math.addExact(total, w.length(k));
            }
            if (total > slotSize) {
                throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + slotSize + " bytes; this one has " + total);
            }
            awaitFreeSlot();
            i = (int) (allocated++ % slots);
            long at = 0;
            for (int k = 0; k < w.bufferCount(); k++) {
                w.buffer(k).copyTo(0, payloads[i], at, w.length(k));
                at += w.length(k);
            }
            length = total;
            w.release();
        } else {
            handOff(w);
        }
        long h = SLOTS + i * slotStride;
        segment.putInt(h, length, LE);
        segment.putInt(h + STATE, ShmRingDescriptor.stateWord(DATA, kind), LE);
        markReady(i);
    }

    /** Publishes every slot that is ready, in order, with one release store of the tail. */
    private void markReady(int i) {
        ready[i] = true;
        long p = published;
        while (p < allocated && ready[(int) (p % slots)]) {
            ready[(int) (p % slots)] = false;
            p++;
        }
        if (p != published) {
            published = p;
            segment.putLongRelease(TAIL, p);
        }
    }

    private void awaitFreeSlot() throws InterruptedException {
        long since = System.nanoTime();
        while (allocated - segment.getLongAcquire(HEAD) >= slots) {
            since = checkPeer(CONSUMER_PID, since, "consumer");
            pauseProducer(PARK_NANOS);
        }
    }

    @Override
    public void endOfRiver() {
        if (!producer) {
            throw new UnsupportedOperationException("reservoir " + name() + ": End of River comes from the producer's end");
        }
        if (!endPut) {
            endPut = true;
            segment.putLongRelease(ENDED, 1);
        }
    }

    // ---- consumer -------------------------------------------------------------------------------

    @Override
    public Water poll() {
        if (producer) {
            throw new UnsupportedOperationException("reservoir " + name() + ": this is the producer's end of the ring");
        }
        while (!ended) {
            // Read the flag before the tail: if the flag is set, every slot before it is published.
            boolean endSeen = segment.getLongAcquire(ENDED) != 0;
            long tail = segment.getLongAcquire(TAIL);
            if (consumed == tail) {
                if (endSeen) {
                    ended = true;
                } else {
                    // Every consumer polls (a river's module thread never calls get), so the
                    // producer's liveness is checked here, at most every 100 ms of waiting.
                    idleSince = checkPeer(PRODUCER_PID, idleSince == 0 ? System.nanoTime() : idleSince, "producer");
                }
                return null;
            }
            idleSince = 0;
            long h = slotHeader(consumed);
            int length = segment.getInt(h, LE);
            int word = segment.getInt(h + STATE, LE);
            int state = ShmRingDescriptor.state(word);
            int i = (int) (consumed % slots);
            consumed++;
            if (state == SKIPPED) {
                free(i);
                continue;
            }
            if (state != DATA || !ShmRingDescriptor.reservedClear(word) || length < 0 || length > slotSize) {
                throw new ReservoirFailedException("reservoir " + name() + ": slot " + i + " holds state word 0x" + Integer.toHexString(word)
                                + ", length " + length + ": the ring is corrupt");
            }
            Water w = new Water(consumerSlots, payloads[i]);
            w.setLength(length);
            w.setKind(ShmRingDescriptor.kind(word));
            outstanding.incrementAndGet();
            return takeOver(w);
        }
        return null;
    }

    /** The consumer's Waters give their slot back when released, from whichever thread. */
    private final Spring consumerSlots = new Spring() {
        @Override
        public Water createWater(int size) {
            throw new UnsupportedOperationException("reservoir " + name() + ": Waters for the ring are made at the producer's end");
        }

        @Override
        public void recycle(ExternalBuffer[] buffers) {
            int i = slotOf(buffers);
            if (i >= 0) {
                outstanding.decrementAndGet();
                free(i);
            }
        }
    };

    private synchronized void free(int i) {
        freed[i] = true;
        long f = freedUpTo;
        while (f < consumed && freed[(int) (f % slots)]) {
            freed[(int) (f % slots)] = false;
            f++;
        }
        if (f != freedUpTo) {
            freedUpTo = f;
            segment.putLongRelease(HEAD, f);
        }
    }

    @Override
    public Water get() throws InterruptedException {
        while (true) {
            Water w = poll();
            if (w != null || ended) {
                return w;
            }
            pauseConsumer(PARK_NANOS);
        }
    }

    @Override
    public boolean isEnded() {
        return !producer && ended;
    }

    /** Slots are freed when the consumer's Waters are released; nothing to do per credit. */
    @Override
    public void creditBack() {
    }

    /**
     * While waiting, looks at the other process every so often: a peer that has exited without
     * End of River fails the reservoir.
     */
    private long checkPeer(long pidAt, long since, String role) {
        long now = System.nanoTime();
        if (now - since < Math.min(deadPeerNanos, 100_000_000L)) {
            return since;
        }
        long pid = segment.getLongVolatile(pidAt);
        if (pid != 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return now;
        }
        if (pid == 0 && now - since < deadPeerNanos) {
            return since;   // the consumer has not attached yet
        }
        throw new ReservoirFailedException("reservoir " + name() + ": the " + role + (pid == 0 ? " never attached" : " (pid " + pid + ") has exited")
                        + " before End of River; " + (producer ? published + " Waters published" : consumed + " Waters taken"));
    }

    /** Unmaps the ring, and removes the segment's name if the consumer never came for it. */
    @Override
    public void close() {
        if (producer) {
            try {
                segment.unlink();
            } catch (IOException ignored) {
                // the name may already be gone
            }
        }
        segment.close();
        overflow.drain();
    }
}
