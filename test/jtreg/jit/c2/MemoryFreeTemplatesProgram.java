/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

/**
 * Loops that read a plain static field beside a machine template. C2 compiles each hot
 * (MemoryFreeTemplatesTest reads the code): next to rdtsc and register-only raw bytes, which
 * neither access nor order memory, the field's load is loop-invariant and leaves the loop; next to
 * raw bytes that fence or load, it stays inside. Results are checked against plain Java.
 */
public final class MemoryFreeTemplatesProgram {
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    static final int N = 1000;

    static int value = 3;
    static long sink;

    @CodeMapping("t = rdtsc; return t")
    static long ticks() {
        CodeMappings.enterJavaBody("ticks");
        return System.nanoTime();
    }

    // mov rax, rdi; rol rax, 13; xor rax, rsi
    @CodeMapping("r = x86 \"48 89 F8 48 C1 C0 0D 48 31 F0\" in(rdi=$0, rsi=$1) out(rax); return r")
    static long mix(long a, long b) {
        CodeMappings.enterJavaBody("mix");
        return Long.rotateLeft(a, 13) ^ b;
    }

    // lfence; rdtsc; shl rdx, 32; or rax, rdx
    @CodeMapping("r = x86 \"0F AE E8 0F 31 48 C1 E2 20 48 09 D0\" out(rax) clobber(rdx); return r")
    static long fencedTicks() {
        CodeMappings.enterJavaBody("fencedTicks");
        return System.nanoTime();
    }

    // mov eax, [rdi]
    @CodeMapping("r = x86 \"8B 07\" in(rdi=$0) out(eax); return r")
    static int peek(long address) {
        CodeMappings.enterJavaBody("peek");
        return ALL.get(ValueLayout.JAVA_INT_UNALIGNED, address);
    }

    @CodeMapping("store.i64 [$0], $1")
    static void poke(long address, long v) {
        CodeMappings.enterJavaBody("poke");
        ALL.set(ValueLayout.JAVA_LONG_UNALIGNED, address, v);
    }

    static long timedSum() {
        long s = 0, t = 0;
        for (int i = 0; i < N; i++) {
            t ^= ticks();
            s += value;
        }
        sink = t;
        return s;
    }

    static long mixedSum() {
        long s = 0, m = 1;
        for (int i = 0; i < N; i++) {
            m = mix(m, i);
            s += value;
        }
        sink = m;
        return s;
    }

    static long fencedSum() {
        long s = 0, t = 0;
        for (int i = 0; i < N; i++) {
            t ^= fencedTicks();
            s += value;
        }
        sink = t;
        return s;
    }

    static long loadingSum(long address) {
        long s = 0, x = 0;
        for (int i = 0; i < N; i++) {
            x += peek(address);
            s += value;
        }
        sink = x;
        return s;
    }

    /** A store between two timestamps: MemoryFreeTemplatesTest checks it stays between them. */
    static long timedStore(long address, long v) {
        long t0 = ticks();
        poke(address, v);
        long t1 = ticks();
        return t1 - t0;
    }

    public static void main(String[] args) {
        try (Arena arena = Arena.ofConfined()) {
            long a = arena.allocate(64, 64).address();
            ALL.set(ValueLayout.JAVA_INT_UNALIGNED, a + 8, 5);
            int[] round = {0};
            Runnable all = () -> {
                value = 1 + (++round[0] & 7);
                check("timedSum", timedSum(), (long) N * value);
                check("mixedSum", mixedSum(), (long) N * value);
                long m = 1;
                for (int i = 0; i < N; i++) {
                    m = Long.rotateLeft(m, 13) ^ i;
                }
                check("mixedSum's mix", sink, m);
                check("fencedSum", fencedSum(), (long) N * value);
                check("loadingSum", loadingSum(a + 8), (long) N * value);
                check("loadingSum's loads", sink, 5L * N);
                timedStore(a, round[0]);
                check("timedStore's store", ALL.get(ValueLayout.JAVA_LONG_UNALIGNED, a), round[0]);
            };
            Warmup.untilMapped(all, 120);
            // Strict mode has seen no Java body: run on so that C2's versions are the last ones.
            for (int k = 0; k < 2000; k++) {
                all.run();
            }
            System.out.println("ok after " + round[0] + " rounds");
        }
    }

    static void check(String what, long got, long want) {
        if (got != want) {
            throw new AssertionError(what + ": got " + got + ", expected " + want);
        }
    }
}
