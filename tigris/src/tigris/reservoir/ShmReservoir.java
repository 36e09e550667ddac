/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import java.io.IOException;
import java.time.Duration;

import jaguar.ext.SharedMemoryBuffer;

/**
 * Modules in JVMs on one host: a stream of Waters in a named shared-memory segment, a ring of
 * descriptors into a ring of data ({@link ShmRingDescriptor}). The producer's spring hands out
 * Waters over the ring's free data, so a module writes its output (PSOs included) straight into
 * memory the readers map, and each reader's Waters are views of that same memory: nothing is
 * copied on either side, and a Water takes only the lines its bytes need, so small Waters pack.
 * One producer; one or more readers, each of which reads every Water ({@link #create(String, int,
 * int, long, int, tigris.RiverAttempt, Duration)}), the data freed once the last has. The
 * producer publishes with a full store of {@code tail}, a reader frees with one of its
 * {@code head}; a side with nothing to do sleeps on a futex the other wakes ({@link ShmRing}),
 * and checks that the other process is alive: a dead peer fails the reservoir.
 */
public final class ShmReservoir {
    private ShmReservoir() {
    }

    /**
     * The producer's end of a stream outside any river, for one reader
     * ({@link #create(String, int, int, tigris.RiverAttempt, Duration)}).
     *
     * @param name the segment's file name in {@code /dev/shm} ({@link SharedMemoryBuffer#create}),
     *        which the reader attaches by
     * @param window Waters in flight at most, 1 to 65536
     * @param maxWater the largest Water in bytes, 1 to 1 GiB
     * @param deadPeer how long the reader may take to attach while this end waits for room before
     *        the reservoir fails; a reader whose process is gone fails it within 0.1 s of waiting
     * @return the producer's end, the segment created and its header written
     * @throws IOException if the segment cannot be created (its name taken, no shared memory left)
     * @throws IllegalArgumentException if {@code window} or {@code maxWater} is out of range, or
     *         {@code name} is no segment name
     */
    public static ShmProducer create(String name, int window, int maxWater, Duration deadPeer) throws IOException {
        return create(name, window, maxWater, null, deadPeer);
    }

    /**
     * Creates the segment {@code name} for one reader, {@code window} Waters of at most
     * {@code maxWater} bytes in flight, its data sized by the core's cache ({@link ShmSizing}).
     *
     * @param name the segment's file name in {@code /dev/shm} ({@link SharedMemoryBuffer#create}),
     *        which the reader attaches by
     * @param window Waters in flight at most, 1 to 65536
     * @param maxWater the largest Water in bytes, 1 to 1 GiB
     * @param attempt the river attempt the producer belongs to, which the header records; null:
     *        none, a stream outside any river
     * @param deadPeer how long the reader may take to attach while this end waits for room before
     *        the reservoir fails; a reader whose process is gone fails it within 0.1 s of waiting
     * @return the producer's end, the segment created and its header written
     * @throws IOException if the segment cannot be created (its name taken, no shared memory left)
     * @throws IllegalArgumentException if {@code window} or {@code maxWater} is out of range, or
     *         {@code name} is no segment name
     */
    public static ShmProducer create(String name, int window, int maxWater, tigris.RiverAttempt attempt, Duration deadPeer) throws IOException {
        return create(name, window, maxWater, ShmSizing.dataBytes(window, maxWater), 1, attempt, deadPeer);
    }

    /**
     * Creates the segment {@code name}: {@code window} Waters in flight (the descriptor ring holds
     * the next power of two), Waters of at most {@code maxWater} bytes, {@code dataBytes} of data (a
     * power of two, so that a position's place in the ring is a mask), read by {@code readers}
     * readers, of river attempt {@code attempt} (null: none): the producer's end. A reader of another
     * attempt does not attach to it.
     *
     * @param name the segment's file name in {@code /dev/shm} ({@link SharedMemoryBuffer#create}),
     *        which the readers attach by
     * @param window Waters in flight at most, 1 to 65536
     * @param maxWater the largest Water in bytes, 1 to 1 GiB
     * @param dataBytes bytes of the data ring: a power of two, at least 64 and at least
     *        {@code maxWater} rounded up to whole 64-byte lines
     * @param readers how many readers attach, each of which reads every Water: 1 to
     *        {@link ShmRingDescriptor#MAX_READERS}
     * @param attempt the river attempt the producer belongs to, which the header records; null:
     *        none, a stream outside any river
     * @param deadPeer how long a reader may take to attach while this end waits for room before
     *        the reservoir fails; a reader whose process is gone fails it within 0.1 s of waiting
     * @return the producer's end, the segment created and its header written
     * @throws IOException if the segment cannot be created (its name taken, no shared memory left)
     * @throws IllegalArgumentException if a size or the number of readers is out of range,
     *         {@code name} is no segment name, or the attempt's river name takes more than
     *         {@link ShmRingDescriptor#MAX_RIVER} bytes in UTF-8
     */
    public static ShmProducer create(String name, int window, int maxWater, long dataBytes, int readers, tigris.RiverAttempt attempt, Duration deadPeer)
                    throws IOException {
        if (window < 1 || window > TcpProtocol.MAX_WINDOW || maxWater < 1 || maxWater > TcpProtocol.MAX_WATER) {
            throw new IllegalArgumentException("reservoir " + name + ": the window must be in 1.." + TcpProtocol.MAX_WINDOW + " and Waters of 1.."
                            + TcpProtocol.MAX_WATER + " bytes; got " + window + ", " + maxWater);
        }
        if (dataBytes < ShmRingDescriptor.lines(maxWater) || Long.bitCount(dataBytes) != 1 || dataBytes < ShmRingDescriptor.LINE) {
            throw new IllegalArgumentException("reservoir " + name + ": " + dataBytes + " bytes of data are not a power of two of at least "
                            + ShmRingDescriptor.LINE + " that holds a Water of " + maxWater + " bytes");
        }
        int entries = Integer.highestOneBit(window) == window ? window : Integer.highestOneBit(window) << 1;
        if (readers < 1 || readers > ShmRingDescriptor.MAX_READERS) {
            throw new IllegalArgumentException("reservoir " + name + ": " + readers + " readers; a stream has 1 to " + ShmRingDescriptor.MAX_READERS);
        }
        byte[] river = attempt == null ? new byte[0] : attempt.river().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (river.length > ShmRingDescriptor.MAX_RIVER) {
            // A river's name may be 100 characters; the header keeps 94 bytes of it.
            throw new IllegalArgumentException("reservoir " + name + ": the river's name '" + attempt.river() + "' takes " + river.length
                            + " bytes in UTF-8, and a shared-memory stream's header holds at most " + ShmRingDescriptor.MAX_RIVER
                            + ": give the river a shorter name or join this reservoir over another transport");
        }
        SharedMemoryBuffer seg = SharedMemoryBuffer.create(name, ShmRingDescriptor.segmentBytes(entries, dataBytes, readers));
        seg.putInt(ShmRingDescriptor.VERSION_OFFSET, ShmRingDescriptor.VERSION, ShmRing.LE);
        seg.putInt(ShmRingDescriptor.ENTRIES_OFFSET, entries, ShmRing.LE);
        seg.putInt(ShmRingDescriptor.MAX_WATER_OFFSET, maxWater, ShmRing.LE);
        seg.putLong(ShmRingDescriptor.DATA_BYTES_OFFSET, dataBytes, ShmRing.LE);
        seg.putInt(ShmRingDescriptor.READERS_OFFSET, readers, ShmRing.LE);
        seg.putInt(ShmRingDescriptor.EPOCH_OFFSET, attempt == null ? 0 : attempt.epoch(), ShmRing.LE);
        seg.putShort(ShmRingDescriptor.RIVER_LENGTH_OFFSET, (short) river.length, ShmRing.LE);
        for (int i = 0; i < river.length; i++) {
            seg.putByte(ShmRingDescriptor.RIVER_OFFSET + i, river[i]);
        }
        seg.putLong(ShmRingDescriptor.PRODUCER_PID_OFFSET, ProcessHandle.current().pid(), ShmRing.LE);
        seg.putIntRelease(ShmRingDescriptor.MAGIC_OFFSET, ShmRingDescriptor.MAGIC);   // last: an attaching reader sees a complete header
        return new ShmProducer(new ShmRing(name, seg, entries, maxWater, dataBytes, readers, deadPeer.toNanos()), window);
    }

    /**
     * A reader's end of a stream outside any river ({@link #attach(String, tigris.RiverAttempt, Duration)}).
     *
     * @param name the segment's name, as its producer created it
     * @param deadPeer the longest this end, finding nothing to read, goes without looking whether
     *        the producer's process is alive (it looks every 0.1 s, or this if shorter): a producer
     *        gone before End of River fails the reservoir
     * @return the reader's end, in the first free reader's place
     * @throws IOException naming the segment if there is none, it is not a Tigris stream of this
     *         version, its producer belongs to a river attempt, or every reader's place is taken
     */
    public static ShmConsumer attach(String name, Duration deadPeer) throws IOException {
        return attach(name, null, deadPeer);
    }

    /**
     * Maps the segment {@code name} made by a producer of river attempt {@code attempt} (null:
     * none) and takes its first free reader's place: a reader's end. The last reader to attach
     * removes the segment's name (every end has it mapped).
     *
     * @param name the segment's name, as its producer created it
     * @param attempt the river attempt this end belongs to; null: none, a stream outside any river
     * @param deadPeer the longest this end, finding nothing to read, goes without looking whether
     *        the producer's process is alive (it looks every 0.1 s, or this if shorter): a producer
     *        gone before End of River fails the reservoir
     * @return the reader's end, in the first free reader's place
     * @throws IOException naming the segment if there is none, it is not a Tigris stream, its
     *         producer belongs to another river or attempt (a stale one above all), or every
     *         reader's place is taken
     */
    public static ShmConsumer attach(String name, tigris.RiverAttempt attempt, Duration deadPeer) throws IOException {
        SharedMemoryBuffer seg = SharedMemoryBuffer.open(name);
        try {
            if (seg.size() < ShmRingDescriptor.descriptorsOffset(1) || seg.getIntAcquire(ShmRingDescriptor.MAGIC_OFFSET) != ShmRingDescriptor.MAGIC) {
                throw new IOException("shared memory segment " + name + " is not a Tigris reservoir stream");
            }
            int version = seg.getInt(ShmRingDescriptor.VERSION_OFFSET, ShmRing.LE);
            if (version != ShmRingDescriptor.VERSION) {
                throw new IOException("shared memory segment " + name + " is a stream of version " + version + "; this end knows " + ShmRingDescriptor.VERSION);
            }
            int entries = seg.getInt(ShmRingDescriptor.ENTRIES_OFFSET, ShmRing.LE);
            int maxWater = seg.getInt(ShmRingDescriptor.MAX_WATER_OFFSET, ShmRing.LE);
            long dataBytes = seg.getLong(ShmRingDescriptor.DATA_BYTES_OFFSET, ShmRing.LE);
            int readers = seg.getInt(ShmRingDescriptor.READERS_OFFSET, ShmRing.LE);
            if (Integer.bitCount(entries) != 1 || maxWater < 1 || readers < 1 || readers > ShmRingDescriptor.MAX_READERS || dataBytes < maxWater
                            || Long.bitCount(dataBytes) != 1
                            || seg.size() < ShmRingDescriptor.segmentBytes(entries, dataBytes, readers)) {
                throw new IOException("shared memory segment " + name + ": " + entries + " descriptors, " + dataBytes + " bytes of data and " + readers
                                + " readers do not fit its " + seg.size() + " bytes");
            }
            String refusal = tigris.RiverAttempt.refusal(attempt, attemptOf(seg, name));
            if (refusal != null) {
                throw new IOException("shared memory segment " + name + ": " + refusal);
            }
            long me = ProcessHandle.current().pid();
            int reader = -1;
            for (int r = 0; r < readers && reader < 0; r++) {
                if (seg.compareAndSetLong(ShmRingDescriptor.readerPidOffset(r), 0, me)) {
                    reader = r;
                }
            }
            if (reader < 0) {
                throw new IOException("shared memory segment " + name + " already has its " + (readers == 1 ? "consumer (pid "
                                + seg.getLongVolatile(ShmRingDescriptor.readerPidOffset(0)) + ")" : readers + " readers"));
            }
            boolean all = true;
            for (int r = 0; r < readers; r++) {
                all &= seg.getLongVolatile(ShmRingDescriptor.readerPidOffset(r)) != 0;
            }
            if (all) {
                seg.unlink();   // every end has it mapped: the name has served its purpose
            }
            return new ShmConsumer(new ShmRing(name, seg, entries, maxWater, dataBytes, readers, deadPeer.toNanos()), reader);
        } catch (IOException | RuntimeException e) {
            seg.close();
            throw e;
        }
    }

    /** The river attempt a stream's header names, or null for none. */
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
