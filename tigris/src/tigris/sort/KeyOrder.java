/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.util.Arrays;

/**
 * How two records' 10-byte keys compare: as unsigned bytes (binary records, the default) or, for
 * valsort's {@code -i}, ASCII letters without regard to case.
 */
public enum KeyOrder {
    /** {@code memcmp}'s order: the keys' bytes compared as unsigned, first byte first. The benchmark's. */
    BYTES {
        @Override
        public int compare(byte[] a, int aOffset, byte[] b, int bOffset) {
            return Arrays.compareUnsigned(a, aOffset, aOffset + RecordGenerator.KEY_BYTES, b, bOffset,
                            bOffset + RecordGenerator.KEY_BYTES);
        }
    },
    /**
     * strcasecmp's order on the key in the C locale (A-Z folded to a-z). valsort 1.5 passes
     * strcasecmp where it means a 10-byte comparison, so the C tool compares whole records; keys
     * are what the benchmark defines as the order, and what this compares.
     */
    ASCII_IGNORE_CASE {
        @Override
        public int compare(byte[] a, int aOffset, byte[] b, int bOffset) {
            for (int i = 0; i < RecordGenerator.KEY_BYTES; i++) {
                int x = lower(a[aOffset + i] & 0xFF);
                int y = lower(b[bOffset + i] & 0xFF);
                if (x != y) {
                    return x - y;
                }
            }
            return 0;
        }

        private static int lower(int c) {
            return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
        }
    };

    /**
     * Compares two keys in place, each the first 10 bytes of a record.
     *
     * @param a the array holding the first key
     * @param aOffset where the first key starts in {@code a}; 10 bytes from it must be in {@code a}
     * @param b the array holding the second key (may be {@code a})
     * @param bOffset where the second key starts in {@code b}; 10 bytes from it must be in {@code b}
     * @return negative, zero or positive as the key at {@code a[aOffset]} is below, equal to or
     *         above the one at {@code b[bOffset]}
     * @throws IndexOutOfBoundsException if a key runs past its array
     */
    public abstract int compare(byte[] a, int aOffset, byte[] b, int bOffset);
}
