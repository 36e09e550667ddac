/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.access;

/**
 * The two rows of the access suite, as benchmark method names; bench/tools/access_tables.py lines
 * the columns up by them, so every column class implements this.
 */
public interface ElementAccess {
    /** Sum of all INTS ints, one element access at a time. */
    int sum(OffHeapInts s);

    /** Store s.value into all INTS ints. */
    void fill(OffHeapInts s);
}
