/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.io.IOException;
import java.nio.file.Path;
import java.util.zip.CRC32C;

import jaguar.ext.MappedFileBuffer;
import jaguar.ext.MappingMode;

/**
 * A fingerprint of a record file that two nodes can compare without moving it: the CRC32C of
 * {@link #RECORDS} whole records at evenly spaced positions (record {@code records * i / n}).
 * A mirrored sort compares each input's with its copy's before it starts: a copy of another run
 * of gensort, another file, or one stale in many places differs; one that differs only between
 * the sampled records does not (each record read from either file is still a record of the sort,
 * and the parts' tiling check and valsort's checksum are the further lines).
 */
final class RecordFileDigest {
    /** Records sampled: few enough that a cold file's pages come at once (asked for together). */
    static final int RECORDS = 1024;

    private RecordFileDigest() {
    }

    /** The digest of {@code file}'s first {@code records} records (whole records: the caller checked its length). */
    static long of(Path file, long records) throws IOException {
        int n = (int) Math.min(RECORDS, records);
        CRC32C crc = new CRC32C();
        if (n == 0) {
            return crc.getValue();
        }
        int record = RecordGenerator.RECORD_BYTES;
        try (MappedFileBuffer f = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, records * record)) {
            for (int i = 0; i < n; i++) {
                f.willNeed(records * i / n * record, record);
            }
            for (int i = 0; i < n; i++) {
                crc.update(f.asSegment().asSlice(records * i / n * record, record).asByteBuffer());
            }
        }
        return crc.getValue();
    }
}
