/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

/**
 * The byte layout of a shared-memory reservoir ({@link ShmReservoir}), the one definition its ends
 * and the tests share: a stream of Waters as a ring of descriptors into a ring of data, which one
 * producer writes and one or more readers read in place. Little-endian, in 64-byte lines so that
 * each process writes its own:
 *
 * <pre>
 * line 0   0 u32 magic "TGRM" (written last, with release)   4 u32 version   8 u32 entries (descriptors)
 *          12 u32 largest Water   16 u64 data bytes   24 u32 readers   28 u32 epoch   32 u16 n
 *          34 n bytes river name (UTF-8, into line 1): the river attempt the producer belongs to
 *          (epoch 0 and n = 0: none); lines 0 and 1 are written once, before the magic
 * line 2   0 u64 tail (descriptors published)   8 u64 end flag   16 u64 producer pid   24 u32 readers asleep
 *          28 u32 signal (bumped by the producer before it wakes the readers: the word they sleep on)
 * line 4   0 u32 releases (bumped by a reader that frees data while the producer sleeps: the word
 *          the producer waits on)   4 u32 producer asleep
 * line 6+2r  reader r: 0 u64 head (descriptors it has freed)   8 u64 its pid (0 until it attaches)
 * descriptors  from line 6+2*readers, {@link #ENTRY} bytes each: u64 data position, u32 length,
 *          u8 state ({@link #DATA} or {@link #FAILED}), u8 the Water's kind, u16 0
 * data     from the next page: a ring of the data bytes
 * </pre>
 *
 * A data position counts bytes from the stream's start; its offset in the data ring is the
 * position modulo the ring's size. A Water's bytes never wrap: one that does not fit before the
 * ring's end begins at the next turn. Positions are whole lines ({@link #LINE}), so the producer
 * never writes a line a reader is still reading. The producer may reuse data up to the oldest
 * descriptor some reader has not freed, and a descriptor entry once every reader has freed it.
 *
 * The end flag is 0 while the river runs, {@link #END_OF_RIVER} once every Water is published, or
 * {@link #ENDED_BY_FAILURE} when the producer failed; the failure's cause (UTF-8, at most {@link
 * tigris.ProducerEnd#MAX_CAUSE_BYTES}) is then the payload of the last descriptor, in state
 * {@link #FAILED}, if there was room for it.
 *
 * Version 5 (this) replaced version 4's fixed slots of the largest Water's size with the data
 * ring: a Water takes the lines its bytes need, several readers can share one stream, and the
 * waiting sides sleep on futexes instead of polling.
 */
public final class ShmRingDescriptor {
    /** "TGRM" read as a little-endian u32. */
    public static final int MAGIC = 0x4D524754;
    /** The layout's version, which an attaching reader must know: 5, the data ring (see above). */
    public static final int VERSION = 5;
    /** A cache line: each process writes only its own. */
    public static final int LINE = 64;
    /** Where the data begins: a page, so the data ring can be as large as the segment allows without straddling the header. */
    public static final int PAGE = 4096;

    /** The magic (u32), stored last, with release: a reader that sees it sees the whole header. */
    public static final long MAGIC_OFFSET = 0;
    /** The layout's version (u32). */
    public static final long VERSION_OFFSET = 4;
    /** The number of descriptor entries (u32): the window rounded up to a power of two. */
    public static final long ENTRIES_OFFSET = 8;
    /** The largest Water in bytes (u32). */
    public static final long MAX_WATER_OFFSET = 12;
    /** Bytes of the data ring (u64): a power of two. */
    public static final long DATA_BYTES_OFFSET = 16;
    /** The number of readers (u32), 1 to {@link #MAX_READERS}. */
    public static final long READERS_OFFSET = 24;
    /** The producer's river attempt's epoch (u32; 0: no river). */
    public static final long EPOCH_OFFSET = 28;
    /** Bytes of the producer's river name (u16; 0: no river), at most {@link #MAX_RIVER}. */
    public static final long RIVER_LENGTH_OFFSET = 32;
    /** The producer's river name (UTF-8), to the end of line 1 at most. */
    public static final long RIVER_OFFSET = 34;
    /** Longest river name the header holds: to the end of line 1. */
    public static final int MAX_RIVER = (int) (2 * LINE - RIVER_OFFSET);

    /** The tail (u64): descriptors published, stored by the producer with release after each. */
    public static final long TAIL_OFFSET = 2 * LINE;
    /** The end flag (u64): 0, {@link #END_OF_RIVER} or {@link #ENDED_BY_FAILURE}. */
    public static final long ENDED_OFFSET = TAIL_OFFSET + 8;
    /** The producer's pid (u64), for the readers' liveness check. */
    public static final long PRODUCER_PID_OFFSET = TAIL_OFFSET + 16;
    /** How many readers sleep, or are about to, on the signal word (u32). */
    public static final long READERS_ASLEEP_OFFSET = TAIL_OFFSET + 24;
    /** The signal (u32) readers sleep on: bumped by the producer before it wakes them. */
    public static final long SIGNAL_OFFSET = TAIL_OFFSET + 28;

    /** The releases word (u32) the producer sleeps on: bumped by a reader that frees data while it sleeps. */
    public static final long RELEASES_OFFSET = 4 * LINE;
    /** Whether the producer sleeps, or is about to, for room (u32, 0 or 1). */
    public static final long PRODUCER_ASLEEP_OFFSET = RELEASES_OFFSET + 4;

    /** Bytes of a descriptor. */
    public static final int ENTRY = 16;
    /** Where in a descriptor the Water's data position is (u64): bytes from the stream's start. */
    public static final int ENTRY_POSITION_OFFSET = 0;
    /** Where in a descriptor the Water's length is (u32): its bytes, or a failure's cause's. */
    public static final int ENTRY_LENGTH_OFFSET = 8;
    /** The entry's state (u8) and beside it the Water's kind (u8): written and read as one u32 word. */
    public static final int ENTRY_STATE_OFFSET = 12;
    /** Entry state: a published Water. */
    public static final int DATA = 1;
    /** Entry state: the producer's failure, its cause the entry's payload. */
    public static final int FAILED = 3;
    /** End flag: every Water is published, and nothing more will be. */
    public static final long END_OF_RIVER = 1;
    /** End flag: the producer failed; its cause is in the last descriptor if there was room for it. */
    public static final long ENDED_BY_FAILURE = 2;
    /** Most readers of one stream. */
    public static final int MAX_READERS = 64;

    private ShmRingDescriptor() {
    }

    /**
     * Reader {@code r}'s head (u64): the descriptors it has freed, stored with release.
     *
     * @param r the reader, from 0 to the stream's readers less one
     * @return the head's offset in the segment, at the start of the reader's line
     */
    public static long headOffset(int r) {
        return (6 + 2L * r) * LINE;
    }

    /**
     * Reader {@code r}'s pid (u64): 0 until a reader takes the place, by a compare-and-set.
     *
     * @param r the reader, from 0 to the stream's readers less one
     * @return the pid's offset in the segment, 8 bytes after the reader's head
     */
    public static long readerPidOffset(int r) {
        return headOffset(r) + 8;
    }

    /**
     * Where the descriptors begin in a stream of {@code readers} readers: after the readers' lines.
     *
     * @param readers the stream's readers, 1 to {@link #MAX_READERS}
     * @return the offset in the segment, a whole number of lines
     */
    public static long descriptorsOffset(int readers) {
        return (6 + 2L * readers) * LINE;
    }

    /**
     * Where descriptor entry {@code i} is.
     *
     * @param readers the stream's readers, 1 to {@link #MAX_READERS}
     * @param i the entry, from 0 to the entries less one (a Water's number masked by the entries)
     * @return the entry's offset in the segment
     */
    public static long entryOffset(int readers, long i) {
        return descriptorsOffset(readers) + i * ENTRY;
    }

    /**
     * Where the data ring begins: the first page boundary after the descriptors.
     *
     * @param entries the stream's descriptor entries
     * @param readers the stream's readers
     * @return the offset in the segment, a multiple of {@link #PAGE}
     */
    public static long dataOffset(int entries, int readers) {
        long end = descriptorsOffset(readers) + (long) entries * ENTRY;
        return (end + PAGE - 1) / PAGE * PAGE;
    }

    /**
     * Bytes of a stream's segment: its header, descriptors and data.
     *
     * @param entries the stream's descriptor entries
     * @param dataBytes bytes of its data ring
     * @param readers the stream's readers
     * @return the size the producer creates the segment with
     */
    public static long segmentBytes(int entries, long dataBytes, int readers) {
        return dataOffset(entries, readers) + dataBytes;
    }

    /**
     * {@code bytes} rounded up to whole lines: the data a Water of that many bytes takes.
     *
     * @param bytes a Water's length, 0 or more
     * @return a multiple of {@link #LINE}, 0 for 0 bytes
     */
    public static long lines(long bytes) {
        return (bytes + LINE - 1) / LINE * LINE;
    }

    /**
     * The u32 word at {@link #ENTRY_STATE_OFFSET} of an entry in {@code state} holding a Water of {@code kind}.
     *
     * @param state {@link #DATA} or {@link #FAILED}
     * @param kind the Water's kind ({@link tigris.Water#kind})
     * @return the state in the low byte, the kind in the next, the reserved bytes 0
     */
    public static int stateWord(int state, byte kind) {
        return state | Byte.toUnsignedInt(kind) << 8;
    }

    /**
     * The state in an entry's state word.
     *
     * @param stateWord the u32 at {@link #ENTRY_STATE_OFFSET}
     * @return its low byte: {@link #DATA} or {@link #FAILED} in a sound stream
     */
    public static int state(int stateWord) {
        return stateWord & 0xff;
    }

    /**
     * The Water's kind in an entry's state word.
     *
     * @param stateWord the u32 at {@link #ENTRY_STATE_OFFSET}
     * @return its second byte
     */
    public static byte kind(int stateWord) {
        return (byte) (stateWord >>> 8);
    }

    /**
     * Whether a state word's reserved bytes are 0, as every writer of this version leaves them: a
     * reader takes a word with others for a corrupt stream.
     *
     * @param stateWord the u32 at {@link #ENTRY_STATE_OFFSET}
     * @return true if its upper two bytes are 0
     */
    public static boolean reservedClear(int stateWord) {
        return stateWord >>> 16 == 0;
    }
}
