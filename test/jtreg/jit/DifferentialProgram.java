/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;

import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

/**
 * Runs seeded random sequences of DifferentialOps on a small off-heap region and prints one digest
 * per round (the results of every operation and the region's final bytes). Arguments: mode and
 * rounds. Modes:
 * <ul>
 * <li>plain: no warm-up, nothing checked (the -Xint reference);
 * <li>jit: warms up until the JIT maps every call, then arms strict mode so that the printed
 *     rounds can only have run the inlined templates;
 * <li>c1: as jit for C1 alone, with strict mode scoped to the mappings C1 expands;
 * <li>osr: warm-up and printed rounds in one loop entered once, so that only its on-stack-
 *     replacement compilation can run it compiled; strict mode is armed from inside the loop.
 * </ul>
 */
public final class DifferentialProgram {
    static final int REGION = 256;
    static final int OPS = 2000;

    /** Where the loop of rounds gets its seeds and leaves its digests. */
    interface Schedule {
        /** The next round's seed, or -1 to stop; {@code digest} is the last round's (0 before the first). */
        long next(long digest);
    }

    /** Plays the rounds {@code schedule} asks for, all in one loop. */
    static void play(long base, MemorySegment region, Schedule schedule) {
        long digest = 0;
        for (long seed; (seed = schedule.next(digest)) >= 0; ) {
            region.fill((byte) 0);
            SplittableRandom r = new SplittableRandom(seed);
            digest = seed;
            for (int i = 0; i < OPS; i++) {
                int op = r.nextInt(28);
                long aligned = base + 8L * r.nextInt(REGION / 8 - 2);     // room for +8..+15
                long unaligned = base + 16 + r.nextInt(REGION - 40);
                int iv = r.nextInt();
                long lv = r.nextLong();
                long res = switch (op) {
                    case 0 -> DifferentialOps.loadI8(unaligned, r.nextInt(8));
                    case 1 -> DifferentialOps.loadU8(unaligned, r.nextInt(8));
                    case 2 -> DifferentialOps.loadI16(unaligned, r.nextInt(8));
                    case 3 -> DifferentialOps.loadU16(unaligned, r.nextInt(8));
                    case 4 -> DifferentialOps.loadI32(unaligned);
                    case 5 -> DifferentialOps.loadI64(aligned);
                    case 6 -> {
                        DifferentialOps.storeI8(unaligned, r.nextInt(8), iv);
                        yield 6;
                    }
                    case 7 -> {
                        DifferentialOps.storeI16(unaligned, iv);
                        yield 7;
                    }
                    case 8 -> {
                        DifferentialOps.storeI32(unaligned, r.nextInt(8), iv);
                        yield 8;
                    }
                    case 9 -> {
                        DifferentialOps.storeI64(unaligned, lv);
                        yield 9;
                    }
                    case 10 -> DifferentialOps.bswapI16(iv);
                    case 11 -> DifferentialOps.bswapU16(iv);
                    case 12 -> DifferentialOps.bswapI32(iv);
                    case 13 -> DifferentialOps.bswapI64(lv);
                    case 14 -> DifferentialOps.casI32(aligned, r.nextBoolean() ? 0 : iv, iv) ? 1 : 0;
                    case 15 -> DifferentialOps.casI64(aligned, r.nextBoolean() ? 0 : lv, lv) ? 1 : 0;
                    case 16 -> DifferentialOps.cmpxchgI32(aligned, r.nextBoolean() ? 0 : iv, iv);
                    case 17 -> DifferentialOps.cmpxchgI64(aligned, 0, lv);
                    case 18 -> DifferentialOps.getAddI32(aligned, iv);
                    case 19 -> DifferentialOps.getSetI64(aligned, lv);
                    case 20 -> DifferentialOps.addI32(iv, r.nextInt());
                    case 21 -> DifferentialOps.addI64Const(lv);
                    case 22 -> DifferentialOps.leaI64(lv, r.nextLong()) ^ DifferentialOps.leaI32(iv, r.nextInt());
                    case 23 -> DifferentialOps.twiceI64(lv);
                    case 24 -> DifferentialOps.bumpAndRead(aligned);
                    case 25 -> DifferentialOps.xaddRaw(aligned, lv);
                    case 26 -> DifferentialOps.signExtendRaw(iv);
                    default -> {
                        DifferentialOps.hints(aligned);
                        yield 27;
                    }
                };
                digest = digest * 31 + res;
            }
            for (long off = 0; off < REGION; off += 8) {
                digest = digest * 31 + region.get(java.lang.foreign.ValueLayout.JAVA_LONG, off);
            }
        }
    }

    /** One round: a call of play of its own, so that play is compiled as a method, not on stack. */
    static long round(long base, MemorySegment region, long seed) {
        One one = new One(seed);
        play(base, region, one);
        return one.digest;
    }

    static final class One implements Schedule {
        final long seed;
        long digest;
        boolean started;

        One(long seed) {
            this.seed = seed;
        }

        @Override
        public long next(long digest) {
            this.digest = digest;
            if (started) {
                return -1;
            }
            started = true;
            return seed;
        }
    }

    /**
     * The osr mode's schedule: fresh seeds until two rounds in a row ran no Java body (the loop
     * runs compiled with every call mapped), then strict mode and the printed rounds 0, 1, ...
     * The test keeps next() out of line (dontinline): its branch that arms strict mode is first
     * taken long after the loop was compiled, and inlined it would be an uncommon trap that sends
     * the loop back to the interpreter.
     */
    static final class OsrSchedule implements Schedule {
        final int rounds;
        final long deadline = System.nanoTime() + 240_000_000_000L;
        long warmSeed = 1L << 40;
        int warmRounds;
        int quiet;
        long runs = -1;
        int printed = -1;

        OsrSchedule(int rounds) {
            this.rounds = rounds;
        }

        @Override
        public long next(long digest) {
            if (printed >= 0) {
                System.out.println("round " + printed + " " + Long.toHexString(digest));
                return ++printed < rounds ? printed : -1;
            }
            long now = CodeMappings.javaBodyRuns();
            quiet = now == runs ? quiet + 1 : 0;
            runs = now;
            if (quiet >= 2 && ++warmRounds > 10) {
                CodeMappings.setStrict(true);
                printed = 0;
                return 0;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("after 240 s the loop's Java bodies still run: its OSR compilation did not map them");
            }
            return warmSeed++;
        }
    }

    public static void main(String[] args) {
        String mode = args[0];
        int rounds = Integer.parseInt(args[1]);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment region = arena.allocate(REGION, 64);
            long base = region.address();
            if (mode.equals("osr")) {
                play(base, region, new OsrSchedule(rounds));    // the only call: its loop runs on stack
                return;
            }
            long c2OnlyRuns = 0;
            if (!mode.equals("plain")) {
                long[] s = {1L << 40};
                Runnable warmRound = () -> {
                    for (int k = 0; k < 20; k++) {
                        round(base, region, s[0]++);
                    }
                };
                if (mode.equals("c1")) {
                    Warmup.untilMapped(warmRound, 240, DifferentialOps.BOTH_JITS);
                    DifferentialOps.strictC1 = true;
                    c2OnlyRuns = CodeMappings.javaBodyRunsByMethod().getOrDefault(DifferentialOps.C2_ONLY, 0L);
                } else {
                    Warmup.untilMapped(warmRound, 240);
                    CodeMappings.setStrict(true);
                }
            }
            for (int i = 0; i < rounds; i++) {
                System.out.println("round " + i + " " + Long.toHexString(round(base, region, i)));
            }
            if (mode.equals("c1")) {
                // The calls C1 leaves went on reaching their Java bodies beside the scoped strict mode.
                System.err.println("C1's printed rounds ran no Java body of a mapping C1 expands, and "
                                + (CodeMappings.javaBodyRunsByMethod().getOrDefault(DifferentialOps.C2_ONLY, 0L) - c2OnlyRuns)
                                + " of the mappings it leaves as calls");
            }
        }
    }
}
