/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import java.util.List;

import tigris.ModuleThread;
import tigris.UpstreamFailedException;

/**
 * How a river run ended: one line per module thread, and whether the whole river completed.
 *
 * @param river the river's name
 * @param threads one entry per module instance's thread, in the river's order of threads
 * @param timedOut whether the run was stopped because its time ran out
 */
public record RiverReport(String river, List<Entry> threads, boolean timedOut) {
    /**
     * One module thread: its end state, Waters in, doOperation calls, its failure if any, and
     * what its status reports of it (its module's report; a time-critical stage's counters:
     * {@link tigris.reflex.ReflexStageReport}).
     *
     * @param name the instance's name ({@code "sort#3"})
     * @param state the thread's state when the report was made: {@code ENDED}, {@code STOPPED} or
     *        {@code FAILED} once it has ended
     * @param watersIn Waters it took from upstream
     * @param operations doOperation calls it made
     * @param failure what ended it if it failed, else null; the exception itself, not its text
     * @param report what its status reports of it; never null (empty when it says nothing)
     */
    public record Entry(String name, ModuleThread.State state, long watersIn, long operations, Throwable failure, tigris.Report report) {
        /** {@return the entry as one line: name, state, counts, failure and report} */
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

    /** {@return true if every thread reached End of River and the time did not run out} */
    public boolean completed() {
        return !timedOut && threads.stream().allMatch(e -> e.state() == ModuleThread.State.ENDED);
    }

    /**
     * The threads that failed, those where a failure began first: a thread whose failure is an
     * {@link UpstreamFailedException} only passed on one from upstream.
     *
     * @return the entries with a failure: those where one began, then those that passed one on,
     *         each group in the river's order; empty if none failed
     */
    public List<Entry> failures() {
        return threads.stream().filter(e -> e.failure() != null)
                        .sorted(java.util.Comparator.comparing(e -> e.failure() instanceof UpstreamFailedException)).toList();
    }

    /** {@return the report as text: how the river ended, then a line per thread} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("river ").append(river).append(completed() ? ": completed" : timedOut ? ": timed out" : ": failed");
        for (Entry e : threads) {
            sb.append("\n  ").append(e);
        }
        return sb.toString();
    }
}
