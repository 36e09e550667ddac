/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

/**
 * The sort benchmark's random numbers: gensort's 128-bit linear congruential generator
 * {@code x' = A x + C (mod 2^128)} started at 0. Record {@code n}'s first random number is
 * {@code x(n+1)}; {@link #at} jumps to any {@code x(n)} in 128 steps of squaring the affine map,
 * which is what lets any range of records be generated independently (and in parallel).
 */
public final class GensortRandom {
    static final Uint128 A = new Uint128(0x2360ed051fc65da4L, 0x4385df649fccf645L);
    static final Uint128 C = new Uint128(0x4a696d4772617952L, 0x4950202020202001L);

    private GensortRandom() {
    }

    /**
     * x(n): the generator's value after {@code n} steps from 0.
     *
     * @param n how many steps, 0 to 2^128 - 1 (x(0) is 0); not null
     * @return x(n), the top 10 bytes of which are record {@code n - 1}'s key (binary records)
     */
    public static Uint128 at(Uint128 n) {
        // Apply the map x -> a x + c once per set bit of n, with (a, c) the map squared per bit.
        Uint128 a = A;
        Uint128 c = C;
        Uint128 x = Uint128.ZERO;
        for (int bit = 0; bit < 128; bit++) {
            long word = bit < 64 ? n.lo() : n.hi();
            if ((word >>> (bit & 63) & 1) != 0) {
                x = a.times(x).plus(c);
            }
            c = a.times(c).plus(c);   // (a, c) then (a, c): x -> a(a x + c) + c
            a = a.times(a);
        }
        return x;
    }

    /** One step: the high half of {@code A x + C}, given x's halves. */
    static long nextHi(long hi, long lo) {
        long productLo = lo * A.lo();
        long productHi = Math.unsignedMultiplyHigh(lo, A.lo()) + lo * A.hi() + hi * A.lo();
        long sumLo = productLo + C.lo();
        return productHi + C.hi() + (Long.compareUnsigned(sumLo, productLo) < 0 ? 1 : 0);
    }

    /** One step: the low half of {@code A x + C}. */
    static long nextLo(long lo) {
        return lo * A.lo() + C.lo();
    }
}
