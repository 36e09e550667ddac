/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary The VM checks a class's mappings with no lock held and before the class is marked as
 *          being initialised, and reads the templates from the class file without reflection:
 *          annotation constants that would initialise another class, and two mapped classes
 *          whose annotations name each other, initialised from two threads at once, never
 *          deadlock; the mappings are still installed.
 * @library /lib
 * @build jaguar.test.ChildJvm jaguar.test.ChildFirstLoader jaguar.test.Warmup RegistrationCycles RegistrationDeadlockProgram
 * @run main/othervm/timeout=600 RegistrationDeadlockTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class RegistrationDeadlockTest {
    public static void main(String[] args) throws Exception {
        for (String scenario : List.of("annotation-constant", "mutual")) {
            ChildJvm.Result r = ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "-XX:CompileCommand=quiet"),
                            "RegistrationDeadlockProgram", List.of(scenario, "40"), 300);
            if (r.exitCode() != 0 || !r.stdout().contains("ok")) {
                throw new AssertionError(scenario + ": exit " + r.exitCode() + "\n--- stdout\n" + r.stdout() + "\n--- stderr\n" + r.stderr());
            }
            System.out.println(scenario + ": 40 rounds, no deadlock, mappings installed");
        }
    }
}
