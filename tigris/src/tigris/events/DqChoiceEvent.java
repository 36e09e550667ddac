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

/** A Distributed Queue chose a downstream reservoir. Off by default: one per operation. */
@Name("tigris.DqChoice")
@Label("Distributed Queue Choice")
@Category({"Tigris", "Modules"})
@Description("A module thread's policy chose the downstream reservoir for an operation; its duration is the choice, waits for credit included")
@Enabled(false)
@StackTrace(false)
public final class DqChoiceEvent extends Event {
    @Label("Module")
    public String module;

    @Label("Policy")
    public String policy;

    @Label("Chosen Reservoir")
    public String chosen;

    @Label("Its Credits")
    public int credits;

    @Label("Downstream Reservoirs")
    public int candidates;
}
