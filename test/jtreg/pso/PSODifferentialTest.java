/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary PSO field and array accesses give the same values and the same container bytes in the
 *          interpreter, C1 alone and the Jaguar JIT; in strict mode the JIT ran no Java body.
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm Record PSOProgram
 * @run main/othervm/timeout=600 PSODifferentialTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class PSODifferentialTest {
    static final int ROUNDS = 30;

    public static void main(String[] args) throws Exception {
        String rounds = Integer.toString(ROUNDS);
        String interpreted = ChildJvm.run(List.of("-Xint"), "PSOProgram", List.of("plain", rounds), 300)
                        .shouldSucceed("-Xint run").stdout();
        String c1 = ChildJvm.run(List.of("-XX:TieredStopAtLevel=1"), "PSOProgram", List.of("plain", rounds), 300)
                        .shouldSucceed("C1-only run").stdout();
        String strict = ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "-XX:CompileCommand=quiet",
                        "-XX:CompileCommand=dontinline,PSOProgram::round"), "PSOProgram", List.of("strict", rounds), 400)
                        .shouldSucceed("Jaguar JIT run (strict)").stdout();
        if (interpreted.lines().count() != ROUNDS + 1) {
            throw new AssertionError("-Xint run printed " + interpreted.lines().count() + " lines, expected " + ROUNDS + ":\n" + interpreted);
        }
        if (!c1.equals(interpreted)) {
            throw new AssertionError("C1 differs from -Xint:\n" + c1 + "\n---\n" + interpreted);
        }
        if (!strict.equals(interpreted)) {
            throw new AssertionError("Jaguar JIT (strict) differs from -Xint:\n" + strict + "\n---\n" + interpreted);
        }
        System.out.println("PASSED: " + ROUNDS + " rounds agree in -Xint, C1 and the Jaguar JIT (strict)");
    }
}
