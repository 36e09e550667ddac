/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

/**
 * How one pipe of a placed pipeline is made: its transport, its Waters' size and how many are in flight.
 *
 * @param transport the transport's id: memory, shm, tcp or verbs
 * @param water the size of its Waters in bytes
 * @param window how many Waters may be in flight on it
 */
public record Link(String transport, int water, int window) {
    /** As {@code --explain} shows it: {@code memory, 64 KiB x 8}. */
    @Override
    public String toString() {
        return transport + ", " + Placement.size(water) + " x " + window;
    }
}
