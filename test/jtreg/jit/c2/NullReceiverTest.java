/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A null receiver of an instance mapping, in a caller compiled by C2 (tiered and alone)
 *          and by C1 alone with the call expanded (WhiteBox proves the tier, strict mode that no
 *          Java body runs), throws NullPointerException as the call would: the caller at the
 *          call's line on top of the stack trace, the JDK's helpful message for the invoke, the
 *          effect before the call done and none after it (the template's own store included).
 *          Afterwards the caller computes the right results again at the same tier, in the same
 *          code or recompiled after a deoptimisation (the run prints which).
 * @library /lib /test/lib
 * @build jdk.test.whitebox.WhiteBox jaguar.test.Compilation jaguar.test.Warmup
 * @run driver jdk.test.lib.helpers.ClassFileInstaller jdk.test.whitebox.WhiteBox
 * @run main/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -Djaguar.mapping.strict=true
 *      --enable-native-access=ALL-UNNAMED -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,NullReceiverTest::caller
 *      NullReceiverTest 4
 * @run main/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -Djaguar.mapping.strict=true
 *      --enable-native-access=ALL-UNNAMED -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,NullReceiverTest::caller
 *      -XX:-TieredCompilation NullReceiverTest 4
 * @run main/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -Djaguar.mapping.strict=true
 *      --enable-native-access=ALL-UNNAMED -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,NullReceiverTest::caller
 *      -XX:TieredStopAtLevel=1 NullReceiverTest 1
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.test.Compilation;
import jaguar.test.Warmup;

public class NullReceiverTest {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    static final int UNTOUCHED = 0x5EED;

    /** The caller's frame at the call, seen by the Java body's first (interpreted) run. */
    static StackTraceElement callSite;

    static final class Cell {
        /** An instance mapping, bound statically (final): stores a value, reads the word after it. */
        @CodeMapping("store.i32 [$0], $1; v = load.i32 [$0 + 4]; return v")
        final int swap(long address, int v) {
            CodeMappings.enterJavaBody("Cell.swap");
            if (callSite == null) {
                callSite = new Throwable().getStackTrace()[1];
            }
            ALL.set(INT, address, v);
            return ALL.get(INT, address + 4);
        }

        @CodeMapping("store.i32 [$0], $1")
        static void put(long address, int v) {
            CodeMappings.enterJavaBody("Cell.put");
            ALL.set(INT, address, v);
        }
    }

    /** Compiled on its own (dontinline): an effect before the call, the call, effects after it. */
    static int caller(Cell cell, long a, int v, int[] effects) {
        effects[0] = v;
        int r = cell.swap(a, v);
        Cell.put(a + 8, v);
        effects[1] = v;
        return r;
    }

    /** One call with a receiver, checked against what the Java bodies do. */
    static void check(Cell cell, MemorySegment mem, int v, int[] effects) {
        mem.set(INT, 4, v * 3);
        int r = caller(cell, mem.address(), v, effects);
        if (r != v * 3 || mem.get(INT, 0) != v || mem.get(INT, 8) != v || effects[0] != v || effects[1] != v) {
            throw new AssertionError("v " + v + ": returned " + r + ", memory " + mem.get(INT, 0) + "/" + mem.get(INT, 8)
                            + ", effects " + effects[0] + "/" + effects[1]);
        }
    }

    static void rounds(Cell cell, MemorySegment mem, int[] effects, int from) {
        for (int v = from; v < from + 1000; v++) {
            check(cell, mem, v, effects);
        }
    }

    public static void main(String[] args) throws Exception {
        int level = Integer.parseInt(args[0]);
        Method callerMethod = NullReceiverTest.class.getDeclaredMethod("caller", Cell.class, long.class, int.class, int[].class);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mem = arena.allocate(16, 8);
            Cell cell = new Cell();
            int[] effects = new int[2];
            int[] next = {0};
            Warmup.untilMapped(() -> rounds(cell, mem, effects, next[0] += 1000), 120);
            // Tiered, a quiet warm-up can be C1's code: C2's is asked for by name.
            Compilation.compile(callerMethod, level, 60);
            CodeMappings.setStrict(true);
            rounds(cell, mem, effects, 1 << 20);
            Compilation.requireLevel(callerMethod, level, "before the null receiver");

            mem.set(INT, 0, UNTOUCHED);
            mem.set(INT, 8, UNTOUCHED);
            effects[0] = effects[1] = UNTOUCHED;
            int trapsBefore = Compilation.trapCount(callerMethod, "null_check");
            NullPointerException npe = null;
            try {
                caller(null, mem.address(), 77, effects);
            } catch (NullPointerException e) {
                npe = e;
            }
            if (npe == null) {
                throw new AssertionError("a null receiver did not throw");
            }
            StackTraceElement top = npe.getStackTrace().length == 0 ? null : npe.getStackTrace()[0];
            if (top == null || !top.getMethodName().equals("caller") || !top.getClassName().equals(NullReceiverTest.class.getName())
                            || top.getLineNumber() != callSite.getLineNumber()) {
                throw new AssertionError("the NPE's top frame is " + top + ", not the call at " + callSite, npe);
            }
            String helpful = "Cannot invoke \"" + Cell.class.getName() + ".swap(long, int)\"";
            if (npe.getMessage() == null || !npe.getMessage().startsWith(helpful)) {
                throw new AssertionError("the NPE's message is '" + npe.getMessage() + "', not " + helpful + "...", npe);
            }
            if (effects[0] != 77 || effects[1] != UNTOUCHED || mem.get(INT, 0) != UNTOUCHED || mem.get(INT, 8) != UNTOUCHED) {
                throw new AssertionError("effects around the failed call: before " + effects[0] + " (want 77), after " + effects[1]
                                + ", template's store " + mem.get(INT, 0) + ", later store " + mem.get(INT, 8) + " (want " + UNTOUCHED + ")");
            }

            // Either the same code goes on, or it deoptimised and is compiled again at the same tier.
            // C2 leaves a never-seen null through an uncommon trap (the interpreter then throws);
            // C1's null check faults in its own code.
            int traps = Compilation.trapCount(callerMethod, "null_check") - trapsBefore;
            boolean kept = Compilation.level(callerMethod) == level;
            if (!kept) {
                Compilation.compile(callerMethod, level, 60);
            }
            rounds(cell, mem, effects, 1 << 21);
            Compilation.requireLevel(callerMethod, level, "after the null receiver");
            System.out.println("level " + level + ": " + npe.getMessage() + ", thrown at " + top + " "
                            + (traps > 0 ? "after an uncommon trap (null_check) in" : "by") + " the compiled caller, which "
                            + (kept ? "kept its code" : "was made not entrant and compiled again") + " and runs right results");
        }
    }
}
