/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import jaguar.pso.PSO;

/**
 * The PSO-over-VIA experiment's list element: four bytes, four ints and a reference to the next
 * element; 8 (header) + 4 + 16 + 4 = 32 bytes, so 128 of them fill 4 KiB.
 */
public class MessageNode extends PSO {
    public static final int SIZE = 32;

    public byte b0, b1, b2, b3;
    public int i0, i1, i2, i3;
    public MessageNode next;
}
