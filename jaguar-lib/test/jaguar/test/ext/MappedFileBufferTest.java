/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jaguar.ext.MappingMode;
import jaguar.ext.ExternalBuffer;
import jaguar.ext.MappedFileBuffer;

class MappedFileBufferTest {
    @TempDir
    Path dir;

    @Test
    void shouldPersistWritesAfterForce() throws IOException {
        Path file = dir.resolve("data.bin");
        Files.write(file, new byte[8192]);
        try (MappedFileBuffer b = MappedFileBuffer.map(file, MappingMode.READ_WRITE, 4096, 4096)) {
            b.putLong(8, 0x0102030405060708L, ByteOrder.BIG_ENDIAN);
            b.putInt(4092, 0xCAFEBABE, ByteOrder.LITTLE_ENDIAN);
            b.force();
        }
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        assertEquals(0x0102030405060708L, bytes.getLong(4096 + 8));
        assertEquals(0xCAFEBABE, bytes.order(ByteOrder.LITTLE_ENDIAN).getInt(4096 + 4092));
        assertEquals(0, bytes.getLong(0), "bytes before the region are untouched");
        try (MappedFileBuffer again = MappedFileBuffer.mapShared(file, MappingMode.READ_ONLY, 4096, 16)) {
            assertEquals(0x0102030405060708L, again.getLong(8, ByteOrder.BIG_ENDIAN));
        }
    }

    @Test
    void shouldGrowTheFileForReadWriteButNotForReadOnly() throws IOException {
        Path file = dir.resolve("grow.bin");
        Files.write(file, new byte[10]);
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, 100));
        assertEquals("offset=0 length=100 extends past the end of path=" + file + " size=10 (a READ_ONLY mapping cannot grow the file)",
                        x.getMessage());
        try (MappedFileBuffer b = MappedFileBuffer.map(file, MappingMode.READ_WRITE, 0, 100)) {
            b.putByte(99, (byte) 1);
        }
        assertEquals(100, Files.size(file));
    }

    @Test
    void shouldCreateAMissingFileOnlyWhenAskedTo() throws IOException {
        Path file = dir.resolve("new.bin");
        assertThrows(NoSuchFileException.class, () -> MappedFileBuffer.map(file, MappingMode.READ_WRITE, 0, 64));
        IllegalArgumentException ro = assertThrows(IllegalArgumentException.class,
                        () -> MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, 64, StandardOpenOption.CREATE));
        assertTrue(ro.getMessage().contains("CREATE needs READ_WRITE"), ro.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                        () -> MappedFileBuffer.map(file, MappingMode.READ_WRITE, 0, 64, StandardOpenOption.TRUNCATE_EXISTING));
        assertTrue(other.getMessage().contains("option TRUNCATE_EXISTING is not taken by map"), other.getMessage());
        assertTrue(Files.notExists(file), "a refused call creates nothing");
        try (MappedFileBuffer b = MappedFileBuffer.map(file, MappingMode.READ_WRITE, 0, 64, StandardOpenOption.CREATE)) {
            b.putLong(56, 7L, ByteOrder.LITTLE_ENDIAN);
            b.force();
        }
        assertEquals(64, Files.size(file));
        // An existing file is mapped as it is (grown if needed), never truncated.
        try (MappedFileBuffer b = MappedFileBuffer.map(file, MappingMode.READ_WRITE, 0, 128, StandardOpenOption.CREATE)) {
            assertEquals(7L, b.getLong(56, ByteOrder.LITTLE_ENDIAN));
        }
        assertEquals(128, Files.size(file));
    }

    @Test
    void shouldSayThatForcingAReadOnlyMappingWritesNothing() throws IOException {
        Path file = dir.resolve("force-ro.bin");
        Files.write(file, new byte[16]);
        try (MappedFileBuffer b = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, 16)) {
            UnsupportedOperationException x = assertThrows(UnsupportedOperationException.class, b::force);
            assertEquals("force() on a READ_ONLY mapping: nothing can have been written to write back", x.getMessage());
            b.close();
            b.close();   // a second close does nothing
        }
    }

    @Test
    void shouldRejectEveryWriteToAReadOnlyMapping() throws IOException {
        Path file = dir.resolve("ro.bin");
        Files.write(file, new byte[]{1, 2, 3, 4, 5, 6, 7, 8});
        try (MappedFileBuffer b = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, 8)) {
            assertTrue(b.isReadOnly());
            assertEquals(0x01020304, b.getInt(0, ByteOrder.BIG_ENDIAN));
            ReadOnlyBufferException x = assertThrows(ReadOnlyBufferException.class, () -> b.putInt(0, 1));
            assertTrue(x.getMessage().contains("read-only"), x.getMessage());
            assertThrows(ReadOnlyBufferException.class, () -> b.putByte(0, (byte) 1));
            assertThrows(ReadOnlyBufferException.class, () -> b.putIntRelease(0, 1));
            assertThrows(ReadOnlyBufferException.class, () -> b.compareAndSetInt(0, 0, 1));
            assertThrows(ReadOnlyBufferException.class, () -> b.getAndAddLong(0, 1));
            assertThrows(ReadOnlyBufferException.class, () -> b.put(0, new byte[2], 0, 2));
            assertThrows(ReadOnlyBufferException.class, () -> b.fill(0, 8, (byte) 0));
            ExternalBuffer slice = b.slice(2, 4);
            assertThrows(ReadOnlyBufferException.class, () -> slice.putShort(0, (short) 1));
            assertTrue(b.asSegment().isReadOnly());
            assertEquals(0x01020304, b.getInt(0, ByteOrder.BIG_ENDIAN), "nothing was written");
        }
        assertArrayEquals(new byte[]{1, 2, 3, 4, 5, 6, 7, 8}, Files.readAllBytes(file));
    }

    /**
     * Read-ahead advice takes any region of a mapping, also one that starts inside a page (madvise
     * refuses an unaligned address: the advice must round down), and refuses one outside it.
     */
    @Test
    void shouldTakeReadAheadAdviceForAnyRegionInsideTheMapping() throws IOException {
        Path file = dir.resolve("advice.bin");
        Files.write(file, new byte[3 * 4096 + 100]);
        try (MappedFileBuffer whole = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, 3 * 4096 + 100);
                        MappedFileBuffer inside = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 100, 2 * 4096)) {
            assertTrue(whole.willNeed());
            assertTrue(inside.willNeed(), "a mapping that starts 100 bytes into a page");
            assertTrue(inside.willNeed(4000, 200), "a region across a page boundary");
            assertTrue(inside.willNeed(2 * 4096 - 1, 1));
            assertEquals("offset=8100 length=200 is outside the mapping's 8192 bytes",
                            assertThrows(IndexOutOfBoundsException.class, () -> inside.willNeed(8100, 200)).getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> inside.willNeed(-1, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> inside.willNeed(0, 0));
        }
        MappedFileBuffer closed = MappedFileBuffer.map(file, MappingMode.READ_ONLY, 0, 4096);
        closed.close();
        assertThrows(IllegalStateException.class, closed::willNeed);
    }

    @Test
    void shouldNameWhatIsWrongWithBadArguments() throws IOException {
        Path missing = dir.resolve("missing.bin");
        NoSuchFileException nf = assertThrows(NoSuchFileException.class, () -> MappedFileBuffer.map(missing, MappingMode.READ_ONLY, 0, 8));
        assertEquals(missing + ": cannot map: no such file", nf.getMessage());
        Path file = dir.resolve("small.bin");
        Files.write(file, new byte[16]);
        assertEquals("offset=17 is beyond the end of path=" + file + " size=16", assertThrows(IllegalArgumentException.class,
                        () -> MappedFileBuffer.map(file, MappingMode.READ_WRITE, 17, 8)).getMessage());
        assertEquals("offset=-1 must not be negative (path=" + file + ")", assertThrows(IllegalArgumentException.class,
                        () -> MappedFileBuffer.map(file, MappingMode.READ_WRITE, -1, 8)).getMessage());
        assertEquals("length=0 must be positive (path=" + file + ")", assertThrows(IllegalArgumentException.class,
                        () -> MappedFileBuffer.map(file, MappingMode.READ_WRITE, 0, 0)).getMessage());
        assertEquals("path=" + dir + " is not a regular file (map devices with DeviceRegionBuffer)", assertThrows(IllegalArgumentException.class,
                        () -> MappedFileBuffer.map(dir, MappingMode.READ_ONLY, 0, 8)).getMessage());
    }
}
