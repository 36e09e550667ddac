package tigris.reservoir;

import jaguar.ext.ExternalBuffer;
import tigris.AbstractProducerEnd;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * The producer's end of a shared-memory ring ({@link ShmReservoir#create}). Its spring hands out
 * Waters whose buffer is the next free slot, so a module writes its output (PSOs included)
 * straight into memory the consumer maps. A put publishes slots in the order they were handed out
 * with a release store of the tail (a slot put early waits for the ones before it; one released
 * without a put is marked skipped); a Water that is not a slot, or was made when none was free,
 * is copied into the next free slot. Credits are free slots.
 */
public final class ShmProducer extends AbstractProducerEnd {
    private static final long PARK_NANOS = 50_000;

    private final ShmRing ring;
    private final SlotSpring spring = new SlotSpring();
    /** For Waters that find no free slot: copied in at put. */
    private final WaterPool overflow;
    private long allocated;
    private long published;
    private final boolean[] ready;
    /** Written by the producer's thread; read where a Water is released too. */
    private volatile boolean endPut;

    ShmProducer(ShmRing ring) {
        super(ring.name, ring.slots);
        this.ring = ring;
        this.ready = new boolean[ring.slots];
        this.overflow = new WaterPool(ring.slotSize, 2);
    }

    @Override
    public Spring spring() {
        return spring;
    }

    /** Free slots the producer may still fill. */
    @Override
    public int credits() {
        return (int) (ring.slots - (allocated - ring.segment.getLongAcquire(ShmRingDescriptor.HEAD_OFFSET)));
    }

    /** Hands out the next slot as a Water if one is free, else an ordinary one (copied at put). */
    private final class SlotSpring implements Spring {
        @Override
        public Water createWater(int size) {
            if (size < 1 || size > ring.slotSize) {
                throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + ring.slotSize + " bytes; asked for " + size);
            }
            if (allocated - ring.segment.getLongAcquire(ShmRingDescriptor.HEAD_OFFSET) >= ring.slots) {
                return overflow.createWater(size);
            }
            return new Water(this, ring.payloads[(int) (allocated++ % ring.slots)]);
        }

        /** A slot Water released without a put: skipped, so the ring moves on. */
        @Override
        public void recycle(ExternalBuffer[] buffers) {
            int i = ring.slotOf(buffers);
            // After the end every slot not put was skipped already (skipUnput), and may hold the failure's cause now.
            if (i >= 0 && !endPut) {
                markSkipped(i);
                markReady(i);
            }
        }
    }

    @Override
    public void put(Water w) throws InterruptedException {
        if (endPut) {
            throw new IllegalStateException("reservoir " + name() + ": put after End of River");
        }
        recordPut(w);
        int length = w.length();
        byte kind = w.kind();
        int i = w.bufferCount() == 1 ? ring.slotOf(new ExternalBuffer[] {w.buffer()}) : -1;
        if (i < 0) {
            // Not one of our slots: copy it into the next free one.
            int total = 0;
            for (int k = 0; k < w.bufferCount(); k++) {
                total = Math.addExact(total, w.length(k));
            }
            if (total > ring.slotSize) {
                throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + ring.slotSize + " bytes; this one has " + total);
            }
            awaitFreeSlot();
            i = (int) (allocated++ % ring.slots);
            long at = 0;
            for (int k = 0; k < w.bufferCount(); k++) {
                w.buffer(k).copyTo(0, ring.payloads[i], at, w.length(k));
                at += w.length(k);
            }
            length = total;
            w.release();
        } else {
            handOff(w);
        }
        writeHeader(i, length, ShmRingDescriptor.DATA, kind);
        markReady(i);
    }

    /** Slot {@code i}'s header: its payload's length and its state word (published later, with the tail). */
    private void writeHeader(int i, int length, int state, byte kind) {
        long h = ring.slotHeader(i);
        ring.segment.putInt(h + ShmRingDescriptor.SLOT_LENGTH_OFFSET, length, ShmRing.LE);
        ring.segment.putInt(h + ShmRingDescriptor.SLOT_STATE_OFFSET, ShmRingDescriptor.stateWord(state, kind), ShmRing.LE);
    }

    /** Slot {@code i} was handed out and will not be put: the consumer passes over it. */
    private void markSkipped(int i) {
        ring.segment.putInt(ring.slotHeader(i) + ShmRingDescriptor.SLOT_STATE_OFFSET, ShmRingDescriptor.stateWord(ShmRingDescriptor.SKIPPED, Water.DATA),
                        ShmRing.LE);
    }

    /** Publishes every slot that is ready, in order, with one release store of the tail. */
    private void markReady(int i) {
        ready[i] = true;
        publishReady();
    }

    private void publishReady() {
        long p = published;
        while (p < allocated && ready[(int) (p % ring.slots)]) {
            ready[(int) (p % ring.slots)] = false;
            p++;
        }
        if (p != published) {
            published = p;
            ring.segment.putLongRelease(ShmRingDescriptor.TAIL_OFFSET, p);
        }
    }

    private void awaitFreeSlot() throws InterruptedException {
        long since = System.nanoTime();
        while (allocated - ring.segment.getLongAcquire(ShmRingDescriptor.HEAD_OFFSET) >= ring.slots) {
            since = ring.checkPeer(ShmRingDescriptor.CONSUMER_PID_OFFSET, since, "consumer", published + " Waters published");
            pause(PARK_NANOS);
        }
    }

    @Override
    public void endOfRiver() {
        if (!endPut) {
            endPut = true;
            skipUnput();
            ring.segment.putLongRelease(ShmRingDescriptor.ENDED_OFFSET, ShmRingDescriptor.END_OF_RIVER);
        }
    }

    /**
     * At the end, marks skipped the slots handed out and never put (a Water still held, say a
     * partly filled one), so the slots put after them are published and the tail reaches the end.
     */
    private void skipUnput() {
        for (long p = published; p < allocated; p++) {
            int i = (int) (p % ring.slots);
            if (!ready[i]) {
                markSkipped(i);
                ready[i] = true;
            }
        }
        publishReady();
    }

    /** Publishes the cause in the next slot if one is free (never waits for one), then the end flag. */
    @Override
    public void endWithFailure(String cause) {
        if (endPut) {
            return;
        }
        endPut = true;
        skipUnput();
        if (allocated - ring.segment.getLongAcquire(ShmRingDescriptor.HEAD_OFFSET) < ring.slots) {
            byte[] why = causeBytes(cause, ring.slotSize);
            int n = why.length;
            int i = (int) (allocated++ % ring.slots);
            ring.payloads[i].put(0, why, 0, n);
            writeHeader(i, n, ShmRingDescriptor.FAILED, Water.DATA);
            markReady(i);
        }
        ring.segment.putLongRelease(ShmRingDescriptor.ENDED_OFFSET, ShmRingDescriptor.ENDED_BY_FAILURE);
    }

    /** Unmaps the ring, and removes the segment's name if the consumer never came for it. */
    @Override
    public void close() {
        ring.close(true);
        overflow.drain();
    }
}
