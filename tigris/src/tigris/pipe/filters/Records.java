/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import tigris.Water;
import tigris.sort.RecordGenerator;

/**
 * A stream of 100-byte records (sortbenchmark.org's, as gensort writes them) cut into Waters at
 * any byte: hands each whole record on, carrying a record split between two Waters over.
 */
final class Records {
    static final int BYTES = RecordGenerator.RECORD_BYTES;

    /** What takes each record: its bytes at {@code b[at .. at+100)}. */
    interface Taker {
        void record(byte[] b, int at) throws Exception;
    }

    private final byte[] carried = new byte[BYTES];
    private int carriedBytes;
    private byte[] copy = new byte[0];
    private long bytes;

    /** Hands {@code taker} every record {@code w} completes. */
    void take(Water w, Taker taker) throws Exception {
        for (int i = 0; i < w.bufferCount(); i++) {
            int n = w.length(i);
            if (copy.length < n) {
                copy = new byte[n];
            }
            MemorySegment.copy(w.buffer(i).asSegment(), ValueLayout.JAVA_BYTE, 0, copy, 0, n);
            bytes += n;
            int at = 0;
            if (carriedBytes > 0) {
                int more = Math.min(BYTES - carriedBytes, n);
                System.arraycopy(copy, 0, carried, carriedBytes, more);
                carriedBytes += more;
                at = more;
                if (carriedBytes < BYTES) {
                    continue;
                }
                taker.record(carried, 0);
                carriedBytes = 0;
            }
            for (; at + BYTES <= n; at += BYTES) {
                taker.record(copy, at);
            }
            carriedBytes = n - at;
            System.arraycopy(copy, at, carried, 0, carriedBytes);
        }
    }

    /**
     * Refuses a stream that ended inside a record.
     *
     * @throws IllegalArgumentException saying how many bytes the last record had
     */
    void finish(String filter) {
        if (carriedBytes > 0) {
            throw new IllegalArgumentException(filter + ": the stream's " + bytes + " bytes are not whole records of " + BYTES + " bytes (the last has "
                            + carriedBytes + ")");
        }
    }
}
