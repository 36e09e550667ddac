/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.mapping.InvalidMappingException;
import jaguar.test.Warmup;

/** One good and two broken mappings used side by side in a hot loop. */
public final class BrokenMappingProgram {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    @CodeMapping("v = load.i32 [$0]; return v")
    static int good(long a) {
        CodeMappings.enterJavaBody("good");
        return ALL.get(ValueLayout.JAVA_INT, a);
    }

    /** Type error: returns an i64 where the method returns int. */
    @CodeMapping("v = load.i64 [$0]; return v")
    static int wrongType(long a) {
        return ALL.get(ValueLayout.JAVA_INT, a) + 1;
    }

    /** Syntax error: no such operation. */
    @CodeMapping("v = frobnicate [$0]; return v")
    static int unknownOp(long a) {
        return ALL.get(ValueLayout.JAVA_INT, a) + 2;
    }

    static long round(long a, int n) {
        long s = 0;
        for (int k = 0; k < n; k++) {
            s += good(a) + wrongType(a) + unknownOp(a);
        }
        return s;
    }

    public static void main(String[] args) {
        try {
            CodeMappings.register(BrokenMappingProgram.class);
            throw new AssertionError("register accepted broken mappings");
        } catch (InvalidMappingException e) {
            System.out.println("register refused: " + e.getMessage());
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(8, 8);
            m.set(ValueLayout.JAVA_INT, 0, 40);
            long a = m.address();
            Warmup.untilMapped(() -> round(a, 10_000), 240);
            CodeMappings.setStrict(true);
            long s = round(a, 1000);
            if (s != 1000L * (40 + 41 + 42)) {
                throw new AssertionError("wrong result " + s);
            }
        }
        System.out.println("PASSED");
    }
}
