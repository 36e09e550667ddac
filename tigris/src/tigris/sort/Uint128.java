/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.math.BigInteger;

/**
 * An unsigned 128-bit number, as the sort benchmark's tools count records and sum checksums
 * (their {@code u16}: two 64-bit halves). Arithmetic wraps modulo 2^128. Values are compared
 * unsigned; {@code equals} compares the halves.
 *
 * @param hi the high 64 bits, unsigned
 * @param lo the low 64 bits, unsigned
 */
public record Uint128(long hi, long lo) implements Comparable<Uint128> {
    /** Zero, where a count or a checksum starts. */
    public static final Uint128 ZERO = new Uint128(0, 0);
    private static final BigInteger LIMIT = BigInteger.ONE.shiftLeft(128);

    /**
     * A number below 2^64.
     *
     * @param unsignedLo the number, read as unsigned (-1 is 2^64 - 1)
     * @return the number, with a high half of 0
     */
    public static Uint128 of(long unsignedLo) {
        return new Uint128(0, unsignedLo);
    }

    /**
     * The sum, modulo 2^128.
     *
     * @param o the number to add; not null
     * @return this + {@code o}, wrapped
     */
    public Uint128 plus(Uint128 o) {
        return add(o.hi, o.lo);
    }

    /**
     * The sum with a number below 2^64 (a record's CRC-32, a count), modulo 2^128.
     *
     * @param unsignedLo the number to add, read as unsigned
     * @return this + {@code unsignedLo}, wrapped
     */
    public Uint128 plus(long unsignedLo) {
        return add(0, unsignedLo);
    }

    private Uint128 add(long oHi, long oLo) {
        long l = lo + oLo;
        return new Uint128(hi + oHi + (Long.compareUnsigned(l, lo) < 0 ? 1 : 0), l);
    }

    /**
     * The product, modulo 2^128 (the low 128 bits of the full product).
     *
     * @param o the number to multiply by; not null
     * @return this x {@code o}, wrapped
     */
    public Uint128 times(Uint128 o) {
        return new Uint128(Math.unsignedMultiplyHigh(lo, o.lo) + lo * o.hi + hi * o.lo, lo * o.lo);
    }

    /**
     * Whether this is 0.
     *
     * @return whether both halves are 0
     */
    public boolean isZero() {
        return (hi | lo) == 0;
    }

    /**
     * Whether the value fits in a signed long (record counts and offsets in this JVM).
     *
     * @return whether it is below 2^63, so that {@link #lo()} is the value
     */
    public boolean fitsLong() {
        return hi == 0 && lo >= 0;
    }

    /**
     * Parses an unsigned decimal number below 2^128, as gensort's {@code -b} and record count.
     *
     * @param text decimal digits only: no sign, no spaces, no underscores; leading zeros allowed
     * @return the number
     * @throws NumberFormatException naming the text when it is not one
     */
    public static Uint128 parseDecimal(String text) {
        if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new NumberFormatException("'" + text + "' is not an unsigned decimal number");
        }
        BigInteger v = new BigInteger(text);
        if (v.compareTo(LIMIT) >= 0) {
            throw new NumberFormatException("'" + text + "' does not fit in 128 bits");
        }
        return new Uint128(v.shiftRight(64).longValue(), v.longValue());
    }

    /**
     * This number as a {@link BigInteger}.
     *
     * @return the value, 0 to 2^128 - 1
     */
    public BigInteger toBigInteger() {
        return new BigInteger(1, new byte[]{
            (byte) (hi >>> 56), (byte) (hi >>> 48), (byte) (hi >>> 40), (byte) (hi >>> 32),
            (byte) (hi >>> 24), (byte) (hi >>> 16), (byte) (hi >>> 8), (byte) hi,
            (byte) (lo >>> 56), (byte) (lo >>> 48), (byte) (lo >>> 40), (byte) (lo >>> 32),
            (byte) (lo >>> 24), (byte) (lo >>> 16), (byte) (lo >>> 8), (byte) lo});
    }

    /**
     * Lower-case hexadecimal without leading zeros: how gensort and valsort print checksums.
     *
     * @return the digits, {@code "0"} for zero, without {@code 0x}
     */
    public String toHex() {
        return hi == 0 ? Long.toHexString(lo) : Long.toHexString(hi) + String.format("%016x", lo);
    }

    /**
     * This number in decimal, as gensort takes record numbers.
     *
     * @return the unsigned decimal digits
     */
    @Override
    public String toString() {
        return toBigInteger().toString();
    }

    /**
     * Compares the two numbers as unsigned 128-bit values.
     *
     * @param o the number to compare with; not null
     * @return negative, zero or positive as this is below, equal to or above {@code o}
     */
    @Override
    public int compareTo(Uint128 o) {
        int c = Long.compareUnsigned(hi, o.hi);
        return c != 0 ? c : Long.compareUnsigned(lo, o.lo);
    }
}
