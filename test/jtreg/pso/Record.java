/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.pso.PSO;
import jaguar.pso.PSOLongArray;

/** A PSO with a field of every laid-out type, for the PSO tests. */
public class Record extends PSO {
    public boolean flag;
    public byte b;
    public char c;
    public short s;
    public int i;
    public float f;
    public long l;
    public double d;
    public Record next;
    public PSOLongArray history;
}
