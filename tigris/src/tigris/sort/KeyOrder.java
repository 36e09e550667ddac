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

    /** Negative, zero or positive as the key at {@code a[aOffset]} is below, equal to or above the one at {@code b[bOffset]}. */
    public abstract int compare(byte[] a, int aOffset, byte[] b, int bOffset);
}
