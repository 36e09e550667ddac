/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.transport;

import java.io.Serializable;

/**
 * One reservoir of a river as both its ends are told: its name ("a->b"), the transport that joins
 * them, its window (Waters in flight) and the size of its Waters.
 *
 * @param name the reservoir's name, {@link #nameOf} its producer's and consumer's instances;
 *        neither null nor blank
 * @param transport the {@link Transport#id} of the transport that joins its ends; never null
 * @param window how many Waters may be in flight from the producer to the consumer (the
 *        producer's credits), at least 1
 * @param waterSize the size of each Water, in bytes, at least 1
 */
public record ReservoirPlan(String name, String transport, int window, int waterSize) implements Serializable {
    /**
     * Checks the components, when built and when deserialized.
     *
     * @throws IllegalArgumentException if {@code name} is null or blank, {@code transport} is
     *         null, or {@code window} or {@code waterSize} is less than 1
     */
    public ReservoirPlan {
        if (name == null || name.isBlank() || transport == null) {
            throw new IllegalArgumentException("a reservoir needs a name and a transport");
        }
        if (window < 1 || waterSize < 1) {
            throw new IllegalArgumentException("reservoir " + name + ": window " + window + " and water size " + waterSize + " must be positive");
        }
    }

    /**
     * The name of the reservoir from instance {@code from} to instance {@code to}.
     *
     * @param from the producing module instance's name
     * @param to the consuming module instance's name
     * @return {@code from->to}
     */
    public static String nameOf(String from, String to) {
        return from + "->" + to;
    }
}
