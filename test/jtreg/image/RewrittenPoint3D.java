/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/** A PSO class by inheritance, defined after RewrittenPoint: the VM's first look finds its loaded superclass is a PSO class. */
public class RewrittenPoint3D extends RewrittenPoint {
    public int z;
}
