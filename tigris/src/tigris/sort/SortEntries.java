/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * An entry Water: what a partitioner sends a sorter of the same JVM instead of the records, when
 * the sorter can reach the input file itself (a sort on one machine that fits in memory). Per
 * record 16 bytes, little-endian:
 *
 * <pre>
 * 0  u64 key bytes 0-7 (as a big-endian number)    8  u64 key bytes 8-9 &lt;&lt; 48 | record number in the input file
 * </pre>
 *
 * The sorter sorts the entries and gathers the records from the mapped input as it writes: the
 * records are copied once, from the input to the output, instead of into a Water, then into the
 * sorter's memory, then out. An entry Water's length is a multiple of 16, a tally's never is.
 */
final class SortEntries {
    static final int BYTES = 16;
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private SortEntries() {
    }

    /** Puts the entry of input record {@code record} with key {@code prefix}, {@code suffix} at {@code offset} of {@code water}. */
    static void put(MemorySegment water, long offset, long prefix, int suffix, long record) {
        water.set(WORD, offset, prefix);
        water.set(WORD, offset + 8, KeyIndexSort.lo(suffix, record));
    }

    /** Key bytes 0-7 of the entry at {@code offset}. */
    static long prefix(MemorySegment water, long offset) {
        return water.get(WORD, offset);
    }

    /** Key bytes 8-9 of the entry at {@code offset}. */
    static int suffix(MemorySegment water, long offset) {
        return (int) (water.get(WORD, offset + 8) >>> 48);
    }

    /** The input record number of the entry at {@code offset}. */
    static long record(MemorySegment water, long offset) {
        return KeyIndexSort.index(water.get(WORD, offset + 8));
    }
}
