/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary A file truncated under a mapping: External Object reads past the new end throw
 *          (InternalError, "a fault occurred in an unsafe memory access operation") in the
 *          interpreter, C1 and C2 alike, and the JVM does not crash. Stock HotSpot 25.0.3 crashed
 *          here in C2 code (its SIGBUS handler could not step over a movslq; Jaguar's
 *          assembler_x86.cpp patch).
 * @library /lib
 * @build jaguar.test.ChildJvm TruncatedMappingProgram
 * @run main/othervm/timeout=600 TruncatedMappingTest
 */

import java.util.List;

import jaguar.test.ChildJvm;

public class TruncatedMappingTest {
    public static void main(String[] args) throws Exception {
        for (List<String> flags : List.of(List.of("-Xint"), List.of("-XX:TieredStopAtLevel=1"), List.of("-XX:-TieredCompilation"),
                        List.<String>of())) {
            // The interpreter has nothing to warm: 100,000 rounds of 1,536 interpreted reads took 333 s on a slow host.
            List<String> rounds = flags.contains("-Xint") ? List.of("100") : List.of();
            ChildJvm.Result r = ChildJvm.run(flags, "TruncatedMappingProgram", rounds, 300).shouldSucceed("TruncatedMappingProgram " + flags);
            for (String loop : List.of("indexed", "offsets")) {
                String expected = loop + ": threw java.lang.InternalError: a fault occurred in an unsafe memory access operation";
                if (!r.stdout().contains(expected)) {
                    throw new AssertionError(flags + ": expected '" + expected + "' in:\n" + r.stdout() + r.stderr());
                }
            }
            System.out.println(flags + ": both loops threw");
        }
    }
}
