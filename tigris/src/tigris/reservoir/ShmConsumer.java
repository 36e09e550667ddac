package tigris.reservoir;

import java.util.ArrayDeque;

import jaguar.ext.ExternalBuffer;
import tigris.AbstractConsumerEnd;
import tigris.ReservoirFailedException;
import tigris.Recycler;
import tigris.Water;

/**
 * The consumer's end of a shared-memory ring ({@link ShmReservoir#attach}): it reads the tail
 * with an acquire load and hands out each published slot as a Water over the slot itself (no
 * copy). A slot goes back to the producer, with a release store of the head, once its Water's
 * operation is over ({@link #creditBack()}) and the Water is released, wherever that happens
 * (passed on, it may be released further down the river); both must happen, so a module that
 * releases a Water early does not hand its slot back in the middle of the operation.
 */
public final class ShmConsumer extends AbstractConsumerEnd {
    private static final long PARK_NANOS = 50_000;

    private final ShmRing ring;
    /** The consumer's Waters give their slot back through this, from whichever thread releases them. */
    private final Recycler slots = this::released;
    private volatile long consumed;
    private boolean ended;
    /** The producer's failure, once taken: every later poll throws it again. */
    private ReservoirFailedException producerFailure;
    /** When polling began to find the ring empty (0 while it finds Waters), for the liveness check. */
    private long idleSince;

    // Slot freeing, from the consumer's thread and from whichever thread releases a Water: under this.
    private long freedUpTo;
    private final boolean[] releasedSlot;
    private final boolean[] creditedSlot;
    /** Slots of Waters taken and not yet credited back, oldest first. */
    private final ArrayDeque<Integer> awaitingCredit = new ArrayDeque<>();

    ShmConsumer(ShmRing ring) {
        super(ring.name);
        this.ring = ring;
        this.releasedSlot = new boolean[ring.slots];
        this.creditedSlot = new boolean[ring.slots];
    }

    @Override
    public Water poll() {
        while (!ended) {
            if (producerFailure != null) {
                throw producerFailure.again();
            }
            // Read the flag before the tail: if the flag is set, every slot before it is published.
            long end = ring.segment.getLongAcquire(ShmRingDescriptor.ENDED_OFFSET);
            long tail = ring.segment.getLongAcquire(ShmRingDescriptor.TAIL_OFFSET);
            if (consumed == tail) {
                if (end == ShmRingDescriptor.ENDED_BY_FAILURE) {
                    // The producer found no free slot for its cause (or had slots out it never put).
                    producerFailure = producerFailed("(its cause did not fit in the ring: see the producer's report)");
                    continue;
                }
                if (end != 0) {
                    ended = true;
                } else {
                    // Every consumer polls (a river's module thread never calls get), so the
                    // producer's liveness is checked here, at most every 100 ms of waiting.
                    idleSince = ring.checkPeer(ShmRingDescriptor.PRODUCER_PID_OFFSET, idleSince == 0 ? System.nanoTime() : idleSince, "producer",
                                    consumed + " Waters taken");
                }
                return null;
            }
            idleSince = 0;
            long h = ring.slotHeader(consumed);
            int length = ring.segment.getInt(h + ShmRingDescriptor.SLOT_LENGTH_OFFSET, ShmRing.LE);
            int word = ring.segment.getInt(h + ShmRingDescriptor.SLOT_STATE_OFFSET, ShmRing.LE);
            int state = ShmRingDescriptor.state(word);
            int i = (int) (consumed % ring.slots);
            consumed++;
            if (state == ShmRingDescriptor.SKIPPED) {
                free(i, true, true);
                continue;
            }
            if (state == ShmRingDescriptor.FAILED && ShmRingDescriptor.reservedClear(word) && length >= 0 && length <= tigris.ProducerEnd.MAX_CAUSE_BYTES
                            && length <= ring.slotSize) {
                byte[] why = new byte[length];
                ring.payloads[i].get(0, why, 0, length);
                free(i, true, true);
                producerFailure = producerFailed(new String(why, java.nio.charset.StandardCharsets.UTF_8));
                continue;
            }
            if (state != ShmRingDescriptor.DATA || !ShmRingDescriptor.reservedClear(word) || length < 0 || length > ring.slotSize) {
                throw new ReservoirFailedException("reservoir " + name() + ": slot " + i + " holds state word 0x" + Integer.toHexString(word)
                                + ", length " + length + ": the ring is corrupt");
            }
            Water w = new Water(slots, ring.payloads[i]);
            w.setLength(length);
            w.setKind(ShmRingDescriptor.kind(word));
            synchronized (this) {
                awaitingCredit.addLast(i);
            }
            return takeOver(w);
        }
        return null;
    }

    /** The ring has no signal across processes: a waiting consumer polls. */
    @Override
    public Water get() throws InterruptedException {
        while (true) {
            Water w = poll();
            if (w != null || ended) {
                return w;
            }
            pause(PARK_NANOS);
        }
    }

    @Override
    public boolean isEnded() {
        return ended;
    }

    /** The oldest Water taken and not credited has been processed: its slot is free once it is released too. */
    @Override
    public void creditBack() {
        Integer i;
        synchronized (this) {
            i = awaitingCredit.pollFirst();
        }
        if (i == null) {
            throw new IllegalStateException("reservoir " + name() + ": a credit back, but no Water taken from it awaits one");
        }
        free(i, false, true);
    }

    private void released(ExternalBuffer[] buffers) {
        int i = ring.slotOf(buffers);
        if (i >= 0) {
            free(i, true, false);
        }
    }

    /** Marks slot {@code i} released and/or credited, and frees every slot, in order, that is both. */
    private synchronized void free(int i, boolean released, boolean credited) {
        releasedSlot[i] |= released;
        creditedSlot[i] |= credited;
        long f = freedUpTo;
        while (f < consumed && releasedSlot[(int) (f % ring.slots)] && creditedSlot[(int) (f % ring.slots)]) {
            releasedSlot[(int) (f % ring.slots)] = false;
            creditedSlot[(int) (f % ring.slots)] = false;
            f++;
        }
        if (f != freedUpTo) {
            freedUpTo = f;
            ring.segment.putLongRelease(ShmRingDescriptor.HEAD_OFFSET, f);
        }
    }

    /** Unmaps the ring. */
    @Override
    public void close() {
        ring.close(false);
    }
}
