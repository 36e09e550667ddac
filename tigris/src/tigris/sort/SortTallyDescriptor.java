/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

/**
 * The byte layout of a sort tally (the last Water a partitioner sends each sorter; {@link SortTally}),
 * the one definition code and tests share. Little-endian:
 *
 * <pre>
 * 0   u64 magic "TSTALLY1"    8  u32 partitioner    12 u32 ranges (S)
 * 16  u64 count[S]            (then 0, 8, 16 or 24 bytes of padding: the length is a multiple of
 *                              neither a record's 100 bytes nor an entry's 16, which is how
 *                              tallies were told apart before Waters had a kind; kept, harmless)
 * </pre>
 */
public final class SortTallyDescriptor {
    /** "TSTALLY1" read as a little-endian u64. */
    public static final long MAGIC = 0x31594c4c41545354L;
    /** Offset of the u64 {@link #MAGIC}. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the u32 number of the partitioner that sent the tally, from 0. */
    public static final int PARTITIONER_OFFSET = 8;
    /** Offset of the u32 number of key ranges S, one count each. */
    public static final int RANGES_OFFSET = 12;
    /** Offset of the first count: range 0's ({@link #countOffset}). */
    public static final int COUNTS_OFFSET = 16;
    /** Bytes of a count: a u64 number of records. */
    public static final int COUNT_BYTES = 8;

    private SortTallyDescriptor() {
    }

    /**
     * Offset of range {@code i}'s count.
     *
     * @param i the key range, 0 to S - 1 (not checked)
     * @return the count's byte offset in the tally
     */
    public static long countOffset(int i) {
        return COUNTS_OFFSET + (long) COUNT_BYTES * i;
    }

    /**
     * Bytes of a tally of {@code ranges} counts, padded as the layout says.
     *
     * @param ranges the number of key ranges S, 0 or more
     * @return the tally's length: 16 + 8 S bytes and the padding
     */
    public static int bytes(int ranges) {
        int n = COUNTS_OFFSET + COUNT_BYTES * ranges;
        if (n % SortEntries.BYTES == 0) {
            n += 8;
        }
        return n % RecordGenerator.RECORD_BYTES == 0 ? n + SortEntries.BYTES : n;
    }
}
