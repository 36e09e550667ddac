/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

/**
 * Raw byte templates that used to crash the JVM once a JIT inlined them (issue 28), beside a
 * good one, called from a hot loop: the raw byte verifier refuses each at registration, so
 * every compiled call runs its Java body, and the good one runs as a template.
 */
public final class HostileBytesProgram {
    @CodeMapping("r = x86 \"48 8D 04 37\" in(rdi=$0, rsi=$1) out(rax); return r")   // lea rax, [rdi + rsi]
    static long good(long a, long b) {
        CodeMappings.enterJavaBody("good");
        return a + b;
    }

    @CodeMapping("x86 \"EB FE\"")   // jmp $: an endless loop
    static void spin() {
    }

    @CodeMapping("r = x86 \"4D 31 FF 48 89 F8\" in(rdi=$0) out(rax); return r")   // xor r15, r15 (the thread register)
    static long clearThread(long x) {
        return x;
    }

    @CodeMapping("r = x86 \"48 31 C9 48 89 F8\" in(rdi=$0) out(rax); return r")   // xor rcx, rcx: undeclared
    static long clobberRcx(long x) {
        return x + 1;
    }

    @CodeMapping("x86 \"50\"")   // push rax without pop
    static void unbalancedPush() {
    }

    @CodeMapping("r = x86 \"8B 05 00 00 00 00\" out(rax); return r")   // mov eax, [rip]
    static long ripRelative() {
        return 7;
    }

    @CodeMapping("r = x86 \"E9 00 00 10 00 48 89 F8\" in(rdi=$0) out(rax); return r")   // jmp out of the bytes
    static long jumpOut(long x) {
        return x + 2;
    }

    static long round(long x, int n) {
        long s = 0;
        for (int k = 0; k < n; k++) {
            spin();
            unbalancedPush();
            s += good(x, k) + clearThread(x) + clobberRcx(x) + ripRelative() + jumpOut(x);
        }
        return s;
    }

    public static void main(String[] args) {
        Warmup.untilMapped(() -> round(3, 10_000), 240);
        CodeMappings.setStrict(true);   // good's Java body may not run any more; the refused ones have no enterJavaBody
        long s = round(5, 1000);
        long want = 0;
        for (int k = 0; k < 1000; k++) {
            want += (5 + k) + 5 + 6 + 7 + 7;
        }
        if (s != want) {
            throw new AssertionError("wrong result " + s + ", expected " + want);
        }
        System.out.println("PASSED");
    }
}
