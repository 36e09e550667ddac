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
 * @param label how the plan shows it ({@code grep DEBUG})
 * @param runsProcess whether it starts a Unix process: only where the node allows it
 */
public record BoundFilter(String label, Class<? extends ModuleLifecycle> module, Map<String, String> parameters, boolean input, boolean output,
                FilterClasses classes, boolean runsProcess) {
    public BoundFilter {
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        if (!input && !output) {
            throw new IllegalArgumentException("filter " + label + " takes no stream and gives none");
        }
    }

    /** A filter of Tigris's own modules, no process. */
    public BoundFilter(String label, Class<? extends ModuleLifecycle> module, Map<String, String> parameters, boolean input, boolean output,
                    FilterClasses classes) {
        this(label, module, parameters, input, output, classes, false);
    }

    /** Whether its module routes its own Waters to the pipes after it (a {@link PipeModule}); else a route is put after it when it needs one. */
    public boolean routesItself() {
        return PipeModule.class.isAssignableFrom(module) && PartitioningModuleIF.class.isAssignableFrom(module);
    }
}
