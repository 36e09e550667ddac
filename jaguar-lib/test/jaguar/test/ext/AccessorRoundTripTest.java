/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jaguar.ext.ExternalBuffer;

/** Each type in each byte order reads back what was written and is laid out as ByteBuffer lays it out. */
class AccessorRoundTripTest {
    private static final ByteOrder[] ORDERS = {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN};
    /** Odd, so that unaligned plain accesses are covered too. */
    private static final int AT = 3;
    private static final int SIZE = 32;

    @TempDir
    Path dir;

    /** The bytes at AT..AT+n as written, to compare with ByteBuffer's encoding. */
    private static byte[] bytes(ExternalBuffer b, int n) {
        byte[] out = new byte[n];
        b.get(AT, out, 0, n);
        return out;
    }

    private static ByteBuffer expected(int n, ByteOrder order) {
        return ByteBuffer.allocate(n).order(order);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldRoundTripEveryTypeInBothByteOrders(BufferKind kind) throws Exception {
        try (BufferKind.Opened opened = kind.open(SIZE, dir)) {
            ExternalBuffer b = opened.buffer();
            for (ByteOrder o : ORDERS) {
                b.putShort(AT, (short) 0x8123, o);
                assertEquals((short) 0x8123, b.getShort(AT, o));
                assertArrayEquals(expected(2, o).putShort((short) 0x8123).array(), bytes(b, 2), "short " + o);

                b.putChar(AT, '\uFE01', o);
                assertEquals('\uFE01', b.getChar(AT, o));
                assertArrayEquals(expected(2, o).putChar('\uFE01').array(), bytes(b, 2), "char " + o);

                b.putInt(AT, 0x89ABCDEF, o);
                assertEquals(0x89ABCDEF, b.getInt(AT, o));
                assertArrayEquals(expected(4, o).putInt(0x89ABCDEF).array(), bytes(b, 4), "int " + o);

                b.putLong(AT, 0x0123456789ABCDEFL, o);
                assertEquals(0x0123456789ABCDEFL, b.getLong(AT, o));
                assertArrayEquals(expected(8, o).putLong(0x0123456789ABCDEFL).array(), bytes(b, 8), "long " + o);

                b.putFloat(AT, -1.5e-7f, o);
                assertEquals(-1.5e-7f, b.getFloat(AT, o));
                assertArrayEquals(expected(4, o).putFloat(-1.5e-7f).array(), bytes(b, 4), "float " + o);

                b.putDouble(AT, Math.PI, o);
                assertEquals(Math.PI, b.getDouble(AT, o));
                assertArrayEquals(expected(8, o).putDouble(Math.PI).array(), bytes(b, 8), "double " + o);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldUseNativeOrderWithoutAnOrderArgument(BufferKind kind) throws Exception {
        ByteOrder n = ByteOrder.nativeOrder();
        try (BufferKind.Opened opened = kind.open(SIZE, dir)) {
            ExternalBuffer b = opened.buffer();
            b.putByte(AT, (byte) -7);
            assertEquals((byte) -7, b.getByte(AT));
            b.putBoolean(AT, true);
            assertTrue(b.getBoolean(AT));
            assertEquals(1, b.getByte(AT));
            b.putBoolean(AT, false);
            assertFalse(b.getBoolean(AT));
            b.putShort(AT, (short) -2);
            assertArrayEquals(expected(2, n).putShort((short) -2).array(), bytes(b, 2));
            b.putChar(AT, 'ÿ');
            assertEquals('ÿ', b.getChar(AT, n));
            b.putInt(AT, 0x11223344);
            assertArrayEquals(expected(4, n).putInt(0x11223344).array(), bytes(b, 4));
            b.putLong(AT, -3L);
            assertEquals(-3L, b.getLong(AT, n));
            b.putFloat(AT, Float.MAX_VALUE);
            assertEquals(Float.MAX_VALUE, b.getFloat(AT));
            b.putDouble(AT, Double.MIN_VALUE);
            assertEquals(Double.MIN_VALUE, b.getDouble(AT));
            assertEquals(Double.doubleToRawLongBits(Double.MIN_VALUE), b.getLong(AT));
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldKeepNanPayloads(BufferKind kind) throws Exception {
        try (BufferKind.Opened opened = kind.open(SIZE, dir)) {
            ExternalBuffer b = opened.buffer();
            float f = Float.intBitsToFloat(0x7FC12345);
            b.putFloat(0, f, ByteOrder.BIG_ENDIAN);
            assertEquals(0x7FC12345, b.getInt(0, ByteOrder.BIG_ENDIAN));
            double d = Double.longBitsToDouble(0x7FF8000000ABCDEFL);
            b.putDouble(8, d);
            assertEquals(0x7FF8000000ABCDEFL, b.getLong(8));
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldReadOrderedValuesWrittenPlainAndBack(BufferKind kind) throws Exception {
        try (BufferKind.Opened opened = kind.open(SIZE, dir)) {
            ExternalBuffer b = opened.buffer();
            b.putIntRelease(8, 1);
            assertEquals(1, b.getInt(8));
            b.putIntVolatile(8, 2);
            assertEquals(2, b.getIntAcquire(8));
            b.putIntOpaque(8, 3);
            assertEquals(3, b.getIntVolatile(8));
            assertEquals(3, b.getIntOpaque(8));
            b.putLongRelease(16, 1L << 40);
            assertEquals(1L << 40, b.getLongAcquire(16));
            b.putLongVolatile(16, -1L);
            assertEquals(-1L, b.getLongVolatile(16));
            b.putLongOpaque(16, 42L);
            assertEquals(42L, b.getLongOpaque(16));
            assertEquals(42L, b.getLong(16));
        }
    }
}
