/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/** A periodic task's invocation that ended after its deadline (its next release time). */
@Name("jaguar.ReflexMiss")
@Label("Reflex Deadline Miss")
@Category({ "Jaguar", "Reflexes" })
@Description("An invocation of a periodic Reflex task that ended after its next release time")
final class ReflexMissEvent extends jdk.jfr.Event {
    @Label("Task")
    String task;
    @Label("Start After Release")
    @Timespan(Timespan.NANOSECONDS)
    long lateness;
    @Label("Run Time")
    @Timespan(Timespan.NANOSECONDS)
    long run;
    @Label("Past Deadline")
    @Timespan(Timespan.NANOSECONDS)
    long overrun;
}
