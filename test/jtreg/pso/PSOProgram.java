/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.util.SplittableRandom;
import java.util.zip.CRC32C;

import jaguar.ext.OffHeapBuffer;
import jaguar.mapping.CodeMappings;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOIntArray;
import jaguar.pso.PSOLongArray;
import jaguar.test.Warmup;

/**
 * Random sequences of PSO field and array operations over a small graph of {@link Record}s. Prints
 * one line per round: a digest of every value read and a CRC of the container's bytes. Run under
 * -Xint, C1 and the Jaguar JIT, the lines must agree (PSODifferentialTest); in "strict" mode it
 * first warms up until the JIT runs no Java body of a mapped method, then arms strict mode, so
 * every later round proves that compiled field accesses are inline machine loads and stores.
 */
public class PSOProgram {
    static final int RECORDS = 16;
    static final int INTS = 64;

    final OffHeapBuffer buffer = OffHeapBuffer.allocate(64 * 1024);
    final PSOContainer container = PSOContainer.format(buffer);
    final Record[] records = new Record[RECORDS];
    final PSOIntArray ints;

    PSOProgram() {
        for (int k = 0; k < RECORDS; k++) {
            records[k] = container.allocate(Record.class);
            records[k].history = PSOLongArray.allocate(container, 4);
        }
        ints = PSOIntArray.allocate(container, INTS);
    }

    /** One round of 200 random operations; returns a digest of what it read. */
    static long round(Record[] rs, PSOIntArray ints, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long digest = 0;
        for (int op = 0; op < 200; op++) {
            Record x = rs[r.nextInt(rs.length)];
            int v = r.nextInt();
            switch (r.nextInt(12)) {
                case 0 -> x.flag = (v & 1) != 0;
                case 1 -> x.b = (byte) v;
                case 2 -> x.c = (char) v;
                case 3 -> x.s = (short) v;
                case 4 -> x.i = v;
                case 5 -> x.f = Float.intBitsToFloat(v);
                case 6 -> x.l = (long) v * 0x9E3779B97F4A7C15L;
                case 7 -> x.d = v / 7.0;
                case 8 -> x.next = (v & 3) == 0 ? null : rs[(v >>> 8) % rs.length];
                case 9 -> ints.set((v >>> 4) % ints.length(), v);
                case 10 -> x.history.set((v >>> 4) & 3, v * 31L);
                default -> {
                    digest = digest * 31 + (x.flag ? 1 : 0) + x.b + x.c + x.s + x.i + Float.floatToRawIntBits(x.f) + x.l
                                    + Double.doubleToRawLongBits(x.d);
                    Record n = x.next;
                    digest = digest * 31 + (n == null ? -1 : n.i + n.offset());
                    digest = digest * 31 + ints.get((v >>> 4) % ints.length()) + x.history.get(v & 3);
                }
            }
        }
        return digest;
    }

    long bytesCrc() {
        CRC32C crc = new CRC32C();
        for (long k = 0; k < container.used(); k++) {
            crc.update(buffer.getByte(k));
        }
        return crc.getValue();
    }

    public static void main(String[] args) {
        String mode = args[0];
        int rounds = Integer.parseInt(args[1]);
        if (mode.equals("strict")) {
            PSOProgram w = new PSOProgram();
            long[] seed = {-1};
            int warm = Warmup.untilMapped(() -> {
                for (int k = 0; k < 100; k++) {
                    round(w.records, w.ints, seed[0]--);
                }
            }, 240);
            System.err.println("warm after " + warm + " rounds");
        }
        // A fresh graph (allocated before strict mode: allocation is not what is under test), so
        // every mode starts from the same bytes.
        PSOProgram p = new PSOProgram();
        boolean strict = mode.equals("strict");
        if (strict) {
            CodeMappings.setStrict(true);
        }
        for (int k = 0; k < rounds; k++) {
            System.out.println("round " + k + " digest " + Long.toHexString(round(p.records, p.ints, k)));
        }
        if (strict) {
            CodeMappings.setStrict(false);
        }
        System.out.println("bytes " + Long.toHexString(p.bytesCrc()));
    }
}
