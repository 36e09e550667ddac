/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/** A thread waited on a reservoir: its producer for a credit, or a module thread for a Water. On by default, above 1 ms. */
@Name("tigris.ReservoirWait")
@Label("Reservoir Wait")
@Category({"Tigris", "Reservoirs"})
@Description("A producer waited for a credit, or a module thread for a Water from any of its upstream reservoirs")
@Threshold("1 ms")
@StackTrace(false)
public final class ReservoirWaitEvent extends Event {
    @Label("Module")
    public String module;

    @Label("Reservoir")
    @Description("The reservoir waited on; for a module thread waiting for input, its upstream reservoirs")
    public String reservoir;

    @Label("Waiting For")
    @Description("credit or Water")
    public String waitingFor;
}
