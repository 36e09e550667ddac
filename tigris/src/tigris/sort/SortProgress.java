/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

/**
 * Where a running sort is: records the partitioners have read, records the sorters have received,
 * the sorters' phases (one letter each: R receiving, S spilling, s sorting, M merging, W writing,
 * D done) and the time since the start; for a sort that lost nodes, the attempt and the nodes lost.
 *
 * @param records the records of the whole input (every node's, across nodes)
 * @param partitioned records the partitioners have read so far, 0 to {@code records}
 * @param received records the sorters have received so far, 0 to {@code records} (across
 *        attempts: those of ranges finished earlier included)
 * @param sorterPhases one letter per sorter, in sorter order
 * @param elapsedNanos nanoseconds since the sort started
 * @param attempt the attempt under way, from 1
 * @param lost the names of the nodes lost so far; empty in the first attempt
 */
public record SortProgress(long records, long partitioned, long received, String sorterPhases, long elapsedNanos, int attempt, java.util.List<String> lost) {
    private static final int BAR = 24;

    /**
     * Progress; {@code lost} is copied.
     *
     * @param records the records of the whole input
     * @param partitioned records the partitioners have read so far
     * @param received records the sorters have received so far
     * @param sorterPhases one letter per sorter
     * @param elapsedNanos nanoseconds since the sort started
     * @param attempt the attempt under way, from 1
     * @param lost the names of the nodes lost so far; not null, nor any element
     * @throws NullPointerException if {@code lost} or an element of it is null
     */
    public SortProgress {
        lost = java.util.List.copyOf(lost);
    }

    /**
     * Progress of a sort in its first attempt, no node lost.
     *
     * @param records the records of the whole input
     * @param partitioned records the partitioners have read so far
     * @param received records the sorters have received so far
     * @param sorterPhases one letter per sorter
     * @param elapsedNanos nanoseconds since the sort started
     */
    public SortProgress(long records, long partitioned, long received, String sorterPhases, long elapsedNanos) {
        this(records, partitioned, received, sorterPhases, elapsedNanos, 1, java.util.List.of());
    }

    /**
     * Two bars, partitioning and sorting, on one line: what {@code tigris sort} prints each second.
     *
     * @return the bars with their percentages, the sorters' phases, the record count and the
     *         seconds elapsed, and after a lost node the attempt and the nodes it goes on without;
     *         no newline
     */
    public String line() {
        return String.format("partition %s %3d%%  sort %s %3d%% [%s]  %s records  %.1f s", bar(partitioned), percent(partitioned),
                        bar(received), percent(received), sorterPhases, records, elapsedNanos / 1e9)
                        + (attempt == 1 ? "" : "  attempt " + attempt + " without " + String.join(", ", lost));
    }

    private int percent(long n) {
        return records == 0 ? 100 : (int) (100 * n / records);
    }

    private String bar(long n) {
        // A count past the total is a bookkeeping slip, never a reason to fail a sort that finished.
        int full = records == 0 ? BAR : Math.clamp(BAR * n / records, 0, BAR);
        return "[" + "#".repeat(full) + "-".repeat(BAR - full) + "]";
    }

    static char letter(SortModule.Phase p) {
        return switch (p) {
            case RECEIVING -> 'R';
            case SPILLING -> 'S';
            case SORTING -> 's';
            case MERGING -> 'M';
            case WRITING -> 'W';
            case DONE -> 'D';
        };
    }
}
