/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.graph;

import tigris.transport.Transports;

/**
 * What a connection is made of: its credit window (Waters in flight), the size of the Waters its
 * spring makes, and the transport that joins instances placed on different nodes (within a node:
 * memory).
 *
 * @param window the most Waters in flight per reservoir, put and not yet processed: at least 1
 *        ({@link RiverGraph#validate()} refuses less)
 * @param waterSize the most bytes a Water of the reservoir holds: at least 1 (likewise)
 * @param across the id of a registered transport ({@link Transports}) that joins instances on
 *        different nodes: {@code "tcp"}, {@code "shm"}, {@code "verbs"}, {@code "file"}, ...
 */
public record ReservoirSpec(int window, int waterSize, String across) {
    /**
     * Makes a spec.
     *
     * @throws IllegalArgumentException if no transport of id {@code across} is registered,
     *         listing those that are
     */
    public ReservoirSpec {
        Transports.byId(across);   // refuses an unknown id, listing the known ones
    }

    /**
     * Waters of {@code waterSize} bytes, {@code window} in flight, TCP between nodes.
     *
     * @param window the most Waters in flight per reservoir, at least 1
     * @param waterSize the most bytes a Water holds, at least 1
     * @return the spec
     */
    public static ReservoirSpec of(int window, int waterSize) {
        return new ReservoirSpec(window, waterSize, "tcp");
    }

    /**
     * This spec with instances on different nodes joined by transport {@code transport}.
     *
     * @param transport a registered transport's id ({@code "shm"})
     * @return a new spec of the same window and Water size
     * @throws IllegalArgumentException if no transport of that id is registered
     */
    public ReservoirSpec across(String transport) {
        return new ReservoirSpec(window, waterSize, transport);
    }
}
