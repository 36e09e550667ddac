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
    void shouldValidateNamesAndSizes() {
        assertEquals("shared memory segment name is empty",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.create("", 8)).getMessage());
        assertEquals("shared memory segment name='a/b' must not contain '/' or NUL",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.open("a/b")).getMessage());
        assertEquals("shared memory segment name='..' is not a file name",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.open("..")).getMessage());
        assertEquals("shared memory segment name length=256 exceeds 255",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.create("x".repeat(256), 8)).getMessage());
        assertThrows(NullPointerException.class, () -> SharedMemoryBuffer.open(null));
        String name = BufferKind.uniqueSegmentName();
        assertEquals("size=0 must be positive (segment '" + name + "')",
                        assertThrows(IllegalArgumentException.class, () -> SharedMemoryBuffer.create(name, 0)).getMessage());
        assertFalse(Files.exists(Path.of("/dev/shm", name)), "a rejected create leaves nothing behind");
    }
}
