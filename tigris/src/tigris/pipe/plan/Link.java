/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

/** How one pipe of a placed pipeline is made: its transport, its Waters' size and how many are in flight. */
public record Link(String transport, int water, int window) {
    @Override
    public String toString() {
        return transport + ", " + Placement.size(water) + " x " + window;
    }
}
