/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary C2, and C1 for the operations it expands, run a user's typed code mappings
 *          (application class loader, registered by the VM when the class is initialised,
 *          nothing registered by hand): once the caller is compiled no Java body runs (strict
 *          mode), and the results equal the Java bodies'.
 * @library /lib
 * @build jaguar.test.Warmup UserOps
 * @run main/othervm -Djaguar.mapping.strict=true
 *      -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,TypedOpsTest::round TypedOpsTest c2
 * @run main/othervm -XX:TieredStopAtLevel=1 -Djaguar.mapping.strict=true
 *      -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,TypedOpsTest::round TypedOpsTest c1
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

public class TypedOpsTest {
    static final int N = 256;
    static final UserOps OPS = new UserOps();
    /** False under C1 alone: C1 has no HIR for cmpxchg, which keeps its Java body there. */
    static boolean c2Ops = true;

    /** Uses every mapping of UserOps; a digest of all it read. */
    static long round(long base, int seed) {
        long digest = 0;
        for (int i = 0; i < N; i++) {
            UserOps.putInt(base + 4L * i, seed * i);
            digest += UserOps.getInt(base + 4L * i);
            digest += UserOps.getByte(base, i);
            digest += UserOps.getUnsignedByteAfter(base, i);
        }
        long s = base + 4L * N;
        UserOps.putByte(s, (byte) (seed * 3));
        digest += UserOps.getShort(s) * 7L;
        UserOps.putCharBefore(s + 10, (char) (seed * 11));
        digest += UserOps.getChar(s + 8);
        UserOps.putLongRelease(s + 16, seed * 0x1_0000_0001L);
        digest += UserOps.getLongAcquire(s + 16);
        UserOps.putIntOpaqueThenFence(s + 24, seed + 5);
        digest += UserOps.getIntVolatile(s + 24);
        digest += UserOps.casInt(s + 28, 0, seed) ? 1 : 1000;
        digest += UserOps.casInt(s + 28, 12345, 1) ? 1000 : 3;
        digest += UserOps.getAndAddLong(s + 40, seed);
        digest += UserOps.getAndSetInt(s + 48, seed * 13);
        digest += OPS.word(base);
        digest += UserOps.swappedSum(base);
        digest += UserOps.swapShort((short) (seed * 0x8181));
        digest += UserOps.swapChar((char) (seed * 0x8183));
        digest += UserOps.swapLong(seed * 0x8102_0304_0506_0788L);
        if (c2Ops) {
            digest += UserOps.cmpxchgLong(s + 32, 0, seed + 9L);
            digest += UserOps.cmpxchgLong(s + 32, seed + 9L, 0);
        }
        return digest;
    }

    public static void main(String[] args) throws Exception {
        c2Ops = !args[0].equals("c1");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mem = arena.allocate(8 * N, 8);
            long base = mem.address();
            // The Java bodies' answers, from the interpreter.
            long[] expected = new long[8];
            for (int seed = 0; seed < expected.length; seed++) {
                mem.fill((byte) 0);
                expected[seed] = round(base, seed);
            }
            // Every seed in warm-up, so that the compiled caller has seen each branch it takes.
            int[] next = {0};
            Warmup.untilMapped(() -> {
                mem.fill((byte) 0);
                round(base, next[0]++ % expected.length);
            }, 120);
            CodeMappings.setStrict(true);
            for (int seed = 0; seed < expected.length; seed++) {
                mem.fill((byte) 0);
                long got = round(base, seed);
                if (got != expected[seed]) {
                    throw new AssertionError("seed " + seed + ": compiled " + got + ", Java bodies " + expected[seed]);
                }
            }
            CodeMappings.setStrict(false);
            try {
                nullReceiver(null, base);
                throw new AssertionError("a null receiver of an instance mapping did not throw");
            } catch (NullPointerException expectedNpe) {
                // as the Java body's call would
            }
        }
        System.out.println(args[0] + " mapped every typed operation it expands; results equal the Java bodies'");
    }

    static int nullReceiver(UserOps ops, long base) {
        return ops.getWord(base);
    }
}
