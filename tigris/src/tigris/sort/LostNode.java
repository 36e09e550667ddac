/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.util.List;

/**
 * A node a mirrored sort lost and finished without ({@link ClusterSort}): what the agent saw, when,
 * and where the node's part of the output was rebuilt.
 *
 * @param node the lost node's name
 * @param cause what the agent saw (no answer within the answer timeout, a refused connection)
 * @param attempt the attempt it was lost in (that attempt's river is fenced from then on)
 * @param declaredNanos when the agent called it lost, from the start of the sort
 * @param attemptFailure how that attempt ended (the loss, and what failed with it)
 * @param rebuiltOn the node that sorted its key ranges again; null if no attempt finished them
 * @param rebuiltFile its output part, on {@code rebuiltOn}
 * @param ranges its key ranges
 * @param fenced whether it answered again before the job ended and its attempts were destroyed there
 * @param leaseMillis the lease it held on the attempt: one that did not answer again fences itself
 *        once that long has passed without word from the agent (it stops the attempt, and nothing
 *        of it is committed: only the agent commits, and never a lost node's files)
 */
public record LostNode(String node, String cause, int attempt, long declaredNanos, String attemptFailure, String rebuiltOn, String rebuiltFile,
                List<Integer> ranges, boolean fenced, long leaseMillis) {
    /**
     * A lost node; {@code ranges} is copied.
     *
     * @param node the lost node's name
     * @param cause what the agent saw
     * @param attempt the attempt it was lost in, from 1
     * @param declaredNanos when the agent called it lost, in nanoseconds from the start of the sort
     * @param attemptFailure how that attempt ended
     * @param rebuiltOn the node that sorted its key ranges again, or null
     * @param rebuiltFile its output part, on {@code rebuiltOn}
     * @param ranges its key ranges, in order; not null, nor empty, nor any element null
     * @param fenced whether it answered again and was fenced
     * @param leaseMillis the lease it held on the attempt, in milliseconds
     * @throws NullPointerException if {@code ranges} or an element of it is null
     */
    public LostNode {
        ranges = List.copyOf(ranges);
    }

    @Override
    public String toString() {
        return String.format("node %s lost in attempt %d at %.3f s (%s); its key ranges %d-%d rebuilt on %s into %s%s", node, attempt, declaredNanos / 1e9,
                        cause, ranges.get(0), ranges.get(ranges.size() - 1), rebuiltOn, rebuiltFile,
                        fenced ? "; it answered again and was fenced (its attempts destroyed)"
                                        : String.format("; it did not answer again (if it still runs, it stops the attempt itself once its lease of %.1f s"
                                                        + " has passed without word from the agent, and nothing it wrote is committed)", leaseMillis / 1e3));
    }
}
