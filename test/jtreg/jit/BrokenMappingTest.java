/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A broken mapping is refused at registration with an error naming the method and the
 *          fault; in the JIT it is reported once and its calls run the Java body, while the
 *          other mappings of the same caller are still inlined and no compilation is lost.
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm BrokenMappingProgram
 * @run main/othervm/timeout=600 BrokenMappingTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class BrokenMappingTest {
    public static void main(String[] args) throws Exception {
        ChildJvm.Result r = ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                        "-Djdk.graal.CompilationFailureAction=Print", "-XX:CompileCommand=quiet",
                        "-XX:CompileCommand=dontinline,BrokenMappingProgram::round"), "BrokenMappingProgram", List.of(), 400)
                        .shouldSucceed("BrokenMappingProgram");
        System.out.println(r.stdout());
        System.out.println(r.stderr());
        require(r.stdout(), "register refused: BrokenMappingProgram.", "the registration error names the method");
        require(r.stdout(), "PASSED", "results stay correct in strict mode");
        once(r.stderr(), "BrokenMappingProgram.wrongType(J)I: line 1: returns a i64 value where the method returns i32");
        once(r.stderr(), "BrokenMappingProgram.unknownOp(J)I: line 1: unknown operation 'frobnicate'");
        if (r.stderr().contains("Exception") || r.stderr().contains("bailout")) {
            throw new AssertionError("a compilation failed or bailed out:\n" + r.stderr());
        }
    }

    static void require(String text, String needle, String why) {
        if (!text.contains(needle)) {
            throw new AssertionError(why + ": '" + needle + "' not found");
        }
    }

    static void once(String text, String needle) {
        int n = text.split(java.util.regex.Pattern.quote(needle), -1).length - 1;
        if (n != 1) {
            throw new AssertionError("expected the JIT to report '" + needle + "' exactly once, saw it " + n + " times");
        }
    }
}
