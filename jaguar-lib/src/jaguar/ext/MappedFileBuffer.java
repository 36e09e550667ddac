/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A region of a regular file mapped into memory ({@code FileChannel.map}). Writes reach the page
 * cache at once and the file when the OS writes it back or on {@link #force()}.
 *
 * <p>A file truncated below the mapping (by anyone) makes accesses past the new end fault: the
 * JVM turns the SIGBUS into {@code InternalError} ("a fault occurred in an unsafe memory access
 * operation") in the interpreter and in C1 and C2 code alike. In compiled code HotSpot raises it
 * asynchronously, right after the faulting instruction, so code between the fault and the throw
 * may see an undefined value; nothing returns it. Keep mapped files at least as long as their
 * mappings.
 */
public final class MappedFileBuffer extends ExternalBuffer {
    private MappedFileBuffer(BufferScope scope, boolean readOnly) {
        super(scope, scope.root, readOnly);
    }

    /**
     * Maps {@code length} bytes at {@code offset} of {@code path}, confined to the calling thread;
     * {@link #close()} unmaps at once. {@code READ_WRITE} grows the file if the region extends past
     * its end, and with {@link StandardOpenOption#CREATE} creates a missing file (the only option
     * taken, and only with {@code READ_WRITE}); {@code READ_ONLY} requires the region to lie
     * within the file.
     *
     * @param path the regular file to map
     * @param mode {@code READ_ONLY} (writes throw) or {@code READ_WRITE} (writes reach the file)
     * @param offset byte offset in the file where the region starts, non-negative and not past
     *               the file's end
     * @param length bytes in the region, positive
     * @param options nothing, or {@link StandardOpenOption#CREATE} with {@code READ_WRITE}
     * @return the mapped region, usable only by this thread
     * @throws IllegalArgumentException if {@code offset} is negative or past the end of the file,
     *         {@code length} is not positive, a {@code READ_ONLY} region extends past the end,
     *         {@code path} is not a regular file, or {@code options} holds anything but
     *         {@code CREATE} (or {@code CREATE} with {@code READ_ONLY})
     * @throws java.nio.file.NoSuchFileException if the file does not exist and {@code CREATE} was
     *         not given
     * @throws IOException if the file cannot be opened, grown or mapped
     */
    public static MappedFileBuffer map(Path path, MappingMode mode, long offset, long length, StandardOpenOption... options) throws IOException {
        return map(path, mode, offset, length, true, options);
    }

    /**
     * As {@link #map}, but any thread may use it, and the mapping goes once the buffer, its slices
     * and its {@link #asSegment()} views are unreachable, closed or not.
     *
     * @param path the regular file to map
     * @param mode {@code READ_ONLY} (writes throw) or {@code READ_WRITE} (writes reach the file)
     * @param offset byte offset in the file where the region starts, non-negative and not past
     *               the file's end
     * @param length bytes in the region, positive
     * @param options nothing, or {@link StandardOpenOption#CREATE} with {@code READ_WRITE}
     * @return the mapped region, usable by every thread
     * @throws IllegalArgumentException if {@code offset} is negative or past the end of the file,
     *         {@code length} is not positive, a {@code READ_ONLY} region extends past the end,
     *         {@code path} is not a regular file, or {@code options} holds anything but
     *         {@code CREATE} (or {@code CREATE} with {@code READ_ONLY})
     * @throws java.nio.file.NoSuchFileException if the file does not exist and {@code CREATE} was
     *         not given
     * @throws IOException if the file cannot be opened, grown or mapped
     */
    public static MappedFileBuffer mapShared(Path path, MappingMode mode, long offset, long length, StandardOpenOption... options)
                    throws IOException {
        return map(path, mode, offset, length, false, options);
    }

    private static MappedFileBuffer map(Path path, MappingMode mode, long offset, long length, boolean confined, StandardOpenOption[] options)
                    throws IOException {
        boolean create = false;
        for (StandardOpenOption o : options) {
            if (o != StandardOpenOption.CREATE) {
                throw new IllegalArgumentException("option " + o + " is not taken by map (only CREATE, with READ_WRITE)");
            }
            if (mode != MappingMode.READ_WRITE) {
                throw new IllegalArgumentException("CREATE needs READ_WRITE: a READ_ONLY mapping of a new file would be empty");
            }
            create = true;
        }
        if (!create || Files.exists(path)) {
            checkRegion(path, mode, offset, length);
        } else {
            MappingArguments.checkOffsetAndLength(path, offset, length);
        }
        boolean readOnly = mode == MappingMode.READ_ONLY;
        try (FileChannel ch = readOnly ? FileChannel.open(path, StandardOpenOption.READ)
                        : create ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE)
                        : FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileChannel.MapMode mapMode = readOnly ? FileChannel.MapMode.READ_ONLY : FileChannel.MapMode.READ_WRITE;
            if (confined) {
                Arena arena = Arena.ofConfined();
                try {
                    return new MappedFileBuffer(BufferScope.confined(arena, ch.map(mapMode, offset, length, arena)), readOnly);
                } catch (IOException | RuntimeException e) {
                    arena.close();
                    throw e;
                }
            }
            return new MappedFileBuffer(BufferScope.shared(ch.map(mapMode, offset, length, Arena.ofAuto())), readOnly);
        }
    }

    private static void checkRegion(Path path, MappingMode mode, long offset, long length) throws IOException {
        MappingArguments.checkOffsetAndLength(path, offset, length);
        if (!Files.exists(path)) {
            throw new NoSuchFileException(path.toString(), null, "cannot map: no such file");
        }
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("path=" + path + " is not a regular file (map devices with DeviceRegionBuffer)");
        }
        long fileSize = Files.size(path);
        if (offset > fileSize) {
            throw new IllegalArgumentException("offset=" + offset + " is beyond the end of path=" + path + " size=" + fileSize);
        }
        if (mode == MappingMode.READ_ONLY && length > fileSize - offset) {
            throw new IllegalArgumentException("offset=" + offset + " length=" + length + " extends past the end of path=" + path
                            + " size=" + fileSize + " (a READ_ONLY mapping cannot grow the file)");
        }
    }

    /**
     * Asks the kernel to start reading the mapped pages from the file now ({@code madvise}
     * {@code MADV_WILLNEED}) and returns at once: a scan that maps its next region while it reads
     * this one finds the next one read ahead. Advice only: nothing fails if the kernel ignores it.
     *
     * @return whether the kernel took the advice
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public boolean willNeed() {
        return willNeed(0, size());
    }

    /**
     * As {@link #willNeed()}, for the pages holding bytes {@code offset .. offset+length-1}: many
     * small reads scattered over a file (a sample of its records) asked for first, then made,
     * wait for the disk once instead of once each.
     *
     * @param offset byte offset in this buffer of the first byte wanted, non-negative
     * @param length bytes wanted from {@code offset}, positive; the advice covers the whole pages
     *               holding them
     * @return whether the kernel took the advice
     * @throws IndexOutOfBoundsException if the range is empty or not inside the buffer
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     */
    public boolean willNeed(long offset, long length) {
        checkAccessible();
        if (offset < 0 || length <= 0 || offset > size() - length) {
            throw new IndexOutOfBoundsException("offset=" + offset + " length=" + length + " is outside the mapping's " + size() + " bytes");
        }
        long page = Posix.pageSize();
        long from = address() + offset;
        long start = from & -page;   // madvise takes whole pages; FileChannel.map may start the region inside one
        return Posix.madvise(start, from - start + length, Posix.MADV_WILLNEED);
    }

    /**
     * Writes modified pages back to the file and waits until they are stored.
     *
     * @throws UnsupportedOperationException on a {@code READ_ONLY} mapping, which cannot have
     *         modified pages: a call there is a mistake worth hearing about
     * @throws IllegalStateException if the buffer is closed
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws java.io.UncheckedIOException if writing the pages back fails
     */
    public void force() {
        checkAccessible();
        if (readOnly) {
            throw new UnsupportedOperationException("force() on a READ_ONLY mapping: nothing can have been written to write back");
        }
        segment.force();
    }
}
