/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import tigris.Report;

/**
 * A partitioner's report.
 *
 * @param read records read and bucketed so far
 * @param of the records of its stripe; negative when it has no fixed share, as a mirrored input's
 *        readers read what they are dealt
 */
public record PartitionerReport(long read, long of) implements Report {
    @Override
    public String toString() {
        return of < 0 ? "read " + read + " records" : "read " + read + " of " + of + " records";
    }
}
