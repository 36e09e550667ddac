/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import jaguar.ext.MappingMode;
import jaguar.ext.MappedFileBuffer;

/**
 * A PSO container that is a memory-mapped file: objects allocated in it are written to the page
 * cache as their fields are assigned, {@link #flush()} makes them durable, and a later
 * {@link #open} (in this or another process) maps them back without reading or converting
 * anything. A mapping made by {@link #create} or {@link #open} is shared (any thread may use it);
 * {@link #openConfined} maps for the calling thread alone.
 */
public final class FilePSOBuffer extends PSOContainer implements AutoCloseable {
    private final Path path;
    private final MappedFileBuffer file;

    private FilePSOBuffer(Path path, MappedFileBuffer file, PSOContainer c) {
        super(file, 0, c.capacity(), c.used());
        this.path = path;
        this.file = file;
    }

    /**
     * Creates (or truncates) {@code path} as an empty container of {@code capacity} bytes. The
     * file is sparse until written. The mapping is shared and read-write.
     *
     * @param path the file to create, or to truncate if it exists
     * @param capacity the file's size and the container's, in bytes; at least the 32-byte header
     * @return the formatted, empty container
     * @throws IllegalArgumentException if {@code capacity} is smaller than a container header
     * @throws IOException if the file cannot be created, sized or mapped
     */
    public static FilePSOBuffer create(Path path, long capacity) throws IOException {
        if (capacity < HEADER_SIZE) {
            throw new IllegalArgumentException("capacity=" + capacity + " is smaller than a container header (" + HEADER_SIZE + " bytes)");
        }
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
            // Sized now so the mapping lies within the file.
            ch.truncate(0);
            ch.write(java.nio.ByteBuffer.allocate(1), capacity - 1);
        }
        MappedFileBuffer file = MappedFileBuffer.mapShared(path, MappingMode.READ_WRITE, 0, capacity);
        return new FilePSOBuffer(path, file, PSOContainer.format(file));
    }

    /**
     * Maps the container file at {@code path}, all of it, shared: any thread may use it, and the
     * memory is unmapped once the buffer is unreachable. Allocation continues where the header
     * says it stopped.
     *
     * @param path an existing container file
     * @param mode {@code READ_ONLY} (every write throws) or {@code READ_WRITE}
     * @return the container
     * @throws IOException if the file cannot be read or mapped
     * @throws PSOFormatException if the file does not start with a container header Jaguar can read
     */
    public static FilePSOBuffer open(Path path, MappingMode mode) throws IOException {
        return open(path, mode, true);
    }

    /**
     * Maps the container file at {@code path} for the current thread only; {@link #close()} unmaps
     * it at once. A shared mapping ({@link #open}) is unmapped by the garbage collector once
     * unreachable, so a thread that opens and closes many files in a loop should use this one.
     *
     * @param path an existing container file
     * @param mode {@code READ_ONLY} (every write throws) or {@code READ_WRITE}
     * @return the container, usable by this thread only
     * @throws IOException if the file cannot be read or mapped
     * @throws PSOFormatException if the file does not start with a container header Jaguar can read
     */
    public static FilePSOBuffer openConfined(Path path, MappingMode mode) throws IOException {
        return open(path, mode, false);
    }

    private static FilePSOBuffer open(Path path, MappingMode mode, boolean shared) throws IOException {
        long size = java.nio.file.Files.size(path);
        if (size < HEADER_SIZE) {
            throw new PSOFormatException("path=" + path + " has " + size + " bytes, too few for a PSO container header (" + HEADER_SIZE + ")");
        }
        MappedFileBuffer file = shared ? MappedFileBuffer.mapShared(path, mode, 0, size) : MappedFileBuffer.map(path, mode, 0, size);
        try {
            return new FilePSOBuffer(path, file, PSOContainer.open(file));
        } catch (RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /**
     * The file this container is mapped from.
     *
     * @return the path as given to {@link #create}, {@link #open} or {@link #openConfined}
     */
    public Path path() {
        return path;
    }

    /**
     * Writes every modified page back to the file and waits until it is stored.
     *
     * @throws UnsupportedOperationException if the file was opened {@code READ_ONLY}
     * @throws IllegalStateException if the container was closed
     * @throws WrongThreadException if it was opened confined, by another thread
     * @throws java.io.UncheckedIOException if writing the pages back fails
     */
    public void flush() {
        file.force();
    }

    /**
     * Closes the mapping; objects in it throw on access from now on. Does not flush. A confined
     * mapping ({@link #openConfined}) is unmapped at once, a shared one when it becomes
     * unreachable. Closing twice does nothing.
     *
     * @throws WrongThreadException if the mapping is confined and the caller is not its thread
     */
    @Override
    public void close() {
        file.close();
    }
}
