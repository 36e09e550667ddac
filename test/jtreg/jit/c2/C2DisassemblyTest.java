/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary -XX:+PrintAssembly works on build/jdk with nothing else installed (its own hsdis), and
 *          the C2-compiled caller of mapped methods holds each machine template's instructions
 *          (rdtsc, sfence, every prefetch, three syscalls), a raw template's exact instructions
 *          and the loads of the twelve values live across them inside its loop's body, and no
 *          call of a Java method.
 * @library /lib
 * @modules jaguar.lib/jaguar.memory
 * @build jaguar.test.Warmup jaguar.test.ChildJvm jaguar.test.C2Code C2MachineTemplatesTest
 * @run main/othervm/timeout=300 C2DisassemblyTest
 */

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import jaguar.test.C2Code;
import jaguar.test.ChildJvm;

public class C2DisassemblyTest {
    public static void main(String[] args) throws Exception {
        String out = ChildJvm.run(List.of("-XX:-TieredCompilation", "-Djaguar.mapping.strict=true",
                        "--add-exports=jaguar.lib/jaguar.memory=ALL-UNNAMED", "-XX:+UnlockDiagnosticVMOptions",
                        "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,C2MachineTemplatesTest::round",
                        "-XX:CompileCommand=print,C2MachineTemplatesTest::round"), "C2MachineTemplatesTest", List.of(), 240)
                        .shouldSucceed("C2MachineTemplatesTest with PrintAssembly").stdout();
        // The last C2 compilation of round is the one the strict rounds ran.
        C2Code compiled = C2Code.lastCompilation(out, "C2MachineTemplatesTest::round");
        String code = compiled.text();
        if (!code.contains("\trdtsc") && !code.contains(" rdtsc")) {
            throw new AssertionError("no mnemonics: hsdis did not load, or rdtsc is missing:\n" + code);
        }
        // Each template inside the loop's body (from the back edge's target to the back edge).
        C2Code.Loop loop = compiled.largestInnermostLoop();
        System.out.println(loop);
        for (String insn : List.of("rdtsc", "sfence", "prefetchnta", "prefetchw", "prefetcht0", "prefetcht1", "prefetcht2")) {
            if (!loop.has(insn)) {
                throw new AssertionError(insn + " is not in the loop's body:\n" + loop);
            }
        }
        long syscalls = loop.body().stream().filter(i -> i.op().equals("syscall")).count();
        if (syscalls != 3) {
            throw new AssertionError(syscalls + " syscall instructions in the loop's body, not 3:\n" + loop);
        }
        // mix's bytes 48 8D 04 37 48 89 C1 48 01 C9 48 31 C8 are emitted as they are: its four
        // instructions, in order, with their own registers.
        if (!loop.hasSequence("leaq (%rdi, %rsi), %rax", "movq %rax, %rcx", "addq %rcx, %rcx", "xorq %rcx, %rax")) {
            throw new AssertionError("mix's raw bytes (lea rax, [rdi + rsi]; mov rcx, rax; add rcx, rcx; xor rax, rcx) are not in the loop's body:\n"
                            + loop);
        }
        // The twelve values round keeps live across the templates are loaded in every iteration
        // (0..0x58 off one register), not folded into one loop-invariant sum before the loop.
        Pattern load = Pattern.compile("^(0x[0-9a-f]+|\\d*)\\((%\\w+)\\), %\\w+$");
        Map<String, Set<Long>> loadsByBase = new HashMap<>();
        for (C2Code.Insn i : loop.body()) {
            Matcher m = load.matcher(i.args());
            if (i.op().equals("movq") && m.matches()) {
                String d = m.group(1);
                long disp = d.isEmpty() ? 0 : d.startsWith("0x") ? Long.parseLong(d.substring(2), 16) : Long.parseLong(d);
                loadsByBase.computeIfAbsent(m.group(2), r -> new TreeSet<>()).add(disp);
            }
        }
        Set<Long> twelve = LongStream.range(0, 12).map(k -> 8 * k).boxed().collect(Collectors.toSet());
        if (loadsByBase.values().stream().noneMatch(d -> d.containsAll(twelve))) {
            throw new AssertionError("the loop does not load the twelve live values (loads by base register: " + loadsByBase + "):\n" + loop);
        }
        if (!compiled.javaCalls().isEmpty()) {
            throw new AssertionError("the compiled caller still calls a Java method:\n" + code);
        }
        System.out.println("PrintAssembly shows every template inside the loop and no Java call");
    }
}
