/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;

/**
 * Sorts records by key without moving them: each record is an entry of two longs, the first 8
 * key bytes ({@code hi}) and the last 2 key bytes above a 48-bit record index ({@code lo}), and
 * the entries are sorted by (hi, lo) unsigned. Most-significant-byte radix sort, one byte of the
 * key per level, scattering into a scratch pair of arrays; ranges shorter than
 * {@value #SMALL} entries are finished by insertion sort. Random keys take about three levels;
 * equal keys stop after the tenth byte.
 *
 * <p>{@link #sort(long[], long[], int, SortedRanges)} hands out the order a first-level bucket at
 * a time, each as soon as it is sorted, so a sorter writes the first key ranges while it still
 * sorts the rest: sorting then hides behind the disk's write instead of coming before it.
 */
final class KeyIndexSort {
    /** Receives a sort's order in pieces: entries {@code from .. to-1} are sorted and come after every piece before them. */
    @FunctionalInterface
    interface SortedRanges {
        void sorted(int from, int to) throws IOException;
    }

    /** Largest record index an entry holds. */
    static final long MAX_INDEX = (1L << 48) - 1;
    private static final int KEY_BYTES = 10;
    private static final int SMALL = 48;

    private final long[] tmpHi;
    private final long[] tmpLo;
    private final int[] counts = new int[KEY_BYTES * 257];

    private KeyIndexSort(int n) {
        tmpHi = new long[n];
        tmpLo = new long[n];
    }

    /** The lo word of an entry: key bytes 8..9 ({@code suffix}) above record {@code index}. */
    static long lo(int suffix, long index) {
        return (long) suffix << 48 | index;
    }

    /** The record index of an entry's lo word. */
    static long index(long lo) {
        return lo & MAX_INDEX;
    }

    /**
     * Sorts entries {@code 0 .. n-1} of {@code hi} and {@code lo} together, handing {@code out}
     * each bucket of the first level that splits them as soon as it is sorted, in key order; the
     * pieces cover {@code 0 .. n-1} exactly once. Entries after the piece being handed out may
     * still move; the piece and those before it do not.
     */
    static void sort(long[] hi, long[] lo, int n, SortedRanges out) throws IOException {
        if (n > 0) {
            new KeyIndexSort(n).sort(hi, lo, 0, n, 0, out);
        }
    }

    private static int digit(long hi, long lo, int level) {
        return (int) (level < 8 ? hi >>> (56 - 8 * level) : lo >>> (56 - 8 * (level - 8))) & 0xff;
    }

    /**
     * Sorts entries {@code from .. to-1} from key byte {@code level} on. With {@code out} (the
     * first call only), each bucket of the first level that splits them goes to {@code out} once
     * sorted, or the whole range if none splits them.
     */
    private void sort(long[] hi, long[] lo, int from, int to, int level, SortedRanges out) throws IOException {
        while (true) {
            if (to - from < SMALL) {
                insertionSort(hi, lo, from, to);
                break;
            }
            if (level == KEY_BYTES) {
                // Equal keys: order by index, so the output does not depend on the run.
                insertionOrQuick(hi, lo, from, to);
                break;
            }
            if (!scatter(hi, lo, from, to, level)) {
                level++;           // one byte value everywhere: nothing to scatter
                continue;
            }
            int base = level * 257;
            int start = from;
            for (int d = 0; d < 256; d++) {
                int end = from + counts[base + d + 1];
                if (end - start > 1) {
                    sort(hi, lo, start, end, level + 1, null);
                }
                if (out != null && end > start) {
                    out.sorted(start, end);
                }
                start = end;
            }
            return;
        }
        if (out != null) {
            out.sorted(from, to);
        }
    }

    /**
     * Orders entries {@code from .. to-1} by their byte at {@code level}, leaving in
     * {@code counts[level * 257 + d + 1]} where digit d's bucket ends (relative to {@code from});
     * false, and nothing moved, if that byte is the same in every entry.
     */
    private boolean scatter(long[] hi, long[] lo, int from, int to, int level) {
        int base = level * 257;
        java.util.Arrays.fill(counts, base, base + 257, 0);
        for (int i = from; i < to; i++) {
            counts[base + 1 + digit(hi[i], lo[i], level)]++;
        }
        if (counts[base + 1 + digit(hi[from], lo[from], level)] == to - from) {
            return false;
        }
        for (int d = 0; d < 256; d++) {
            counts[base + d + 1] += counts[base + d];
        }
        // counts[base + d] is now where digit d starts (relative to from).
        int[] next = new int[256];
        System.arraycopy(counts, base, next, 0, 256);
        for (int i = from; i < to; i++) {
            int at = from + next[digit(hi[i], lo[i], level)]++;
            tmpHi[at] = hi[i];
            tmpLo[at] = lo[i];
        }
        System.arraycopy(tmpHi, from, hi, from, to - from);
        System.arraycopy(tmpLo, from, lo, from, to - from);
        return true;
    }

    private static boolean less(long hiA, long loA, long hiB, long loB) {
        int c = Long.compareUnsigned(hiA, hiB);
        return c < 0 || c == 0 && Long.compareUnsigned(loA, loB) < 0;
    }

    private static void insertionSort(long[] hi, long[] lo, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long h = hi[i];
            long l = lo[i];
            int j = i - 1;
            while (j >= from && less(h, l, hi[j], lo[j])) {
                hi[j + 1] = hi[j];
                lo[j + 1] = lo[j];
                j--;
            }
            hi[j + 1] = h;
            lo[j + 1] = l;
        }
    }

    /** Entries with one key: sort by lo alone (the index, under equal suffixes). */
    private static void insertionOrQuick(long[] hi, long[] lo, int from, int to) {
        // Flip the sign bit so signed order is unsigned order, sort, flip back.
        for (int i = from; i < to; i++) {
            lo[i] ^= Long.MIN_VALUE;
        }
        java.util.Arrays.sort(lo, from, to);
        for (int i = from; i < to; i++) {
            lo[i] ^= Long.MIN_VALUE;
        }
    }
}
