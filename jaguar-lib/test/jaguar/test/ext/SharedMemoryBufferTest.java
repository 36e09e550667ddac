/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import jaguar.ext.SharedMemoryBuffer;

class SharedMemoryBufferTest {
    @Test
    void shouldShareMemoryBetweenBuffersOpenedOnOneName() throws IOException {
        String name = BufferKind.uniqueSegmentName();
        try (SharedMemoryBuffer a = SharedMemoryBuffer.create(name, 4096)) {
            try (SharedMemoryBuffer b = SharedMemoryBuffer.open(name)) {
                assertEquals(name, b.name());
                assertEquals(4096, b.size());
                a.putLongRelease(64, 0x1122334455667788L);
                assertEquals(0x1122334455667788L, b.getLongAcquire(64));
                b.putInt(4092, -9);
                assertEquals(-9, a.getInt(4092));
                assertTrue(a.unlink());
                assertFalse(b.unlink(), "already unlinked");
                b.putByte(0, (byte) 5); // mappings outlive the name
                assertEquals(5, a.getByte(0));
            }
        } finally {
            Files.deleteIfExists(Path.of("/dev/shm", name));
        }
    }

    @Test
    void shouldReportMissingAndExistingSegments() throws IOException {
        String name = BufferKind.uniqueSegmentName();
        NoSuchFileException nf = assertThrows(NoSuchFileException.class, () -> SharedMemoryBuffer.open(name));
        assertEquals("/dev/shm/" + name + ": no shared memory segment '" + name + "'", nf.getMessage());
        try (SharedMemoryBuffer a = SharedMemoryBuffer.create(name, 64)) {
            FileAlreadyExistsException fe = assertThrows(FileAlreadyExistsException.class, () -> SharedMemoryBuffer.create(name, 64));
            assertEquals("/dev/shm/" + name + ": shared memory segment '" + name + "' already exists", fe.getMessage());
            a.unlink();
        }
        assertThrows(NoSuchFileException.class, () -> SharedMemoryBuffer.open(name));
    }

    @Test
    void shouldNeverShowAnOpenerAHalfMadeSegment() throws Exception {
        String name = BufferKind.uniqueSegmentName();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger opened = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicReference<Throwable> wrong = new java.util.concurrent.atomic.AtomicReference<>();
        Thread opener = Thread.ofPlatform().start(() -> {
            while (!done.get()) {
                try (SharedMemoryBuffer b = SharedMemoryBuffer.open(name)) {
                    if (b.size() != 4096) {
                        wrong.set(new AssertionError("opened a segment of " + b.size() + " bytes"));
                    }
                    opened.incrementAndGet();
                } catch (NoSuchFileException e) {
                    // between an unlink and the next create
                } catch (Throwable t) {
                    wrong.compareAndSet(null, t);
                }
            }
        });
        try {
            for (int i = 0; i < 300; i++) {
                try (SharedMemoryBuffer b = SharedMemoryBuffer.create(name, 4096)) {
                    b.unlink();
                }
            }
        } finally {
            done.set(true);
            opener.join();
        }
        if (wrong.get() != null) {
            throw new AssertionError("an opener saw a half-made segment", wrong.get());
        }
        try (var s = Files.list(Path.of("/dev/shm"))) {
            assertEquals(0, s.filter(p -> p.getFileName().toString().startsWith(".jaguar-shm-" + ProcessHandle.current().pid() + "-")).count(),
                            "no temporary names left behind");
        }
    }

    @Test
    void shouldWaitForASegmentToAppearOrSayWhatItWaitedFor() throws Exception {
        String name = BufferKind.uniqueSegmentName();
        NoSuchFileException late = assertThrows(NoSuchFileException.class, () -> SharedMemoryBuffer.open(name, java.time.Duration.ofMillis(50)));
        assertEquals("/dev/shm/" + name + ": no shared memory segment '" + name + "' appeared within PT0.05S", late.getMessage());
        Thread creator = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(100);
                SharedMemoryBuffer b = SharedMemoryBuffer.create(name, 128);
                b.putLong(0, 42L, java.nio.ByteOrder.LITTLE_ENDIAN);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try (SharedMemoryBuffer b = SharedMemoryBuffer.open(name, java.time.Duration.ofSeconds(10))) {
            assertEquals(128, b.size());
            creator.join();
            assertEquals(42L, b.getLong(0, java.nio.ByteOrder.LITTLE_ENDIAN));
            b.unlink();
        }
    }

    @Test
    void shouldValidateNamesAndSizes() throws IOException {
        assertEquals("shared memory segment name is empty",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.create("", 8)).getMessage());
        assertEquals("shared memory segment name='a/b' must not contain '/' or NUL",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.open("a/b")).getMessage());
        assertEquals("shared memory segment name='..' is not a file name",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.open("..")).getMessage());
        assertEquals("shared memory segment name of 256 characters is 256 bytes in UTF-8; a file name holds at most 255",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.create("x".repeat(256), 8)).getMessage());
        // NAME_MAX counts bytes: 128 two-byte characters are 256 bytes, refused here, not by the kernel.
        assertEquals("shared memory segment name of 128 characters is 256 bytes in UTF-8; a file name holds at most 255",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.create("\u00e9".repeat(128), 8)).getMessage());
        String base = BufferKind.uniqueSegmentName();
        int room = SharedMemoryBuffer.MAX_NAME_BYTES - base.length();
        String longest = base + "\u00e9".repeat(room / 2) + "x".repeat(room % 2);
        assertEquals(255, longest.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        try (SharedMemoryBuffer b = SharedMemoryBuffer.create(longest, 8)) {
            assertTrue(b.unlink(), "a name of 255 bytes is a file name the kernel takes");
        }
        assertThrows(NullPointerException.class, () -> SharedMemoryBuffer.open(null));
        String name = BufferKind.uniqueSegmentName();
        assertEquals("size=0 must be positive (segment '" + name + "')",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.create(name, 0)).getMessage());
        assertFalse(Files.exists(Path.of("/dev/shm", name)), "a rejected create leaves nothing behind");
    }
}
