/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.LinkedHashMap;
import java.util.Map;

import tigris.ModuleLifecycle;
import tigris.PartitioningModuleIF;

/**
 * A filter as one call of it runs: its module's class and parameters, whether it takes a stream
 * in and gives one out, and the classes it puts its Waters in.
 *
 * @param label how the plan shows it ({@code grep DEBUG}): the filter's name and its arguments as
 *            written; the river's module is named after its first word
 * @param module the module class the river runs for it (a {@link PipeModule}, a river module, or
 *            {@code ProcessModule} for a process)
 * @param parameters the module's parameters, in order; copied, and unmodifiable afterwards
 * @param input whether it takes a stream in (false: a source)
 * @param output whether it gives a stream out (false: a sink)
 * @param classes the classes it puts its Waters in, and which a plain pipe forwards
 * @param runsProcess whether it starts a Unix process: only where the node allows it
 *            ({@link ExecPolicy})
 */
public record BoundFilter(String label, Class<? extends ModuleLifecycle> module, Map<String, String> parameters, boolean input, boolean output,
                FilterClasses classes, boolean runsProcess) {
    /**
     * Copies {@code parameters}.
     *
     * @throws IllegalArgumentException if the filter neither takes a stream nor gives one
     */
    public BoundFilter {
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        if (!input && !output) {
            throw new IllegalArgumentException("filter " + label + " takes no stream and gives none");
        }
    }

    /**
     * A filter that runs a module, no process.
     *
     * @param label how the plan shows it ({@code grep DEBUG})
     * @param module the module class the river runs for it
     * @param parameters the module's parameters, in order; copied
     * @param input whether it takes a stream in (false: a source)
     * @param output whether it gives a stream out (false: a sink)
     * @param classes the classes it puts its Waters in
     * @throws IllegalArgumentException if the filter neither takes a stream nor gives one
     */
    public BoundFilter(String label, Class<? extends ModuleLifecycle> module, Map<String, String> parameters, boolean input, boolean output,
                    FilterClasses classes) {
        this(label, module, parameters, input, output, classes, false);
    }

    /**
     * Whether its module routes its own Waters to the pipes after it (a {@link PipeModule}, through
     * its {@link Outlet}); else the plan puts a route module after it when its output goes to
     * several pipes or to a selection.
     *
     * @return true if {@link #module} is a {@link PipeModule}
     */
    public boolean routesItself() {
        return PipeModule.class.isAssignableFrom(module) && PartitioningModuleIF.class.isAssignableFrom(module);
    }
}
