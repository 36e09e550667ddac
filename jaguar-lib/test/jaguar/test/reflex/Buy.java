/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

import jaguar.pso.PSO;

/** An event: a buy order a task wrote. */
public class Buy extends PSO {
    public int symbol;
    public long price;
}
