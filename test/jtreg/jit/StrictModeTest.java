/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary After warm-up, the Java bodies of Jaguar's raw primitives throw (strict mode), and
 *          compiled callers still compute the right results: the JIT inlined every template.
 * @library /lib
 * @modules jaguar.lib/jaguar.memory
 * @build jaguar.test.Warmup
 * @run main/othervm -Djaguar.mapping.strict=true
 *      -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,StrictModeTest::exercise StrictModeTest
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jaguar.mapping.CodeMappings;
import jaguar.memory.NativeMemory;
import jaguar.memory.Syscalls;
import jaguar.test.Warmup;

public class StrictModeTest {
    static final int N = 512;
    /** Offset of the scalar fields, after the array the loop fills. */
    static final long SCALARS = 8L * N;

    /** Uses every shipped primitive; returns a digest of everything it read. */
    static long exercise(long base, int seed) {
        long digest = 0;
        for (int i = 0; i < N; i++) {
            long p = base + 8L * i;
            NativeMemory.putLong(p, seed + i);
            digest += NativeMemory.getLong(p);
        }
        long a = base + SCALARS;
        NativeMemory.putByte(a, (byte) seed);
        digest += NativeMemory.getByte(a);
        NativeMemory.putShort(a + 2, (short) (seed * 3));
        digest += NativeMemory.getShort(a + 2);
        NativeMemory.putChar(a + 4, (char) (seed * 5));
        digest += NativeMemory.getChar(a + 4);
        NativeMemory.putInt(a + 8, seed * 7);
        digest += NativeMemory.getInt(a + 8);
        NativeMemory.putIntOpaque(a + 12, seed);
        digest += NativeMemory.getIntOpaque(a + 12);
        NativeMemory.putIntRelease(a + 16, seed + 1);
        digest += NativeMemory.getIntAcquire(a + 16);
        NativeMemory.putIntVolatile(a + 20, seed + 2);
        digest += NativeMemory.getIntVolatile(a + 20);
        NativeMemory.putLongOpaque(a + 24, seed + 3L);
        digest += NativeMemory.getLongOpaque(a + 24);
        NativeMemory.putLongRelease(a + 32, seed + 4L);
        digest += NativeMemory.getLongAcquire(a + 32);
        NativeMemory.putLongVolatile(a + 40, seed + 5L);
        digest += NativeMemory.getLongVolatile(a + 40);
        digest += NativeMemory.compareAndSetInt(a + 48, 0, seed) ? 1 : 100;
        digest += NativeMemory.compareAndExchangeInt(a + 48, seed, 0);
        digest += NativeMemory.compareAndSetLong(a + 56, 0L, seed) ? 1 : 100;
        digest += NativeMemory.compareAndExchangeLong(a + 56, seed, 0L);
        digest += NativeMemory.getAndAddInt(a + 64, 3);
        digest += NativeMemory.getAndAddLong(a + 72, 5L);
        digest += NativeMemory.getAndSetInt(a + 80, seed);
        digest += NativeMemory.getAndSetLong(a + 88, seed);
        NativeMemory.loadFence();
        NativeMemory.storeFence();
        NativeMemory.fullFence();
        NativeMemory.writeCombiningFence();
        NativeMemory.prefetch(a);
        long t0 = NativeMemory.timestampCounter();
        long t1 = NativeMemory.timestampCounter();
        digest += (t1 - t0 >= 0) ? 0 : 1_000_000;   // the counter never runs backwards on one core
        digest += Syscalls.write(-1L, a, 8);           // the kernel's answer: -EBADF
        digest += Syscalls.write(1L, a, 0);            // stdout takes 0 bytes: 0
        return digest;
    }

    /** The same computation done with FFM alone, as the reference. */
    static long expected(MemorySegment m, int seed) {
        long d = 0;
        for (int i = 0; i < N; i++) {
            d += seed + i;
        }
        long prevAdd32 = m.get(ValueLayout.JAVA_INT, SCALARS + 64) - 3;
        long prevAdd64 = m.get(ValueLayout.JAVA_LONG, SCALARS + 72) - 5;
        d += (byte) seed + (short) (seed * 3) + (char) (seed * 5) + seed * 7 + seed + (seed + 1) + (seed + 2);
        d += (seed + 3L) + (seed + 4L) + (seed + 5L);
        d += 1 + seed + 1 + seed;
        d += prevAdd32 + prevAdd64;
        d += -9;                                       // EBADF
        return d;
    }

    public static void main(String[] args) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(SCALARS + 128, 64);
            long a = m.address();
            int[] seed = {1};
            int rounds = Warmup.untilMapped(() -> {
                for (int k = 0; k < 200; k++) {
                    int s = seed[0]++;
                    m.set(ValueLayout.JAVA_INT, SCALARS + 80, 0);
                    m.set(ValueLayout.JAVA_LONG, SCALARS + 88, 0);
                    exercise(a, s);
                }
            }, 240);
            System.out.println("warm after " + rounds + " rounds, " + CodeMappings.javaBodyRuns() + " Java-body runs");

            CodeMappings.setStrict(true);
            for (int s = 1000; s < 1100; s++) {
                m.set(ValueLayout.JAVA_INT, SCALARS + 80, 0);
                m.set(ValueLayout.JAVA_LONG, SCALARS + 88, 0);
                long got = exercise(a, s);
                long want = expected(m, s);
                if (got != want) {
                    throw new AssertionError("seed=" + s + " compiled=" + got + " reference=" + want);
                }
            }
            // The interpreter must now refuse: proves the check is armed, so the loop above ran templates.
            try {
                NativeMemory.getInt(a);
                throw new AssertionError("strict mode did not stop a Java body");
            } catch (IllegalStateException expected) {
                System.out.println("interpreted call refused as expected: " + expected.getMessage());
            }
            CodeMappings.setStrict(false);
        }
        System.out.println("PASSED");
    }
}
