/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.nio.file.Path;
import java.util.List;

/**
 * What a finished sort did: records and bytes, the shape of the river, and the time of each phase.
 * Sorters work in parallel, so their phases are the longest sorter's. Times are in nanoseconds.
 *
 * @param input the file sorted (each node's, across nodes)
 * @param output the file written (each node's, across nodes)
 * @param records the records sorted, every node's
 * @param nodes the nodes that sorted (1 for a sort in one JVM); input and output are then each node's
 * @param partitioners the readers (of the last attempt, after a lost node)
 * @param sorters the sorters, one per key range (of every node)
 * @param runs runs spilled and merged by the sorters of every key range, whichever attempt sorted it
 * @param sampleNanos reading the key sample and choosing the ranges
 * @param partitionNanos from the river's start until every partitioner has read its stripe
 * @param sortNanos the longest sorter's sort (with spills)
 * @param writeNanos the longest sorter's write (or merge) of its output, with the final sync
 * @param totalNanos from the check of the input until the output is complete
 * @param reservoirs what joined partitioners and sorters (and whether records or entries moved)
 * @param writes how the sorters wrote: {@link #DIRECT}, {@link #PAGE_CACHE} or {@link #MIXED}
 * @param lost the nodes the sort lost and finished without (a mirrored sort across nodes); the
 *        phases' times are then those of the last attempt
 */
public record SortReport(Path input, Path output, long records, int nodes, int partitioners, int sorters, int runs, long sampleNanos, long partitionNanos,
                long sortNanos, long writeNanos, long totalNanos, String reservoirs, String writes, List<LostNode> lost) {
    private static final int RECORD = RecordGenerator.RECORD_BYTES;
    /** {@link #writes()} when every sorter wrote with {@code O_DIRECT}, around the page cache. */
    public static final String DIRECT = "O_DIRECT";
    /** {@link #writes()} when every sorter wrote through the page cache. */
    public static final String PAGE_CACHE = "page cache";
    /** {@link #writes()} when some sorters wrote with {@code O_DIRECT} and others could not. */
    public static final String MIXED = "O_DIRECT on some sorters, page cache on others";

    /**
     * A report; {@code lost} is copied.
     *
     * @param input the file sorted
     * @param output the file written
     * @param records the records sorted
     * @param nodes the nodes that sorted, 1 in one JVM
     * @param partitioners the readers
     * @param sorters the sorters
     * @param runs runs spilled and merged; 0 for one pass
     * @param sampleNanos time to sample the keys and choose the ranges
     * @param partitionNanos time until every partitioner had read its stripe
     * @param sortNanos the longest sorter's sort
     * @param writeNanos the longest sorter's write, with the final sync
     * @param totalNanos time from the check of the input until the output was complete
     * @param reservoirs what joined partitioners and sorters
     * @param writes how the sorters wrote ({@link #DIRECT}, {@link #PAGE_CACHE}, {@link #MIXED})
     * @param lost the nodes lost; not null, nor any element
     * @throws NullPointerException if {@code lost} or an element of it is null
     */
    public SortReport {
        lost = List.copyOf(lost);
    }

    /**
     * A sort that lost no node.
     *
     * @param input the file sorted
     * @param output the file written
     * @param records the records sorted
     * @param nodes the nodes that sorted, 1 in one JVM
     * @param partitioners the readers
     * @param sorters the sorters
     * @param runs runs spilled and merged; 0 for one pass
     * @param sampleNanos time to sample the keys and choose the ranges
     * @param partitionNanos time until every partitioner had read its stripe
     * @param sortNanos the longest sorter's sort
     * @param writeNanos the longest sorter's write, with the final sync
     * @param totalNanos time from the check of the input until the output was complete
     * @param reservoirs what joined partitioners and sorters
     * @param writes how the sorters wrote ({@link #DIRECT}, {@link #PAGE_CACHE}, {@link #MIXED})
     */
    public SortReport(Path input, Path output, long records, int nodes, int partitioners, int sorters, int runs, long sampleNanos, long partitionNanos,
                    long sortNanos, long writeNanos, long totalNanos, String reservoirs, String writes) {
        this(input, output, records, nodes, partitioners, sorters, runs, sampleNanos, partitionNanos, sortNanos, writeNanos, totalNanos, reservoirs, writes,
                        List.of());
    }

    /**
     * {@link #writes} of sorters of which {@code direct} of {@code all} wrote with O_DIRECT.
     *
     * @param direct the sorters that wrote with O_DIRECT, 0 to {@code all}
     * @param all the sorters
     * @return {@link #DIRECT} if all did (also when there are none), {@link #PAGE_CACHE} if none
     *         did, else {@link #MIXED}
     */
    public static String writes(int direct, int all) {
        return direct == all ? DIRECT : direct == 0 ? PAGE_CACHE : MIXED;
    }

    /**
     * The bytes sorted.
     *
     * @return {@link #records()} x 100
     */
    public long bytes() {
        return records * RECORD;
    }

    /**
     * Bytes sorted per second, input to durable output.
     *
     * @return {@link #bytes()} over {@link #totalNanos()} in seconds; 0 if no time was measured
     */
    public double bytesPerSecond() {
        return totalNanos == 0 ? 0 : bytes() / (totalNanos / 1e9);
    }

    /**
     * The report {@code tigris sort} prints: a line per phase with its time and rate, then the
     * nodes lost, each with how its attempt ended.
     *
     * @return several lines, without a final newline
     */
    @Override
    public String toString() {
        StringBuilder losses = new StringBuilder();
        lost.forEach(l -> losses.append("\n  lost       ").append(l).append("\n             (attempt ").append(l.attempt()).append(" ended: ")
                        .append(l.attemptFailure()).append(')'));
        return String.format("""
                        TigrisSort: %d records (%s) from %s to %s
                          %s%d partitioner(s), %d sorter(s), %s
                          reservoirs %s
                          sample     %8.3f s
                          partition  %8.3f s  %s
                          sort       %8.3f s  (longest sorter)
                          write      %8.3f s  (longest sorter%s; %s)
                          total      %8.3f s  %s""", records, size(bytes()), input, output, nodes == 1 ? "" : nodes + " nodes" + (lost.isEmpty() ? "" : " (" + lost.size() + " lost)") + ", ", partitioners, sorters,
                        runs == 0 ? "one pass" : "two passes (" + runs + " runs spilled and merged)", reservoirs, sampleNanos / 1e9, partitionNanos / 1e9,
                        rate(bytes(), partitionNanos), sortNanos / 1e9, writeNanos / 1e9, runs == 0 ? "" : ", merge", writes, totalNanos / 1e9,
                        rate(bytes(), totalNanos)) + losses;
    }

    private static String rate(long bytes, long nanos) {
        return nanos == 0 ? "" : size((long) (bytes / (nanos / 1e9))) + "/s";
    }

    static String size(long bytes) {
        if (bytes >= 1_000_000_000L) {
            return String.format("%.2f GB", bytes / 1e9);
        }
        if (bytes >= 1_000_000L) {
            return String.format("%.1f MB", bytes / 1e6);
        }
        return bytes + " bytes";
    }
}
