/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.reflect.Method;
import java.util.Map;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.test.Compilation;

/**
 * A user's program with two mappings in an unnamed module, whose Java bodies need no native
 * access. It runs round interpreted (C2's profile), has C2 compile it (WhiteBox), checks the sums
 * of 100 rounds of C2's code and prints how often each Java body ran in them: "add=0 next=0"
 * when C2 mapped both calls, 100000 for a call left to its Java body.
 */
public final class UserMappingProgram {
    static final int ROUNDS = 100;

    @CodeMapping("r = add $0, $1; return r")
    static long add(long a, long b) {
        CodeMappings.enterJavaBody("UserMappingProgram.add");
        return a + b;
    }

    @CodeMapping("r = add $0, 1; return r")
    static int next(int a) {
        CodeMappings.enterJavaBody("UserMappingProgram.next");
        return a + 1;
    }

    static long round(long seed) {
        long sum = 0;
        for (int i = 0; i < 1000; i++) {
            sum = add(sum, next(i) + seed);
        }
        return sum;
    }

    static void check(long seed) {
        long got = round(seed);
        if (got != 1000 * seed + 500_500) {
            throw new AssertionError("round(" + seed + ") = " + got + ", not " + (1000 * seed + 500_500));
        }
    }

    public static void main(String[] args) throws Exception {
        Method round = UserMappingProgram.class.getDeclaredMethod("round", long.class);
        for (int s = 0; s < 200; s++) {
            check(s);
        }
        Compilation.compile(round, Compilation.C2, 60);
        Map<String, Long> before = CodeMappings.javaBodyRunsByMethod();
        for (int s = 0; s < ROUNDS; s++) {
            check(s);
        }
        Compilation.requireLevel(round, Compilation.C2, "after the checked rounds");
        Map<String, Long> after = CodeMappings.javaBodyRunsByMethod();
        System.out.println("add=" + ran(before, after, "UserMappingProgram.add") + " next=" + ran(before, after, "UserMappingProgram.next"));
    }

    static long ran(Map<String, Long> before, Map<String, Long> after, String method) {
        return after.getOrDefault(method, 0L) - before.getOrDefault(method, 0L);
    }
}
