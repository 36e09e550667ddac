/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A named segment of memory that several processes map at once: a file in {@code /dev/shm} (what
 * POSIX {@code shm_open} uses on Linux). Always shared between threads. The segment outlives
 * every process that maps it until {@link #unlink()}.
 *
 * <p>Creation is atomic: a segment is made and sized under a hidden temporary name and then
 * linked to its name, so {@link #open} never sees it half made. A creator that dies in between
 * leaves a {@code .jaguar-shm-*} file in {@code /dev/shm}, never a segment of size 0.
 */
public final class SharedMemoryBuffer extends ExternalBuffer {
    /**
     * Longest segment name accepted, in bytes of the encoding Java gives file names
     * ({@code sun.jnu.encoding}, UTF-8 on Linux): Linux's limit on a file name (NAME_MAX), which
     * counts bytes, not characters.
     */
    public static final int MAX_NAME_BYTES = 255;
    private static final java.nio.charset.Charset FILE_NAMES = fileNameEncoding();
    private static final Path DIRECTORY = Path.of("/dev/shm");
    private static final java.util.concurrent.atomic.AtomicLong TEMPORARY = new java.util.concurrent.atomic.AtomicLong();

    private final String name;

    private SharedMemoryBuffer(String name, BufferScope scope) {
        super(scope, scope.root, false);
        this.name = name;
    }

    /**
     * Creates segment {@code name} of {@code size} zero bytes and maps it, readable and writable
     * by this process's user only (0600): another user's process cannot map it.
     *
     * @param name the segment's file name in {@code /dev/shm}: not empty, not {@code .} or
     *             {@code ..}, no {@code '/'} or NUL, at most {@link #MAX_NAME_BYTES} bytes
     * @param size bytes in the segment, positive
     * @return the new segment, mapped read-write and shared between threads
     * @throws FileAlreadyExistsException if a segment of that name exists
     * @throws IllegalArgumentException if {@code name} is not a valid segment name or {@code size}
     *         is not positive
     * @throws NullPointerException if {@code name} is null
     * @throws IOException if {@code /dev/shm} is missing, or the segment cannot be made, sized,
     *         mapped or linked to its name
     */
    public static SharedMemoryBuffer create(String name, long size) throws IOException {
        Path file = pathOf(name);
        if (size <= 0) {
            throw new IllegalArgumentException("size=" + size + " must be positive (segment '" + name + "')");
        }
        if (Files.exists(file)) {
            throw new FileAlreadyExistsException(file.toString(), null, "shared memory segment '" + name + "' already exists");
        }
        Path temporary = DIRECTORY.resolve(".jaguar-shm-" + ProcessHandle.current().pid() + "-" + TEMPORARY.incrementAndGet());
        try (FileChannel ch = FileChannel.open(temporary, java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE),
                        java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")))) {
            SharedMemoryBuffer b = map(name, ch, size);   // a READ_WRITE map sizes the file
            try {
                Files.createLink(file, temporary);          // link(2): fails if the name exists
            } catch (FileAlreadyExistsException e) {
                b.close();
                throw new FileAlreadyExistsException(file.toString(), null, "shared memory segment '" + name + "' already exists");
            } catch (IOException | RuntimeException e) {
                b.close();
                throw e;
            }
            return b;
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Maps the whole of existing segment {@code name}, read-write.
     *
     * @param name the segment's file name in {@code /dev/shm}: not empty, not {@code .} or
     *             {@code ..}, no {@code '/'} or NUL, at most {@link #MAX_NAME_BYTES} bytes
     * @return the segment, mapped read-write and shared between threads
     * @throws NoSuchFileException if there is no segment of that name
     * @throws IOException if the file of that name is empty (made by something else than
     *         {@link #create}, which never shows an unsized segment), if {@code /dev/shm} is
     *         missing, or if the segment cannot be opened or mapped (another user's 0600 segment)
     * @throws IllegalArgumentException if {@code name} is not a valid segment name
     * @throws NullPointerException if {@code name} is null
     */
    public static SharedMemoryBuffer open(String name) throws IOException {
        Path file = pathOf(name);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            if (size == 0) {
                throw new IOException("shared memory segment '" + name + "' (" + file + ") has size=0: it was not made by SharedMemoryBuffer.create");
            }
            return map(name, ch, size);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no shared memory segment '" + name + "'");
        }
    }

    /**
     * As {@link #open(String)}, waiting up to {@code timeout} for another process to create the
     * segment: for a consumer that may start before its producer.
     *
     * @param name the segment's file name in {@code /dev/shm}: not empty, not {@code .} or
     *             {@code ..}, no {@code '/'} or NUL, at most {@link #MAX_NAME_BYTES} bytes
     * @param timeout how long to wait for the segment to appear; polled with a pause growing from 1
     *                to 50 ms, so it may be seen up to 50 ms after it appears
     * @return the segment, mapped read-write and shared between threads
     * @throws NoSuchFileException if the segment did not appear in time, naming it and the wait
     * @throws IOException if the segment is there but cannot be mapped (as {@link #open(String)})
     * @throws InterruptedException if the thread is interrupted while it waits
     * @throws IllegalArgumentException if {@code name} is not a valid segment name
     * @throws NullPointerException if {@code name} is null
     */
    public static SharedMemoryBuffer open(String name, java.time.Duration timeout) throws IOException, InterruptedException {
        Path file = pathOf(name);
        long deadline = System.nanoTime() + timeout.toNanos();
        long pause = 1;
        for (;;) {
            try {
                return open(name);
            } catch (NoSuchFileException e) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new NoSuchFileException(file.toString(), null, "no shared memory segment '" + name + "' appeared within " + timeout);
                }
            }
            Thread.sleep(pause);
            pause = Math.min(pause * 2, 50);
        }
    }

    private static java.nio.charset.Charset fileNameEncoding() {
        try {
            return java.nio.charset.Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
        } catch (IllegalArgumentException e) {
            return java.nio.charset.StandardCharsets.UTF_8;
        }
    }

    private static SharedMemoryBuffer map(String name, FileChannel ch, long size) throws IOException {
        return new SharedMemoryBuffer(name, BufferScope.shared(ch.map(FileChannel.MapMode.READ_WRITE, 0, size, Arena.ofAuto())));
    }

    private static Path pathOf(String name) throws IOException {
        if (java.util.Objects.requireNonNull(name, "name").isEmpty()) {
            throw new IllegalArgumentException("shared memory segment name is empty");
        }
        if (name.indexOf('/') >= 0 || name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("shared memory segment name='" + name + "' must not contain '/' or NUL");
        }
        if (name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException("shared memory segment name='" + name + "' is not a file name");
        }
        int bytes = name.getBytes(FILE_NAMES).length;
        if (bytes > MAX_NAME_BYTES) {
            throw new IllegalArgumentException("shared memory segment name of " + name.length() + " characters is " + bytes + " bytes in "
                            + FILE_NAMES + "; a file name holds at most " + MAX_NAME_BYTES);
        }
        if (!Files.isDirectory(DIRECTORY)) {
            throw new IOException("shared memory needs " + DIRECTORY + " (a tmpfs), which this system lacks");
        }
        return DIRECTORY.resolve(name);
    }

    /**
     * The segment's name.
     *
     * @return the name given to {@link #create} or {@link #open}, without {@code /dev/shm/}
     */
    public String name() {
        return name;
    }

    /**
     * Removes the segment's name: later {@link #open} calls fail, while every existing mapping
     * (this one included) keeps working until closed.
     *
     * @return true if this call removed the name; false if it was already gone
     * @throws IOException if the name cannot be removed
     */
    public boolean unlink() throws IOException {
        return Files.deleteIfExists(pathOf(name));
    }
}
