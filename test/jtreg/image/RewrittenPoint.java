/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.pso.PSO;

/** A PSO class: the rewriter removes its laid-out field and adds accessors. */
public class RewrittenPoint extends PSO {
    public int x;
    public long y;
}
