/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.Map;

import tigris.graph.RiverGraph;

/** A placed pipeline as a river: the graph, whose pipes are the plan's links, and where each of its modules runs. */
public record PlacedRiver(RiverGraph graph, Map<String, Place> modules) {
    public PlacedRiver {
        modules = Map.copyOf(modules);
    }
}
