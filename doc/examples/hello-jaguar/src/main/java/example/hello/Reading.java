/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package example.hello;

import jaguar.pso.PSO;

/** A Pre-Serialized Object: its fields live in the bytes of the Water that carries it. */
public class Reading extends PSO {
    public long sensor;
    public long value;
}
