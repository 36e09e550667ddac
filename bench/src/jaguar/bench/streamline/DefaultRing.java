/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.streamline;

import tigris.reservoir.ShmSizing;

/** Prints the data bytes a stream gets unless its window limits it (ShmSizing), and on stderr which cache that comes from. */
public final class DefaultRing {
    private DefaultRing() {
    }

    public static void main(String[] args) {
        System.err.println("default ring: " + ShmSizing.CACHES + " of a core's cache, " + ShmSizing.coreCache());
        System.out.println(ShmSizing.defaultBytes());
    }
}
