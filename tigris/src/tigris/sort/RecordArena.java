/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

/**
 * A sorter's records in memory: off-heap chunks of {@value #CHUNK_RECORDS} records filled in
 * arrival order, with each record's key kept beside it in two long arrays ready for
 * {@link KeyIndexSort}. Holds at most {@code capacity} records; the chunks stay allocated across
 * {@link #clear()}, so a sorter that spills reuses them run after run.
 */
final class RecordArena implements SorterMemory {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;
    static final int CHUNK_SHIFT = 18;
    static final int CHUNK_RECORDS = 1 << CHUNK_SHIFT;
    /** Off-heap bytes plus the two key longs per record: what {@link #capacityFor} divides by. */
    static final int BYTES_PER_RECORD = RECORD + 2 * Long.BYTES;

    private final int capacity;
    private final List<ExternalBuffer> chunks = new ArrayList<>();
    /** The chunks' segments: the per-record loops access them directly, once a chunk's bounds are known. */
    private final List<MemorySegment> segments = new ArrayList<>();
    private final SortKeys keys;
    /** What the gather's touching loads read: kept, so the JIT keeps the loads. */
    private long sink;

    RecordArena(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a sorter needs room for at least one record");
        }
        this.capacity = capacity;
        this.keys = new SortKeys(capacity);
    }

    /**
     * Records a sorter can hold in {@code memoryBytes}: the records (off-heap), their keys and the
     * radix sort's scratch arrays of the same size (heap): 132 bytes a record.
     */
    static int capacityFor(long memoryBytes) {
        return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(1, memoryBytes / (BYTES_PER_RECORD + 2 * Long.BYTES)));
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

    @Override
    public int unit() {
        return RECORD;
    }

    @Override
    public String unitName() {
        return RECORD + "-byte records";
    }

    @Override
    public byte waterKind() {
        return SortWaterKind.RECORDS;
    }

    /** Appends {@code records} whole records from {@code src} at {@code offset}; the caller checks {@link #room()}. */
    @Override
    public void append(ExternalBuffer src, long offset, int records) {
        keys.ensure(records);
        int done = 0;
        while (done < records) {
            int count = keys.count();
            int chunk = count >>> CHUNK_SHIFT;
            int at = count & (CHUNK_RECORDS - 1);
            if (chunk == chunks.size()) {
                ExternalBuffer b = OffHeapBuffer.allocateLarge(Math.min(CHUNK_RECORDS, capacity - ((long) chunk << CHUNK_SHIFT)) * RECORD);
                chunks.add(b);
                segments.add(b.asSegment());
            }
            int n = Math.min(records - done, CHUNK_RECORDS - at);
            src.copyTo(offset + (long) done * RECORD, chunks.get(chunk), (long) at * RECORD, (long) n * RECORD);
            MemorySegment dst = segments.get(chunk);
            for (int i = 0; i < n; i++) {
                long o = (long) (at + i) * RECORD;
                keys.add(RecordKey.prefix(dst, o), RecordKey.suffix(dst, o), count + i);
            }
            done += n;
        }
    }

    @Override
    public long sortAndWrite(RecordWriter out, Runnable writing) throws IOException {
        return keys.sortAndWrite((from, to) -> gather(from, to, out), writing);
    }

    /** Writes the records of sorted entries {@code from .. to-1}, in that order. */
    private void gather(int from, int to, RecordWriter out) throws IOException {
        long touched = 0;
        for (int i = from; i < to; i += RecordWriter.GATHER_BATCH) {
            int end = Math.min(to, i + RecordWriter.GATHER_BATCH);
            // Touch a batch first, so its cache misses overlap (as InputKeyIndex's gather).
            for (int j = i; j < end; j++) {
                int r = (int) keys.index(j);
                MemorySegment chunk = segments.get(r >>> CHUNK_SHIFT);
                long o = (long) (r & (CHUNK_RECORDS - 1)) * RECORD;
                touched += chunk.get(ValueLayout.JAVA_BYTE, o) + chunk.get(ValueLayout.JAVA_BYTE, o + RECORD / 2)
                                + chunk.get(ValueLayout.JAVA_BYTE, o + RECORD - 1);
            }
            for (int j = i; j < end; j++) {
                int r = (int) keys.index(j);
                out.write(segments.get(r >>> CHUNK_SHIFT), (long) (r & (CHUNK_RECORDS - 1)) * RECORD);
            }
        }
        sink += touched;
    }

    /** Forgets the records; keeps the memory. */
    @Override
    public void clear() {
        keys.clear();
    }

    @Override
    public void close() {
        chunks.forEach(ExternalBuffer::close);
        chunks.clear();
        segments.clear();
        keys.release();
    }
}
