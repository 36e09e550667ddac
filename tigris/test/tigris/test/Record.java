/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import jaguar.pso.PSO;

/** A PSO carried in test Waters. */
public class Record extends PSO {
    public long key;
    public int value;
    public Record next;
}
