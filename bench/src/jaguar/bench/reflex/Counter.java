/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import jaguar.pso.PSO;

/** Table 1's event: a number (the paper's events of one integer). */
public class Counter extends PSO {
    public int owner;
    public long value;
}
