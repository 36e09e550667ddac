/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

/**
 * Where an end of a reservoir is: the node, and the host address it is listed at. Transports
 * decide from two sites whether they can join them ({@link Transport#canJoin}).
 *
 * @param node the node's name: two sites of one node are joined by memory
 * @param host the address the node is listed at, as text: nodes listed at the same address are
 *        on one host
 */
public record Site(String node, String host) {
    @Override
    public String toString() {
        return node + " (" + host + ")";
    }
}
