/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A module thread gave a reservoir its credit back after an operation. Off by default: one per Water. */
@Name("tigris.CreditBack")
@Label("Credit Back")
@Category({"Tigris", "Reservoirs"})
@Description("The operation that took a Water is over: its reservoir gets the credit back")
@Enabled(false)
@StackTrace(false)
public final class CreditBackEvent extends Event {
    /**
     * Asked before an event object is made on a per-Water path: a hot path compiled while a
     * recording took this event keeps allocating the object after it stops, escape analysis or not
     * (measured: a time-critical stage's scheduler thread, 40 bytes a Water).
     */
    public static final jdk.jfr.EventType TYPE = jdk.jfr.EventType.getEventType(CreditBackEvent.class);

    @Label("Module")
    public String module;

    @Label("Reservoir")
    public String reservoir;
}
