/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

/**
 * The second pass of a sort larger than memory: merges sorted runs (files of records in key
 * order) into one ordered stream. Each run is read through its own off-heap buffer; a binary
 * heap of the runs' current keys picks the next record.
 */
final class RunMerger {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;

    private RunMerger() {
    }

    /** One run being read: a buffer of its records and the key of the current one. */
    private static final class Run implements AutoCloseable {
        final Path path;
        final FileChannel channel;
        final ExternalBuffer buffer;
        final MemorySegment segment;
        final ByteBuffer view;
        final long size;
        long read;
        int records;
        int next;
        long prefix;
        int suffix;

        Run(Path path, int bufferRecords) throws IOException {
            this.path = path;
            this.channel = FileChannel.open(path, StandardOpenOption.READ);
            this.size = channel.size();
            if (size % RECORD != 0) {
                channel.close();
                throw new IOException("spilled run " + path + " has " + size + " bytes, not a whole number of records");
            }
            this.buffer = OffHeapBuffer.allocate((long) bufferRecords * RECORD);
            this.segment = buffer.asSegment();
            this.view = segment.asByteBuffer();
        }

        /** Moves to the next record; false at the end of the run. */
        boolean advance() throws IOException {
            if (++next >= records) {
                if (read == size) {
                    return false;
                }
                view.clear();
                view.limit((int) Math.min(view.capacity(), size - read));
                while (view.hasRemaining()) {
                    int n = channel.read(view, read + view.position());
                    if (n < 0) {
                        throw new IOException("spilled run " + path + " ended at byte " + (read + view.position()) + " of " + size);
                    }
                }
                records = view.limit() / RECORD;
                read += view.limit();
                next = 0;
            }
            long o = (long) next * RECORD;
            prefix = RecordKey.prefix(segment, o);
            suffix = RecordKey.suffix(segment, o);
            return true;
        }

        @Override
        public void close() throws IOException {
            buffer.close();
            channel.close();
        }
    }

    /**
     * Writes the records of {@code runs}, merged in key order, to {@code out}.
     *
     * @param bufferBytes read buffer of all runs together
     * @return records written
     */
    static long merge(List<Path> runs, RecordWriter out, long bufferBytes) throws IOException {
        int bufferRecords = (int) Math.max(1000, Math.min(1 << 20, bufferBytes / RECORD / Math.max(1, runs.size())));
        Run[] heap = new Run[runs.size()];
        int n = 0;
        long written = 0;
        try {
            for (Path p : runs) {
                Run r = new Run(p, bufferRecords);
                heap[n++] = r;
            }
            // Drop empty runs and build the heap.
            int live = 0;
            for (int i = 0; i < n; i++) {
                if (heap[i].advance()) {
                    Run t = heap[live];
                    heap[live++] = heap[i];
                    heap[i] = t;
                }
            }
            for (int i = live / 2 - 1; i >= 0; i--) {
                siftDown(heap, live, i);
            }
            while (live > 0) {
                Run top = heap[0];
                out.write(top.segment, (long) top.next * RECORD);
                written++;
                if (!top.advance()) {
                    heap[0] = heap[--live];
                    heap[live] = top;
                }
                siftDown(heap, live, 0);
            }
            return written;
        } finally {
            IOException failure = null;
            for (int i = 0; i < n; i++) {
                try {
                    heap[i].close();
                } catch (IOException e) {
                    failure = e;
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    private static void siftDown(Run[] heap, int size, int i) {
        Run x = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && less(heap[child + 1], heap[child])) {
                child++;
            }
            if (!less(heap[child], x)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = x;
    }

    private static boolean less(Run a, Run b) {
        return RecordKey.compare(a.prefix, a.suffix, b.prefix, b.suffix) < 0;
    }
}
