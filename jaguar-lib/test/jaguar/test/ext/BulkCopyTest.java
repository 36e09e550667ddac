/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;

class BulkCopyTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldCopyArraysInAndOut(BufferKind kind) throws Exception {
        try (BufferKind.Opened o = kind.open(256, dir)) {
            ExternalBuffer b = o.buffer();
            byte[] bytes = {9, 8, 7, 6, 5};
            b.put(1, bytes, 1, 3);
            byte[] back = new byte[5];
            b.get(0, back, 0, 5);
            assertArrayEquals(new byte[]{0, 8, 7, 6, 0}, back);

            int[] ints = {1, -2, 0x01020304};
            b.put(16, ints, 0, 3, ByteOrder.BIG_ENDIAN);
            assertEquals(0x01020304, b.getInt(24, ByteOrder.BIG_ENDIAN));
            int[] intsBack = new int[4];
            b.get(16, intsBack, 1, 3, ByteOrder.BIG_ENDIAN);
            assertArrayEquals(new int[]{0, 1, -2, 0x01020304}, intsBack);
            b.put(32, ints, 0, 3);
            assertEquals(-2, b.getInt(36));
            b.get(32, intsBack, 0, 3);
            assertArrayEquals(new int[]{1, -2, 0x01020304, 0x01020304}, intsBack);

            long[] longs = {Long.MIN_VALUE, 7};
            b.put(64, longs, 0, 2, ByteOrder.LITTLE_ENDIAN);
            byte[] raw = new byte[16];
            b.get(64, raw, 0, 16);
            assertArrayEquals(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(Long.MIN_VALUE).putLong(7).array(), raw);
            long[] longsBack = new long[2];
            b.get(64, longsBack, 0, 2, ByteOrder.LITTLE_ENDIAN);
            assertArrayEquals(longs, longsBack);
            b.put(80, longs, 1, 1);
            b.get(80, longsBack, 0, 1);
            assertEquals(7, longsBack[0]);

            assertThrows(IndexOutOfBoundsException.class, () -> b.get(0, new byte[4], 2, 3));
            assertThrows(IndexOutOfBoundsException.class, () -> b.get(250, new long[1], 0, 1));
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldCopyBetweenBuffersAndFill(BufferKind kind) throws Exception {
        try (BufferKind.Opened o = kind.open(64, dir); OffHeapBuffer other = OffHeapBuffer.allocate(32)) {
            ExternalBuffer b = o.buffer();
            b.fill(8, 8, (byte) 0x5A);
            assertEquals(0x5A5A5A5A5A5A5A5AL, b.getLong(8));
            assertEquals(0, b.getByte(7));
            assertEquals(0, b.getByte(16));
            b.copyTo(8, other, 4, 8);
            assertEquals(0x5A5A5A5A5A5A5A5AL, other.getLong(4));
            other.putInt(0, 0x11223344);
            b.copyFrom(other, 0, 40, 4);
            assertEquals(0x11223344, b.getInt(40));
            // Overlapping copies within one buffer behave like memmove.
            b.putLong(0, 0x0807060504030201L, ByteOrder.LITTLE_ENDIAN);
            b.copyTo(0, b, 1, 8);
            assertEquals(0x0807060504030201L, b.getLong(1, ByteOrder.LITTLE_ENDIAN));
            assertThrows(IndexOutOfBoundsException.class, () -> b.copyTo(60, other, 0, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> b.copyTo(0, other, 30, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> b.copyTo(0, other, 0, -1));
        }
    }

    @Test
    void shouldRefuseCopiesIntoAClosedBuffer() {
        OffHeapBuffer src = OffHeapBuffer.allocate(16);
        OffHeapBuffer dst = OffHeapBuffer.allocate(16);
        dst.close();
        assertThrows(IllegalStateException.class, () -> src.copyTo(0, dst, 0, 8));
        assertThrows(IllegalStateException.class, () -> dst.copyFrom(src, 0, 0, 8));
        src.close();
    }
}
