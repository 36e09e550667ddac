/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Races on External Objects (a shared buffer closed under two writers, a mapped file
 *          truncated under a reader, a shared-memory segment opened while it is created, a
 *          confined buffer used from another thread), 20 rounds under the default JIT and under
 *          C1: no crash, no silent wrong value (ExternalObjectRaceProgram says what each race
 *          checks). make test-long runs 1,000 rounds (ext_long).
 * @library /lib
 * @build jaguar.test.ChildJvm ExternalObjectRaceProgram
 * @run main/othervm/timeout=600 ExternalObjectRaceTest 20
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class ExternalObjectRaceTest {
    public static void main(String[] args) throws Exception {
        for (List<String> jit : List.of(List.<String>of(), List.of("-XX:TieredStopAtLevel=1"))) {
            ChildJvm.Result r = ChildJvm.run(jit, "ExternalObjectRaceProgram", List.of(args[0]), 3000);
            if (r.exitCode() != 0 || !r.stdout().contains("; 0 wrong")) {
                throw new AssertionError("ExternalObjectRaceProgram " + jit + " exited with " + r.exitCode() + "\n--- stdout\n" + r.stdout()
                        + "\n--- stderr\n" + r.stderr());
            }
            System.out.println(jit + ": " + r.stdout().strip());
        }
    }
}
