/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import jaguar.pso.PSOContainer;

/**
 * The PSO-over-VIA experiment's message, built the same way by every benchmark that sends it: a
 * list of {@code nodes} elements whose fields all derive from {@code seed + index}.
 */
public final class MessageLists {
    private MessageLists() {
    }

    /** Empties {@code c} and builds the list in it as MessageNode PSOs, the first as the root; returns c. */
    public static PSOContainer buildPso(PSOContainer c, int nodes, int seed) {
        c.reset();
        MessageNode prev = null;
        for (int i = 0; i < nodes; i++) {
            MessageNode n = c.allocate(MessageNode.class);
            fill(n, seed + i);
            if (prev == null) {
                c.setRoot(n);
            } else {
                prev.next = n;
            }
            prev = n;
        }
        return c;
    }

    /** Assigns every field of {@code n} from {@code v} (the same values JavaNode.list gives a JavaNode). */
    public static void fill(MessageNode n, int v) {
        n.b0 = (byte) v;
        n.b1 = (byte) (v >> 8);
        n.b2 = (byte) (v >> 16);
        n.b3 = (byte) (v >> 24);
        n.i0 = v;
        n.i1 = v + 1;
        n.i2 = v + 2;
        n.i3 = v + 3;
    }
}
