/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.pso.PSO;

/**
 * Abstract PSO class of the fuzz test: a reference declared FuzzBase recovers through the
 * fingerprint of a loaded subclass (FuzzLeaf); bytes carrying FuzzBase's own fingerprint name an
 * abstract class and must be refused.
 */
public abstract class FuzzBase extends PSO {
    public int kind;
    public FuzzBase link;
}
