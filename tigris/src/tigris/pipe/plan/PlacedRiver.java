/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.Map;

import tigris.graph.RiverGraph;

/**
 * A placed pipeline as a river: the graph, whose pipes are the plan's links, and where each of its modules runs.
 *
 * @param graph the river, validated: a module per filter (and routes), a reservoir per pipe with its
 *            link's transport, Water size and window
 * @param modules the place of each module, by its name in the graph (a route's is its filter's);
 *            copied, unmodifiable
 */
public record PlacedRiver(RiverGraph graph, Map<String, Place> modules) {
    /** Copies {@code modules}. */
    public PlacedRiver {
        modules = Map.copyOf(modules);
    }
}
