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
