/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.Timespan;

/** Each running task's counters, once a second while a recording asks for them. */
@Name("jaguar.ReflexCounters")
@Label("Reflex Counters")
@Category({ "Jaguar", "Reflexes" })
@Description("Releases, runs, misses, skipped and late releases and aborts of a Reflex task so far")
@Period("1 s")
final class ReflexCountersEvent extends jdk.jfr.Event {
    @Label("Task")
    String task;
    @Label("Releases")
    long releases;
    @Label("Runs")
    long runs;
    @Label("Misses")
    long misses;
    @Label("Skipped")
    long skipped;
    @Label("Late")
    long late;
    @Label("Aborts")
    long aborts;
    @Label("Worst Run")
    @Timespan(Timespan.NANOSECONDS)
    long worstRun;
    @Label("Worst Start After Release")
    @Timespan(Timespan.NANOSECONDS)
    long worstLateness;

    static void emit(ReflexTask t) {
        ReflexCountersEvent e = new ReflexCountersEvent();
        ReflexCounters c = t.counters();
        e.task = t.name();
        e.releases = c.releases();
        e.runs = c.runs();
        e.misses = c.misses();
        e.skipped = c.skipped();
        e.late = c.late();
        e.aborts = c.aborts();
        e.worstRun = c.worstRunNanos();
        e.worstLateness = c.worstLatenessNanos();
        e.commit();
    }
}
