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

/**
 * gensort's work: writes {@code count} records from a starting record number into a file, in
 * blocks of 100,000 records made by several threads at once and written at their own place, so
 * the file is the same whatever the number of threads.
 */
public final class RecordFileGenerator {
    static final int BLOCK_RECORDS = 100_000;

    private RecordFileGenerator() {
    }

    /**
     * Generates the records; {@code file == null} makes them without writing them (gensort's
     * {@code /dev/null}, for the checksum). The file is created or truncated, then written at
     * each block's offset; it is not forced to disk.
     *
     * @param file the file to write, or null to write nothing
     * @param format binary or ASCII records
     * @param firstRecord the number of the first record made (gensort's {@code -b})
     * @param count how many records, 0 or more
     * @param threads how many threads make them; below 1 is one, and no more than there are blocks
     *        of 100,000 records are used
     * @param checksum whether to sum the records' CRC-32s (gensort's {@code -c}); else the result is zero
     * @return the records' checksum ({@link RecordChecksum})
     * @throws IllegalArgumentException if {@code count} is negative
     * @throws IOException if the file cannot be opened or written (the first failed block's), or
     *         the threads were interrupted
     */
    public static Uint128 generate(Path file, RecordGenerator.Format format, Uint128 firstRecord, long count, int threads,
                    boolean checksum) throws IOException {
        if (count < 0) {
            throw new IllegalArgumentException("count=" + count + " is negative");
        }
        long blocks = (count + BLOCK_RECORDS - 1) / BLOCK_RECORDS;
        int workers = (int) Math.max(1, Math.min(threads, blocks));
        try (FileChannel out = file == null ? null
                        : FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            RecordChecksum sum = new RecordChecksum();
            for (Uint128 part : ParallelParts.run("gensort", workers,
                            worker -> generateBlocks(out, format, firstRecord, count, blocks, worker, workers, checksum))) {
                sum.add(part);
            }
            return sum.value();
        }
    }

    /** Blocks worker, worker + workers, ...: generated, summed and written at their offset. */
    private static Uint128 generateBlocks(FileChannel out, RecordGenerator.Format format, Uint128 firstRecord, long count,
                    long blocks, int worker, int workers, boolean checksum) throws IOException {
        byte[] buf = new byte[BLOCK_RECORDS * RecordGenerator.RECORD_BYTES];
        RecordChecksum sum = new RecordChecksum();
        for (long b = worker; b < blocks; b += workers) {
            long first = b * BLOCK_RECORDS;
            int n = (int) Math.min(BLOCK_RECORDS, count - first);
            RecordGenerator gen = new RecordGenerator(format, firstRecord.plus(first));
            for (int r = 0; r < n; r++) {
                int at = r * RecordGenerator.RECORD_BYTES;
                gen.next(buf, at);
                if (checksum) {
                    sum.addRecord(buf, at);
                }
            }
            if (out != null) {
                ByteBuffer bb = ByteBuffer.wrap(buf, 0, n * RecordGenerator.RECORD_BYTES);
                long position = first * RecordGenerator.RECORD_BYTES;
                while (bb.hasRemaining()) {
                    position += out.write(bb, position);
                }
            }
        }
        return sum.value();
    }
}
