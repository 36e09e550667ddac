/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * valsort's work: summarizes a file of records ({@link PartitionSummary}), split into as many
 * consecutive parts as there are threads, each summarized on its own and the parts joined in order.
 */
public final class SortValidator {
    private static final int BLOCK_RECORDS = 40_000;   // 4 MB reads

    private SortValidator() {
    }

    /**
     * Summarizes every record of {@code file}.
     *
     * @param file the file of records to read
     * @param threads how many consecutive parts to read at once; below 1 is one, and parts are at
     *        least 40,000 records (a file of fewer is read in one)
     * @param order how keys compare
     * @return the summary ({@link PartitionSummary#EMPTY} for an empty file)
     * @throws InvalidRecordFileException if the file ends in a partial record
     * @throws IOException if the file cannot be opened or read, or ends while being read
     */
    public static PartitionSummary validate(Path file, int threads, KeyOrder order) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size % RecordGenerator.RECORD_BYTES != 0) {
                throw new InvalidRecordFileException(file + ": partial record found at end (size " + size
                                + " is not a multiple of " + RecordGenerator.RECORD_BYTES + ")");
            }
            long records = size / RecordGenerator.RECORD_BYTES;
            if (records == 0) {
                return PartitionSummary.EMPTY;
            }
            int parts = (int) Math.max(1, Math.min(threads, records / BLOCK_RECORDS));
            PartitionSummary all = null;
            for (PartitionSummary s : ParallelParts.run("valsort", parts, p -> {
                long first = records * p / parts;
                return summarize(ch, first, records * (p + 1) / parts - first, order);
            })) {
                all = all == null ? s : all.then(s, order);
            }
            return all;
        }
    }

    /** Summarizes {@code count >= 1} records from record {@code first} on. */
    static PartitionSummary summarize(FileChannel ch, long first, long count, KeyOrder order) throws IOException {
        final int rec = RecordGenerator.RECORD_BYTES;
        byte[] block = new byte[BLOCK_RECORDS * rec];
        byte[] prev = new byte[rec];
        byte[] firstRecord = null;
        RecordChecksum checksum = new RecordChecksum();
        long dups = 0;
        long unordered = 0;
        long firstUnordered = 0;
        long index = 0;   // within this part
        while (index < count) {
            int n = (int) Math.min(BLOCK_RECORDS, count - index);
            read(ch, ByteBuffer.wrap(block, 0, n * rec), (first + index) * rec);
            for (int r = 0; r < n; r++, index++) {
                int at = r * rec;
                checksum.addRecord(block, at);
                if (index == 0) {
                    firstRecord = Arrays.copyOfRange(block, 0, rec);
                    continue;
                }
                int diff = r == 0 ? order.compare(prev, 0, block, 0) : order.compare(block, at - rec, block, at);
                if (diff == 0) {
                    dups++;
                } else if (diff > 0) {
                    if (unordered++ == 0) {
                        firstUnordered = index;
                    }
                }
            }
            System.arraycopy(block, (n - 1) * rec, prev, 0, rec);
        }
        return new PartitionSummary(Uint128.of(firstUnordered), Uint128.of(unordered), Uint128.of(count), Uint128.of(dups),
                        checksum.value(), firstRecord, prev);
    }

    private static void read(FileChannel ch, ByteBuffer dst, long position) throws IOException {
        while (dst.hasRemaining()) {
            int k = ch.read(dst, position);
            if (k < 0) {
                throw new IOException("file ended at byte " + position + " while reading records (truncated while being validated?)");
            }
            position += k;
        }
    }
}
