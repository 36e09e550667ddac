/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

/** MyObject as a plain Java object: the Java column of Figure 8. */
public final class JavaObject {
    public int someInt;
    public byte someByte;
    public JavaObject someRef;
}
