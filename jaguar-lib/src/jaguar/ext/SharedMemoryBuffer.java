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
 */
public final class SharedMemoryBuffer extends ExternalBuffer {
    /** Linux's limit on a file name (NAME_MAX). */
    public static final int MAX_NAME_LENGTH = 255;
    private static final Path DIRECTORY = Path.of("/dev/shm");

    private final String name;

    private SharedMemoryBuffer(String name, BufferScope scope) {
        super(scope, scope.root, false);
        this.name = name;
    }

    /**
     * Creates segment {@code name} of {@code size} zero bytes and maps it.
     *
     * @throws FileAlreadyExistsException if a segment of that name exists
     */
    public static SharedMemoryBuffer create(String name, long size) throws IOException {
        Path file = pathOf(name);
        if (size <= 0) {
            throw new IllegalArgumentException("size=" + size + " must be positive (segment '" + name + "')");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            try {
                return map(name, ch, size);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(file);
                throw e;
            }
        } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(file.toString(), null, "shared memory segment '" + name + "' already exists");
        }
    }

    /**
     * Maps the whole of existing segment {@code name}.
     *
     * @throws NoSuchFileException if there is no segment of that name
     */
    public static SharedMemoryBuffer open(String name) throws IOException {
        Path file = pathOf(name);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            if (size == 0) {
                throw new IllegalStateException("shared memory segment '" + name + "' has size=0 (its creator has not sized it)");
            }
            return map(name, ch, size);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no shared memory segment '" + name + "'");
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
        if (name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("shared memory segment name length=" + name.length() + " exceeds " + MAX_NAME_LENGTH);
        }
        if (!Files.isDirectory(DIRECTORY)) {
            throw new IOException("shared memory needs " + DIRECTORY + " (a tmpfs), which this system lacks");
        }
        return DIRECTORY.resolve(name);
    }

    /** The segment's name, as given to create/open. */
    public String name() {
        return name;
    }

    /**
     * Removes the segment's name: later {@link #open} calls fail, while every existing mapping
     * (this one included) keeps working until closed.
     *
     * @return false if the name was already gone
     */
    public boolean unlink() throws IOException {
        return Files.deleteIfExists(pathOf(name));
    }
}
