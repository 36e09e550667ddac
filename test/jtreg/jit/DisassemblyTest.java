/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary The C2 code of a hot caller, printed by -XX:+PrintAssembly through the image's own
 *          hsdis, holds the typed templates' instructions (store, sfence, release store; rdtsc;
 *          lock xadd) inside its loop's body, and no call of a Java method.
 * @requires os.arch == "amd64"
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm jaguar.test.C2Code DisassemblyProgram
 * @run main/othervm/timeout=600 DisassemblyTest
 */

import java.util.List;

import jaguar.test.C2Code;
import jaguar.test.ChildJvm;

public class DisassemblyTest {
    public static void main(String[] args) throws Exception {
        // hot() is compiled on its own (kept out of line); the last C2 version is the one strict
        // mode ran. -Xbatch: a compilation finishes (and is printed) before the program goes on.
        String out = ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                        "-XX:+UnlockDiagnosticVMOptions", "-XX:CompileCommand=quiet", "-Xbatch", "-XX:CompileCommand=dontinline,DisassemblyProgram::hot",
                        "-XX:CompileCommand=print,DisassemblyProgram::hot"), "DisassemblyProgram", List.of(), 400)
                        .shouldSucceed("DisassemblyProgram").stdout();
        C2Code code = C2Code.lastCompilation(out, "DisassemblyProgram::hot");
        System.out.println(code.text());
        // Inside the loop's body (from the back edge's target to the back edge), not merely somewhere in hot.
        C2Code.Loop loop = code.largestInnermostLoop();
        System.out.println(loop);
        // ring: store.i32, sfence, store.i32.release (a plain store on x86-64, ordered by TSO).
        require(loop.hasSequence("movl", "sfence", "movl"), "store ; sfence ; store", loop);
        require(loop.has("rdtsc"), "rdtsc", loop);
        require(loop.has("lock xadd"), "lock xadd", loop);
        if (!code.javaCalls().isEmpty()) {
            throw new AssertionError("the compiled caller still calls a Java method: " + code.javaCalls());
        }
        System.out.println("templates found inline in the loop, no Java call");
    }

    static void require(boolean found, String what, C2Code.Loop loop) {
        if (!found) {
            throw new AssertionError("no " + what + " in the loop of DisassemblyProgram.hot's C2 code:\n" + loop);
        }
    }
}
