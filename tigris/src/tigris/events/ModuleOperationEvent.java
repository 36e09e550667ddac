/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.events;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One doOperation of a module: where the time of a river goes. On by default. */
@Name("tigris.ModuleOperation")
@Label("Module Operation")
@Category({"Tigris", "Modules"})
@Description("One doOperation call of a module, on its thread")
@StackTrace(false)
public final class ModuleOperationEvent extends Event {
    @Label("Module")
    public String module;

    @Label("Input Reservoir")
    @Description("Where the Water came from; empty for a source or the last call at End of River")
    public String from;

    @Label("Input Bytes")
    @DataAmount
    public long bytes;
}
