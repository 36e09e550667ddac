/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.pso.PSOLongArray;

/** The fuzz test's second PSO type: fields of other types, a reference back to FuzzNode, an array. */
public class FuzzLeaf extends FuzzBase {
    public short code;
    public char mark;
    public double value;
    public FuzzNode owner;
    public PSOLongArray data;
}
