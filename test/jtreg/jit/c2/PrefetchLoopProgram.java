/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

/**
 * Fill loops over off-heap memory with a mapped store, one with a prefetch ahead of each store
 * and one with a full fence instead. C2 compiles both hot (PrefetchLoopTest reads the code):
 * the prefetch is not a memory barrier, so its loop still vectorises; the fence is one, so its
 * loop does not. Results are checked against the values written.
 */
public final class PrefetchLoopProgram {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    static final int N = 4096;

    @CodeMapping("store.i32 [$0 + $1], $2")
    static void put(long base, long offset, int value) {
        CodeMappings.enterJavaBody("put");
        ALL.set(ValueLayout.JAVA_INT_UNALIGNED, base + offset, value);
    }

    @CodeMapping("prefetch.t0 [$0]")
    static void prefetch(long address) {
        CodeMappings.enterJavaBody("prefetch");
    }

    @CodeMapping("fence.full")
    static void fence() {
        CodeMappings.enterJavaBody("fence");
        java.lang.invoke.VarHandle.fullFence();
    }

    static void fillPrefetching(long base, int value) {
        for (int i = 0; i < N; i++) {
            prefetch(base + 4L * i + 512);
            put(base, 4L * i, value);
        }
    }

    static void fillFenced(long base, int value) {
        for (int i = 0; i < N; i++) {
            fence();
            put(base, 4L * i, value);
        }
    }

    public static void main(String[] args) {
        try (Arena arena = Arena.ofConfined()) {
            long base = arena.allocate(4L * N + 1024, 64).address();
            int[] round = {0};
            Warmup.untilMapped(() -> {
                int v = ++round[0];
                fillPrefetching(base, v);
                check(base, v, "fillPrefetching");
                fillFenced(base, -v);
                check(base, -v, "fillFenced");
            }, 120);
            System.out.println("ok after " + round[0] + " rounds");
        }
    }

    static void check(long base, int value, String what) {
        for (int i = 0; i < N; i++) {
            if (ALL.get(ValueLayout.JAVA_INT_UNALIGNED, base + 4L * i) != value) {
                throw new AssertionError(what + ": element " + i + " is not " + value);
            }
        }
    }
}
