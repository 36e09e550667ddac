/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;

import jaguar.ext.ExternalBuffer;

/**
 * What a sorter holds between End of River (or a full memory) and its write: the keys of the
 * records it received, and a way to sort them and write the records in that order.
 * {@link RecordArena} holds the records themselves; {@link InputKeyIndex} only their keys and
 * places in the input file, which the sorter maps to gather them.
 */
interface SorterMemory extends AutoCloseable {
    /** Bytes a record takes in the Waters this memory is filled from: the record, or its entry. */
    int unit();

    /** What those units are, for errors: "100-byte records" or "16-byte entries". */
    String unitName();

    /** The kind of the Waters that carry them ({@link SortWaterKind}). */
    byte waterKind();

    /** Appends {@code n} records' units from {@code src} at {@code offset}; the caller checks {@link #room()}. */
    void append(ExternalBuffer src, long offset, int n);

    /** Sizes the key arrays for about {@code records} records now (a hint: they grow past it if more come). */
    void expect(long records);

    /** Records held. */
    int count();

    /** Records that still fit. */
    int room();

    /**
     * Sorts the keys and writes the records in key order to {@code out}, each first-level key
     * range as soon as it is sorted ({@link KeyIndexSort}), so that {@code out}'s writer thread
     * writes the earlier ranges while the later ones sort. {@code writing} runs once, before the
     * first record is written (not at all when there are none).
     *
     * @return the nanoseconds spent sorting; the rest of the call gathered and wrote records
     */
    long sortAndWrite(RecordWriter out, Runnable writing) throws IOException;

    /** Forgets the records; keeps the memory for more. */
    void clear();

    /** Frees the memory. */
    @Override
    void close();
}
