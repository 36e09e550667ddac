/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * What {@code ibv_query_port} says of a port. MTUs are the verbs enum (1 = 256 bytes ... 5 =
 * 4096); {@link #activeMtuBytes()} converts.
 */
public record PortAttributes(int state, int maxMtu, int activeMtu, int gidTableLength, long maxMessageSize, int lid,
                             int linkLayer) {
    public boolean isActive() {
        return state == VerbsAbi.IBV_PORT_ACTIVE;
    }

    /** RoCE (Ethernet link layer): addresses are GIDs, every path is global. */
    public boolean isEthernet() {
        return linkLayer == VerbsAbi.IBV_LINK_LAYER_ETHERNET;
    }

    public int activeMtuBytes() {
        return 128 << activeMtu;
    }
}
