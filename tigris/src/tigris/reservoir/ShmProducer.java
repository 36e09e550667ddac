/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import jaguar.ext.ExternalBuffer;
import tigris.AbstractProducerEnd;
import tigris.Spring;
import tigris.Water;
import tigris.WaterPool;

/**
 * The producer's end of a shared-memory stream ({@link ShmReservoir#create}). Its spring hands out
 * a Water over the free data at the stream's write position, so a module writes its output (PSOs
 * included) straight into memory the readers map; a put publishes a descriptor of the bytes the
 * Water holds (only the lines they take are used up) with a full store of the tail, and wakes the
 * readers if one sleeps. One such Water is out at a time: a second, or one asked for when the ring
 * has no room, comes from a pool and is copied in at its put, as is a Water the spring did not
 * make. A put that finds no room sleeps until a reader frees some. Credits are free descriptors.
 */
public final class ShmProducer extends AbstractProducerEnd {
    private final ShmRing ring;
    private final DataSpring spring = new DataSpring();
    /** For Waters the ring has no room for when asked: copied in at put. */
    private final WaterPool overflow;
    /** Descriptors published. */
    private long tail;
    /** The readers' oldest head as last read. */
    private long knownHead;
    /** Waters published since the readers were last woken; a put wakes them every {@link #wakeBatch}. */
    private long publishedSinceWake;
    /** An eighth of the window, at least one. */
    private final long wakeBatch;
    /** The data position the next Water begins at (or after, if it would wrap). */
    private long writePosition;
    /** The Water over the ring's data that is out, its buffer and position; null when none is. */
    private record Claim(Water water, ExternalBuffer buffer, long position) {
    }

    /** One reference, so a Water over the data released on another thread clears it whole. */
    private volatile Claim claim;
    /** Written by the producer's thread; read where a Water is released too. */
    private volatile boolean endPut;
    /** The data position of each published descriptor, by entry: the producer's own copy. */
    private final long[] positions;
    /** The last descriptor published at a lower position than the one before it (-1: none). */
    private long disorderedTo = -1;
    private long lastPosition = -1;

    ShmProducer(ShmRing ring, int window) {
        super(ring.name, window);
        this.ring = ring;
        this.positions = new long[ring.entries];
        this.wakeBatch = Math.max(1, window / 8);
        this.overflow = new WaterPool(ring.maxWater, 2);
    }

    @Override
    public Spring spring() {
        return spring;
    }

    /** Free descriptors: how many more Waters can be published before a reader frees one. */
    @Override
    public int credits() {
        return (int) (window() - (tail - ring.oldestHead()));
    }

    /** Hands out a Water over the ring's free data if there is room and none is out, else a pool's (copied at put). */
    private final class DataSpring implements Spring {
        @Override
        public Water createWater(int size) {
            if (size < 1 || size > ring.maxWater) {
                throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + ring.maxWater + " bytes; asked for " + size);
            }
            if (claim != null || endPut) {
                return overflow.createWater(size);
            }
            long p = fit(writePosition, size);
            if (!room(p, size)) {
                return overflow.createWater(size);
            }
            ExternalBuffer b = ring.data.slice(p & ring.dataMask, size);
            Water w = Water.over(this, b);
            claim = new Claim(w, b, p);
            return w;
        }

        /** The Water over the ring's data released without a put: its data stays free. */
        @Override
        public void recycle(ExternalBuffer[] buffers) {
            Claim c = claim;
            if (c != null && buffers.length == 1 && buffers[0] == c.buffer()) {
                claim = null;
            }
        }
    }

    /** Where {@code size} bytes go at {@code position}: there, or at the ring's next turn if they would wrap. */
    private long fit(long position, long size) {
        long offset = position & ring.dataMask;
        return offset + size <= ring.dataBytes ? position : position + (ring.dataBytes - offset);
    }

    /**
     * Whether {@code size} bytes at {@code position}, and a descriptor for them, are free of every
     * reader: first by the readers' heads as last read (heads only move on), then, if that says
     * no, by reading them again. A reader writes its head's line as it frees: reading it for
     * every Water would move that line between the two CPUs for every Water.
     */
    private boolean room(long position, long size) {
        if (roomAt(knownHead, position, size)) {
            return true;
        }
        knownHead = ring.oldestHead();
        return roomAt(knownHead, position, size);
    }

    private boolean roomAt(long head, long position, long size) {
        return tail - head < window() && position + size - oldestInUse(head, position) <= ring.dataBytes;
    }

    /**
     * The lowest data position some reader may still read or the Water out still holds, given the
     * readers' oldest head: the oldest unfreed descriptor's, unless a Water copied in while
     * another was out was published before it at a higher position; then the lowest of those.
     */
    private long oldestInUse(long head, long otherwise) {
        long oldest = head == tail ? otherwise : positions[(int) (head & ring.entryMask)];
        for (long d = head + 1; d <= disorderedTo && d < tail; d++) {
            oldest = Math.min(oldest, positions[(int) (d & ring.entryMask)]);
        }
        Claim c = claim;
        return c != null ? Math.min(oldest, c.position()) : oldest;
    }

    @Override
    public void put(Water w) throws InterruptedException {
        if (endPut) {
            throw new IllegalStateException("reservoir " + name() + ": put after End of River");
        }
        recordPut(w);
        byte kind = w.kind();
        Claim c = claim;
        if (c != null && w == c.water()) {
            int length = w.length();
            // Its data is its own since it was handed out; a descriptor may have gone to Waters copied in meanwhile.
            awaitDescriptor();
            handOff(w);
            claim = null;
            publish(c.position(), length, ShmRingDescriptor.DATA, kind);
            return;
        }
        // Not the ring's own data: copy it in.
        int total = 0;
        for (int k = 0; k < w.bufferCount(); k++) {
            total = Math.addExact(total, w.length(k));
        }
        if (total > ring.maxWater) {
            throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + ring.maxWater + " bytes; this one has " + total);
        }
        long p = awaitRoom(total);
        long at = p & ring.dataMask;
        for (int k = 0; k < w.bufferCount(); k++) {
            w.buffer(k).copyTo(0, ring.data, at, w.length(k));
            at += w.length(k);
        }
        w.release();
        publish(p, total, ShmRingDescriptor.DATA, kind);
    }

    /**
     * Publishes {@code length} bytes of {@code src} from {@code offset} as one Water of kind
     * {@link Water#DATA}, copied into the ring, with no Water object: the stream's pipe-like write, for a writer whose
     * bytes are in an array (Streamline's pipe interface copies in the same way). Readers get it
     * as any other Water, or through {@link ShmConsumer#read}. Sleeps for room as a put does; a
     * Water over the ring that is out keeps its data. The producer's thread only.
     *
     * @param src the bytes to publish; copied, so the caller may reuse the array at once
     * @param offset where in {@code src} the Water's bytes begin
     * @param length the Water's length in bytes, from 0 to {@link #maxWater()}
     * @throws IllegalArgumentException if {@code length} is more than the stream's Waters carry
     * @throws IllegalStateException after End of River
     * @throws IndexOutOfBoundsException if {@code offset} and {@code length} do not lie in {@code src}
     * @throws tigris.ReservoirFailedException if a reader has exited, or never attached, while
     *         this write waits for room
     * @throws InterruptedException if the thread is interrupted or the producer stopped while it
     *         waits for room
     */
    public void write(byte[] src, int offset, int length) throws InterruptedException {
        write(src, offset, length, Water.DATA);
    }

    /**
     * {@link #write(byte[], int, int)} of a Water of {@code kind} (what {@link Water#setKind} says).
     *
     * @param src the bytes to publish; copied, so the caller may reuse the array at once
     * @param offset where in {@code src} the Water's bytes begin
     * @param length the Water's length in bytes, from 0 to {@link #maxWater()}
     * @param kind the Water's kind, which a reader gets as {@link Water#kind} or
     *        {@link ShmConsumer#lastKind()}
     * @throws IllegalArgumentException if {@code length} is more than the stream's Waters carry
     * @throws IllegalStateException after End of River
     * @throws IndexOutOfBoundsException if {@code offset} and {@code length} do not lie in {@code src}
     * @throws tigris.ReservoirFailedException if a reader has exited, or never attached, while
     *         this write waits for room
     * @throws InterruptedException if the thread is interrupted or the producer stopped while it
     *         waits for room
     */
    public void write(byte[] src, int offset, int length, byte kind) throws InterruptedException {
        java.util.Objects.checkFromIndexSize(offset, length, src.length);
        if (endPut) {
            throw new IllegalStateException("reservoir " + name() + ": write after End of River");
        }
        if (length > ring.maxWater) {
            throw new IllegalArgumentException("reservoir " + name() + " carries Waters of up to " + ring.maxWater + " bytes; a write of " + length);
        }
        long p = awaitRoom(length);
        ring.data.put(p & ring.dataMask, src, offset, length);
        recordPut(length, kind);
        publish(p, length, ShmRingDescriptor.DATA, kind);
    }

    /**
     * The most bytes one Water (or {@link #write}) of this stream carries: the {@code maxWater}
     * it was created with.
     *
     * @return bytes, at least 1
     */
    public int maxWater() {
        return ring.maxWater;
    }

    /** Where bytes copied in go: after what was published, and after the Water out (not yet put), which keeps its data. */
    private long nextFree() {
        Claim c = claim;
        return c != null ? Math.max(writePosition, c.position() + ShmRingDescriptor.lines(c.buffer().size())) : writePosition;
    }

    /** The position {@code size} bytes can go at once there is room, sleeping until a reader frees some. */
    private long awaitRoom(long size) throws InterruptedException {
        long since = 0;   // the clock is read only once there is a wait: a read costs tens of ns in a VM
        long from = nextFree();
        while (true) {
            long p = fit(from, size);
            if (room(p, size)) {
                return p;
            }
            since = ring.checkReaders(since == 0 ? System.nanoTime() : since, tail + " Waters published");
            flush();
            ring.sleepForRoom(() -> !room(fit(from, size), size), ShmRing.SLEEP_NANOS);
            checkStop();
        }
    }

    /** Sleeps until a descriptor is free of every reader. */
    private void awaitDescriptor() throws InterruptedException {
        if (tail - knownHead < window()) {
            return;   // the usual case: no wait, no clock read
        }
        long since = System.nanoTime();
        while (tail - knownHead >= window() && tail - (knownHead = ring.oldestHead()) >= window()) {
            since = ring.checkReaders(since, tail + " Waters published");
            flush();
            ring.sleepForRoom(() -> tail - ring.oldestHead() >= window(), ShmRing.SLEEP_NANOS);
            checkStop();
        }
    }

    /** Gives up a wait if the producer's thread was stopped or interrupted. */
    private void checkStop() throws InterruptedException {
        pause(0);
    }

    private void publish(long position, int length, int state, byte kind) {
        long e = ring.entry(tail);
        ring.segment.putLong(e + ShmRingDescriptor.ENTRY_POSITION_OFFSET, position, ShmRing.LE);
        ring.segment.putInt(e + ShmRingDescriptor.ENTRY_LENGTH_OFFSET, length, ShmRing.LE);
        ring.segment.putInt(e + ShmRingDescriptor.ENTRY_STATE_OFFSET, ShmRingDescriptor.stateWord(state, kind), ShmRing.LE);
        positions[(int) (tail & ring.entryMask)] = position;
        if (position < lastPosition) {
            disorderedTo = tail;
        }
        lastPosition = Math.max(lastPosition, position);
        writePosition = Math.max(writePosition, position + ShmRingDescriptor.lines(length));
        tail++;
        publishedSinceWake++;
        // A release store, no fence: the fence would wait for the tail's line, which a reader that keeps up has just
        // read. A reader that counts itself asleep while this store is still in the store buffer sleeps on the old
        // tail; the kernel compares the word when it puts the reader to sleep, microseconds later, and a sleep is
        // bounded (ShmRing.SLEEP_NANOS) in any case.
        ring.segment.putLongRelease(ShmRingDescriptor.TAIL_OFFSET, tail);
        if (publishedSinceWake >= wakeBatch) {
            flush();
        }
    }

    /**
     * Wakes the readers that sleep, if anything was published since the last wake-up. A put wakes
     * them only every {@link #wakeBatch} Waters, so that a reader on the producer's own CPU is not
     * switched to for every Water (the thesis's event moderation); a module thread flushes before
     * it waits for input, and the producer before it sleeps for room.
     */
    @Override
    public void flush() {
        if (publishedSinceWake > 0) {
            publishedSinceWake = 0;
            ring.wakeReaders();
        }
    }

    @Override
    public void endOfRiver() {
        if (!endPut) {
            endPut = true;
            ring.segment.putLongVolatile(ShmRingDescriptor.ENDED_OFFSET, ShmRingDescriptor.END_OF_RIVER);
            ring.wakeReaders();
        }
    }

    /** Publishes the cause if there is room for it (never waits for any), then the end flag. */
    @Override
    public void endWithFailure(String cause) {
        if (endPut) {
            return;
        }
        endPut = true;
        byte[] why = causeBytes(cause, ring.maxWater);
        long p = fit(nextFree(), why.length);
        if (room(p, why.length)) {
            ring.data.put(p & ring.dataMask, why, 0, why.length);
            publish(p, why.length, ShmRingDescriptor.FAILED, Water.DATA);
        }
        ring.segment.putLongVolatile(ShmRingDescriptor.ENDED_OFFSET, ShmRingDescriptor.ENDED_BY_FAILURE);
        ring.wakeReaders();
    }

    /** Unmaps the stream, and removes the segment's name if a reader never came for it. */
    @Override
    public void close() {
        ring.close(true);
        overflow.drain();
    }
}
