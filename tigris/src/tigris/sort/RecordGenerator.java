/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Makes the sort benchmark's 100-byte records exactly as gensort 1.5 does, from any record number
 * on. Record n uses the ten random numbers x(n+1) .. x(n+10) ({@link GensortRandom}), kept in a
 * ring so that each record costs one generator step:
 * <ul>
 * <li>binary: the key is the top 10 bytes of x(n+1); each further 10 bytes are the top 10 bytes
 * of the next random number XORed with a constant of that part;</li>
 * <li>ASCII ({@code -a}): a 10-character printable key (base-95 digits of x(n+1)), the record
 * number in 32 hex digits, 52 hex filler characters from x(n+1), and "\r\n".</li>
 * </ul>
 * Not thread-safe: one generator per thread, each started at its own record.
 */
public final class RecordGenerator {
    /** Bytes of a record, its key included. */
    public static final int RECORD_BYTES = 100;
    /** Bytes of a record's key: its first ten. */
    public static final int KEY_BYTES = 10;

    /** The record layout: gensort's default, or its {@code -a}. */
    public enum Format {
        /** Random bytes throughout (gensort's default): keys use every byte value. */
        BINARY,
        /** Printable records ({@code -a}): a key of 95 characters' alphabet, the record number, filler, CR LF. */
        ASCII
    }

    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final int QUEUE = 10;
    /** gensort's XOR constants for bytes 10..99 of a binary record: high 64 bits, then the next 16. */
    private static final long[] MASK_HI = {0, 0xF0E8E4E2E1D8D4D2L, 0xCAC9C6C5C3B8B4B2L, 0xAAA9A6A5A39C9A99L, 0x938E8D8B87787472L,
        0x6A696665635C5A59L, 0x534E4D4B473C3A39L, 0x332E2D2B271E1D1BL, 0xC8C4C2C198949291L, 0x170F332E2D2B271EL};
    private static final short[] MASK_LO = {0, (short) 0xD1CC, (short) 0xB1AC, (short) 0x9695, (short) 0x716C, 0x5655, 0x3635,
        0x170F, (short) 0x8CE0, 0x1D1B};

    private final Format format;
    private final long[] hi = new long[QUEUE];
    private final long[] lo = new long[QUEUE];
    private int head;
    private long numberHi;
    private long numberLo;

    /**
     * A generator whose first record is {@code firstRecord}; it jumps there in 128 steps
     * ({@link GensortRandom#at}).
     *
     * @param format binary or ASCII records; not null
     * @param firstRecord the number of the first record {@link #next} writes, 0 to 2^128 - 1
     */
    public RecordGenerator(Format format, Uint128 firstRecord) {
        this.format = format;
        this.numberHi = firstRecord.hi();
        this.numberLo = firstRecord.lo();
        Uint128 x = GensortRandom.at(firstRecord.plus(1));
        hi[0] = x.hi();
        lo[0] = x.lo();
        for (int i = 1; i < QUEUE; i++) {
            hi[i] = GensortRandom.nextHi(hi[i - 1], lo[i - 1]);
            lo[i] = GensortRandom.nextLo(lo[i - 1]);
        }
    }

    /**
     * The number of the record {@link #next} writes next.
     *
     * @return the record number; it wraps to 0 after 2^128 - 1
     */
    public Uint128 recordNumber() {
        return new Uint128(numberHi, numberLo);
    }

    /**
     * Writes the next record at {@code dst[offset .. offset+100)} and moves on to the one after it.
     *
     * @param dst the array to write the record into
     * @param offset where the record starts; 100 bytes from it must be in {@code dst}
     * @throws IndexOutOfBoundsException if the record would run past the array
     */
    public void next(byte[] dst, int offset) {
        if (format == Format.BINARY) {
            binary(dst, offset);
        } else {
            ascii(dst, offset);
        }
        // the head's slot becomes the tail: one step past the current tail
        int tail = head == 0 ? QUEUE - 1 : head - 1;
        long h = GensortRandom.nextHi(hi[tail], lo[tail]);
        lo[head] = GensortRandom.nextLo(lo[tail]);
        hi[head] = h;
        head = head == QUEUE - 1 ? 0 : head + 1;
        if (++numberLo == 0) {
            numberHi++;
        }
    }

    private void binary(byte[] dst, int offset) {
        int q = head;
        for (int part = 0; part < QUEUE; part++) {
            int at = offset + part * 10;
            LONG_BE.set(dst, at, hi[q] ^ MASK_HI[part]);
            SHORT_BE.set(dst, at + 8, (short) ((lo[q] >>> 48) ^ MASK_LO[part]));
            q = q == QUEUE - 1 ? 0 : q + 1;
        }
    }

    private void ascii(byte[] dst, int offset) {
        long randHi = hi[head];
        long randLo = lo[head];
        // the key: eight base-95 digits of the high half, two of the low half, printable from ' '
        long t = randHi;
        for (int i = 0; i < 8; i++) {
            dst[offset + i] = (byte) (' ' + Long.remainderUnsigned(t, 95));
            t = Long.divideUnsigned(t, 95);
        }
        t = randLo;
        for (int i = 8; i < 10; i++) {
            dst[offset + i] = (byte) (' ' + Long.remainderUnsigned(t, 95));
            t = Long.divideUnsigned(t, 95);
        }
        dst[offset + 10] = ' ';
        dst[offset + 11] = ' ';
        for (int i = 0; i < 16; i++) {
            dst[offset + 12 + i] = hexDigit(numberHi >>> (60 - 4 * i));
            dst[offset + 28 + i] = hexDigit(numberLo >>> (60 - 4 * i));
        }
        dst[offset + 44] = ' ';
        dst[offset + 45] = ' ';
        // filler: the low half's bits 51..0, one hex digit per four bytes
        for (int i = 0; i < 13; i++) {
            byte d = hexDigit(randLo >>> (48 - 4 * i));
            int at = offset + 46 + 4 * i;
            dst[at] = d;
            dst[at + 1] = d;
            dst[at + 2] = d;
            dst[at + 3] = d;
        }
        dst[offset + 98] = '\r';
        dst[offset + 99] = '\n';
    }

    private static byte hexDigit(long v) {
        int d = (int) (v & 0xF);
        return (byte) (d >= 10 ? 'A' + d - 10 : '0' + d);
    }
}
