/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary jaguar.mapping.RawBytes makes a raw byte template's own bytes its Java body: the
 *          interpreter (the bodies, through generated prologues: crossed arguments, int
 *          arguments sign-extended, constants, a 32-bit output, stack arguments, callee-saved
 *          clobbers) and C2 (the inlined bytes) compute the same results; the method is
 *          restricted as FFM's are (one warning per module by default, IllegalCallerException
 *          under --illegal-native-access=deny).
 * @library /lib
 * @build jaguar.test.ChildJvm RawBytesBodyProgram
 * @run main/othervm/timeout=300 RawBytesBodyTest
 */

import java.util.ArrayList;
import java.util.List;

import jaguar.test.ChildJvm;

public class RawBytesBodyTest {
    static final String ROUNDS = "200000";

    public static void main(String[] args) throws Exception {
        String interpreted = checksum(List.of("-Xint"));
        for (List<String> jit : List.of(List.of("-XX:TieredStopAtLevel=1"), List.of("-XX:-TieredCompilation", "-Xbatch"),
                List.of("-Xcomp", "-XX:-TieredCompilation"))) {
            String compiled = checksum(jit);
            if (!compiled.equals(interpreted)) {
                throw new AssertionError(jit + " computed " + compiled + ", the interpreter " + interpreted);
            }
        }

        ChildJvm.Result warned = ChildJvm.run(List.of(), "RawBytesBodyProgram", List.of("10"), 120).shouldSucceed("no native access flag");
        // One warning per module, as the JDK gives: the first restricted use (registering the
        // class's mappings, before its static initialiser calls RawBytes) warns and grants access.
        if (warned.stderr().lines().filter(l -> l.contains("Use --enable-native-access=ALL-UNNAMED")).count() != 1) {
            throw new AssertionError("not exactly one native-access warning without --enable-native-access:\n" + warned.stderr());
        }
        ChildJvm.Result denied = ChildJvm.run(List.of("--illegal-native-access=deny"), "RawBytesBodyProgram", List.of("10"), 120);
        if (denied.exitCode() == 0 || !denied.stderr().contains("java.lang.IllegalCallerException: Illegal native access from an unnamed module")) {
            throw new AssertionError("--illegal-native-access=deny did not refuse RawBytes.bodyOf:\n" + denied.stderr());
        }
        System.out.println("interpreter, C1 and C2 agree (" + interpreted + "); restricted as FFM's methods are");
    }

    static String checksum(List<String> flags) throws Exception {
        List<String> vm = new ArrayList<>(flags);
        vm.add("--enable-native-access=ALL-UNNAMED");
        ChildJvm.Result r = ChildJvm.run(vm, "RawBytesBodyProgram", List.of(ROUNDS), 240).shouldSucceed("RawBytesBodyProgram " + flags);
        if (!r.stderr().isBlank()) {
            throw new AssertionError(flags + " printed on stderr:\n" + r.stderr());
        }
        return r.stdout().strip();
    }
}
