/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary C2 expands the templates it has no ideal node for (rdtsc, sfence, prefetch with
 *          every hint and address form, syscall with up to six arguments, raw x86 bytes) as
 *          hand-written machine nodes: once compiled no Java body runs, the counter moves
 *          forward, system calls return the kernel's answers, and twelve values that change in
 *          every iteration, live across the templates, survive register allocation (rdtsc
 *          destroys rdx; syscall rcx and r11; the raw bytes rcx, by the verifier's write set; all
 *          of them the flags).
 * @library /lib
 * @modules jaguar.lib/jaguar.memory
 * @build jaguar.test.Warmup
 * @run main/othervm -Djaguar.mapping.strict=true
 *      -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,C2MachineTemplatesTest::round C2MachineTemplatesTest
 * @run main/othervm -XX:-TieredCompilation -Djaguar.mapping.strict=true
 *      -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,C2MachineTemplatesTest::round C2MachineTemplatesTest
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.memory.NativeMemory;
import jaguar.test.Warmup;

public class C2MachineTemplatesTest {
    static final int N = 64;

    @CodeMapping("prefetch.nta [$0 + $1 + 64]")
    static void prefetchNta(long base, int offset) {
        CodeMappings.enterJavaBody("prefetchNta");
    }

    @CodeMapping("prefetch.w [$0 + $1]")
    static void prefetchForWrite(long base, long offset) {
        CodeMappings.enterJavaBody("prefetchForWrite");
    }

    @CodeMapping("prefetch.t1 [$0]; prefetch.t2 [$0 - 128]")
    static void prefetchLevels(long address) {
        CodeMappings.enterJavaBody("prefetchLevels");
    }

    static final long PID = ProcessHandle.current().pid();

    @CodeMapping("r = syscall 39; return r")
    static long getpid() {
        CodeMappings.enterJavaBody("getpid");
        return PID;
    }

    /**
     * clock_getres(clock, NULL) with two more arguments in rdx and r10, which it ignores: 0 for
     * CLOCK_MONOTONIC (1), -EINVAL for a clock that does not exist (a number in the wrong register).
     * Templates may only make calls that cannot block (NonBlockingSyscalls).
     */
    @CodeMapping("r = syscall 229, $0, $1, $2, $3; return r")
    static long clockGetres(long clock, long result, long unused1, long unused2) {
        CodeMappings.enterJavaBody("clockGetres");
        return clock == 1 && result == 0 ? 0 : -22;
    }

    /** getcpu(NULL, NULL, NULL) with three more arguments in r10, r8, r9, which it ignores: 0. */
    @CodeMapping("r = syscall 309, $0, $1, $2, $3, $4, $5; return r")
    static long getcpu(long cpu, long node, long cache, long unused1, long unused2, long unused3) {
        CodeMappings.enterJavaBody("getcpu");
        return cpu == 0 && node == 0 && cache == 0 ? 0 : Long.MIN_VALUE;
    }

    /** lea rax, [rdi + rsi]; mov rcx, rax; add rcx, rcx; xor rax, rcx: raw bytes writing rax and rcx. */
    @CodeMapping("r = x86 \"48 8D 04 37 48 89 C1 48 01 C9 48 31 C8\" in(rdi=$0, rsi=$1) out(rax) clobber(rcx); return r")
    static long mix(long a, long b) {
        CodeMappings.enterJavaBody("mix");
        long s = a + b;
        return s ^ (2 * s);
    }

    static final int VALUES = 12;

    /**
     * Twelve values that differ in every iteration are live across every template: each is
     * loaded at the top of the body (a load cannot move below a machine template, a barrier over
     * all memory) and first used with the last template's result, each with its own weight. A
     * register a template changes behind the allocator's back would change the sum.
     */
    static long round(long base, long values, long a, long b) {
        long before = NativeMemory.timestampCounter();
        long sum = 0;
        boolean forward = true;
        for (int n = 0; n < N; n++) {
            long v = values + 8L * VALUES * n;
            long g0 = NativeMemory.getLong(v), g1 = NativeMemory.getLong(v + 8), g2 = NativeMemory.getLong(v + 16);
            long g3 = NativeMemory.getLong(v + 24), g4 = NativeMemory.getLong(v + 32), g5 = NativeMemory.getLong(v + 40);
            long g6 = NativeMemory.getLong(v + 48), g7 = NativeMemory.getLong(v + 56), g8 = NativeMemory.getLong(v + 64);
            long g9 = NativeMemory.getLong(v + 72), g10 = NativeMemory.getLong(v + 80), g11 = NativeMemory.getLong(v + 88);
            prefetchNta(base, n * 8);
            prefetchForWrite(base, n * 8L);
            prefetchLevels(base + 4096);
            NativeMemory.prefetch(base + n);
            NativeMemory.putLong(base + 8L * n, a + b * n);
            NativeMemory.writeCombiningFence();
            long t = NativeMemory.timestampCounter();
            forward &= t >= before;
            before = t;
            sum += NativeMemory.getLong(base + 8L * n);
            // Each adds zero when the kernel answered as expected.
            sum += (getpid() - PID) + clockGetres(1, 0, n, base) + getcpu(0, 0, 0, n, base, 4096);
            long s = a + n + b;
            long m = mix(a + n, b);
            sum += m - (s ^ (2 * s));
            // Each value meets the raw template's result: none can be summed before the templates.
            sum += (g0 ^ m) + 3 * (g1 ^ m) + 5 * (g2 ^ m) + 7 * (g3 ^ m) + 9 * (g4 ^ m) + 11 * (g5 ^ m) + 13 * (g6 ^ m)
                            + 15 * (g7 ^ m) + 17 * (g8 ^ m) + 19 * (g9 ^ m) + 21 * (g10 ^ m) + 23 * (g11 ^ m);
        }
        return forward ? sum : -sum;
    }

    /** What round returns, computed here. */
    static long expected(MemorySegment values, long a, long b) {
        long sum = 0;
        for (int n = 0; n < N; n++) {
            sum += a + b * n;
            long s = a + n + b;
            long m = s ^ (2 * s);
            for (int k = 0; k < VALUES; k++) {
                sum += (2L * k + 1) * (values.getAtIndex(ValueLayout.JAVA_LONG, (long) VALUES * n + k) ^ m);
            }
        }
        return sum;
    }

    public static void main(String[] args) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mem = arena.allocate(8192, 64);
            MemorySegment values = arena.allocate(8L * VALUES * N, 64);
            long base = mem.address() + 256;
            SplittableRandom random = new SplittableRandom(7);
            values.elements(ValueLayout.JAVA_LONG).forEach(e -> e.set(ValueLayout.JAVA_LONG, 0, random.nextLong()));
            long[] seed = {1};
            Warmup.untilMapped(() -> round(base, values.address(), seed[0]++, 2), 120);
            CodeMappings.setStrict(true);
            for (long s = 1; s < 2000; s += 37) {
                values.elements(ValueLayout.JAVA_LONG).forEach(e -> e.set(ValueLayout.JAVA_LONG, 0, random.nextLong()));
                long got = round(base, values.address(), s, s * s);
                long want = expected(values, s, s * s);
                if (got != want) {
                    throw new AssertionError("seed " + s + ": compiled " + got + ", expected " + want
                                    + (got == -want ? " (rdtsc went backwards)" : " (a live value was clobbered)"));
                }
            }
        }
        System.out.println("C2 ran rdtsc, sfence, prefetch, syscall and raw bytes as templates; live values intact");
    }
}
