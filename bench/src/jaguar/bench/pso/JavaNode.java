/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.io.Serializable;

/** MessageNode as a Serializable Java object: what the thesis wrote with an ObjectOutputStream. */
public final class JavaNode implements Serializable {
    private static final long serialVersionUID = 1L;

    public byte b0, b1, b2, b3;
    public int i0, i1, i2, i3;
    public JavaNode next;

    /**
     * MessageLists' list as Serializable JavaNodes; returns its head. Here, not in MessageLists,
     * so that the C2 column (a stock JDK without jaguar.lib) never links a PSO class. Its stores
     * are MessageLists.fill's on purpose: both columns do the same work.
     */
    public static JavaNode list(int nodes, int seed) {
        JavaNode head = null, prev = null;
        for (int i = 0; i < nodes; i++) {
            JavaNode n = new JavaNode();
            int v = seed + i;
            n.b0 = (byte) v;
            n.b1 = (byte) (v >> 8);
            n.b2 = (byte) (v >> 16);
            n.b3 = (byte) (v >> 24);
            n.i0 = v;
            n.i1 = v + 1;
            n.i2 = v + 2;
            n.i3 = v + 3;
            if (prev == null) {
                head = n;
            } else {
                prev.next = n;
            }
            prev = n;
        }
        return head;
    }
}
