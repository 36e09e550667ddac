/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.nio.ByteOrder;

import jaguar.ext.ExternalBuffer;
import tigris.Water;

/**
 * The last Water a partitioner sends each sorter: how many records it sent to every key range.
 * A sorter adds up the tallies of all partitioners to check it received every record sent to it
 * and to find where its range starts in a shared output file (the records of the ranges below
 * it). Its Water's kind is {@link SortWaterKind#TALLY}; its magic is checked too. Layout:
 * {@link SortTallyDescriptor}.
 */
final class SortTally {
    static final long MAGIC = SortTallyDescriptor.MAGIC;
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    private SortTally() {
    }

    /** Bytes of a tally of {@code ranges} counts. */
    static int bytes(int ranges) {
        return SortTallyDescriptor.bytes(ranges);
    }

    static void write(Water w, int partitioner, long[] counts) {
        ExternalBuffer b = w.buffer();
        b.putLong(SortTallyDescriptor.MAGIC_OFFSET, MAGIC, ORDER);
        b.putInt(SortTallyDescriptor.PARTITIONER_OFFSET, partitioner, ORDER);
        b.putInt(SortTallyDescriptor.RANGES_OFFSET, counts.length, ORDER);
        for (int i = 0; i < counts.length; i++) {
            b.putLong(SortTallyDescriptor.countOffset(i), counts[i], ORDER);
        }
        w.setLength(bytes(counts.length));
        w.setKind(SortWaterKind.TALLY);
    }

    /** The partitioner that sent tally {@code w}. */
    static int partitioner(Water w) {
        return w.buffer().getInt(SortTallyDescriptor.PARTITIONER_OFFSET, ORDER);
    }

    /**
     * Adds tally {@code w}'s counts to {@code totals}.
     *
     * @throws IllegalArgumentException if it is no tally, counts another number of ranges or is cut short
     */
    static void addTo(Water w, long[] totals) {
        ExternalBuffer b = w.buffer();
        if (w.length() < SortTallyDescriptor.COUNTS_OFFSET || b.getLong(SortTallyDescriptor.MAGIC_OFFSET, ORDER) != MAGIC) {
            throw new IllegalArgumentException("a Water of kind tally without a tally's magic (" + w.length() + " bytes)");
        }
        int ranges = b.getInt(SortTallyDescriptor.RANGES_OFFSET, ORDER);
        if (ranges != totals.length || w.length() != bytes(ranges)) {
            throw new IllegalArgumentException("tally from partitioner " + partitioner(w) + " counts " + ranges + " key ranges in "
                            + w.length() + " bytes; this sort has " + totals.length + " ranges");
        }
        for (int i = 0; i < ranges; i++) {
            long c = b.getLong(SortTallyDescriptor.countOffset(i), ORDER);
            if (c < 0) {
                throw new IllegalArgumentException("tally from partitioner " + partitioner(w) + " has a negative count for range " + i);
            }
            totals[i] += c;
        }
    }
}
