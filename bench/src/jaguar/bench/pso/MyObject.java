/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import jaguar.pso.PSO;

/**
 * The thesis's Figure 7 PSO: an int, a byte and a reference to the next object. Laid out as an
 * 8-byte header, someInt at 8, someByte at 12, someRef (a u32 offset) at 16: 24 bytes.
 */
public class MyObject extends PSO {
    /** Bytes one object takes in its container (checked against the layout at setup). */
    public static final int SIZE = 24;

    public int someInt;
    public byte someByte;
    public MyObject someRef;
}
