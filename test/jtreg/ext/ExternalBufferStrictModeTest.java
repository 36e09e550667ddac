/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary Once compiled, ExternalBuffer's accessors and the doorbell run their raw parts as
 *          inlined code mappings: with strict mode armed, no mapped Java body runs.
 * @run main/othervm -Djaguar.mapping.strict=true ExternalBufferStrictModeTest
 */

// No -Xbatch: the retry loop below makes warm-up robust without it (under Graal, -Xbatch stalled
// start-up for minutes).

import java.nio.ByteOrder;

import jaguar.ext.Doorbell;
import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.mapping.CodeMappings;

public class ExternalBufferStrictModeTest {
    private static final int SIZE = 4096;
    private static final long DEADLINE_NANOS = 240_000_000_000L;

    /** Atomics live after the data area; the doorbell after them. */
    private static final int ATOMICS = SIZE;
    private static final int BELL = SIZE + 32;

    /** Plain accesses in both orders, ordered accesses, atomics, and the doorbell. */
    static long kernel(ExternalBuffer b, Doorbell bell, int seed) {
        long sum = 0;
        for (long off = 0; off + 16 <= SIZE - 16; off += 16) {
            b.putInt(off, seed + (int) off);
            b.putLong(off + 8, off, ByteOrder.BIG_ENDIAN);
            sum += b.getInt(off) + b.getLong(off + 8, ByteOrder.BIG_ENDIAN);
            sum += b.getShort(off + 1, ByteOrder.LITTLE_ENDIAN) + b.getChar(off + 2) + b.getByte(off + 3);
        }
        // Write every element first: the kernel must not read bytes an earlier call left behind.
        for (int i = 0; i < 64; i++) {
            b.putIntAtIndex(i, seed + i);
        }
        for (int i = 0; i < 64; i++) {
            sum += b.getIntAtIndex(i) + b.getLongAtIndex(i / 2) + b.getShortAtIndex(i) + b.getByteAtIndex(i);
        }
        b.putDoubleAtIndex(5, seed * 0.25);
        sum += (long) b.getDoubleAtIndex(5) + (long) b.getFloatAtIndex(3) + b.getCharAtIndex(1);
        b.putDouble(SIZE - 16, seed * 0.5);
        sum += (long) b.getDouble(SIZE - 16);
        b.putIntRelease(SIZE - 8, seed);
        sum += b.getIntAcquire(SIZE - 8) + b.getLongVolatile(SIZE - 16);
        b.putInt(ATOMICS, 0);
        b.putLong(ATOMICS + 8, 0);
        sum += b.getAndAddInt(ATOMICS, seed) + b.getAndAddInt(ATOMICS, 1) + b.getAndSetInt(ATOMICS, 5);
        sum += (b.compareAndSetLong(ATOMICS + 8, 0, seed) ? 1 : 0) + b.compareAndExchangeLong(ATOMICS + 8, seed, 3);
        sum += b.getAndAddLong(ATOMICS + 8, 2) + b.getAndSetLong(ATOMICS + 8, 0) + b.compareAndExchangeInt(ATOMICS, 5, 6);
        sum += b.compareAndSetInt(ATOMICS, 6, 7) ? 10 : 0;
        bell.ring(seed | 1, seed);
        sum += bell.value() + bell.handle() + (bell.isBusy() ? 1 : 0);
        bell.clear();
        return sum;
    }

    public static void main(String[] args) {
        try (OffHeapBuffer b = OffHeapBuffer.allocate(BELL + Doorbell.SIZE)) {
            Doorbell bell = Doorbell.at(b, BELL);
            // Strict mode must catch the interpreter running the Java bodies, or passing proves nothing.
            CodeMappings.setStrict(true);
            try {
                kernel(b, bell, 1);
                throw new AssertionError("strict mode did not stop an interpreted Java body");
            } catch (IllegalStateException expected) {
                System.out.println("before warm-up: " + expected.getMessage());
            } finally {
                CodeMappings.setStrict(false);
            }
            long expectedSum = kernel(b, bell, 7);
            long start = System.nanoTime();
            for (int round = 1;; round++) {
                for (int i = 0; i < 1000; i++) {
                    kernel(b, bell, i);
                }
                CodeMappings.setStrict(true);
                try {
                    long sum = kernel(b, bell, 7);
                    CodeMappings.setStrict(false);
                    if (sum != expectedSum) {
                        throw new AssertionError("compiled kernel computed " + sum + ", the interpreter " + expectedSum);
                    }
                    System.out.println("inlined after " + round + " rounds, " + (System.nanoTime() - start) / 1_000_000 + " ms");
                    return;
                } catch (IllegalStateException notYet) {
                    CodeMappings.setStrict(false);
                    if (System.nanoTime() - start > DEADLINE_NANOS) {
                        throw new AssertionError("accessors still not JIT-mapped after " + round + " rounds", notYet);
                    }
                }
            }
        }
    }
}
