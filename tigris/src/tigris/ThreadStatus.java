/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.Serializable;
import java.util.List;

/**
 * One module thread's status, as a node reports it to the control agent.
 *
 * @param module the thread's instance name ("sort#3")
 * @param failure why it failed, or null
 * @param report what its module says of itself
 * @param outputs its producers' ends, in the order the thread hands them out
 */
public record ThreadStatus(String module, ModuleThread.State state, long watersIn, long operations, Failure failure, Report report,
                List<EndStatus> outputs) implements Serializable {
    public ThreadStatus {
        java.util.Objects.requireNonNull(module, "module");
        java.util.Objects.requireNonNull(state, "state");
        java.util.Objects.requireNonNull(report, "report");
        outputs = List.copyOf(outputs);
    }
}
