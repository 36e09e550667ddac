/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * What every Tigris module has, whichever way its thread hands it downstream reservoirs: a name,
 * a life (init, destroy) and a report. A module is a {@link ModuleIF} (its thread chooses one
 * downstream end per operation) or a {@link PartitioningModuleIF} (it gets them all and chooses).
 */
public interface ModuleLifecycle {
    /** {@return a name unique in the graph, for reports and errors} */
    String getName();

    /**
     * Called once by the module's thread before the first doOperation. A module reads its
     * parameters here; what it throws fails its thread before any Water is taken (and
     * {@link #destroy()} is then not called).
     *
     * @param config the instance's name, node, parameters and output stage
     */
    void init(ModuleConfig config);

    /** Called once by the module's thread after the last doOperation, also on failure. */
    void destroy();

    /**
     * What the module says of itself in its node's status reports (counters while it runs, a
     * result once it has ended), read by the control agent; called from other threads, so it
     * reads what it reports from volatile or final fields. A report of a class outside Tigris
     * reaches the agent as its text. Empty by default.
     *
     * @return the report now; null reads as {@link TextReport#EMPTY}
     */
    default Report report() {
        return TextReport.EMPTY;
    }
}
