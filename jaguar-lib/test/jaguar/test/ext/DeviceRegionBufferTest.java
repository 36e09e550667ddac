/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jaguar.ext.MappingMode;
import jaguar.ext.DeviceRegionBuffer;

class DeviceRegionBufferTest {
    @TempDir
    Path dir;

    @Test
    void shouldReadZerosFromDevZero() throws IOException {
        try (DeviceRegionBuffer b = DeviceRegionBuffer.map(Path.of("/dev/zero"), 0, 3 * 4096 + 5, MappingMode.READ_ONLY)) {
            long sum = 0;
            for (long i = 0; i + 8 <= b.size(); i += 8) {
                sum |= b.getLong(i);
            }
            assertEquals(0, sum);
            assertEquals(0, b.getByte(b.size() - 1));
            assertThrows(ReadOnlyBufferException.class, () -> b.putByte(0, (byte) 1));
        }
    }

    @Test
    void shouldMapAtAnOffsetThatIsNotPageAligned() throws IOException {
        Path file = dir.resolve("regs.bin");
        byte[] content = new byte[10000];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) i;
        }
        Files.write(file, content);
        try (DeviceRegionBuffer b = DeviceRegionBuffer.map(file, 4100, 100, MappingMode.READ_WRITE)) {
            assertEquals(100, b.size());
            assertEquals((byte) 4100, b.getByte(0));
            assertEquals((byte) 4199, b.getByte(99));
            b.putByte(1, (byte) 0x7F);
        }
        assertEquals(0x7F, Files.readAllBytes(file)[4101]);
    }

    @Test
    void shouldPutErrnoInTheMessageWhenOpenOrMmapFails() {
        IOException x = assertThrows(IOException.class, () -> DeviceRegionBuffer.map(dir.resolve("nope"), 0, 8, MappingMode.READ_ONLY));
        assertEquals("open(path=" + dir.resolve("nope") + ") failed: errno=2 (No such file or directory)", x.getMessage());
        // /dev/null cannot be mapped: the kernel answers ENODEV.
        IOException m = assertThrows(IOException.class, () -> DeviceRegionBuffer.map(Path.of("/dev/null"), 0, 8, MappingMode.READ_ONLY));
        assertTrue(m.getMessage().startsWith("mmap(path=/dev/null offset=0 length=8) failed: errno=19"), m.getMessage());
    }

    @Test
    void shouldRejectBadRegions() throws IOException {
        Path file = dir.resolve("small.bin");
        Files.write(file, new byte[100]);
        assertEquals("offset=96 length=8 extends past the end of path=" + file + " size=100", assertThrows(IllegalArgumentException.class,
                        () -> DeviceRegionBuffer.map(file, 96, 8, MappingMode.READ_ONLY)).getMessage());
        assertEquals("length=-8 must be positive (path=" + file + ")", assertThrows(IllegalArgumentException.class,
                        () -> DeviceRegionBuffer.map(file, 0, -8, MappingMode.READ_ONLY)).getMessage());
        assertEquals("offset=-1 must not be negative (path=" + file + ")", assertThrows(IllegalArgumentException.class,
                        () -> DeviceRegionBuffer.mapShared(file, -1, 8, MappingMode.READ_ONLY)).getMessage());
        assertEquals("path=" + dir + " is a directory", assertThrows(IllegalArgumentException.class,
                        () -> DeviceRegionBuffer.map(dir, 0, 8, MappingMode.READ_ONLY)).getMessage());
    }
}
