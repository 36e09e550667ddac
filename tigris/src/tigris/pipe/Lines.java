/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import tigris.Water;

/**
 * The lines of a byte stream that arrives in Waters cut anywhere: each Water's bytes are copied
 * after what the last one left unfinished, and every whole line (its newline included) is handed
 * to the visitor; what is left at the end of the stream is a last line without a newline. A line
 * may be of any length: the buffer grows to hold the longest. One stream's, used by its filter's
 * thread only: not thread-safe.
 */
public final class Lines {
    /** Lines of a new stream: nothing carried yet. */
    public Lines() {
    }

    /** What is done with each line: {@code b[from, to)}, its newline included if it has one. */
    @FunctionalInterface
    public interface Visitor {
        /**
         * Takes one line. The bytes are lent for the call: {@code b} is the reader's buffer,
         * overwritten after it returns, so a visitor that keeps a line copies it.
         *
         * @param b the buffer holding the line
         * @param from the index of the line's first byte
         * @param to the index after its last byte (its newline, if it has one)
         * @throws Exception whatever the visitor fails with; it ends the reading and goes to the caller
         */
        void line(byte[] b, int from, int to) throws Exception;
    }

    private byte[] buf = new byte[64 << 10];
    private int carried;

    /**
     * Hands every whole line of {@code w} (after what earlier Waters left unfinished) to {@code v},
     * and keeps what follows its last newline for the next Water. {@code w} is only read: it stays
     * the caller's.
     *
     * @param w the stream's next Water, its bytes in its first buffer
     * @param v what is done with each line
     * @throws Exception what {@code v} threw; the lines after it in {@code w} are then not handed on
     */
    public void take(Water w, Visitor v) throws Exception {
        int n = w.length();
        if (buf.length < carried + n) {
            byte[] b = new byte[Math.max(carried + n, 2 * buf.length)];
            System.arraycopy(buf, 0, b, 0, carried);
            buf = b;
        }
        w.buffer().get(0, buf, carried, n);
        int end = carried + n;
        int start = 0;
        for (int i = carried; i < end; i++) {
            if (buf[i] == '\n') {
                v.line(buf, start, i + 1);
                start = i + 1;
            }
        }
        carried = end - start;
        if (carried > 0 && start > 0) {
            System.arraycopy(buf, start, buf, 0, carried);
        }
    }

    /**
     * The stream ended: hands the unfinished last line, if any, to {@code v}, and forgets it.
     *
     * @param v what is done with the last line
     * @throws Exception what {@code v} threw
     */
    public void finish(Visitor v) throws Exception {
        if (carried > 0) {
            v.line(buf, 0, carried);
            carried = 0;
        }
    }
}
