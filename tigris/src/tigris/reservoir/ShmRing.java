package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteOrder;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.SharedMemoryBuffer;
import tigris.ReservoirFailedException;

/**
 * One process's mapping of a shared-memory ring ({@link ShmRingDescriptor}): the segment, its
 * slots' payloads as buffers of their own, and the liveness check of the process at the other
 * end. Both of a ring's ends ({@link ShmProducer}, {@link ShmConsumer}) hold one.
 */
final class ShmRing {
    static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

    final String name;
    final SharedMemoryBuffer segment;
    final int slots;
    final int slotSize;
    final long slotStride;
    /** Each slot's payload as a buffer of its own (a slice of the segment). */
    final ExternalBuffer[] payloads;
    final long deadPeerNanos;

    ShmRing(String name, SharedMemoryBuffer segment, int slots, int slotSize, long deadPeerNanos) {
        this.name = name;
        this.segment = segment;
        this.slots = slots;
        this.slotSize = slotSize;
        this.slotStride = ShmRingDescriptor.stride(slotSize);
        this.deadPeerNanos = deadPeerNanos;
        this.payloads = new ExternalBuffer[slots];
        for (int i = 0; i < slots; i++) {
            payloads[i] = segment.slice(ShmRingDescriptor.slotOffset(i, slotSize) + ShmRingDescriptor.SLOT_HEADER, slotSize);
        }
    }

    /** Offset of the header of the slot that holds the {@code n}th Water. */
    long slotHeader(long n) {
        return ShmRingDescriptor.slotOffset(n % slots, slotSize);
    }

    /** The slot whose payload is {@code buffers}' only buffer, or -1. */
    int slotOf(ExternalBuffer[] buffers) {
        if (buffers.length == 1) {
            for (int i = 0; i < slots; i++) {
                if (payloads[i] == buffers[0]) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * While waiting, looks at the other process every so often: a peer that has exited without
     * End of River fails the reservoir.
     *
     * @param pidAt where the peer's pid is
     * @param since when the wait began, or the last look
     * @param role "producer" or "consumer", for the message
     * @param progress what passed so far, for the message ("12 Waters taken")
     * @return when this look was (or {@code since}, if it was not yet time)
     */
    long checkPeer(long pidAt, long since, String role, String progress) {
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
        throw new ReservoirFailedException("reservoir " + name + ": the " + role + (pid == 0 ? " never attached" : " (pid " + pid + ") has exited")
                        + " before End of River; " + progress);
    }

    /** Unmaps the ring; {@code unlink}: removes the segment's name too (if the consumer never came for it). */
    void close(boolean unlink) {
        if (unlink) {
            try {
                segment.unlink();
            } catch (IOException ignored) {
                // the name may already be gone
            }
        }
        segment.close();
    }
}
