/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.pso;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jaguar.ext.MappingMode;
import jaguar.ext.OffHeapBuffer;
import jaguar.pso.ContainerFullException;
import jaguar.pso.FilePSOBuffer;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOContainerDescriptor;
import jaguar.pso.PSOFormatException;
import jaguar.pso.PSOIntArray;
import jaguar.pso.PSOLongArray;

/** Container headers, allocation, arrays and mapped files. */
class PSOContainerTest {
    private final OffHeapBuffer buffer = OffHeapBuffer.allocate(4096);

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        buffer.close();
    }

    @Test
    void theHeaderIsDocumentedLittleEndian() {
        PSOContainer c = PSOContainer.format(buffer);
        assertEquals('J', buffer.getByte(0));
        assertEquals('P', buffer.getByte(1));
        assertEquals('S', buffer.getByte(2));
        assertEquals('O', buffer.getByte(3));
        assertEquals(PSOContainerDescriptor.MAGIC, buffer.getInt(PSOContainerDescriptor.MAGIC_OFFSET, ByteOrder.LITTLE_ENDIAN));
        assertEquals(1, buffer.getShort(PSOContainerDescriptor.VERSION_OFFSET, ByteOrder.LITTLE_ENDIAN));
        assertEquals(32, buffer.getShort(PSOContainerDescriptor.HEADER_SIZE_OFFSET, ByteOrder.LITTLE_ENDIAN));
        MyObject o = c.allocate(MyObject.class);
        assertEquals(32, o.offset(), "the first object follows the header");
        assertEquals(56, buffer.getLong(PSOContainerDescriptor.USED_OFFSET, ByteOrder.LITTLE_ENDIAN), "used");
        assertEquals(4096, buffer.getLong(PSOContainerDescriptor.CAPACITY_OFFSET, ByteOrder.LITTLE_ENDIAN), "capacity");
        c.setRoot(o);
        assertEquals(32, buffer.getInt(PSOContainerDescriptor.ROOT_OFFSET, ByteOrder.LITTLE_ENDIAN), "root");
    }

    @Test
    void openRefusesWhatIsNotAContainer() {
        PSOFormatException e = assertThrows(PSOFormatException.class, () -> PSOContainer.open(buffer));
        assertTrue(e.getMessage().contains("no PSO container"), e.getMessage());
        PSOContainer c = PSOContainer.format(buffer);
        c.allocate(MyObject.class);
        buffer.putShort(PSOContainerDescriptor.VERSION_OFFSET, (short) 9, ByteOrder.LITTLE_ENDIAN);
        e = assertThrows(PSOFormatException.class, () -> PSOContainer.open(buffer));
        assertTrue(e.getMessage().contains("format version 9"), e.getMessage());
        buffer.putShort(PSOContainerDescriptor.VERSION_OFFSET, (short) 1, ByteOrder.LITTLE_ENDIAN);
        e = assertThrows(PSOFormatException.class, () -> PSOContainer.open(buffer, 0, 40));
        assertTrue(e.getMessage().contains("uses 56 bytes but only 40"), e.getMessage());
        buffer.putLong(PSOContainerDescriptor.USED_OFFSET, 1L << 40, ByteOrder.LITTLE_ENDIAN);
        e = assertThrows(PSOFormatException.class, () -> PSOContainer.open(buffer));
        assertTrue(e.getMessage().contains("inconsistent"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> PSOContainer.open(buffer, 4000, 200));
        assertThrows(IllegalArgumentException.class, () -> PSOContainer.format(buffer, 4, 100), "misaligned");
    }

    @Test
    void aFullContainerSaysHowFull() {
        PSOContainer c = PSOContainer.format(buffer, 0, 100);
        c.allocate(MyObject.class);
        c.allocate(MyObject.class);
        ContainerFullException e = assertThrows(ContainerFullException.class, () -> c.allocate(MyObject.class));
        assertTrue(e.getMessage().contains("no room for 24 bytes at offset 80"), e.getMessage());
    }

    @Test
    void resetEmptiesTheContainer() {
        PSOContainer c = PSOContainer.format(buffer);
        MyObject o = c.allocate(MyObject.class);
        o.someInt = 5;
        c.setRoot(o);
        c.reset();
        assertEquals(32, c.used());
        MyObject fresh = c.allocate(MyObject.class);
        assertEquals(0, fresh.someInt, "allocation zeroes");
    }

    @Test
    void arraysAreBoundsCheckedAndRecoverable() {
        PSOContainer c = PSOContainer.format(buffer);
        PSOIntArray a = PSOIntArray.allocate(c, 10);
        for (int i = 0; i < 10; i++) {
            a.set(i, i * i);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> a.get(10));
        assertThrows(IndexOutOfBoundsException.class, () -> a.set(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> PSOIntArray.allocate(c, -1));
        assertArrayEquals(new int[]{0, 1, 4, 9, 16, 25, 36, 49, 64, 81}, a.toArray());
        assertEquals(81, buffer.getInt(a.offset() + 16 + 36, ByteOrder.LITTLE_ENDIAN), "elements from offset 16, little-endian");
        a.copyFrom(new int[]{7, 8}, 0, 8, 2);
        assertEquals(8, a.get(9));
        assertEquals(a.offset(), c.map(PSOIntArray.class, a.offset()).offset());
        // A tampered length is caught when the array is mapped again.
        buffer.putInt(a.offset() + 8, 1 << 20, ByteOrder.LITTLE_ENDIAN);
        assertThrows(PSOFormatException.class, () -> PSOContainer.open(buffer).map(PSOIntArray.class, a.offset()));
        assertThrows(PSOFormatException.class, () -> c.map(PSOLongArray.class, a.offset()), "an int array is not a long array");
    }

    @Test
    void aFileContainerPersistsAcrossMappings() throws IOException {
        Path f = dir.resolve("objects.pso");
        try (FilePSOBuffer file = FilePSOBuffer.create(f, 1 << 16)) {
            MyObject a = file.allocate(MyObject.class);
            MyObject b = file.allocate(MyObject.class);
            a.someInt = 1234;
            a.someRef = b;
            b.someByte = 7;
            file.setRoot(a);
            file.flush();
        }
        try (FilePSOBuffer file = FilePSOBuffer.open(f, MappingMode.READ_ONLY)) {
            MyObject a = file.root(MyObject.class);
            assertEquals(1234, a.someInt);
            assertEquals(7, a.someRef.someByte);
            assertThrows(ReadOnlyBufferException.class, () -> a.someInt = 1);
            assertThrows(ReadOnlyBufferException.class, () -> file.allocate(MyObject.class));
        }
        try (FilePSOBuffer file = FilePSOBuffer.open(f, MappingMode.READ_WRITE)) {
            MyObject c = file.allocate(MyObject.class);
            assertEquals(32 + 48, c.offset(), "allocation continues after the objects already there");
        }
        assertThrows(NoSuchFileException.class, () -> FilePSOBuffer.open(dir.resolve("missing.pso"), MappingMode.READ_ONLY));
        Files.write(dir.resolve("junk.pso"), new byte[64]);
        assertThrows(PSOFormatException.class, () -> FilePSOBuffer.open(dir.resolve("junk.pso"), MappingMode.READ_ONLY));
    }

    @Test
    void aConfinedFileContainerBelongsToItsThreadAndIsUnmappedOnClose() throws Exception {
        Path f = dir.resolve("confined.pso");
        try (FilePSOBuffer file = FilePSOBuffer.create(f, 1 << 12)) {
            file.setRoot(file.allocate(MyObject.class));
            file.root(MyObject.class).someInt = 99;
        }
        MyObject root;
        try (FilePSOBuffer file = FilePSOBuffer.openConfined(f, MappingMode.READ_WRITE)) {
            root = file.root(MyObject.class);
            assertEquals(99, root.someInt);
            MyObject r = root;
            var other = java.util.concurrent.CompletableFuture.supplyAsync(() -> r.someInt);
            var x = assertThrows(java.util.concurrent.ExecutionException.class, other::get);
            assertTrue(x.getCause() instanceof WrongThreadException, x.getCause().toString());
            root.someInt = 100;
        }
        MyObject closed = root;
        assertThrows(IllegalStateException.class, () -> closed.someInt = 1);
        try (FilePSOBuffer file = FilePSOBuffer.openConfined(f, MappingMode.READ_ONLY)) {
            assertEquals(100, file.root(MyObject.class).someInt);
        }
        Files.write(dir.resolve("short.pso"), new byte[16]);
        assertThrows(PSOFormatException.class, () -> FilePSOBuffer.openConfined(dir.resolve("short.pso"), MappingMode.READ_ONLY));
    }
}
