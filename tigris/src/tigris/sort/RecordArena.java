package tigris.sort;

import java.lang.foreign.MemorySegment;
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
final class RecordArena implements AutoCloseable {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;
    static final int CHUNK_SHIFT = 18;
    static final int CHUNK_RECORDS = 1 << CHUNK_SHIFT;
    /** Off-heap bytes plus the two key longs per record: what {@link #capacityFor} divides by. */
    static final int BYTES_PER_RECORD = RECORD + 2 * Long.BYTES;

    private final int capacity;
    private final List<ExternalBuffer> chunks = new ArrayList<>();
    /** The chunks' segments: the per-record loops access them directly, once a chunk's bounds are known. */
    private final List<MemorySegment> segments = new ArrayList<>();
    private long[] hi = new long[0];
    private long[] lo = new long[0];
    private int count;

    RecordArena(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a sorter needs room for at least one record");
        }
        this.capacity = capacity;
    }

    /**
     * Records a sorter can hold in {@code memoryBytes}: the records (off-heap), their keys and the
     * radix sort's scratch arrays of the same size (heap): 132 bytes a record.
     */
    static int capacityFor(long memoryBytes) {
        return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(1, memoryBytes / (BYTES_PER_RECORD + 2 * Long.BYTES)));
    }

    int count() {
        return count;
    }

    int room() {
        return capacity - count;
    }

    /** Appends {@code records} whole records from {@code src} at {@code offset}; the caller checks {@link #room()}. */
    void append(ExternalBuffer src, long offset, int records) {
        if (records > room()) {
            throw new IllegalStateException(records + " records do not fit: room for " + room());
        }
        ensureKeys(count + records);
        int done = 0;
        while (done < records) {
            int chunk = (count + done) >>> CHUNK_SHIFT;
            int at = (count + done) & (CHUNK_RECORDS - 1);
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
                int r = count + done + i;
                hi[r] = RecordKey.prefix(dst, o);
                lo[r] = KeyIndexSort.lo(RecordKey.suffix(dst, o), r);
            }
            done += n;
        }
        count += records;
    }

    private void ensureKeys(int n) {
        if (n > hi.length) {
            int size = (int) Math.min(capacity, Math.max(n, Math.min((long) hi.length * 2, Integer.MAX_VALUE - 8)));
            hi = java.util.Arrays.copyOf(hi, size);
            lo = java.util.Arrays.copyOf(lo, size);
        }
    }

    /** Sorts the records' keys; then {@link #writeSorted} writes the records in that order. */
    void sort() {
        KeyIndexSort.sort(hi, lo, count);
    }

    /** Writes the records in key order (after {@link #sort()}) to {@code out}. */
    void writeSorted(RecordWriter out) throws java.io.IOException {
        for (int i = 0; i < count; i++) {
            int r = (int) KeyIndexSort.index(lo[i]);
            out.write(segments.get(r >>> CHUNK_SHIFT), (long) (r & (CHUNK_RECORDS - 1)) * RECORD);
        }
    }

    /** Forgets the records; keeps the memory. */
    void clear() {
        count = 0;
    }

    @Override
    public void close() {
        chunks.forEach(ExternalBuffer::close);
        chunks.clear();
        segments.clear();
        hi = lo = new long[0];
        count = 0;
    }
}
