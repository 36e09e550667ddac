/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.util.Arrays;

/**
 * The keys a sorter sorts, one {@link KeyIndexSort} entry per record: key bytes 0-7 ({@code hi})
 * and key bytes 8-9 above the record's 48-bit index ({@code lo}), in arrival order, the arrays
 * grown as records arrive up to a fixed capacity.
 */
final class SortKeys {
    private final int capacity;
    private long[] hi = new long[0];
    private long[] lo = new long[0];
    private int count;

    SortKeys(int capacity) {
        this.capacity = capacity;
    }

    int count() {
        return count;
    }

    int room() {
        return capacity - count;
    }

    /** Makes room for {@code more} entries; the caller has checked {@link #room()}. */
    void ensure(int more) {
        if (more > room()) {
            throw new IllegalStateException(more + " records do not fit: room for " + room());
        }
        int n = count + more;
        if (n > hi.length) {
            int size = (int) Math.min(capacity, Math.max(n, Math.min((long) hi.length * 2, Integer.MAX_VALUE - 8)));
            hi = Arrays.copyOf(hi, size);
            lo = Arrays.copyOf(lo, size);
        }
    }

    /**
     * Sizes the arrays for {@code n} entries at once (at most the capacity), so a sorter told what
     * to expect does not grow them by doubling, copying each time, while records arrive.
     */
    void reserve(int n) {
        int size = Math.min(capacity, n);
        if (size > hi.length) {
            hi = Arrays.copyOf(hi, size);
            lo = Arrays.copyOf(lo, size);
        }
    }

    /** Adds the entry of a record with key prefix {@code prefix}, key bytes 8-9 {@code suffix}, at {@code index}; after {@link #ensure}. */
    void add(long prefix, int suffix, long index) {
        hi[count] = prefix;
        lo[count] = KeyIndexSort.lo(suffix, index);
        count++;
    }

    /**
     * Sorts the entries, handing {@code write} each piece of the order as soon as it is sorted
     * ({@link KeyIndexSort#sort(long[], long[], int, KeyIndexSort.SortedRanges)}); {@code writing}
     * runs before the first piece (not at all when there are no entries).
     *
     * @return the nanoseconds spent sorting, not in {@code write}
     */
    long sortAndWrite(KeyIndexSort.SortedRanges write, Runnable writing) throws IOException {
        if (count == 0) {
            return 0;
        }
        long t0 = System.nanoTime();
        long[] inWrite = new long[1];
        KeyIndexSort.sort(hi, lo, count, (from, to) -> {
            long t = System.nanoTime();
            if (from == 0) {
                writing.run();
            }
            write.sorted(from, to);
            inWrite[0] += System.nanoTime() - t;
        });
        return System.nanoTime() - t0 - inWrite[0];
    }

    /** The record index of entry {@code i} (in key order once the pieces up to it are sorted). */
    long index(int i) {
        return KeyIndexSort.index(lo[i]);
    }

    /** Forgets the entries; keeps the arrays. */
    void clear() {
        count = 0;
    }

    /** Forgets the entries and the arrays. */
    void release() {
        hi = lo = new long[0];
        count = 0;
    }
}
