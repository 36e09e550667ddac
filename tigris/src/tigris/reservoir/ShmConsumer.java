/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import jaguar.ext.ExternalBuffer;
import tigris.AbstractConsumerEnd;
import tigris.ReservoirFailedException;
import tigris.Recycler;
import tigris.Water;

/**
 * A reader's end of a shared-memory stream ({@link ShmReservoir#attach}): it reads the tail with
 * an acquire load and hands out each published descriptor's bytes as a Water over the ring's
 * data itself (no copy). Its head moves past a Water, with a full store, once the Water's
 * operation is over ({@link #creditBack()}) and the Water is released, wherever that happens
 * (passed on, it may be released further down the river), both in order; the producer is woken
 * if it sleeps for room. A reader with nothing to read sleeps on the tail ({@link #awaitData}).
 * Several readers of one stream each read every Water; the data is freed when the last has.
 */
public final class ShmConsumer extends AbstractConsumerEnd {
    private final ShmRing ring;
    private final int reader;
    private final long headOffset;
    /** Each entry's Waters give their data back through its own recycler, from whichever thread releases them. */
    private final Recycler[] releasers;
    /** Descriptors taken: the consumer's thread's own. */
    private long consumed;
    /** The tail as last read: descriptors before it are published, and need no look at the producer's line. */
    private long knownTail;
    private volatile boolean ended;
    /** The producer's failure, once taken: every later poll throws it again. */
    private ReservoirFailedException producerFailure;
    /** When polling began to find the stream empty (0 while it finds Waters), for the liveness check. */
    private long idleSince;

    // Freeing, from the consumer's thread and from whichever thread releases a Water: under this, but for
    // read's path with nothing taken out (see read). freedUpTo is stored last, with release, by whoever frees.
    private long freedUpTo;
    private static final java.lang.invoke.VarHandle FREED_UP_TO;

    static {
        try {
            FREED_UP_TO = java.lang.invoke.MethodHandles.lookup().findVarHandle(ShmConsumer.class, "freedUpTo", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long publishedHead;
    /** How many Waters are freed before the head is stored: an eighth of the window. */
    private final long headBatch;
    private long creditedUpTo;
    private final boolean[] released;
    /** The data each entry's Water takes (its lines), and the data freed since the head was last stored. */
    private final int[] entryBytes;
    private long linesFreed;
    /** An eighth of the data: freed, it is stored too, whatever the count of Waters (a few large Waters fill a ring). */
    private final long bytesBatch;

    ShmConsumer(ShmRing ring, int reader) {
        super(ring.name);
        this.ring = ring;
        this.reader = reader;
        this.headOffset = ShmRingDescriptor.headOffset(reader);
        this.released = new boolean[ring.entries];
        this.headBatch = Math.max(1, ring.entries / 8);
        this.entryBytes = new int[ring.entries];
        this.bytesBatch = Math.max(ShmRingDescriptor.LINE, ring.dataBytes / 8);
        this.releasers = new Recycler[ring.entries];
        for (int i = 0; i < ring.entries; i++) {
            int entry = i;
            releasers[i] = buffers -> released(entry);
        }
    }

    /**
     * Which reader of its stream this end is: the place it took when it attached.
     *
     * @return from 0 to the stream's readers less one ({@link ShmRingDescriptor#headOffset} says
     *         where its head is)
     */
    public int reader() {
        return reader;
    }

    // The descriptor next() found: where its bytes are, how many, its state word.
    private long nextOffset;
    private int nextLength;
    private int nextWord;
    private byte lastKind = Water.DATA;

    /**
     * Looks at the next published descriptor without taking it: true if it holds data (its fields
     * in nextOffset, nextLength and nextWord); false if none is published yet, or the stream ended.
     * The producer's failure is taken and thrown, now and at every later look; a corrupt descriptor
     * is taken and thrown.
     */
    private boolean next() {
        while (!ended) {
            if (producerFailure != null) {
                throw producerFailure.again();
            }
            long n = consumed;
            if (n == knownTail) {
                // Read the flag before the tail: if the flag is set, every descriptor before it is published.
                long end = ring.segment.getLongAcquire(ShmRingDescriptor.ENDED_OFFSET);
                knownTail = ring.segment.getLongAcquire(ShmRingDescriptor.TAIL_OFFSET);
                if (n == knownTail) {
                    publishHead();
                    if (end == ShmRingDescriptor.ENDED_BY_FAILURE) {
                        producerFailure = producerFailed("(its cause did not fit in the ring: see the producer's report)");
                        continue;
                    }
                    if (end != 0) {
                        ended = true;
                        publishHead();
                    } else {
                        idleSince = ring.checkPeer(ShmRingDescriptor.PRODUCER_PID_OFFSET, idleSince == 0 ? System.nanoTime() : idleSince, "producer",
                                        n + " Waters taken");
                    }
                    return false;
                }
            }
            idleSince = 0;
            long e = ring.entry(n);
            long position = ring.segment.getLong(e + ShmRingDescriptor.ENTRY_POSITION_OFFSET, ShmRing.LE);
            int length = ring.segment.getInt(e + ShmRingDescriptor.ENTRY_LENGTH_OFFSET, ShmRing.LE);
            int word = ring.segment.getInt(e + ShmRingDescriptor.ENTRY_STATE_OFFSET, ShmRing.LE);
            int state = ShmRingDescriptor.state(word);
            long offset = position & ring.dataMask;
            boolean fits = length >= 0 && length <= ring.maxWater && position >= 0 && offset + length <= ring.dataBytes;
            if (state == ShmRingDescriptor.FAILED && ShmRingDescriptor.reservedClear(word) && fits && length <= tigris.ProducerEnd.MAX_CAUSE_BYTES) {
                consumed = n + 1;
                byte[] why = new byte[length];
                ring.data.get(offset, why, 0, length);
                synchronized (this) {
                    creditedUpTo++;
                }
                released((int) (n & ring.entryMask));
                producerFailure = producerFailed(new String(why, java.nio.charset.StandardCharsets.UTF_8));
                continue;
            }
            if (state != ShmRingDescriptor.DATA || !ShmRingDescriptor.reservedClear(word) || !fits) {
                consumed = n + 1;
                throw new ReservoirFailedException("reservoir " + name() + ": descriptor " + n + " holds state word 0x" + Integer.toHexString(word)
                                + ", position " + position + ", length " + length + ": the stream is corrupt");
            }
            nextOffset = offset;
            nextLength = length;
            nextWord = word;
            return true;
        }
        return false;
    }

    @Override
    public Water poll() {
        if (!next()) {
            return null;
        }
        long n = consumed;
        int i = (int) (n & ring.entryMask);
        consumed = n + 1;
        entryBytes[i] = (int) ShmRingDescriptor.lines(nextLength);
        ExternalBuffer bytes = ring.data.slice(nextOffset, nextLength);
        Water w = Water.over(releasers[i], bytes);
        w.setLength(nextLength);
        w.setKind(ShmRingDescriptor.kind(nextWord));
        return takeOver(w);
    }

    /**
     * Copies the next Water's bytes into {@code dst} from {@code offset} and frees it at once, with
     * no Water object: the stream's pipe-like read, a Water at a time (its bounds are kept, as a
     * datagram's are). Sleeps for data as {@link #get} does. Every Water taken by {@link #poll}
     * before must have been credited back: a read frees its Water in order after them. The
     * consumer's thread only.
     *
     * @param dst where the bytes go
     * @param offset where in {@code dst} the first byte goes
     * @param length room in {@code dst} from {@code offset}: the longest Water this read takes
     * @return the Water's length, or -1 once the stream has ended; its kind is {@link #lastKind()}
     * @throws IllegalArgumentException if the next Water is longer than {@code length}; it stays
     *         unread (no stream carries more than {@link #maxWater()} bytes a Water)
     * @throws IllegalStateException if a Water taken from this end awaits its credit back
     * @throws IndexOutOfBoundsException if {@code offset} and {@code length} do not lie in {@code dst}
     * @throws tigris.ReservoirFailedException if the producer failed (after the Waters it put
     *         before), has exited without End of River, or the stream is corrupt
     * @throws InterruptedException if the thread is interrupted while it sleeps for data
     */
    public int read(byte[] dst, int offset, int length) throws InterruptedException {
        java.util.Objects.checkFromIndexSize(offset, length, dst.length);
        while (!next()) {
            if (ended) {
                return -1;
            }
            awaitData(ShmRing.SLEEP_NANOS);
        }
        int got = nextLength;
        if (got > length) {
            throw new IllegalArgumentException("reservoir " + name() + ": the next Water holds " + got + " bytes, more than the " + length
                            + " given to read it into; it stays unread (this stream's Waters are up to " + ring.maxWater + " bytes)");
        }
        long n = consumed;
        ring.data.get(nextOffset, dst, offset, got);
        lastKind = ShmRingDescriptor.kind(nextWord);
        int lines = (int) ShmRingDescriptor.lines(got);
        if ((long) FREED_UP_TO.getAcquire(this) == n) {
            // Every Water taken before is freed, and whoever freed the last stored freedUpTo after all else: no
            // other thread touches the freeing state until a poll hands a Water out. No lock, then.
            consumed = n + 1;
            creditedUpTo = n + 1;
            linesFreed += lines;
            if (n + 1 - publishedHead >= headBatch || linesFreed >= bytesBatch) {
                publishHead(n + 1);
            }
            FREED_UP_TO.setRelease(this, n + 1);
            return got;
        }
        synchronized (this) {
            if (creditedUpTo != n) {
                throw new IllegalStateException("reservoir " + name() + ": a read, but " + (n - creditedUpTo)
                                + " Water(s) taken from it await a credit back (a read frees its Water after them)");
            }
            int i = (int) (n & ring.entryMask);
            consumed = n + 1;
            entryBytes[i] = lines;
            creditedUpTo++;
            released[i] = true;
            advance();
        }
        return got;
    }

    /**
     * The kind ({@link Water#kind}) of the Water the last {@link #read} copied out.
     *
     * @return that kind; {@link Water#DATA} before the first read
     */
    public byte lastKind() {
        return lastKind;
    }

    /**
     * The most bytes one Water of this stream carries, as its producer made it: room enough for
     * any {@link #read}.
     *
     * @return bytes, at least 1
     */
    public int maxWater() {
        return ring.maxWater;
    }

    /** Polls, sleeping on the tail between looks. */
    @Override
    public Water get() throws InterruptedException {
        while (true) {
            Water w = poll();
            if (w != null || ended) {
                return w;
            }
            awaitData(ShmRing.SLEEP_NANOS);
        }
    }

    /** Sleeps until the producer publishes past what this reader took, the stream ends, or {@code nanos} pass. */
    @Override
    public boolean awaitData(long nanos) throws InterruptedException {
        publishHead();
        long n = consumed;
        if (!ended && ring.segment.getLongAcquire(ShmRingDescriptor.TAIL_OFFSET) == n) {
            ring.sleepForData(n, nanos);
        }
        pause(0);
        return true;
    }

    @Override
    public boolean isEnded() {
        return ended;
    }

    /** The oldest Water taken and not credited has been processed: its data is freed once it is released too. */
    @Override
    public synchronized void creditBack() {
        if (creditedUpTo >= consumed) {
            throw new IllegalStateException("reservoir " + name() + ": a credit back, but no Water taken from it awaits one");
        }
        creditedUpTo++;
        advance();
    }

    /** Entry {@code i}'s Water was released, on whichever thread. */
    private synchronized void released(int i) {
        released[i] = true;
        advance();
    }

    /** Moves the head over every Water, in order, both released and credited back. */
    private synchronized void advance() {
        long f = freedUpTo;
        while (f < creditedUpTo && released[(int) (f & ring.entryMask)]) {
            released[(int) (f & ring.entryMask)] = false;
            linesFreed += entryBytes[(int) (f & ring.entryMask)];
            f++;
        }
        if (f != freedUpTo) {
            // The head's line is written every few Waters (the producer reads it only when its idea of the
            // heads says no room), when this reader has read all there is, and for every Water freed once
            // the stream ended (released late, down the river): a producer asleep for room is woken for a
            // batch of it, not for each Water (a switch per Water, on a shared CPU).
            if (f - publishedHead >= headBatch || linesFreed >= bytesBatch || ended) {
                publishHead(f);
            }
            FREED_UP_TO.setRelease(this, f);
        }
    }

    /** Stores the head if it moved (a release store, no fence: ShmProducer#publish says why a wake-up is not lost to it). */
    private synchronized void publishHead() {
        publishHead(freedUpTo);
    }

    /** Stores {@code head}, what is freed now (or about to be, by its caller), if it moved. */
    private void publishHead(long head) {
        if (head != publishedHead) {
            publishedHead = head;
            linesFreed = 0;
            ring.segment.putLongRelease(headOffset, head);
            ring.wakeProducer();
        }
    }

    /** Unmaps the stream. */
    @Override
    public void close() {
        ring.close(false);
    }
}
