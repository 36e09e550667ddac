/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

import jaguar.pso.PSO;

/** A task's stable state in the transaction tests: a PSO in the task's container. */
public class Account extends PSO {
    public long balance;
    public int deposits;
    public Account previous;
}
