/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A region of a device or file mapped with {@code mmap(MAP_SHARED)} through libc, for what
 * {@code FileChannel.map} refuses: character devices ({@code /dev/zero}, {@code /dev/mem}, a
 * driver's register window). Any offset works; the mapping starts at the page below it.
 *
 * <p>For a regular file the region must lie within the file (mmap cannot grow it). For a device
 * the kernel decides what a region means; accesses the device does not back fault like any bad
 * mapping, so map only what the device documents.
 */
public final class DeviceRegionBuffer extends ExternalBuffer {
    private DeviceRegionBuffer(BufferScope scope, boolean readOnly) {
        super(scope, scope.root, readOnly);
    }

    /**
     * Maps {@code length} bytes at {@code offset} of {@code path}, confined to the calling thread;
     * {@link #close()} unmaps at once.
     *
     * @param path the device or regular file to map
     * @param offset byte offset in {@code path} where the region starts, non-negative; need not be
     *               page aligned
     * @param length bytes in the region, positive; for a regular file the region must end inside it
     * @param mode {@code READ_ONLY} (opened {@code O_RDONLY}, mapped {@code PROT_READ}) or
     *             {@code READ_WRITE} (writes reach the device or file)
     * @return the region, usable only by this thread
     * @throws IllegalArgumentException if {@code offset} is negative, {@code length} is not
     *         positive, {@code path} is a directory, or the region extends past the end of a
     *         regular file
     * @throws IOException if {@code open(2)} or {@code mmap(2)} fails (the message names the path
     *         and errno) or the file's size cannot be read
     */
    public static DeviceRegionBuffer map(Path path, long offset, long length, MappingMode mode) throws IOException {
        return map(path, offset, length, mode, true);
    }

    /**
     * As {@link #map}, but any thread may use it; it is unmapped once the buffer, its slices and
     * its {@link #asSegment()} views are unreachable, closed or not.
     *
     * @param path the device or regular file to map
     * @param offset byte offset in {@code path} where the region starts, non-negative; need not be
     *               page aligned
     * @param length bytes in the region, positive; for a regular file the region must end inside it
     * @param mode {@code READ_ONLY} (opened {@code O_RDONLY}, mapped {@code PROT_READ}) or
     *             {@code READ_WRITE} (writes reach the device or file)
     * @return the region, usable by every thread
     * @throws IllegalArgumentException if {@code offset} is negative, {@code length} is not
     *         positive, {@code path} is a directory, or the region extends past the end of a
     *         regular file
     * @throws IOException if {@code open(2)} or {@code mmap(2)} fails (the message names the path
     *         and errno) or the file's size cannot be read
     */
    public static DeviceRegionBuffer mapShared(Path path, long offset, long length, MappingMode mode) throws IOException {
        return map(path, offset, length, mode, false);
    }

    private static DeviceRegionBuffer map(Path path, long offset, long length, MappingMode mode, boolean confined) throws IOException {
        MappingArguments.checkOffsetAndLength(path, offset, length);
        if (Files.isDirectory(path)) {
            throw new IllegalArgumentException("path=" + path + " is a directory");
        }
        if (Files.isRegularFile(path) && length > Files.size(path) - offset) {
            throw new IllegalArgumentException("offset=" + offset + " length=" + length + " extends past the end of path=" + path
                            + " size=" + Files.size(path));
        }
        long page = Posix.pageSize();
        long delta = offset % page;
        if (length > Long.MAX_VALUE - delta) {
            throw new IllegalArgumentException("length=" + length + " too large (path=" + path + ")");
        }
        long mapLength = length + delta;
        boolean readOnly = mode == MappingMode.READ_ONLY;
        int fd = Posix.open(path.toString(), (readOnly ? Posix.O_RDONLY : Posix.O_RDWR) | Posix.O_CLOEXEC);
        long base;
        try {
            base = Posix.mmap(mapLength, readOnly ? Posix.PROT_READ : Posix.PROT_READ | Posix.PROT_WRITE, Posix.MAP_SHARED, fd,
                            offset - delta, "path=" + path);
        } finally {
            Posix.close(fd); // the mapping holds its own reference to the file
        }
        Arena arena = confined ? Arena.ofConfined() : Arena.ofAuto();
        // The cleanup captures only numbers: capturing the arena or a segment would keep it reachable forever.
        MemorySegment whole = MemorySegment.ofAddress(base).reinterpret(mapLength, arena, ignored -> Posix.munmap(base, mapLength));
        MemorySegment region = whole.asSlice(delta, length);
        if (readOnly) {
            region = region.asReadOnly();
        }
        return new DeviceRegionBuffer(confined ? BufferScope.confined(arena, region) : BufferScope.shared(region), readOnly);
    }
}
