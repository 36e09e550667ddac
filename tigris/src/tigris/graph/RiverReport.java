/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import java.util.List;

import tigris.ModuleThread;
import tigris.UpstreamFailedException;

/** How a river run ended: one line per module thread, and whether the whole river completed. */
public record RiverReport(String river, List<Entry> threads, boolean timedOut) {
    /**
     * One module thread: its end state, Waters in, doOperation calls, its failure if any, and
     * what its status reports of it (its module's report; a time-critical stage's counters:
     * {@link tigris.reflex.ReflexStageReport}).
     */
    public record Entry(String name, ModuleThread.State state, long watersIn, long operations, Throwable failure, tigris.Report report) {
        @Override
        public String toString() {
            String said = report.toString();
            return name + ": " + state + ", " + watersIn + " waters in, " + operations + " operations"
                            + (failure == null ? "" : ", failed: " + failure) + (said.isEmpty() ? "" : "; " + said);
        }
    }

    static RiverReport of(String river, List<ModuleThread> threads, boolean timedOut) {
        return new RiverReport(river, threads.stream()
                        .map(t -> new Entry(t.name(), t.state(), t.watersIn(), t.operations(), t.failure(), t.status().report())).toList(), timedOut);
    }

    /** True if every thread reached End of River. */
    public boolean completed() {
        return !timedOut && threads.stream().allMatch(e -> e.state() == ModuleThread.State.ENDED);
    }

    /**
     * The threads that failed, those where a failure began first: a thread whose failure is an
     * {@link UpstreamFailedException} only passed on one from upstream.
     */
    public List<Entry> failures() {
        return threads.stream().filter(e -> e.failure() != null)
                        .sorted(java.util.Comparator.comparing(e -> e.failure() instanceof UpstreamFailedException)).toList();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("river ").append(river).append(completed() ? ": completed" : timedOut ? ": timed out" : ": failed");
        for (Entry e : threads) {
            sb.append("\n  ").append(e);
        }
        return sb.toString();
    }
}
