/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Zeroed native memory owned by the buffer: an arena allocation, or for large buffers an anonymous mapping. */
public final class OffHeapBuffer extends ExternalBuffer {
    /** Allocations are aligned for the widest access, so ordered and atomic accesses at multiples of 8 work. */
    private static final long ALIGNMENT = Long.BYTES;

    private OffHeapBuffer(BufferScope scope) {
        super(scope, scope.root, false);
    }

    /**
     * A buffer confined to the calling thread; {@link #close()} frees it at once.
     *
     * @param size bytes to allocate, positive
     * @return a new zeroed, writable buffer, 8-byte aligned, usable only by this thread
     * @throws IllegalArgumentException if {@code size} is not positive
     * @throws OutOfMemoryError if the memory cannot be allocated
     */
    public static OffHeapBuffer allocate(long size) {
        checkSize(size);
        Arena arena = Arena.ofConfined();
        return new OffHeapBuffer(BufferScope.confined(arena, arena.allocate(size, ALIGNMENT)));
    }

    /**
     * A buffer any thread may use. Its memory is freed once the buffer, its slices and its
     * {@link #asSegment()} views are unreachable, closed or not; {@link #close()} only stops access.
     *
     * @param size bytes to allocate, positive
     * @return a new zeroed, writable buffer, 8-byte aligned, usable by every thread
     * @throws IllegalArgumentException if {@code size} is not positive
     * @throws OutOfMemoryError if the memory cannot be allocated
     */
    public static OffHeapBuffer allocateShared(long size) {
        checkSize(size);
        return new OffHeapBuffer(BufferScope.shared(Arena.ofAuto().allocate(size, ALIGNMENT)));
    }

    /**
     * A large buffer confined to the calling thread, mapped straight from the kernel (anonymous
     * memory, zero until written) and backed by huge pages where the kernel has them, so filling
     * it takes one page fault per 2 MiB instead of per 4 KiB; {@link #close()} unmaps it at once.
     * For bulk data (a sorter's records), not for many small buffers: each is its own mapping, and
     * it is not counted against {@code -XX:MaxDirectMemorySize}.
     *
     * @param size bytes the buffer has, positive; the mapping is rounded up to a multiple of 2 MiB
     * @return a new zeroed, writable buffer of exactly {@code size} bytes, page aligned, usable only
     *         by this thread
     * @throws IllegalArgumentException if {@code size} is not positive
     * @throws OutOfMemoryError if the kernel refuses the mapping (the message carries errno)
     */
    public static OffHeapBuffer allocateLarge(long size) {
        checkSize(size);
        long length;
        long base;
        try {
            long huge = 2L << 20;
            length = (size + huge - 1) & -huge;
            base = Posix.mmap(length, Posix.PROT_READ | Posix.PROT_WRITE, Posix.MAP_PRIVATE | Posix.MAP_ANONYMOUS, -1, 0,
                            "anonymous size=" + size);
        } catch (java.io.IOException e) {
            throw new OutOfMemoryError("cannot map " + size + " bytes of anonymous memory: " + e.getMessage());
        }
        Posix.madvise(base, length, Posix.MADV_HUGEPAGE);
        Arena arena = Arena.ofConfined();
        long unmapLength = length;
        // The cleanup captures only numbers, as in DeviceRegionBuffer.
        MemorySegment region = MemorySegment.ofAddress(base).reinterpret(unmapLength, arena, ignored -> Posix.munmap(base, unmapLength))
                        .asSlice(0, size);
        return new OffHeapBuffer(BufferScope.confined(arena, region));
    }

    private static void checkSize(long size) {
        if (size <= 0) {
            throw new IllegalArgumentException("size=" + size + " must be positive");
        }
    }
}
