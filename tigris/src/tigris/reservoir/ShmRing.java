/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteOrder;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.Futex;
import jaguar.ext.SharedMemoryBuffer;
import tigris.ReservoirFailedException;

/**
 * One process's mapping of a shared-memory reservoir ({@link ShmRingDescriptor}): the segment, its
 * data ring as a buffer of its own, the sleeps and wake-ups across processes (futexes on the
 * tail's low word and on the releases word), and the liveness check of the processes at the other
 * end. Every end of a stream ({@link ShmProducer}, {@link ShmConsumer}) holds one.
 */
final class ShmRing {
    static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    /** Longest a sleeper sleeps before it looks again: a stop, a dead peer, a wake-up lost to a kernel that has none. */
    static final long SLEEP_NANOS = 20_000_000;
    /** How long a side looks before it sleeps: about the cost of a sleep and a wake-up on a virtual machine. */
    static final long SPIN_NANOS = 20_000;
    /** Pauses between two looks of a spinning side. */
    static final int SPIN_PAUSES = Integer.getInteger("tigris.shm.spinPauses", 8);

    final String name;
    final SharedMemoryBuffer segment;
    final int entries;
    /** entries - 1: entries and data bytes are powers of two, so a position's place is a mask, not a division. */
    final int entryMask;
    final int maxWater;
    final long dataBytes;
    final long dataMask;
    final int readers;
    /** The data ring. */
    final ExternalBuffer data;
    final long deadPeerNanos;
    /** How long this end spins before it sleeps now; its own thread's (ends are single-threaded). */
    private long spinNanos = SPIN_NANOS;
    private int sleepsWithoutSpin;

    ShmRing(String name, SharedMemoryBuffer segment, int entries, int maxWater, long dataBytes, int readers, long deadPeerNanos) {
        this.name = name;
        this.segment = segment;
        this.entries = entries;
        this.entryMask = entries - 1;
        this.maxWater = maxWater;
        this.dataBytes = dataBytes;
        this.dataMask = dataBytes - 1;
        this.readers = readers;
        this.deadPeerNanos = deadPeerNanos;
        this.data = segment.slice(ShmRingDescriptor.dataOffset(entries, readers), dataBytes);
    }

    /** Where the entry of the {@code n}th Water is. */
    long entry(long n) {
        return ShmRingDescriptor.entryOffset(readers, n & entryMask);
    }

    /** The oldest head among the readers: the producer may reuse what comes before it. */
    long oldestHead() {
        long h = segment.getLongAcquire(ShmRingDescriptor.headOffset(0));
        for (int r = 1; r < readers; r++) {
            h = Math.min(h, segment.getLongAcquire(ShmRingDescriptor.headOffset(r)));
        }
        return h;
    }

    /**
     * A reader's sleep until the tail moves past {@code tail} or the stream ends: it reads the
     * signal word, counts itself among the sleepers, looks once more, and sleeps on the signal,
     * which the producer bumps before it wakes anyone: a wake-up between the look and the sleep
     * changes the word, and the sleep returns at once (for the end flag too, which moves no tail).
     */
    void sleepForData(long tail, long nanos) {
        if (spin(() -> segment.getLongAcquire(ShmRingDescriptor.TAIL_OFFSET) != tail || segment.getLongAcquire(ShmRingDescriptor.ENDED_OFFSET) != 0)) {
            return;
        }
        int signal = segment.getIntVolatile(ShmRingDescriptor.SIGNAL_OFFSET);
        segment.getAndAddInt(ShmRingDescriptor.READERS_ASLEEP_OFFSET, 1);
        try {
            if (segment.getLongVolatile(ShmRingDescriptor.TAIL_OFFSET) == tail && segment.getLongVolatile(ShmRingDescriptor.ENDED_OFFSET) == 0) {
                Futex.await(segment, ShmRingDescriptor.SIGNAL_OFFSET, signal, nanos);
            }
        } finally {
            segment.getAndAddInt(ShmRingDescriptor.READERS_ASLEEP_OFFSET, -1);
        }
    }

    /**
     * Looks at {@code done} for a while before a sleep: a peer on another CPU usually answers within
     * {@link #SPIN_NANOS}, and a sleep and its wake-up are two system calls and two switches. The
     * while adapts, as an adaptive mutex's spin does: it doubles (to that) when the spin paid and
     * halves when it did not, and stops when it keeps not paying (a peer on this end's own CPU,
     * which the spin only keeps from running), trying again every 64 sleeps.
     */
    private boolean spin(java.util.function.BooleanSupplier done) {
        if (spinNanos == 0) {
            // Spinning has not paid: the peer shares this CPU, or is slow. Look again now and then.
            if (++sleepsWithoutSpin < 64) {
                return done.getAsBoolean();
            }
            sleepsWithoutSpin = 0;
            spinNanos = SPIN_NANOS / 8;
        }
        if (spinFor(done, spinNanos)) {
            spinNanos = Math.min(SPIN_NANOS, spinNanos * 2);
            return true;
        }
        spinNanos /= 2;
        if (spinNanos < SPIN_NANOS / 64) {
            spinNanos = 0;
        }
        return false;
    }

    private static boolean spinFor(java.util.function.BooleanSupplier done, long nanos) {
        long end = System.nanoTime() + nanos;
        do {
            for (int i = 0; i < 16; i++) {
                if (done.getAsBoolean()) {
                    return true;
                }
                // Not every pause: each look pulls the other side's line back, and its next store must take it again.
                for (int k = 0; k < SPIN_PAUSES; k++) {
                    Thread.onSpinWait();
                }
            }
        } while (System.nanoTime() < end);
        return false;
    }

    /** After a publish or the end: wakes the readers if any sleeps, the signal bumped first. */
    void wakeReaders() {
        if (segment.getIntVolatile(ShmRingDescriptor.READERS_ASLEEP_OFFSET) != 0) {
            segment.getAndAddInt(ShmRingDescriptor.SIGNAL_OFFSET, 1);
            Futex.wake(segment, ShmRingDescriptor.SIGNAL_OFFSET, Integer.MAX_VALUE);
        }
    }

    /** The producer's look at its readers while it waits: one that has exited, or never attached, fails the reservoir. */
    long checkReaders(long since, String progress) {
        long next = since;
        for (int r = 0; r < readers; r++) {
            next = Math.max(next, checkPeer(ShmRingDescriptor.readerPidOffset(r), since, readers == 1 ? "consumer" : "reader " + r, progress));
        }
        return next;
    }

    /** The producer's sleep until a reader frees something; {@code stillFull} is looked at once more after it says so. */
    void sleepForRoom(java.util.function.BooleanSupplier stillFull, long nanos) {
        if (spin(() -> !stillFull.getAsBoolean())) {
            return;
        }
        int releases = segment.getIntVolatile(ShmRingDescriptor.RELEASES_OFFSET);
        segment.putIntVolatile(ShmRingDescriptor.PRODUCER_ASLEEP_OFFSET, 1);
        try {
            if (stillFull.getAsBoolean()) {
                Futex.await(segment, ShmRingDescriptor.RELEASES_OFFSET, releases, nanos);
            }
        } finally {
            segment.putIntVolatile(ShmRingDescriptor.PRODUCER_ASLEEP_OFFSET, 0);
        }
    }

    /** Whether the producer sleeps (or is about to) for room. */
    boolean producerAsleep() {
        return segment.getIntVolatile(ShmRingDescriptor.PRODUCER_ASLEEP_OFFSET) != 0;
    }

    /** After a reader's head moved (a full store): wakes the producer if it sleeps. */
    void wakeProducer() {
        if (producerAsleep()) {
            segment.getAndAddInt(ShmRingDescriptor.RELEASES_OFFSET, 1);
            Futex.wake(segment, ShmRingDescriptor.RELEASES_OFFSET, 1);
        }
    }

    /**
     * While waiting, looks at a process at the other end every so often: one that has exited
     * without End of River fails the reservoir.
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

    /** Unmaps the stream; {@code unlink}: removes the segment's name too (if a reader never came for it). */
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
