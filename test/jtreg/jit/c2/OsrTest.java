/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Mappings in a loop that runs only once, in main, are expanded in its on-stack-
 *          replacement compilation: C2's OSR code (and C1's, tiered) runs no Java body, and the
 *          results stay equal to the Java bodies'.
 * @library /lib
 * @build UserOps
 * @run main/othervm -XX:-TieredCompilation -XX:PerMethodTrapLimit=0 -Djaguar.mapping.strict=true OsrTest
 * @run main/othervm -XX:PerMethodTrapLimit=0 -Djaguar.mapping.strict=true OsrTest
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import jaguar.mapping.CodeMappings;

/**
 * -XX:PerMethodTrapLimit=0: the branch that arms strict mode is first taken long after the OSR
 * compilation; without the flag C2 compiles it as an uncommon trap, and the deoptimised loop would
 * rightly run Java bodies in the interpreter until it is compiled again.
 */
public class OsrTest {
    public static void main(String[] args) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mem = arena.allocate(4096, 8);
            long base = mem.address();
            long quietSince = -1, lastRuns = -1;
            long deadline = System.nanoTime() + 120_000_000_000L;
            boolean strict = false;
            long checked = 0;
            // One loop, entered once: only an OSR compilation can run it compiled.
            for (int i = 0; ; i++) {
                int k = i & 511;
                UserOps.putInt(base + 4L * k, i);
                int got = UserOps.getInt(base + 4L * k);
                long old = UserOps.getAndAddLong(base + 2048, 1);
                boolean swapped = UserOps.casInt(base + 3000, 0, 0);
                if (got != i || !swapped) {
                    throw new AssertionError("iteration " + i + ": read " + got + ", cas " + swapped);
                }
                if (strict) {
                    checked++;
                    if (checked == 2_000_000) {
                        if (UserOps.getAndAddLong(base + 2048, 0) != old + 1) {
                            throw new AssertionError("counter lost an increment");
                        }
                        break;
                    }
                    continue;
                }
                if ((i & 4095) == 0) {
                    long runs = CodeMappings.javaBodyRuns();
                    long now = System.nanoTime();
                    if (runs != lastRuns) {
                        lastRuns = runs;
                        quietSince = now;
                    } else if (now - quietSince > 200_000_000L) {
                        CodeMappings.setStrict(true);   // from here on a Java body throws
                        strict = true;
                    }
                    if (now > deadline) {
                        throw new AssertionError("the OSR-compiled loop still runs Java bodies after 120 s");
                    }
                }
            }
        }
        System.out.println("the loop ran 2,000,000 iterations in OSR-compiled code with no Java body");
    }
}
