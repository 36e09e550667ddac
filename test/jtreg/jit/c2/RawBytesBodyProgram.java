/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.SplittableRandom;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.RawBytes;

/**
 * Raw byte mappings whose Java bodies are their own bytes (jaguar.mapping.RawBytes): argument
 * permutations with a cycle, int arguments sign-extended, constants, a 32-bit output, stack
 * arguments and callee-saved clobbers. Prints a checksum of many calls with seeded inputs, so
 * that runs under -Xint (the bodies) and C2 (the inlined bytes) can be compared.
 */
public class RawBytesBodyProgram {
    static final MethodType JJ_J = MethodType.methodType(long.class, long.class, long.class);

    // imul rax, rsi
    @CodeMapping("r = x86 \"48 0F AF C6\" in(rax=$0, rsi=$1) out(rax)\nreturn r")
    static long multiply(long a, long b) {
        return invoke(MULTIPLY, a, b);
    }

    // sub rdi, rsi with the arguments crossed: rsi gets $0 and rdi $1 (a cycle for the prologue)
    @CodeMapping("r = x86 \"48 29 F7\" in(rsi=$0, rdi=$1) out(rdi)\nreturn r")
    static long crossedSubtract(long a, long b) {
        return invoke(CROSSED, a, b);
    }

    // sar rax, 1 on an int argument: sign-extended to 64 bits first
    @CodeMapping("r = x86 \"48 D1 F8\" in(rax=$0) out(rax)\nreturn r")
    static long halve(int v) {
        try {
            return (long) HALVE.invokeExact(v);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    // lea eax, [rcx + rdx*4 + 7]: a constant input and a 32-bit output
    @CodeMapping("r = x86 \"8D 44 91 07\" in(rcx=$0, rdx=1000) out(eax)\nreturn r")
    static int scaled(int v) {
        try {
            return (int) SCALED.invokeExact(v);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    // lea rax, [r13 + r14]: the seventh and eighth parameters (stack arguments) in callee-saved
    // registers, and rbx cleared (xor ebx, ebx) as a declared clobber
    @CodeMapping("r = x86 \"4B 8D 44 35 00 31 DB\" in(r13=$6, r14=$7) out(rax) clobber(rbx)\nreturn r")
    static long eighth(long a, long b, long c, long d, long e, long f, long g, long h) {
        try {
            return (long) EIGHTH.invokeExact(a, b, c, d, e, f, g, h);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static final MethodHandle MULTIPLY = RawBytes.bodyOf(MethodHandles.lookup(), "multiply", JJ_J);
    static final MethodHandle CROSSED = RawBytes.bodyOf(MethodHandles.lookup(), "crossedSubtract", JJ_J);
    static final MethodHandle HALVE = RawBytes.bodyOf(MethodHandles.lookup(), "halve", MethodType.methodType(long.class, int.class));
    static final MethodHandle SCALED = RawBytes.bodyOf(MethodHandles.lookup(), "scaled", MethodType.methodType(int.class, int.class));
    static final MethodHandle EIGHTH = RawBytes.bodyOf(MethodHandles.lookup(), "eighth",
            MethodType.methodType(long.class, long.class, long.class, long.class, long.class, long.class, long.class, long.class, long.class));

    static long invoke(MethodHandle h, long a, long b) {
        try {
            return (long) h.invokeExact(a, b);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** One round: every mapping on seeded inputs, each result checked against plain Java. */
    static long round(SplittableRandom rnd) {
        long a = rnd.nextLong(), b = rnd.nextLong();
        int i = rnd.nextInt();
        long sum = 0;
        sum += check(multiply(a, b), a * b, "multiply");
        sum += check(crossedSubtract(a, b), b - a, "crossedSubtract");
        sum += check(halve(i), (long) i >> 1, "halve");
        sum += check(scaled(i), i + 4000 + 7, "scaled");
        sum += check(eighth(1, 2, 3, 4, 5, 6, a, b), a + b, "eighth");
        return sum;
    }

    static long check(long got, long want, String what) {
        if (got != want) {
            throw new AssertionError(what + ": got " + got + ", expected " + want);
        }
        return got;
    }

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        SplittableRandom rnd = new SplittableRandom(42);
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            sum += round(rnd);
        }
        System.out.println("checksum " + sum);
    }
}
