/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.util.zip.CRC32;

/**
 * The sort benchmark's checksum of a set of records: the 128-bit sum of each record's zlib CRC-32.
 * A sum does not depend on order, so a sort's input and output must have the same one, and sums
 * of parts add up to the sum of the whole. Not thread-safe: one per thread, then {@link #add}.
 */
public final class RecordChecksum {
    private final CRC32 crc = new CRC32();
    private long hi;
    private long lo;

    /** A sum of no records: zero. */
    public RecordChecksum() {
    }

    /**
     * Adds the CRC-32 of the record at {@code records[offset .. offset+100)}.
     *
     * @param records an array holding the record
     * @param offset where the record starts; 100 bytes from it must be in {@code records}
     * @throws IndexOutOfBoundsException if the record runs past the array
     */
    public void addRecord(byte[] records, int offset) {
        crc.reset();
        crc.update(records, offset, RecordGenerator.RECORD_BYTES);
        addUnsigned(crc.getValue());
    }

    /**
     * Adds another checksum's sum (of other records), modulo 2^128.
     *
     * @param sum the other sum, a {@link #value()}; not null
     */
    public void add(Uint128 sum) {
        long l = lo + sum.lo();
        hi += sum.hi() + (Long.compareUnsigned(l, lo) < 0 ? 1 : 0);
        lo = l;
    }

    private void addUnsigned(long value) {
        long l = lo + value;
        if (Long.compareUnsigned(l, lo) < 0) {
            hi++;
        }
        lo = l;
    }

    /**
     * The sum so far.
     *
     * @return the 128-bit sum of the CRC-32s added (wrapped modulo 2^128), zero if none
     */
    public Uint128 value() {
        return new Uint128(hi, lo);
    }
}
