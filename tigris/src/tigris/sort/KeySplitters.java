/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;

import jaguar.ext.MappingMode;
import jaguar.ext.MappedFileBuffer;

/**
 * Where the key space is cut into the sorters' ranges: {@code count - 1} ascending bounds on the
 * first 8 key bytes. Range i holds the keys whose prefix is at least bound i-1 and below bound i,
 * so the sorters' outputs, one after another, are in order. Chosen from a sample of the input
 * ({@link #sample}), so the ranges hold about as many records each whatever the key alphabet
 * (gensort's binary keys use every byte value, its ASCII keys only 95).
 */
public final class KeySplitters {
    private final long[] bounds;

    private KeySplitters(long[] bounds) {
        this.bounds = bounds;
    }

    /**
     * Number of ranges.
     *
     * @return 1 to 65,536: one more than the bounds
     */
    public int count() {
        return bounds.length + 1;
    }

    /**
     * The range of a key whose first 8 bytes, big-endian, are {@code prefix}.
     *
     * @param prefix the key's first 8 bytes as a big-endian long, compared unsigned
     * @return the range, 0 to {@link #count()} - 1: how many bounds are at most {@code prefix}
     */
    public int rangeOf(long prefix) {
        // The number of bounds <= prefix (unsigned): a binary search over a few dozen longs.
        int lo = 0;
        int hi = bounds.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(bounds[mid], prefix) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * {@code count} ranges of equal width: right for keys spread evenly over all byte values.
     *
     * @param count the number of ranges, 1 to 65,536
     * @return bounds at i x 2^64 / {@code count}, for i from 1
     * @throws IllegalArgumentException if {@code count} is out of range
     */
    public static KeySplitters uniform(int count) {
        checkCount(count);
        long[] b = new long[count - 1];
        BigInteger space = BigInteger.ONE.shiftLeft(64);
        for (int i = 0; i < b.length; i++) {
            b[i] = space.multiply(BigInteger.valueOf(i + 1)).divide(BigInteger.valueOf(count)).longValue();
        }
        return new KeySplitters(b);
    }

    /**
     * {@code count} ranges at the quantiles of {@code prefixes}, a sample of key prefixes.
     *
     * @param prefixes the sample (big-endian key prefixes, unsigned); overwritten: it is left
     *        sorted with each sign bit flipped, so pass a copy if it is needed after; empty gives
     *        {@link #uniform} ranges
     * @param count the number of ranges, 1 to 65,536
     * @return bounds at the sample's {@code count}-quantiles
     * @throws IllegalArgumentException if {@code count} is out of range
     */
    public static KeySplitters ofSample(long[] prefixes, int count) {
        checkCount(count);
        if (prefixes.length == 0) {
            return uniform(count);
        }
        // Unsigned order: flipping the sign bit makes signed order unsigned.
        for (int i = 0; i < prefixes.length; i++) {
            prefixes[i] ^= Long.MIN_VALUE;
        }
        Arrays.sort(prefixes);
        long[] b = new long[count - 1];
        for (int i = 0; i < b.length; i++) {
            b[i] = prefixes[(int) ((long) prefixes.length * (i + 1) / count)] ^ Long.MIN_VALUE;
        }
        return new KeySplitters(b);
    }

    /**
     * Splitters for {@code count} ranges from {@code samples} key prefixes read at evenly spaced
     * records of {@code input}'s records {@code first .. first+records-1}.
     *
     * @param input a file of 100-byte records
     * @param first the first record of the part sampled, from 0
     * @param records the records in that part, 0 or more
     * @param count the number of ranges, 1 to 65,536
     * @param samples how many prefixes to read (at most {@code records} are)
     * @return the splitters ({@link #uniform} when nothing was sampled)
     * @throws IOException if the input cannot be read or ends before the part does
     * @throws IllegalArgumentException if {@code count} is out of range
     */
    public static KeySplitters sample(Path input, long first, long records, int count, int samples) throws IOException {
        return ofSample(samplePrefixes(input, first, records, samples), count);
    }

    /**
     * The key prefixes of {@code samples} evenly spaced records of {@code input}'s records
     * {@code first .. first+records-1}, read through a mapping whose sampled pages are all asked
     * for first (so that on a cold file the reads overlap at the disk).
     *
     * @param input a file of 100-byte records
     * @param first the first record of the part sampled, from 0
     * @param records the records in that part, 0 or more
     * @param samples how many prefixes to read, 0 or more (at most {@code records} are)
     * @return the prefixes (each key's first 8 bytes, big-endian), in input order: record
     *         {@code first + records x i / n} for the i-th of n
     * @throws IOException if the input cannot be mapped or ends before the part does
     */
    public static long[] samplePrefixes(Path input, long first, long records, int samples) throws IOException {
        int n = (int) Math.min(samples, records);
        long[] prefixes = new long[n];
        if (n == 0) {
            return prefixes;
        }
        int record = RecordGenerator.RECORD_BYTES;
        long size = Files.size(input);
        if ((first + records) * record > size) {
            throw new IOException(input + ": ends before record " + (first + records - 1) + " (" + size + " bytes)");
        }
        try (MappedFileBuffer file = MappedFileBuffer.map(input, MappingMode.READ_ONLY, first * record, records * record)) {
            // Ask for every sampled page first: on a cold file the reads then overlap at the
            // disk, where reading them one by one waits for each in turn.
            for (int i = 0; i < n; i++) {
                file.willNeed(records * i / n * record, Long.BYTES);
            }
            MemorySegment s = file.asSegment();
            for (int i = 0; i < n; i++) {
                prefixes[i] = RecordKey.prefix(s, records * i / n * record);
            }
        }
        return prefixes;
    }

    private static void checkCount(int count) {
        if (count < 1 || count > 65536) {
            throw new IllegalArgumentException("number of key ranges must be 1..65536, got " + count);
        }
    }

    /**
     * The bounds as a module parameter.
     *
     * @return the bounds as 16-digit lower-case hex numbers joined by commas; "" for one range
     */
    public String encode() {
        StringBuilder s = new StringBuilder();
        HexFormat hex = HexFormat.of();
        for (long v : bounds) {
            if (!s.isEmpty()) {
                s.append(',');
            }
            s.append(hex.toHexDigits(v));
        }
        return s.toString();
    }

    /**
     * The inverse of {@link #encode()}.
     *
     * @param text hex numbers (unsigned 64-bit, any case, spaces around each allowed), ascending,
     *        joined by commas; blank for one range
     * @return the splitters
     * @throws IllegalArgumentException naming what is wrong: a bound that is not hex, bounds that
     *         descend, or more than 65,535 of them
     */
    public static KeySplitters decode(String text) {
        if (text.isBlank()) {
            return new KeySplitters(new long[0]);
        }
        String[] parts = text.split(",");
        long[] b = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                b[i] = Long.parseUnsignedLong(parts[i].trim(), 16);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("splitter " + i + " '" + parts[i] + "' is not a 64-bit hex number");
            }
            if (i > 0 && Long.compareUnsigned(b[i - 1], b[i]) > 0) {
                throw new IllegalArgumentException("splitters must ascend; " + parts[i - 1] + " comes before " + parts[i]);
            }
        }
        checkCount(b.length + 1);
        return new KeySplitters(b);
    }

    /**
     * The splitters for messages.
     *
     * @return the range count and the bounds as {@link #encode()} writes them
     */
    @Override
    public String toString() {
        return "KeySplitters[" + count() + " ranges: " + encode() + "]";
    }
}
