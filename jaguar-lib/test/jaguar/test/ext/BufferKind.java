/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.ext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import jaguar.ext.MappingMode;
import jaguar.ext.DeviceRegionBuffer;
import jaguar.ext.ExternalBuffer;
import jaguar.ext.MappedFileBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.ext.SharedMemoryBuffer;

/** Every writable kind of buffer, so that tests of the common API run on each. */
enum BufferKind {
    OFF_HEAP_CONFINED(true) {
        @Override
        Opened open(long size, Path dir) {
            return Opened.of(OffHeapBuffer.allocate(size));
        }
    },
    OFF_HEAP_SHARED(false) {
        @Override
        Opened open(long size, Path dir) {
            return Opened.of(OffHeapBuffer.allocateShared(size));
        }
    },
    MAPPED_FILE_CONFINED(true) {
        @Override
        Opened open(long size, Path dir) throws IOException {
            return Opened.of(MappedFileBuffer.map(Files.createTempFile(dir, "mapped", ".bin"), MappingMode.READ_WRITE, 0, size));
        }
    },
    MAPPED_FILE_SHARED(false) {
        @Override
        Opened open(long size, Path dir) throws IOException {
            return Opened.of(MappedFileBuffer.mapShared(Files.createTempFile(dir, "mapped", ".bin"), MappingMode.READ_WRITE, 0, size));
        }
    },
    SHARED_MEMORY(false) {
        @Override
        Opened open(long size, Path dir) throws IOException {
            SharedMemoryBuffer b = SharedMemoryBuffer.create(uniqueSegmentName(), size);
            b.unlink(); // the mapping stays; nothing is left in /dev/shm if the test fails
            return Opened.of(b);
        }
    },
    DEVICE_REGION_CONFINED(true) {
        @Override
        Opened open(long size, Path dir) throws IOException {
            return Opened.of(DeviceRegionBuffer.map(Path.of("/dev/zero"), 0, size, MappingMode.READ_WRITE));
        }
    },
    DEVICE_REGION_SHARED(false) {
        @Override
        Opened open(long size, Path dir) throws IOException {
            return Opened.of(DeviceRegionBuffer.mapShared(Path.of("/dev/zero"), 0, size, MappingMode.READ_WRITE));
        }
    },
    SLICE(true) {
        @Override
        Opened open(long size, Path dir) {
            ExternalBuffer parent = OffHeapBuffer.allocate(size + 16);
            return new Opened(parent.slice(8, size), parent);
        }
    };

    private static final AtomicInteger SEGMENTS = new AtomicInteger();

    final boolean confined;

    BufferKind(boolean confined) {
        this.confined = confined;
    }

    /** A zero-filled writable buffer of {@code size} bytes and what closes it; files go to {@code dir}. */
    abstract Opened open(long size, Path dir) throws IOException;

    /** A test's buffer and the buffer that owns its memory. */
    record Opened(ExternalBuffer buffer, ExternalBuffer owner) implements AutoCloseable {
        static Opened of(ExternalBuffer b) {
            return new Opened(b, b);
        }

        @Override
        public void close() {
            owner.close();
        }
    }

    static String uniqueSegmentName() {
        return "jaguar-test-" + ProcessHandle.current().pid() + "-" + SEGMENTS.incrementAndGet();
    }
}
