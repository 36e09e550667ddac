/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.Serializable;

/**
 * One reservoir of a river as both its ends are told: its name ("a->b"), the transport that joins
 * them, its window (Waters in flight) and the size of its Waters.
 */
public record ReservoirPlan(String name, String transport, int window, int waterSize) implements Serializable {
    public ReservoirPlan {
        if (name == null || name.isBlank() || transport == null) {
            throw new IllegalArgumentException("a reservoir needs a name and a transport");
        }
        if (window < 1 || waterSize < 1) {
            throw new IllegalArgumentException("reservoir " + name + ": window " + window + " and water size " + waterSize + " must be positive");
        }
    }

    /** The name of the reservoir from instance {@code from} to instance {@code to}. */
    public static String nameOf(String from, String to) {
        return from + "->" + to;
    }
}
