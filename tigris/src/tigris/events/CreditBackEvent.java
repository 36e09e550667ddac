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
    @Label("Module")
    public String module;

    @Label("Reservoir")
    public String reservoir;
}
