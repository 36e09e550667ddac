/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.events;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A Water put into a reservoir. Off by default: one per Water. */
@Name("tigris.WaterHandOff")
@Label("Water Hand-Off")
@Category({"Tigris", "Reservoirs"})
@Description("A Water handed to a reservoir's producer's end (put)")
@Enabled(false)
@StackTrace(false)
public final class WaterHandOffEvent extends Event {
    /**
     * Asked before an event object is made on a per-Water path: a hot path compiled while a
     * recording took this event keeps allocating the object after it stops, escape analysis or not
     * (measured: a time-critical stage's scheduler thread, 40 bytes a Water).
     */
    public static final jdk.jfr.EventType TYPE = jdk.jfr.EventType.getEventType(WaterHandOffEvent.class);

    @Label("Reservoir")
    public String reservoir;

    @Label("Bytes")
    @DataAmount
    public long bytes;

    @Label("Kind")
    public byte kind;

    @Label("Credits Left")
    public int credits;
}
