/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import tigris.Water;

/**
 * Writes bytes into Waters of one class and puts each into the {@link Outlet} once it is full:
 * how a filter that makes new bytes (lines it keeps, a count, compressed data) sends them. With
 * {@link #wholeLines} it cuts a full Water after its last newline and carries the rest into the
 * next, so a Water holds whole lines unless one line is longer than a Water.
 *
 * <p>Used by its filter's thread only: not thread-safe. A filter makes its writers from the
 * {@link Outlet} it is handed in {@code take}, {@code produce} or {@code finish}, all before it
 * writes with any: the Outlet counts the writers of each pipe to choose where they make their
 * Waters.
 */
public final class WaterWriter {

    private final Outlet out;
    private final int cls;
    private final boolean wholeLines;
    private Water water;
    private int used;
    private byte[] spill = new byte[0];

    /**
     * A writer of class {@code cls} into {@code out}.
     *
     * @param out the filter's Outlet, bound to its pipes (the one {@code take}, {@code produce} or
     *            {@code finish} is handed)
     * @param cls the class of every Water it puts, 0 to 255
     * @param wholeLines whether to cut Waters after a newline (text), else wherever they are full
     */
    public WaterWriter(Outlet out, int cls, boolean wholeLines) {
        this.out = out;
        this.cls = cls;
        this.wholeLines = wholeLines;
        out.register(cls);
    }

    /**
     * Writes {@code b[off, off + len)}, putting each Water it fills.
     *
     * @param b the bytes, copied: the caller keeps them
     * @param off the index of the first byte to write
     * @param len how many bytes to write, 0 or more
     * @throws InterruptedException if the thread is interrupted while it waits for a pipe's credit
     */
    public void write(byte[] b, int off, int len) throws InterruptedException {
        while (len > 0) {
            if (water == null) {
                water = out.springFor(cls).createWater(out.waterSize());
                used = 0;
            }
            int room = water.capacity() - used;
            int n = Math.min(room, len);
            water.buffer().put(used, b, off, n);
            used += n;
            off += n;
            len -= n;
            if (used == water.capacity()) {
                full();
            }
        }
    }

    /** Puts the full Water, keeping its last, unfinished line for the next when it cuts at lines. */
    private void full() throws InterruptedException {
        int keep = 0;
        if (wholeLines) {
            int end = used;
            while (end > 0 && water.buffer().getByte(end - 1) != '\n') {
                end--;
            }
            if (end > 0) {
                keep = used - end;
            }
        }
        if (keep > 0) {
            if (spill.length < keep) {
                spill = new byte[Math.max(keep, 2 * spill.length)];
            }
            water.buffer().get(used - keep, spill, 0, keep);
        }
        water.setLength(used - keep);
        Water w = water;
        water = null;
        out.put(w, cls);
        if (keep > 0) {
            write(spill, 0, keep);
        }
    }

    /**
     * Puts what was written and not yet put (a part line too): at the end of the filter's stream,
     * or when what it has must reach its readers now.
     *
     * @throws InterruptedException if the thread is interrupted while it waits for a pipe's credit
     */
    public void flush() throws InterruptedException {
        if (water != null && used > 0) {
            water.setLength(used);
            Water w = water;
            water = null;
            out.put(w, cls);
        }
    }

    /** Releases an unfilled Water (a failure): nothing more is put. */
    public void discard() {
        if (water != null) {
            water.release();
            water = null;
        }
    }
}
