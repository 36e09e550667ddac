/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test;

import java.lang.reflect.Executable;

import jdk.test.whitebox.WhiteBox;

/**
 * Compiles a method at a chosen tier through WhiteBox and proves it is compiled there, so that a
 * test knows which JIT's code ran instead of assuming it. A test that uses it declares
 * {@code @library /lib /test/lib} (OpenJDK's test library, TEST.ROOT's external.lib.roots),
 * {@code @build jdk.test.whitebox.WhiteBox jaguar.test.Compilation},
 * {@code @run driver jdk.test.lib.helpers.ClassFileInstaller jdk.test.whitebox.WhiteBox}, and
 * runs with {@code -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI}.
 */
public final class Compilation {
    /** HotSpot's compilation levels: C1 without profiling (C1 alone), C1 with full profiling, C2. */
    public static final int C1 = 1, C1_PROFILING = 3, C2 = 4;

    private static final WhiteBox WB = WhiteBox.getWhiteBox();

    private Compilation() {
    }

    /** Compiles {@code m} at {@code level} unless its current code is already there; fails if it does not get there. */
    public static void compile(Executable m, int level, long timeoutSeconds) {
        long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
        while (level(m) != level && System.nanoTime() < deadline) {
            if (!WB.isMethodCompilable(m, level)) {
                throw new AssertionError(m + " cannot be compiled at level " + level + " (that tier is off, or a bail-out made it not compilable)");
            }
            // A request while another compilation of m is queued (tiered's own, at another level)
            // is dropped: ask again once that one is done. Immediate under -Xbatch.
            if (!WB.isMethodQueuedForCompilation(m) && !WB.enqueueMethodForCompilation(m, level)) {
                throw new AssertionError("the VM did not queue " + m + " for compilation at level " + level);
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        requireLevel(m, level, "after its compilation");
    }

    /** Fails unless {@code m}'s current code is compiled at {@code level}. */
    public static void requireLevel(Executable m, int level, String when) {
        int got = level(m);
        if (got != level) {
            throw new AssertionError(when + ": " + m + " runs " + (got == 0 ? "interpreted" : "code of level " + got)
                            + ", not code of level " + level + (WB.isMethodCompilable(m, level) ? "" : " (no longer compilable there)"));
        }
    }

    /** Uncommon traps {@code m}'s profile recorded for {@code reason} (e.g. "null_check"); 0 without a profile. */
    public static int trapCount(Executable m, String reason) {
        return WB.getMethodTrapCount(m, reason);
    }

    /** The level of {@code m}'s current compiled code, 0 when it has none (interpreted). */
    public static int level(Executable m) {
        return WB.isMethodCompiled(m) ? WB.getMethodCompilationLevel(m) : 0;
    }
}
