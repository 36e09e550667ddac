/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test;

import java.util.function.LongSupplier;

import jaguar.mapping.CodeMappings;

/**
 * Runs a workload until the JIT has compiled its callers with their mappings inlined: done when a
 * whole round ran no Java body of a mapped method (needs -Djaguar.mapping.strict=true). Fails
 * with a clear message instead of hanging when the JIT never gets there.
 *
 * <p>A quiet round proves only that the code the round ran is compiled. If the round's method
 * under test is small, the JIT may inline it into the (OSR-compiled) warm-up loop and never
 * compile it on its own, so a later direct call runs it interpreted: tests keep that method out
 * of line with {@code -XX:CompileCommand=dontinline,Class::method}.
 */
public final class Warmup {
    private Warmup() {
    }

    /** Repeats {@code round} until one full run executes no mapped method's Java body. */
    public static int untilMapped(Runnable round, long timeoutSeconds) {
        return untilQuiet(round, CodeMappings::javaBodyRuns, timeoutSeconds, "mapped methods");
    }

    /**
     * As {@link #untilMapped(Runnable, long)}, counting only the Java bodies that pass
     * {@code method} to {@link CodeMappings#enterJavaBody}: for a JIT that expands only some
     * mappings (C1), the others stay calls.
     */
    public static int untilMapped(Runnable round, long timeoutSeconds, String method) {
        return untilQuiet(round, () -> CodeMappings.javaBodyRunsByMethod().getOrDefault(method, 0L), timeoutSeconds, method);
    }

    private static int untilQuiet(Runnable round, LongSupplier runs, long timeoutSeconds, String what) {
        long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
        int rounds = 0;
        int quiet = 0;
        while (true) {
            long before = runs.getAsLong();
            round.run();
            rounds++;
            // Two quiet rounds in a row: a single one can happen between a deopt and recompilation.
            quiet = runs.getAsLong() == before ? quiet + 1 : 0;
            if (quiet >= 2 && rounds > 10) {
                return rounds;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("after " + rounds + " rounds and " + timeoutSeconds
                                + " s the Java bodies of " + what + " still run: the JIT did not map their callers");
            }
        }
    }
}
