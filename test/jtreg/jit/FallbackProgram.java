/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;

/**
 * Calls of mapped methods that a JIT compiles as calls of their Java bodies, one kind per mode
 * (the argument): the caller is compiled hot, every result is checked against plain Java, and
 * the program prints how often each Java body ran ("body NAME RUNS", counted with
 * -Djaguar.mapping.strict=true) and "calls N" for the calls it made, then "ok".
 */
public final class FallbackProgram {
    static final int ROUNDS = 3_000;
    static final int CALLS_PER_ROUND = 1_000;

    @CodeMapping("r = add $0, $1; return r")
    static long add(long a, long b) {
        CodeMappings.enterJavaBody("add");
        return a + b;
    }

    /** The time-stamp counter: C1 has no expansion for rdtsc. */
    @CodeMapping("t = rdtsc; return t")
    static long ticks() {
        CodeMappings.enterJavaBody("ticks");
        return System.nanoTime();
    }

    /** Loads from an address; called with a constant zero only on a branch never taken. */
    @CodeMapping("v = load.i32 [$0]; return v")
    static int peek(long address) {
        CodeMappings.enterJavaBody("peek");
        throw new AssertionError("peek(" + address + ") ran: the zero-address branch is never taken");
    }

    /** An instance mapping with overrides: a virtual call no JIT can bind statically. */
    static class Counter {
        @CodeMapping("r = add $0, 1; return r")
        int next(int x) {
            CodeMappings.enterJavaBody("next");
            return x + 1;
        }
    }

    static final class Twice extends Counter {
        @Override
        int next(int x) {
            return x + 2;
        }
    }

    static final class Thrice extends Counter {
        @Override
        int next(int x) {
            return x + 3;
        }
    }

    /** A class whose static initializer runs a hot loop through a caller of its own mapping. */
    static final class Late {
        static final long SUM;

        static {
            long s = 0;
            for (int i = 0; i < 300_000; i++) {
                s = useLate(s, i);
            }
            SUM = s;
        }

        @CodeMapping("r = add $0, $1; return r")
        static long plus(long a, long b) {
            CodeMappings.enterJavaBody("plus");
            return a + b;
        }
    }

    static long calls;

    static long useLate(long s, long i) {
        calls++;
        return Late.plus(s, i);
    }

    static long addRound(long seed) {
        long sum = 0;
        for (int i = 0; i < CALLS_PER_ROUND; i++) {
            sum = add(sum, i + seed);
        }
        calls += CALLS_PER_ROUND;
        return sum;
    }

    static long ticksRound() {
        long last = 0;
        long backwards = 0;
        for (int i = 0; i < CALLS_PER_ROUND; i++) {
            long t = ticks();
            backwards += t < last ? 1 : 0;
            last = t;
        }
        calls += CALLS_PER_ROUND;
        return backwards;
    }

    static int probe(boolean go) {
        return go ? peek(0L) : 7;
    }

    static long virtualRound(Counter[] counters) {
        long sum = 0;
        for (int i = 0; i < CALLS_PER_ROUND; i++) {
            sum += counters[i % counters.length].next(i);
        }
        calls += (CALLS_PER_ROUND + counters.length - 1) / counters.length;   // the base class's share
        return sum;
    }

    public static void main(String[] args) {
        switch (args[0]) {
            case "add" -> {
                for (int r = 0; r < ROUNDS; r++) {
                    long want = (long) CALLS_PER_ROUND * r + (long) CALLS_PER_ROUND * (CALLS_PER_ROUND - 1) / 2;
                    check(addRound(r), want, "add round " + r);
                }
            }
            case "ticks" -> {
                for (int r = 0; r < ROUNDS; r++) {
                    check(ticksRound(), 0, "ticks going backwards in round " + r);
                }
            }
            case "zero" -> check(probe(false), 7, "probe");
            case "late" -> check(Late.SUM, 300_000L * 299_999 / 2, "Late.SUM");
            case "virtual" -> {
                Counter[] counters = {new Counter(), new Twice(), new Thrice()};
                for (int r = 0; r < ROUNDS; r++) {
                    long want = 0;
                    for (int i = 0; i < CALLS_PER_ROUND; i++) {
                        want += i + 1 + i % 3;
                    }
                    check(virtualRound(counters), want, "virtual round " + r);
                }
            }
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
        CodeMappings.javaBodyRunsByMethod().forEach((m, n) -> System.out.println("body " + m + " " + n));
        System.out.println("calls " + calls);
        System.out.println("ok");
    }

    static void check(long got, long want, String what) {
        if (got != want) {
            throw new AssertionError(what + ": " + got + ", expected " + want);
        }
    }
}
