/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A prefetch template is not a memory barrier: C2 vectorises an off-heap fill loop with
 *          a prefetch before each store (vector stores and the prefetch inside the main loop's
 *          body), while the same loop with a full fence, a barrier, stays scalar.
 * @requires os.arch == "amd64"
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm jaguar.test.C2Code PrefetchLoopProgram
 * @run main/othervm/timeout=600 PrefetchLoopTest
 */

import java.util.List;

import jaguar.test.C2Code;
import jaguar.test.ChildJvm;

public class PrefetchLoopTest {
    public static void main(String[] args) throws Exception {
        String out = ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                        "-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommand=quiet", "-Xbatch",
                        "-XX:CompileCommand=dontinline,PrefetchLoopProgram::fillPrefetching",
                        "-XX:CompileCommand=dontinline,PrefetchLoopProgram::fillFenced",
                        "-XX:CompileCommand=print,PrefetchLoopProgram::fillPrefetching",
                        "-XX:CompileCommand=print,PrefetchLoopProgram::fillFenced"),
                        "PrefetchLoopProgram", List.of(), 400).shouldSucceed("PrefetchLoopProgram").stdout();
        C2Code.Loop prefetching = C2Code.lastCompilation(out, "PrefetchLoopProgram::fillPrefetching").mainLoop();
        if (!vectorStores(prefetching)) {
            throw new AssertionError("the loop with a prefetch is not vectorised:\n" + prefetching);
        }
        if (!prefetching.has("prefetcht0")) {
            throw new AssertionError("no prefetcht0 inside the vectorised loop:\n" + prefetching);
        }
        C2Code.Loop fenced = C2Code.lastCompilation(out, "PrefetchLoopProgram::fillFenced").mainLoop();
        if (vectorStores(fenced)) {
            throw new AssertionError("the loop with a full fence stores vectors: the test cannot tell a barrier:\n" + fenced);
        }
        System.out.println("prefetch loop vectorised (" + prefetching.body().size() + " instructions); fenced loop scalar");
    }

    static boolean vectorStores(C2Code.Loop loop) {
        return loop.body().stream().anyMatch(i -> (i.op().startsWith("vmov") || i.op().startsWith("movdq") || i.op().startsWith("movup"))
                        && i.args().matches(".*%[xyz]mm\\d+,.*\\(.*"));
    }
}
