/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reflex;

import tigris.Report;
import tigris.graph.TimeCritical;

/**
 * What a time-critical stage's status reports: how it runs, its counters ({@link StageCounters}),
 * its task's (runs, missed periods, the longest run) and its module's own report. A snapshot:
 * each count was read once, when the status was asked for.
 *
 * @param spec how the stage runs
 * @param watersIn Waters taken from upstream ({@link StageCounters#watersIn})
 * @param watersOut Waters put into the downstream reservoir ({@link StageCounters#watersOut})
 * @param overruns puts the downstream reservoir had no credit for ({@link StageCounters#overruns})
 * @param dropped Waters released without going downstream ({@link StageCounters#dropped})
 * @param held Waters held for want of credit when the snapshot was taken ({@link StageCounters#held})
 * @param runs invocations of the stage's task
 * @param misses runs of a periodic stage that ended after their deadline (the next release)
 * @param worstRunNanos the longest run, ns
 * @param module the module's own report; {@code TextReport.EMPTY} if it has none, never null
 */
public record ReflexStageReport(TimeCritical spec, long watersIn, long watersOut, long overruns, long dropped, int held, long runs, long misses,
                long worstRunNanos, Report module) implements Report {
    @Override
    public String toString() {
        String said = module.toString();
        return "time-critical (" + spec + "): " + watersIn + " in, " + watersOut + " out, " + overruns + " overruns, " + dropped + " dropped, " + held
                        + " held; " + runs + " runs, " + misses + " missed, worst run " + worstRunNanos / 1000 + " µs" + (said.isEmpty() ? "" : "; " + said);
    }
}
