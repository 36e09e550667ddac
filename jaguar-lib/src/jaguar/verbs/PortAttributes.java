/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * What {@code ibv_query_port} says of a port ({@link VerbsContext#queryPort}). MTUs are the verbs
 * enum (1 = 256 bytes ... 5 = 4096); {@link #activeMtuBytes()} converts.
 *
 * @param state the port's state, {@code enum ibv_port_state} (4 = active; {@link #isActive()})
 * @param maxMtu the largest MTU the port supports, as the verbs enum
 * @param activeMtu the MTU in use, as the verbs enum; {@link QueuePair#connect} uses it as the
 *                  path MTU
 * @param gidTableLength entries in the port's GID table ({@link VerbsContext#gid} indexes)
 * @param maxMessageSize the largest message, in bytes ({@code max_msg_sz})
 * @param lid the port's local identifier on an InfiniBand subnet, 0 to 65535; 0 on RoCE
 * @param linkLayer {@code IBV_LINK_LAYER_*}: 1 InfiniBand, 2 Ethernet (RoCE;
 *                  {@link #isEthernet()}), 0 unspecified (InfiniBand)
 */
public record PortAttributes(int state, int maxMtu, int activeMtu, int gidTableLength, long maxMessageSize, int lid,
                             int linkLayer) {
    /**
     * Whether the port can carry traffic.
     *
     * @return true if {@link #state()} is {@code IBV_PORT_ACTIVE}
     */
    public boolean isActive() {
        return state == VerbsAbi.IBV_PORT_ACTIVE;
    }

    /**
     * Whether the port is RoCE (Ethernet link layer): addresses are GIDs, every path is global.
     *
     * @return true if {@link #linkLayer()} is {@code IBV_LINK_LAYER_ETHERNET}
     */
    public boolean isEthernet() {
        return linkLayer == VerbsAbi.IBV_LINK_LAYER_ETHERNET;
    }

    /**
     * The active MTU in bytes.
     *
     * @return {@code 128 << activeMtu()}: 256, 512, 1024, 2048 or 4096
     */
    public int activeMtuBytes() {
        return 128 << activeMtu;
    }
}
