/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.calls;

/**
 * The call shapes every column of Figure 1 measures, as benchmark method names: the tables
 * generator (bench/tools/fig1_tables.py) lines columns up by these names, so each column class
 * implements exactly these (an interface keeps them honest).
 */
public interface CallShapes {
    /** A call with no arguments and no result. */
    void noop();

    /** One int argument, int result (x + 1). */
    int intArg(CallArgs s);

    /** Four int arguments, int result (their sum). */
    int fourIntArgs(CallArgs s);

    /** Read 8 bytes of off-heap memory. */
    long read8(CallArgs s);

    /** Write 8 bytes of off-heap memory. */
    void write8(CallArgs s);
}
