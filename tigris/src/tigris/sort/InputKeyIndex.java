/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;

import jaguar.ext.MappingMode;
import jaguar.ext.ExternalBuffer;
import jaguar.ext.MappedFileBuffer;

/**
 * A sorter's memory when its records stay in the input file ({@link SortEntries}): their keys
 * and record numbers only, 16 bytes a record plus the radix sort's scratch, against
 * {@link RecordArena}'s 132. The sorter maps the whole input (read-only, an External Object) when
 * it first writes, and gathers each record from there in key order.
 */
final class InputKeyIndex implements SorterMemory {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;

    private final Path input;
    private final long inputRecords;
    private final SortKeys keys;
    private MappedFileBuffer mapped;
    /** What the gather's touching loads read: kept, so the JIT keeps the loads. */
    private long sink;

    /**
     * @param input the file the entries' record numbers are in
     * @param inputRecords its records: an entry naming another is refused
     */
    InputKeyIndex(Path input, long inputRecords, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a sorter needs room for at least one record");
        }
        this.input = input;
        this.inputRecords = inputRecords;
        this.keys = new SortKeys(capacity);
    }

    /** Records whose keys fit in {@code memoryBytes}: two longs of key and two of scratch each. */
    static int capacityFor(long memoryBytes) {
        return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(1, memoryBytes / (4 * Long.BYTES)));
    }

    @Override
    public int unit() {
        return SortEntries.BYTES;
    }

    @Override
    public String unitName() {
        return SortEntries.BYTES + "-byte entries";
    }

    @Override
    public byte waterKind() {
        return SortWaterKind.ENTRIES;
    }

    @Override
    public void expect(long records) {
        keys.reserve((int) Math.min(records, Integer.MAX_VALUE - 8));
    }

    @Override
    public int count() {
        return keys.count();
    }

    @Override
    public int room() {
        return keys.room();
    }

    /**
     * Appends {@code n} entries from {@code src} at {@code offset}; the caller checks {@link #room()}.
     *
     * @throws IllegalArgumentException if an entry names a record the input does not have
     */
    @Override
    public void append(ExternalBuffer src, long offset, int n) {
        keys.ensure(n);
        MemorySegment s = src.asSegment().asSlice(offset, (long) n * SortEntries.BYTES);
        for (int i = 0; i < n; i++) {
            long o = (long) i * SortEntries.BYTES;
            long record = SortEntries.record(s, o);
            if (record >= inputRecords) {
                throw new IllegalArgumentException("an entry names record " + record + " of " + input + ", which has " + inputRecords + " records");
            }
            keys.add(SortEntries.prefix(s, o), SortEntries.suffix(s, o), record);
        }
    }

    @Override
    public long sortAndWrite(RecordWriter out, Runnable writing) throws IOException {
        if (keys.count() == 0) {
            return 0;
        }
        if (mapped == null) {
            long size = Files.size(input);
            if (size != inputRecords * RECORD) {
                throw new IOException("input " + input + " changed during the sort: " + size + " bytes, was " + inputRecords * RECORD);
            }
            mapped = MappedFileBuffer.map(input, MappingMode.READ_ONLY, 0, size);
        }
        MemorySegment in = mapped.asSegment();
        return keys.sortAndWrite((from, to) -> gather(in, from, to, out), writing);
    }

    /** Writes the records of sorted entries {@code from .. to-1}, in that order. */
    private void gather(MemorySegment in, int from, int to, RecordWriter out) throws IOException {
        long touched = 0;
        for (int i = from; i < to; i += RecordWriter.GATHER_BATCH) {
            int end = Math.min(to, i + RecordWriter.GATHER_BATCH);
            // Key order is random order in the input: each record is a cache (and TLB) miss. A
            // loop of loads on each of a record's (up to three) cache lines lets the core have
            // dozens of misses in flight; the copies that follow then hit, where copying straight
            // away overlaps only a few.
            for (int j = i; j < end; j++) {
                long o = keys.index(j) * RECORD;
                touched += in.get(ValueLayout.JAVA_BYTE, o) + in.get(ValueLayout.JAVA_BYTE, o + RECORD / 2)
                                + in.get(ValueLayout.JAVA_BYTE, o + RECORD - 1);
            }
            for (int j = i; j < end; j++) {
                out.write(in, keys.index(j) * RECORD);
            }
        }
        sink += touched;
    }

    @Override
    public void clear() {
        keys.clear();
    }

    @Override
    public void close() {
        if (mapped != null) {
            mapped.close();
            mapped = null;
        }
        keys.release();
    }
}
