/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ReadOnlyBufferException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jaguar.ext.MappingMode;
import jaguar.ext.ExternalBuffer;
import jaguar.ext.MappedFileBuffer;
import jaguar.ext.OffHeapBuffer;

/** The element-indexed accessors: the same bytes as the offset accessors, and the same checks. */
class IndexedAccessTest {
    /** Not a multiple of 8, so the last, partial element of each wide type must be refused. */
    private static final int SIZE = 4 * 8 + 5;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldAddressElementsAsOffsetTimesWidth(BufferKind kind) throws Exception {
        try (BufferKind.Opened opened = kind.open(SIZE, dir)) {
            ExternalBuffer b = opened.buffer();
            b.putIntAtIndex(3, 0x11223344);
            assertEquals(0x11223344, b.getInt(12));
            b.putLong(16, 0x0102030405060708L);
            assertEquals(0x0102030405060708L, b.getLongAtIndex(2));
            b.putShortAtIndex(1, (short) -2);
            assertEquals((short) -2, b.getShort(2));
            b.putCharAtIndex(2, '\uFFFE');
            assertEquals('\uFFFE', b.getChar(4));
            b.putByteAtIndex(SIZE - 1, (byte) -7);
            assertEquals((byte) -7, b.getByte(SIZE - 1));
            b.putFloatAtIndex(5, 1.5f);
            assertEquals(1.5f, b.getFloat(20));
            b.putDoubleAtIndex(3, -0.25);
            assertEquals(-0.25, b.getDouble(24));
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldRefuseIndexesOutsideTheWholeElements(BufferKind kind) throws Exception {
        try (BufferKind.Opened opened = kind.open(SIZE, dir)) {
            ExternalBuffer b = opened.buffer();
            assertEquals(0, b.getIntAtIndex(8));                    // bytes 32..35: the last whole int
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> b.getIntAtIndex(9));
            assertTrue(e.getMessage().contains("index=9 out of bounds for 9 elements of 4 bytes (size=37)"), e.getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> b.getLongAtIndex(4));   // bytes 32..39 exceed 37
            assertThrows(IndexOutOfBoundsException.class, () -> b.putLongAtIndex(-1, 0));
            assertThrows(IndexOutOfBoundsException.class, () -> b.getByteAtIndex(Integer.MIN_VALUE));
            assertThrows(IndexOutOfBoundsException.class, () -> b.getDoubleAtIndex(Integer.MAX_VALUE));
        }
    }

    @Test
    void shouldRefuseIndexedAccessAfterClose() {
        OffHeapBuffer b = OffHeapBuffer.allocate(64);
        b.close();
        assertThrows(IllegalStateException.class, () -> b.getIntAtIndex(0));
        assertThrows(IllegalStateException.class, () -> b.putLongAtIndex(0, 1));
    }

    @Test
    void shouldRefuseIndexedAccessFromAnotherThreadOfAConfinedBuffer() throws Exception {
        try (OffHeapBuffer b = OffHeapBuffer.allocate(64)) {
            Throwable[] seen = new Throwable[1];
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    b.getIntAtIndex(0);
                } catch (Throwable x) {
                    seen[0] = x;
                }
            });
            t.join();
            assertTrue(seen[0] instanceof WrongThreadException, String.valueOf(seen[0]));
        }
    }

    @Test
    void shouldRefuseIndexedWritesToReadOnlyMappings() throws Exception {
        Path f = dir.resolve("ro.bin");
        Files.write(f, new byte[64]);
        try (MappedFileBuffer b = MappedFileBuffer.map(f, MappingMode.READ_ONLY, 0, 64)) {
            assertEquals(0, b.getLongAtIndex(7));
            assertThrows(ReadOnlyBufferException.class, () -> b.putIntAtIndex(0, 1));
        }
    }

    /** Writes check bounds and writability in one compare; the bounds error still comes first. */
    @Test
    void shouldReportBoundsBeforeReadOnlyAndClosedBeforeBoth() throws Exception {
        Path f = dir.resolve("ro2.bin");
        Files.write(f, new byte[64]);
        MappedFileBuffer b = MappedFileBuffer.map(f, MappingMode.READ_ONLY, 0, 64);
        try {
            assertThrows(IndexOutOfBoundsException.class, () -> b.putIntAtIndex(16, 1));
            assertThrows(IndexOutOfBoundsException.class, () -> b.putIntAtIndex(-1, 1));
            assertThrows(IndexOutOfBoundsException.class, () -> b.putInt(61, 1));
            assertThrows(ReadOnlyBufferException.class, () -> b.putIntAtIndex(15, 1));
            assertThrows(ReadOnlyBufferException.class, () -> b.putInt(60, 1));
            assertThrows(ReadOnlyBufferException.class, () -> b.putByte(0, (byte) 1));
        } finally {
            b.close();
        }
        assertThrows(IllegalStateException.class, () -> b.putIntAtIndex(16, 1));
        assertThrows(IllegalStateException.class, () -> b.putInt(0, 1));
        assertThrows(IllegalStateException.class, () -> b.getIntAtIndex(0));
    }
}
