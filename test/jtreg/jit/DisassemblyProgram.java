/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

/**
 * A hot loop calling three mappings whose machine code is easy to recognise: a doorbell-style
 * store/sfence/store, rdtsc, and lock xadd. Warms up until the JIT maps them (strict mode).
 */
public final class DisassemblyProgram {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    @CodeMapping("""
        store.i32 [$0 + 4], $2
        sfence
        store.i32.release [$0], $1
        """)
    static void ring(long a, int value, int handle) {
        CodeMappings.enterJavaBody("ring");
        ALL.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, a + 4, handle);
        java.lang.invoke.VarHandle.fullFence();
        ALL.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, a, value);
    }

    @CodeMapping("t = rdtsc; return t")
    static long ticks() {
        CodeMappings.enterJavaBody("ticks");
        return System.nanoTime();
    }

    @CodeMapping("old = getadd.i64 [$0 + 8], $1; return old")
    static long count(long a, long d) {
        CodeMappings.enterJavaBody("count");
        return (long) java.lang.foreign.ValueLayout.JAVA_LONG.varHandle().getAndAdd(ALL, a + 8, d);
    }

    /** The method whose compiled code DisassemblyTest reads: the three calls in a loop's body. */
    static long hot(long a, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            ring(a + 16, i, ~i);
            long t = ticks();
            sum += count(a, 1) + (t & 1);
        }
        return sum;
    }

    public static void main(String[] args) {
        CodeMappings.register(DisassemblyProgram.class);
        try (Arena arena = Arena.ofConfined()) {
            long a = arena.allocate(64, 64).address();
            long[] sink = {0};
            Warmup.untilMapped(() -> {
                for (int k = 0; k < 100; k++) {
                    sink[0] += hot(a, 100);
                }
            }, 240);
            System.out.println("mapped");
            // Strict mode has seen no Java body: run on so that C2's version of hot is the last one.
            for (int k = 0; k < 1000; k++) {
                sink[0] += hot(a, 100);
            }
            System.out.println(sink[0] != 0 ? "done" : "done (zero)");
        }
    }
}
