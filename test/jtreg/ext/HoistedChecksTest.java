/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary ExternalBuffer's indexed accessors leave no check in C2's main loop of an indexed loop
 *          inlined into a tiny outer loop (as in JMH's measurement stub): the innermost loop
 *          with the most memory accesses (the unrolled main loop) branches only on its back edge,
 *          and the fill's main loop stores vectors.
 * @requires os.arch == "amd64"
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm jaguar.test.C2Code HoistedChecksProgram
 * @run main/othervm/timeout=600 HoistedChecksTest
 */

import java.util.List;

import jaguar.test.C2Code;
import jaguar.test.ChildJvm;

public class HoistedChecksTest {
    public static void main(String[] args) throws Exception {
        String out = ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                        "-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommand=quiet", "-Xbatch",
                        "-XX:CompileCommand=dontinline,HoistedChecksProgram::sumNested",
                        "-XX:CompileCommand=dontinline,HoistedChecksProgram::fillNested",
                        "-XX:CompileCommand=print,HoistedChecksProgram::sumNested",
                        "-XX:CompileCommand=print,HoistedChecksProgram::fillNested"),
                        "HoistedChecksProgram", List.of(), 400).shouldSucceed("HoistedChecksProgram").stdout();
        check("sumNested", C2Code.lastCompilation(out, "HoistedChecksProgram::sumNested"), false);
        check("fillNested", C2Code.lastCompilation(out, "HoistedChecksProgram::fillNested"), true);
    }

    /**
     * C2 splits a counted loop into pre, main and post loops; the pre and post loops keep their
     * checks by design (they run a few iterations), the main loop (C2Code.mainLoop) must have none.
     */
    static void check(String method, C2Code code, boolean vectorStores) {
        List<C2Code.Loop> loops = code.innermostLoops();
        C2Code.Loop main = code.mainLoop();
        if (!main.branches().isEmpty()) {
            throw new AssertionError(method + ": the main loop still branches inside its body: " + main.branches()
                            + " (a check that did not leave the loop; see ExternalBuffer.checkAccessible)\n" + code.text());
        }
        if (vectorStores && main.body().stream().noneMatch(i -> i.op().startsWith("vmov") || i.op().startsWith("movdq") || i.op().startsWith("movup"))) {
            throw new AssertionError(method + ": the main loop is not vectorised:\n" + code.text());
        }
        System.out.println(method + ": " + loops.size() + " innermost loop(s); the main loop (" + main.body().size()
                        + " instructions) has no check" + (vectorStores ? " and stores vectors" : ""));
    }
}
