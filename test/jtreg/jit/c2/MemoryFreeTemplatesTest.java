/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Machine templates that neither access nor order memory (rdtsc, register-only raw
 *          bytes) are not barriers over all memory: a plain field load beside them leaves the
 *          loop, while beside raw bytes that fence or load it stays in every iteration; a store
 *          between two timestamps stays between them.
 * @requires os.arch == "amd64"
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm jaguar.test.C2Code MemoryFreeTemplatesProgram
 * @run main/othervm/timeout=600 MemoryFreeTemplatesTest
 */

import java.util.ArrayList;
import java.util.List;

import jaguar.test.C2Code;
import jaguar.test.ChildJvm;

public class MemoryFreeTemplatesTest {
    static final String P = "MemoryFreeTemplatesProgram::";
    static final List<String> METHODS = List.of("timedSum", "mixedSum", "fencedSum", "loadingSum", "timedStore");

    public static void main(String[] args) throws Exception {
        List<String> flags = new ArrayList<>(List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                        "-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommand=quiet", "-Xbatch"));
        for (String m : METHODS) {
            flags.add("-XX:CompileCommand=dontinline," + P + m);
            flags.add("-XX:CompileCommand=print," + P + m);
        }
        String out = ChildJvm.run(flags, "MemoryFreeTemplatesProgram", List.of(), 400).shouldSucceed("MemoryFreeTemplatesProgram").stdout();

        // Free of memory: no loop around the template reads the field (or anything else).
        for (C2Code.Loop loop : loopsWith(out, "timedSum", "rdtsc")) {
            if (loop.memoryAccesses() != 0) {
                throw new AssertionError("timedSum: the field is loaded inside the loop with rdtsc (a barrier):\n" + loop);
            }
        }
        for (C2Code.Loop loop : loopsWith(out, "mixedSum", "rol")) {
            if (loop.memoryAccesses() != 0) {
                throw new AssertionError("mixedSum: the field is loaded inside the loop with register-only raw bytes:\n" + loop);
            }
        }
        // Barriers: the field's load stays beside every copy of the template.
        for (C2Code.Loop loop : loopsWith(out, "fencedSum", "lfence")) {
            long copies = loop.body().stream().filter(i -> i.matches("lfence")).count();
            if (loop.memoryAccesses() < copies) {
                throw new AssertionError("fencedSum: " + copies + " lfence but " + loop.memoryAccesses()
                                + " loads of the field: the test cannot tell a barrier:\n" + loop);
            }
        }
        for (C2Code.Loop loop : loopsWith(out, "loadingSum", "movl (%rdi)")) {
            long copies = loop.body().stream().filter(i -> i.matches("movl (%rdi)")).count();
            if (loop.memoryAccesses() < 2 * copies) {
                throw new AssertionError("loadingSum: " + copies + " raw loads but " + loop.memoryAccesses()
                                + " memory accesses: the field's load left a loop with raw bytes that load:\n" + loop);
            }
        }
        // Ordered by control: rdtsc, the store, rdtsc.
        List<C2Code.Insn> code = C2Code.lastCompilation(out, P + "timedStore").insns();
        List<Integer> ticks = new ArrayList<>();
        int store = -1;
        for (int k = 0; k < code.size(); k++) {
            C2Code.Insn i = code.get(k);
            if (i.matches("rdtsc")) {
                ticks.add(k);
            } else if (i.accessesMemory() && i.args().matches("%r\\w+, \\(%r\\w+\\)") && store < 0) {
                store = k;
            }
        }
        if (ticks.size() != 2 || store < 0 || !(ticks.get(0) < store && store < ticks.get(1))) {
            throw new AssertionError("timedStore: expected rdtsc, the store, rdtsc in that order (rdtsc at " + ticks + ", store at "
                            + store + "):\n" + C2Code.lastCompilation(out, P + "timedStore").text());
        }
        System.out.println("field loads hoisted beside rdtsc and register-only bytes; kept beside lfence and loads; store between timestamps");
    }

    /** The innermost loops of {@code method}'s last C2 code that hold {@code op}; at least one. */
    static List<C2Code.Loop> loopsWith(String out, String method, String op) {
        C2Code code = C2Code.lastCompilation(out, P + method);
        List<C2Code.Loop> loops = code.innermostLoops().stream().filter(l -> l.has(op)).toList();
        if (loops.isEmpty()) {
            throw new AssertionError(method + ": no loop holds " + op + ":\n" + code.text());
        }
        return loops;
    }
}
