/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Random sequences of every template instruction (raw x86 bytes included) give identical
 *          results in the interpreter (-Xint), C1 alone in strict mode scoped to the mappings C1
 *          expands, and C2 in strict mode (no Java body runs once the caller is compiled) under
 *          tiered and C2-only compilation, -Xcomp, ZGC and uncompressed oops, and in a loop
 *          entered once that runs in its OSR compilation (tiered and C2-only).
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm DifferentialOps DifferentialProgram
 * @run main/othervm/timeout=1200 DifferentialTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class DifferentialTest {
    static final int ROUNDS = 40;

    static final List<String> VM = List.of("--enable-native-access=ALL-UNNAMED");

    public static void main(String[] args) throws Exception {
        String interpreted = run("-Xint", List.of("-Xint"), "plain");
        if (interpreted.lines().count() != ROUNDS) {
            throw new AssertionError("-Xint run printed " + interpreted.lines().count() + " rounds, expected " + ROUNDS + ":\n" + interpreted);
        }
        List<String> strict = List.of("-Djaguar.mapping.strict=true", "-XX:CompileCommand=quiet");
        // play compiled on its own, one call per round.
        List<String> standalone = concat(strict, List.of("-XX:CompileCommand=dontinline,DifferentialProgram::play"));
        // C1 leaves raw bytes, cmpxchg, sfence and prefetch as calls of their Java bodies, so its
        // run scopes strict mode to the mappings C1 expands (DifferentialOps.strictC1) instead of
        // limiting the random operations to them: the same program and -Xint reference as every
        // other run, and C1 code that mixes expanded templates with the calls it leaves, as a
        // real caller's does.
        compare("C1-only (strict for what C1 expands)", run("C1-only", concat(standalone, List.of("-XX:TieredStopAtLevel=1")), "c1"),
                        interpreted);
        for (List<String> flags : List.of(List.<String>of(), List.of("-XX:-TieredCompilation"), List.of("-Xcomp"),
                        List.of("-XX:+UseZGC"), List.of("-XX:-UseCompressedOops"))) {
            String what = "C2 " + flags + " (strict)";
            compare(what, run(what, concat(standalone, flags), "jit"), interpreted);
        }
        // The schedule's next() out of line: see DifferentialProgram.OsrSchedule.
        List<String> osr = concat(strict, List.of("-XX:CompileCommand=dontinline,DifferentialProgram$OsrSchedule::next"));
        for (List<String> flags : List.of(List.<String>of(), List.of("-XX:-TieredCompilation"))) {
            String what = "OSR " + flags + " (strict)";
            compare(what, run(what, concat(osr, flags), "osr"), interpreted);
        }
        System.out.println("all " + ROUNDS + " rounds agree across -Xint, C1 and C2 in strict mode in five configurations and OSR in two");
    }

    static String run(String what, List<String> flags, String mode) throws Exception {
        ChildJvm.Result r = ChildJvm.run(concat(VM, flags), "DifferentialProgram", List.of(mode, Integer.toString(ROUNDS)), 400)
                        .shouldSucceed(what + " run");
        System.out.print(r.stderr());
        return r.stdout();
    }

    static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    static void compare(String what, String got, String reference) {
        List<String> g = got.lines().toList();
        List<String> r = reference.lines().toList();
        for (int i = 0; i < Math.max(r.size(), g.size()); i++) {
            if (i >= g.size() || i >= r.size() || !g.get(i).equals(r.get(i))) {
                throw new AssertionError(what + " differs from -Xint at line " + i + ": got '" + (i < g.size() ? g.get(i) : "<missing>")
                                + "', interpreter '" + (i < r.size() ? r.get(i) : "<missing>") + "'");
            }
        }
    }
}
