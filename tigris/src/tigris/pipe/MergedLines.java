/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.HashMap;
import java.util.Map;

import jaguar.ext.ExternalBuffer;
import tigris.Water;
import tigris.WaterPool;

/**
 * Whole lines out of several interleaved streams, for a filter that merges pipes and reads its
 * input as bytes ({@code (a + b) | file out=x}): each stream's bytes after its last newline wait for
 * that stream's next Water, so the merged stream interleaves whole lines, never parts of them. A
 * line longer than {@code most} bytes is passed on in parts. Each stream's unfinished last line is
 * passed on when its stream ends.
 */
final class MergedLines {
    /** What is done with each Water of whole lines: it is the callee's for the call, released after. */
    @FunctionalInterface
    interface Sink {
        void take(Water lines) throws Exception;
    }

    private final WaterPool pool;
    private final int most;
    private final Map<String, byte[]> carried = new HashMap<>();
    private final Map<String, Integer> carriedLength = new HashMap<>();

    MergedLines(int most) {
        this.most = most;
        this.pool = new WaterPool(most, 4);
    }

    void take(Water in, Sink sink) throws Exception {
        String port = in.inputPort();
        byte[] c = carried.computeIfAbsent(port, p -> new byte[most]);
        int n = carriedLength.getOrDefault(port, 0);
        ExternalBuffer b = in.buffer();
        int length = in.length();
        int last = length - 1;
        while (last >= 0 && b.getByte(last) != '\n') {
            last--;
        }
        int from = 0;
        if (last >= 0) {
            // The carried part, then this Water's bytes up to its last newline, as Waters of at most `most` bytes.
            int upTo = last + 1;
            while (n + (upTo - from) > 0) {
                Water w = pool.createWater(most);
                int k = Math.min(n, most);
                w.buffer().put(0, c, 0, k);
                System.arraycopy(c, k, c, 0, n - k);
                n -= k;
                int more = Math.min(most - k, upTo - from);
                b.copyTo(from, w.buffer(), k, more);
                from += more;
                w.setLength(k + more);
                deliver(w, sink);
            }
        }
        // What follows the last newline waits, in parts of `most` when it outgrows the carry.
        while (from < length) {
            int more = Math.min(most - n, length - from);
            b.get(from, c, n, more);
            n += more;
            from += more;
            if (n == most) {
                Water w = pool.createWater(most);
                w.buffer().put(0, c, 0, n);
                w.setLength(n);
                n = 0;
                deliver(w, sink);
            }
        }
        carriedLength.put(port, n);
    }

    /** Every stream ended: passes on what each left after its last newline. */
    void finish(Sink sink) throws Exception {
        for (var e : carriedLength.entrySet()) {
            int n = e.getValue();
            if (n > 0) {
                Water w = pool.createWater(most);
                w.buffer().put(0, carried.get(e.getKey()), 0, n);
                w.setLength(n);
                deliver(w, sink);
            }
        }
        carriedLength.clear();
    }

    private static void deliver(Water w, Sink sink) throws Exception {
        try {
            sink.take(w);
        } finally {
            if (w.isOwned()) {
                w.release();
            }
        }
    }
}
