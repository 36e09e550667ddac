package tigris;

import java.io.Serializable;

/**
 * One module thread's status, as a node reports it to the control agent.
 *
 * @param module the thread's instance name ("sort#3")
 * @param failure why it failed, or null
 * @param report what its module says of itself
 */
public record ThreadStatus(String module, ModuleThread.State state, long watersIn, long operations, Failure failure, Report report)
                implements Serializable {
    public ThreadStatus {
        java.util.Objects.requireNonNull(module, "module");
        java.util.Objects.requireNonNull(state, "state");
        java.util.Objects.requireNonNull(report, "report");
    }
}
