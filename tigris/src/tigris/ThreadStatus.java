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
 * @param state where the thread is in its life when the status was taken
 * @param watersIn Waters it has taken from its upstream reservoirs so far
 * @param operations doOperation calls so far (a source's calls, and the last call at End of River,
 *        count: it may exceed {@code watersIn})
 * @param failure why it failed, or null
 * @param report what its module says of itself
 * @param outputs its producers' ends, in the order the thread hands them out
 */
public record ThreadStatus(String module, ModuleThread.State state, long watersIn, long operations, Failure failure, Report report,
                List<EndStatus> outputs) implements Serializable {
    /**
     * Makes a status; {@code outputs} is copied.
     *
     * @throws NullPointerException if {@code module}, {@code state}, {@code report} or
     *         {@code outputs} (or an element of it) is null
     */
    public ThreadStatus {
        java.util.Objects.requireNonNull(module, "module");
        java.util.Objects.requireNonNull(state, "state");
        java.util.Objects.requireNonNull(report, "report");
        outputs = List.copyOf(outputs);
    }
}
