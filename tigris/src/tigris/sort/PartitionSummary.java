/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What valsort knows about a run of records once it has read them: how many, how many keys repeat
 * their predecessor, how many are out of order and the first such, the checksum, and the first
 * and last records (so that summaries of consecutive partitions can be joined: {@link #then}).
 *
 * <p>{@link #toBytes} writes valsort 1.5's summary file entry as the C tool does on x86-64 and
 * AArch64: five 128-bit counters, each as its high then its low 64-bit half in little-endian
 * order, then the first and the last record (280 bytes), so that summaries written by either tool
 * can be concatenated and checked by either ({@code valsort -s}).
 */
public final class PartitionSummary {
    /** Bytes of a summary file entry ({@link #toBytes}): 280. */
    public static final int BYTES = 5 * 16 + 2 * RecordGenerator.RECORD_BYTES;

    /**
     * The summary of no records (an empty file or part, in order): joined to another it is that
     * other. valsort 1.5 refuses empty files; Tigris accepts them, since a sort of an empty input
     * (or a node's empty share) is a correct, empty output.
     */
    public static final PartitionSummary EMPTY = new PartitionSummary(Uint128.ZERO, Uint128.ZERO, Uint128.ZERO, Uint128.ZERO, Uint128.ZERO,
                    new byte[RecordGenerator.RECORD_BYTES], new byte[RecordGenerator.RECORD_BYTES]);

    private final Uint128 firstUnordered;
    private final Uint128 unorderedCount;
    private final Uint128 recordCount;
    private final Uint128 duplicateCount;
    private final Uint128 checksum;
    private final byte[] firstRecord;
    private final byte[] lastRecord;

    /**
     * A summary; the records are copied.
     *
     * @param firstUnordered index (from 0) of the first record whose key is below its predecessor's;
     *        zero when there is none
     * @param unorderedCount records whose key is below their predecessor's
     * @param recordCount the records summarized
     * @param duplicateCount records whose key equals their predecessor's
     * @param checksum the sum of the records' CRC-32s ({@link RecordChecksum})
     * @param firstRecord the first record, 100 bytes (zeros when there are none)
     * @param lastRecord the last record, 100 bytes (zeros when there are none)
     * @throws IllegalArgumentException if a record is not 100 bytes
     */
    public PartitionSummary(Uint128 firstUnordered, Uint128 unorderedCount, Uint128 recordCount, Uint128 duplicateCount,
                    Uint128 checksum, byte[] firstRecord, byte[] lastRecord) {
        if (firstRecord.length != RecordGenerator.RECORD_BYTES || lastRecord.length != RecordGenerator.RECORD_BYTES) {
            throw new IllegalArgumentException("first and last record must be " + RecordGenerator.RECORD_BYTES + " bytes");
        }
        this.firstUnordered = firstUnordered;
        this.unorderedCount = unorderedCount;
        this.recordCount = recordCount;
        this.duplicateCount = duplicateCount;
        this.checksum = checksum;
        this.firstRecord = firstRecord.clone();
        this.lastRecord = lastRecord.clone();
    }

    /**
     * What valsort says of the records, a line each (without the first-unordered line when all are
     * in order).
     *
     * @return valsort 1.5's lines: {@code Records:}, {@code Checksum:} and the verdict, with
     *         {@code Duplicate keys:} when in order
     */
    public List<String> report() {
        List<String> lines = new ArrayList<>();
        if (!firstUnordered.isZero()) {
            lines.add("First unordered record is record " + firstUnordered);
        }
        lines.add("Records: " + recordCount);
        lines.add("Checksum: " + checksum.toHex());
        if (!isOrdered()) {
            lines.add("ERROR - there are " + unorderedCount + " unordered records");
        } else {
            lines.add("Duplicate keys: " + duplicateCount);
            lines.add("SUCCESS - all records are in order");
        }
        return lines;
    }

    /**
     * Where the first record out of order is.
     *
     * @return index (from 0) of the first record whose key is below its predecessor's; zero when
     *         there is none (record 0 has no predecessor)
     */
    public Uint128 firstUnordered() {
        return firstUnordered;
    }

    /**
     * How many records are out of order.
     *
     * @return records whose key is below their predecessor's
     */
    public Uint128 unorderedCount() {
        return unorderedCount;
    }

    /**
     * How many records were summarized.
     *
     * @return the record count
     */
    public Uint128 recordCount() {
        return recordCount;
    }

    /**
     * How many keys repeat.
     *
     * @return records whose key equals their predecessor's
     */
    public Uint128 duplicateCount() {
        return duplicateCount;
    }

    /**
     * The records' checksum, which does not depend on their order.
     *
     * @return the 128-bit sum of the records' CRC-32s
     */
    public Uint128 checksum() {
        return checksum;
    }

    /**
     * valsort's verdict.
     *
     * @return whether no record's key is below its predecessor's (true for no records)
     */
    public boolean isOrdered() {
        return unorderedCount.isZero();
    }

    /**
     * The first record, to compare with the last of the partition before.
     *
     * @return a copy of its 100 bytes (zeros for no records)
     */
    public byte[] firstRecord() {
        return firstRecord.clone();
    }

    /**
     * The last record, to compare with the first of the partition after.
     *
     * @return a copy of its 100 bytes (zeros for no records)
     */
    public byte[] lastRecord() {
        return lastRecord.clone();
    }

    /**
     * The summary of this partition's records followed by {@code next}'s: the boundary between the
     * two counts as one more comparison of neighbouring keys. An empty summary on either side
     * gives the other.
     *
     * @param next the summary of the records that follow this one's; not null
     * @param order how keys compare
     * @return the joined summary
     */
    public PartitionSummary then(PartitionSummary next, KeyOrder order) {
        if (recordCount.isZero()) {
            return next;
        }
        if (next.recordCount.isZero()) {
            return this;
        }
        int diff = order.compare(lastRecord, 0, next.firstRecord, 0);
        Uint128 dups = duplicateCount.plus(next.duplicateCount);
        Uint128 unordered = unorderedCount.plus(next.unorderedCount);
        Uint128 first = firstUnordered;
        if (diff == 0) {
            dups = dups.plus(1);
        } else if (diff > 0) {
            unordered = unordered.plus(1);
            if (first.isZero()) {
                first = recordCount;
            }
        }
        if (first.isZero() && !next.firstUnordered.isZero()) {
            first = recordCount.plus(next.firstUnordered);
        }
        return new PartitionSummary(first, unordered, recordCount.plus(next.recordCount), dups, checksum.plus(next.checksum),
                        firstRecord, next.lastRecord);
    }

    /**
     * valsort's summary file entry (see the class comment).
     *
     * @return a new array of {@link #BYTES} bytes
     */
    public byte[] toBytes() {
        ByteBuffer b = ByteBuffer.allocate(BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (Uint128 v : new Uint128[]{firstUnordered, unorderedCount, recordCount, duplicateCount, checksum}) {
            b.putLong(v.hi()).putLong(v.lo());
        }
        return b.put(firstRecord).put(lastRecord).array();
    }

    /**
     * Reads one summary file entry at {@code bytes[offset .. offset+280)}.
     *
     * @param bytes summary file entries, such as a file of them concatenated
     * @param offset where the entry starts; {@link #BYTES} bytes from it must be in {@code bytes}
     * @return the summary the entry holds
     * @throws IndexOutOfBoundsException if the entry runs past the array
     */
    public static PartitionSummary fromBytes(byte[] bytes, int offset) {
        ByteBuffer b = ByteBuffer.wrap(bytes, offset, BYTES).order(ByteOrder.LITTLE_ENDIAN);
        Uint128[] v = new Uint128[5];
        for (int i = 0; i < v.length; i++) {
            v[i] = new Uint128(b.getLong(), b.getLong());
        }
        byte[] first = new byte[RecordGenerator.RECORD_BYTES];
        byte[] last = new byte[RecordGenerator.RECORD_BYTES];
        b.get(first).get(last);
        return new PartitionSummary(v[0], v[1], v[2], v[3], v[4], first, last);
    }

    /**
     * Whether {@code o} is a summary of the same counts, checksum and first and last records.
     *
     * @param o the object to compare with; may be null
     * @return whether {@code o} is a PartitionSummary whose {@link #toBytes()} are this one's
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof PartitionSummary s && Arrays.equals(toBytes(), s.toBytes());
    }

    /**
     * A hash consistent with {@link #equals}.
     *
     * @return the hash of {@link #toBytes()}
     */
    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    /**
     * The counts and checksum, for messages and tests.
     *
     * @return the summary without its records
     */
    @Override
    public String toString() {
        return "PartitionSummary[records=" + recordCount + ", duplicates=" + duplicateCount + ", unordered=" + unorderedCount
                        + ", firstUnordered=" + firstUnordered + ", checksum=" + checksum.toHex() + "]";
    }
}
