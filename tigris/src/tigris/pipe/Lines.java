/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import tigris.Water;

/**
 * The lines of a byte stream that arrives in Waters cut anywhere: each Water's bytes are copied
 * after what the last one left unfinished, and every whole line (its newline included) is handed
 * to the visitor; what is left at the end of the stream is a last line without a newline.
 */
public final class Lines {
    public Lines() {
    }

    /** What is done with each line: {@code b[from, to)}, its newline included if it has one. */
    @FunctionalInterface
    public interface Visitor {
        void line(byte[] b, int from, int to) throws Exception;
    }

    private byte[] buf = new byte[64 << 10];
    private int carried;

    /** Hands every whole line of {@code w} (after what earlier Waters left unfinished) to {@code v}. */
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

    /** The stream ended: hands the unfinished last line, if any, to {@code v}. */
    public void finish(Visitor v) throws Exception {
        if (carried > 0) {
            v.line(buf, 0, carried);
            carried = 0;
        }
    }
}
