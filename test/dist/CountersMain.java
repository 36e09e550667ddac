/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Calls the README's Counters.increment (compiled beside it from the README's text) the number
 * of times its argument says (2,000,000 unless told: enough for the JIT to map it) and checks
 * the count. deb-test.sh runs it on the installed JDK with -Xlog:jaguar+jit, whose "mapped" line
 * shows the mapping inlined; stock-jdk-test.sh on a stock JDK, where the Java body counts.
 */
public class CountersMain {
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(16, 8);
            for (int i = 0; i < rounds; i++) {
                Counters.increment(m.address(), 8);
            }
            long got = m.get(ValueLayout.JAVA_LONG, 8);
            if (got != rounds) {
                throw new AssertionError("the counter is " + got + " after " + rounds + " increments");
            }
            System.out.println("counted " + got + " of " + rounds);
        }
    }
}
