/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import jaguar.ext.ExternalBuffer;

/**
 * The 10-byte key of a record in an external buffer as two unsigned numbers that compare as the
 * bytes do (memcmp): the first 8 bytes big-endian, then the last 2.
 */
final class RecordKey {
    private RecordKey() {
    }

    /** Key bytes 0..7 of the record at {@code offset}, big-endian: compare with Long.compareUnsigned. */
    static long prefix(ExternalBuffer b, long offset) {
        return b.getLong(offset, ByteOrder.BIG_ENDIAN);
    }

    /** Key bytes 8..9 of the record at {@code offset}, big-endian, 0..65535. */
    static int suffix(ExternalBuffer b, long offset) {
        return b.getShort(offset + 8, ByteOrder.BIG_ENDIAN) & 0xffff;
    }

    private static final ValueLayout.OfLong PREFIX = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort SUFFIX = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    /** {@link #prefix(ExternalBuffer, long)} on a buffer's segment, for loops over many records of one buffer. */
    static long prefix(MemorySegment s, long offset) {
        return s.get(PREFIX, offset);
    }

    static int suffix(MemorySegment s, long offset) {
        return s.get(SUFFIX, offset + 8) & 0xffff;
    }

    /** memcmp order of two keys given as (prefix, suffix). */
    static int compare(long prefixA, int suffixA, long prefixB, int suffixB) {
        int c = Long.compareUnsigned(prefixA, prefixB);
        return c != 0 ? c : Integer.compare(suffixA, suffixB);
    }
}
