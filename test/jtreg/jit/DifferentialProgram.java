import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;

import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

/**
 * Runs seeded random sequences of DifferentialOps on a small off-heap region and prints one digest
 * per round (the results of every operation and the region's final bytes). Arguments: mode
 * (plain | jit) and rounds. In jit mode it first warms up until the JIT maps every call, then
 * arms strict mode so that the printed rounds can only have run the inlined templates.
 */
public final class DifferentialProgram {
    static final int REGION = 256;
    static final int OPS = 2000;

    static long round(long base, MemorySegment region, long seed) {
        region.fill((byte) 0);
        SplittableRandom r = new SplittableRandom(seed);
        long digest = seed;
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
        return digest;
    }

    public static void main(String[] args) {
        boolean jit = args[0].equals("jit");
        int rounds = Integer.parseInt(args[1]);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment region = arena.allocate(REGION, 64);
            long base = region.address();
            if (jit) {
                long[] s = {1L << 40};
                Warmup.untilMapped(() -> {
                    for (int k = 0; k < 20; k++) {
                        round(base, region, s[0]++);
                    }
                }, 240);
                CodeMappings.setStrict(true);
            }
            for (int i = 0; i < rounds; i++) {
                System.out.println("round " + i + " " + Long.toHexString(round(base, region, i)));
            }
        }
    }
}
