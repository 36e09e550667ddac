package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * The thesis's FileReservoir: a file between a producer that writes Waters to it
 * ({@link #writer}) and a consumer that reads them back ({@link #reader}), or reads any file as
 * Waters ({@link #rawReader}), which is how a river reads input it did not write (TigrisSort's
 * records). A Water file keeps Water boundaries and kinds ({@link WaterFileDescriptor}).
 */
public final class FileReservoir {
    /** A writer's window (it never waits), and Waters a reader reads ahead by default. */
    static final int WINDOW = 1 << 16;
    /** Waters a reader reads ahead of its consumer. */
    public static final int READ_AHEAD = 4;

    private FileReservoir() {
    }

    /** A new Water file at {@code path} (replacing one that is there) for Waters of up to {@code waterSize} bytes. */
    public static WaterFileWriter writer(String name, Path path, int waterSize) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        ByteBuffer h = ByteBuffer.allocate(WaterFileDescriptor.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(WaterFileDescriptor.MAGIC_OFFSET, WaterFileDescriptor.MAGIC).putInt(WaterFileDescriptor.VERSION_OFFSET, WaterFileDescriptor.VERSION)
                .putInt(WaterFileDescriptor.WATER_SIZE_OFFSET, waterSize).limit(WaterFileDescriptor.HEADER_SIZE);
        try {
            while (h.hasRemaining()) {
                ch.write(h);
            }
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        return new WaterFileWriter(name, path, ch, waterSize);
    }

    /**
     * Reads the Water file at {@code path}.
     *
     * @throws IOException naming the file if it cannot be opened or is not a Water file of this version
     */
    public static WaterFileReader reader(String name, Path path) throws IOException {
        return tailingReader(name, path, Duration.ZERO);
    }

    /**
     * Reads the Water file at {@code path} as its writer appends to it: at its end the reader
     * waits for more until the End of River frame, failing if the file stays unchanged for
     * {@code patience} (its writer died).
     *
     * @throws IOException naming the file if it cannot be opened or is not a Water file of this version
     */
    public static WaterFileReader tailingReader(String name, Path path, Duration patience) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        try {
            ByteBuffer h = ByteBuffer.allocate(WaterFileDescriptor.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
            while (h.hasRemaining() && ch.read(h) >= 0) {
                // fill
            }
            h.flip();
            if (h.remaining() < WaterFileDescriptor.HEADER_SIZE || h.getInt(WaterFileDescriptor.MAGIC_OFFSET) != WaterFileDescriptor.MAGIC) {
                throw new IOException(path + " is not a Tigris Water file (no \"TGRW\" header; read it with FileReservoir.rawReader)");
            }
            int version = h.getInt(WaterFileDescriptor.VERSION_OFFSET);
            if (version < WaterFileDescriptor.OLDEST_READABLE || version > WaterFileDescriptor.VERSION) {
                throw new IOException(path + " is a Water file of version " + version + "; this reader knows versions " + WaterFileDescriptor.OLDEST_READABLE
                                + " to " + WaterFileDescriptor.VERSION);
            }
            int waterSize = h.getInt(WaterFileDescriptor.WATER_SIZE_OFFSET);
            if (waterSize < 1) {
                throw new IOException(path + ": the header's water size " + waterSize + " is not positive");
            }
            return new WaterFileReader(name, path, ch, waterSize, true, READ_AHEAD, patience.toNanos());
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Reads any file as Waters of {@code waterSize} bytes (the last one may be shorter). */
    public static WaterFileReader rawReader(String name, Path path, int waterSize) throws IOException {
        if (waterSize < 1) {
            throw new IllegalArgumentException("water size must be positive, got " + waterSize);
        }
        return new WaterFileReader(name, path, FileChannel.open(path, StandardOpenOption.READ), waterSize, false, READ_AHEAD, 0);
    }
}
