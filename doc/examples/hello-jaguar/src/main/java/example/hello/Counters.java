/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package example.hello;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import jaguar.mapping.CodeMapping;

/** A code mapping: the JIT of the Jaguar JDK inlines the template; any JDK can run the Java body. */
final class Counters {
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private Counters() {
    }

    @CodeMapping("""
        old = getadd.i64 [$0 + $1], 1
        return old
        """)
    static long increment(long base, long offset) {
        return (long) LONG.getAndAdd(ALL, base + offset, 1L);
    }
}
