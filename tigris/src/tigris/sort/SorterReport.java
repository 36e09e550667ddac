/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import tigris.Report;

/**
 * A sorter's report.
 *
 * @param range the key range it sorts, from 0
 * @param phase what it is doing now
 * @param received records received so far
 * @param runs runs spilled to disk
 * @param sortNanos time spent sorting (and spilling), in nanoseconds
 * @param writeNanos time spent writing its output, in nanoseconds
 * @param direct whether it wrote its output with O_DIRECT (known once it wrote)
 * @param startRecord where its range starts in its output file, in records (known once it writes; -1 before)
 */
public record SorterReport(int range, SortModule.Phase phase, long received, int runs, long sortNanos, long writeNanos, boolean direct,
                long startRecord) implements Report {
    /**
     * A report.
     *
     * @param range the key range it sorts, from 0
     * @param phase what it is doing now; not null
     * @param received records received so far
     * @param runs runs spilled to disk
     * @param sortNanos nanoseconds spent sorting (and spilling)
     * @param writeNanos nanoseconds spent writing its output
     * @param direct whether it wrote its output with O_DIRECT
     * @param startRecord where its range starts in its output file, in records; -1 before it writes
     * @throws NullPointerException if {@code phase} is null
     */
    public SorterReport {
        java.util.Objects.requireNonNull(phase, "phase");
    }

    @Override
    public String toString() {
        return "range " + range + ", " + phase + ", " + received + " records received, " + runs + " run(s), sort " + sortNanos / 1_000_000 + " ms, write " + writeNanos / 1_000_000
                        + " ms" + (direct ? ", O_DIRECT" : "");
    }
}
