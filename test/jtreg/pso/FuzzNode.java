/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.pso.PSO;
import jaguar.pso.PSOIntArray;
import jaguar.pso.PSOLongArray;

/**
 * The fuzz test's main PSO type: a field of every primitive type, references to its own type, to
 * another PSO type, to an abstract PSO type, and to both array types.
 */
public class FuzzNode extends PSO {
    public boolean z;
    public byte b;
    public char c;
    public short s;
    public int i;
    public float f;
    public long j;
    public double d;
    public FuzzNode next;
    public FuzzNode prev;
    public FuzzLeaf leaf;
    public FuzzBase any;
    public PSOIntArray ints;
    public PSOLongArray longs;
}
