package jaguar.test;

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
        long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
        int rounds = 0;
        int quiet = 0;
        while (true) {
            long before = CodeMappings.javaBodyRuns();
            round.run();
            rounds++;
            // Two quiet rounds in a row: a single one can happen between a deopt and recompilation.
            quiet = CodeMappings.javaBodyRuns() == before ? quiet + 1 : 0;
            if (quiet >= 2 && rounds > 10) {
                return rounds;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("after " + rounds + " rounds and " + timeoutSeconds
                                + " s the Java bodies of mapped methods still run: the JIT did not map their callers");
            }
        }
    }
}
