/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.pso.PSO;
import jaguar.pso.PSOIntArray;

/** The thesis's linked-list message entry: four bytes, four ints and the next entry. */
public class Packet extends PSO {
    public byte b0, b1, b2, b3;
    public int i0, i1, i2, i3;
    public Packet next;
    public PSOIntArray payload;
}
