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
 * @param across the id of a registered transport ({@link Transports})
 */
public record ReservoirSpec(int window, int waterSize, String across) {
    public ReservoirSpec {
        Transports.byId(across);   // refuses an unknown id, listing the known ones
    }

    /** Waters of {@code waterSize} bytes, {@code window} in flight, TCP between nodes. */
    public static ReservoirSpec of(int window, int waterSize) {
        return new ReservoirSpec(window, waterSize, "tcp");
    }

    /** This spec with instances on different nodes joined by transport {@code transport}. */
    public ReservoirSpec across(String transport) {
        return new ReservoirSpec(window, waterSize, transport);
    }
}
