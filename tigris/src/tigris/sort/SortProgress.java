/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

/**
 * Where a running sort is: records the partitioners have read, records the sorters have received,
 * the sorters' phases (one letter each: R receiving, S spilling, s sorting, M merging, W writing,
 * D done) and the time since the start; for a sort that lost nodes, the attempt and the nodes lost.
 */
public record SortProgress(long records, long partitioned, long received, String sorterPhases, long elapsedNanos, int attempt, java.util.List<String> lost) {
    private static final int BAR = 24;

    public SortProgress {
        lost = java.util.List.copyOf(lost);
    }

    /** Progress of a sort in its first attempt. */
    public SortProgress(long records, long partitioned, long received, String sorterPhases, long elapsedNanos) {
        this(records, partitioned, received, sorterPhases, elapsedNanos, 1, java.util.List.of());
    }

    /** Two bars, partitioning and sorting, on one line. */
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
