/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

/** Where an end of a reservoir is: the node, and the host address it is listed at. */
public record Site(String node, String host) {
    @Override
    public String toString() {
        return node + " (" + host + ")";
    }
}
