/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.test.Warmup;

/**
 * Indexed loops nested in an outer loop, the shape of JMH's measurement stub once it inlines a
 * benchmark: a check must leave the inner loop although the outer one runs only four times.
 * HoistedChecksTest reads C2's code of sumNested and fillNested.
 */
public final class HoistedChecksProgram {
    static final int INTS = 4096;

    /** The outer loop's exit: a volatile, as JMH's isDone, so the outer loop is not counted. */
    static final class Flag {
        volatile int left;
    }

    static int sum(ExternalBuffer b) {
        int sum = 0;
        for (int i = 0; i < INTS; i++) {
            sum += b.getIntAtIndex(i);
        }
        return sum;
    }

    static void fill(ExternalBuffer b, int v) {
        for (int i = 0; i < INTS; i++) {
            b.putIntAtIndex(i, v);
        }
    }

    /** Compiled on its own (kept out of line by the test): sum() is inlined into its loop. */
    static long sumNested(ExternalBuffer b, Flag f) {
        long total = 0;
        f.left = 4;
        do {
            total += sum(b);
        } while (--f.left > 0);
        return total;
    }

    static long fillNested(ExternalBuffer b, Flag f, int v) {
        long rounds = 0;
        f.left = 4;
        do {
            fill(b, v);
            rounds++;
        } while (--f.left > 0);
        return rounds;
    }

    public static void main(String[] args) {
        try (ExternalBuffer confined = OffHeapBuffer.allocate(4L * INTS); ExternalBuffer shared = OffHeapBuffer.allocateShared(4L * INTS)) {
            Flag f = new Flag();
            long[] sink = {0};
            // Both kinds pass through the accessors, as in the access benchmarks' set-up.
            Warmup.untilMapped(() -> {
                for (int k = 0; k < 50; k++) {
                    sink[0] += fillNested(confined, f, k) + sumNested(confined, f);
                    sink[0] += fillNested(shared, f, k) + sumNested(shared, f);
                }
            }, 240);
            System.out.println("mapped " + sink[0]);
            // A quiet round can come from C1's code, which expands the typed templates too: run on
            // so that C2 compiles (and prints) both nested methods with their loops inlined
            // (HoistedChecksTest runs this with -Xbatch, so the compilations finish before exit).
            for (int r = 0; r < 20_000; r++) {
                sink[0] += fillNested(confined, f, r) + sumNested(confined, f);
            }
            System.out.println("compiled " + sink[0]);
        }
    }
}
